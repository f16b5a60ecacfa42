"""Andean Abyss's static reference (GameInfo.reference, decision 0007): the map (AA 1.3)
and every card's text (AA 5.0), both editions, from the data files. No view repeats it."""

from __future__ import annotations

from typing import Any

from tablero.andean_abyss.v1 import view_pb2 as pb

from . import data as D


def space_info(s: dict[str, Any]) -> pb.SpaceInfo:
    return pb.SpaceInfo(id=s["id"], name=s["name"], type=s["type"], population=s["pop"],
                        terrain=s["terrain"] or "", econ=s["econ"] or 0,
                        loc_kind=s["loc_kind"] or "", adjacent=s["adjacent"])


def card_side(side: dict[str, Any] | None, msg: pb.CardSide) -> None:
    if side:
        msg.caption, msg.text = side.get("caption") or "", side["text"]


def card_info(c: dict[str, Any]) -> pb.CardInfo:
    info = pb.CardInfo(number=c["number"], title=c["title"], kind=c["kind"],
                       faction_order=c["faction_order"])
    card_side(c["unshaded"], info.unshaded)
    card_side(c["shaded"], info.shaded)
    revised = c["second_edition"] or {}
    card_side(revised.get("unshaded"), info.second_edition_unshaded)
    card_side(revised.get("shaded"), info.second_edition_shaded)
    return info


def reference() -> pb.AndeanAbyssReference:
    return pb.AndeanAbyssReference(spaces=[space_info(s) for s in D.MAP["spaces"]],
                                   cards=[card_info(D.CARDS[n]) for n in sorted(D.CARDS)])
