"""Cuba Libre's static reference (GameInfo.reference, decision 0007): every space of the map
(CL 1.3) and every card with its Events (CL 5), from the data files. The views carry what
changes during a game."""

from __future__ import annotations

from tablero.cuba_libre.v1 import view_pb2 as pb

from . import data as D
from .constants import SPACE_TYPE_IDS, TERRAIN_IDS
from .views import card_view


def space_info(s: int) -> pb.SpaceInfo:
    return pb.SpaceInfo(id=D.NAMES[s], name=D.TITLES[s], type=SPACE_TYPE_IDS[D.TYPE[s]],
                        population=D.POP[s], econ=D.ECON[s], terrain=TERRAIN_IDS[D.TERRAIN[s]],
                        adjacent=[D.NAMES[a] for a in D.ADJ[s]])


def reference() -> pb.CubaLibreReference:
    return pb.CubaLibreReference(
        spaces=[space_info(s) for s in range(D.NS)],
        cards=[card_view(n) for n in (*D.EVENT_CARDS, *D.PROPAGANDA_CARDS)])
