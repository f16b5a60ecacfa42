"""Junta's static reference (GameInfo.reference, decision 0007): every political card with its
text and, in words, when it may be played (JU 47, DATA.md "windows"); the offices and what
they command (JU 5); the location cards (JU 19); the capital's areas with their cells on the
printed layout and their neighbours (JU 28). Built once from the data files; no view repeats it."""

from __future__ import annotations

from tablero.junta.v1 import view_pb2 as pb

from .data import DATA, WINDOWS, AreaSpec, files

# DATA.md "windows", in a player's words.
WHEN = {
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


def card_info(index: int) -> pb.CardInfo:
    c = DATA.cards[index]
    return pb.CardInfo(id=c.id, name=c.name, kind=c.kind, count=c.count, text=c.text,
                       when=[WHEN[w] for w in WINDOWS if w in c.windows], votes=c.votes,
                       cost=c.cost, per_unit=c.per_unit, requires=c.requires)


def area_info(a: AreaSpec) -> pb.AreaInfo:
    x, y = (list(a.grid) + [None, None])[:2]
    return pb.AreaInfo(id=a.id, name=a.name, type=a.type, power_center=a.power_center,
                       embassy=a.embassy, x=-1 if x is None else x, y=-1 if y is None else y,
                       adjacent=a.adjacent)


def reference() -> pb.JuntaReference:
    cf, bf, uf = files()
    return pb.JuntaReference(
        cards=[card_info(i) for i in range(len(DATA.cards))],
        offices=[pb.OfficeInfo(id=o.id, name=o.name, controls=o.controls) for o in uf.offices],
        locations=[pb.LocationInfo(id=x.id, name=x.name, effect=x.effect)
                   for x in cf.location_cards],
        areas=[area_info(a) for a in bf.areas])
