"""Junta's static reference (GameInfo.reference, decision 0007): the political cards
(JU 47), the capital's areas (JU 28), the offices (JU 5), the unit types (JU 29) and the
location cards (JU 19), from the data files. No view repeats it."""

from __future__ import annotations

from typing import Final

from tablero.junta.v1 import view_pb2 as pb

from .data import DATA, WINDOWS, AreaSpec, BoardFile, Card, CardsFile, _read

# DATA.md "windows", in a player's words (PoliticalCard.when).
WHEN: Final = {
    "phase1_play": "Phase 1, in the open window (and before the first election)",
    "any_open": "any time cards and money may change hands (not in Phases 6 and 9, a roll "
                "call or coup combat)",
    "rollcall_commit": "in your own commit in a roll-call vote",
    "rollcall_after_round1": "in a roll call, after the first round's totals",
    "rollcall_after_round2": "in a roll call, after the second round's totals",
    "phase2_before_assignment": "at the start of Phase 2, before offices are assigned",
    "budget_rejected": "after a budget is rejected, before the Minister decides to force it",
    "phase6_declaration": "in your declaration turn of Phase 6 (assassinations)",
    "phase6_protection": "when you are the target of an assassination attempt",
    "before_phase7": "in Phases 1 to 6, outside roll calls and Phase 6's steps",
    "excuse_window": "in Phases 1-5 and 7 (outside roll calls), or Phase 8 before the first "
                     "coup offer",
    "coup_start": "as the starting action of a coup",
    "coup_movement": "in your movement turn of a coup",
}
assert set(WHEN) == set(WINDOWS)


def card_info(c: Card) -> pb.PoliticalCard:
    windows = sorted(c.windows)
    return pb.PoliticalCard(number=c.number, id=c.id, name=c.name, kind=c.kind, count=c.count,
                            windows=windows, text=c.text, votes=c.votes,
                            cost=c.cost, cost_per_unit=c.per_unit,
                            when=[WHEN[w] for w in windows], requires=c.requires)


def cell(a: AreaSpec) -> tuple[int, int]:
    """Its (x, y) on the printed layout; the harbour's x is -1 (board.json "grid")."""
    x, y = (list(a.grid) + [None, None])[:2]
    return -1 if x is None else x, -1 if y is None else y


def reference() -> pb.JuntaReference:
    board: BoardFile = _read("board.json", BoardFile)
    cards: CardsFile = _read("politics_cards.json", CardsFile)
    units = DATA.unit_types
    return pb.JuntaReference(
        cards=[card_info(c) for c in sorted(DATA.cards, key=lambda c: c.number)],
        areas=[pb.AreaInfo(id=a.id, name=a.name, type=a.type, power_centre=a.power_center,
                           embassy=a.embassy, coastal=a.coastal, gunboat_range=a.gunboat_range,
                           air_strike_allowed=a.air_strike_allowed,
                           combat_allowed=a.combat_allowed, adjacent=a.adjacent,
                           x=cell(a)[0], y=cell(a)[1])
               for a in board.areas],
        offices=[pb.OfficeInfo(id=o, name=DATA.office_names[i],
                               controls=[u.id for u in units if u.office == i])
                 for i, o in enumerate(DATA.office_ids)],
        unit_types=[pb.UnitTypeInfo(id=u.id, name=u.name,
                                    office=DATA.office_ids[u.office] if u.office >= 0 else "",
                                    card=u.card, count=u.count, dice=u.full, half_die=u.half,
                                    palace_dice=u.palace_full, move_range=u.move_range)
                    for u in units],
        locations=[pb.LocationInfo(id=x.id, name=x.name, effect=x.effect)
                   for x in cards.location_cards])
