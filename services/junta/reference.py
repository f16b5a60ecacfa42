"""Junta's static reference (GameInfo.reference, decision 0007): the political cards
(JU 47), the capital's areas (JU 28), the offices (JU 5), the unit types (JU 29) and the
location cards (JU 19), from the data files. No view repeats it."""

from __future__ import annotations

from tablero.junta.v1 import view_pb2 as pb

from .data import DATA, BoardFile, Card, CardsFile, _read


def card_info(c: Card) -> pb.PoliticalCard:
    return pb.PoliticalCard(number=c.number, id=c.id, name=c.name, kind=c.kind, count=c.count,
                            windows=sorted(c.windows), text=c.text, votes=c.votes,
                            cost=c.cost, cost_per_unit=c.per_unit)


def reference() -> pb.JuntaReference:
    board: BoardFile = _read("board.json", BoardFile)
    cards: CardsFile = _read("politics_cards.json", CardsFile)
    units = DATA.unit_types
    return pb.JuntaReference(
        cards=[card_info(c) for c in sorted(DATA.cards, key=lambda c: c.number)],
        areas=[pb.AreaInfo(id=a.id, name=a.name, type=a.type, power_centre=a.power_center,
                           embassy=a.embassy, coastal=a.coastal, gunboat_range=a.gunboat_range,
                           air_strike_allowed=a.air_strike_allowed,
                           combat_allowed=a.combat_allowed, adjacent=a.adjacent)
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
