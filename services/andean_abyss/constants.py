"""Andean Abyss enums and fixed numbers (AA 1.2-1.7). No game string literal elsewhere."""

from __future__ import annotations

from enum import IntEnum
from typing import Final


class Faction(IntEnum):
    GOVT = 0
    FARC = 1
    AUC = 2
    CARTELS = 3


FACTION_IDS: Final[tuple[str, ...]] = ("govt", "farc", "auc", "cartels")
INSURGENTS: Final[tuple[int, ...]] = (Faction.FARC, Faction.AUC, Faction.CARTELS)


class Kind(IntEnum):
    """Piece kinds, one slot each in the piece array (Guerrillas: Underground / Active)."""

    TROOPS = 0
    POLICE = 1
    GOVT_BASE = 2
    FARC_U = 3
    FARC_A = 4
    FARC_BASE = 5
    AUC_U = 6
    AUC_A = 7
    AUC_BASE = 8
    CARTELS_U = 9
    CARTELS_A = 10
    CARTELS_BASE = 11


KIND_IDS = ("troops", "police", "govt_base", "farc_underground", "farc_active", "farc_base",
            "auc_underground", "auc_active", "auc_base", "cartels_underground",
            "cartels_active", "cartels_base")
NKINDS: Final = 12
KIND_FACTION: Final[tuple[int, ...]] = (0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3)
GUER_U: Final[tuple[int, ...]] = (-1, Kind.FARC_U, Kind.AUC_U, Kind.CARTELS_U)
GUER_A: Final[tuple[int, ...]] = (-1, Kind.FARC_A, Kind.AUC_A, Kind.CARTELS_A)
BASE: Final[tuple[int, ...]] = (Kind.GOVT_BASE, Kind.FARC_BASE, Kind.AUC_BASE, Kind.CARTELS_BASE)
CUBES: Final[tuple[int, ...]] = (Kind.TROOPS, Kind.POLICE)


class SpaceType(IntEnum):
    CITY = 0
    DEPT = 1
    LOC = 2


class Terrain(IntEnum):
    NONE = 0
    MOUNTAIN = 1
    GRASSLAND = 2
    FOREST = 3


class President(IntEnum):
    """AA 6.4.3 El Presidente track, in order."""

    SAMPER = 0
    PASTRANA = 1
    URIBE = 2


PRESIDENT_IDS: Final[tuple[str, ...]] = ("samper", "pastrana", "uribe")

MAX_RESOURCES: Final = 99  # AA 1.7
MAX_AID: Final = 29  # AA 1.7
MARKERS: Final = 40  # AA 3.3.4 Terror + Sabotage markers together
SHIPMENTS: Final = 4  # AA 4.5.3
MAX_BASES: Final = 2  # AA 1.4.2
PASS_GAIN: Final[tuple[int, ...]] = (3, 1, 1, 1)  # AA 2.3.3
PROPAGANDA_FIRST: Final = 73  # cards 73-76
FINAL_PROPAGANDA: Final = 4  # AA 2.4.1 (3 with the short game)

# Ops and SAs by faction (AA 3.1, 4.1.1)
OPS = (("train", "patrol", "sweep", "assault"), ("rally", "march", "attack", "terror"),
       ("rally", "march", "attack", "terror"), ("rally", "march", "attack", "terror"))


class Cap(IntEnum):
    """AA 5.3 Government Capabilities as bits, named by card and side (Appendix A)."""

    C1_U = 0  # 1st Division: one Civic Action space needs only Control + any cube
    C1_S = 1  # Civic Action needs 2 Troops and 2 Police
    C2_U = 2  # Sweep costs 1
    C2_S = 3  # Sweep max 1 space
    C3_U = 4  # Assault costs 1
    C3_S = 5  # Assault max 1 space
    C7_U = 6  # Govt removes 1-3 Terror/Sabotage after Sabotage (6.2)
    C7_S = 7  # also Sabotage LoCs where Guerrillas = cubes >= 1
    C9_U = 8  # Assault treats Mountain as City
    C9_S = 9  # Mountain Assault: 1 per 4 Troops
    C10_U = 10  # Air Lift any number of Troops
    C10_S = 11  # Air Lift 1 Troops
    C11_U = 12  # 1 Police may join Troops into each Sweep space
    C11_S = 13  # Sweep counts Troops or Police (the larger)
    C13_U = 14  # Patrol: free Assault in every LoC
    C13_S = 15  # Patrol: no free Assault


class Mom(IntEnum):
    """AA 5.4 Insurgent Momentum (shaded sides) as bits."""

    M12 = 0  # card 12: no Air Strike; Patrol Activates nothing
    M17 = 1  # card 17: no Sweep or Assault in Departments
    M22 = 2  # card 22: Agitation also in up to 3 non-Govt-Controlled spaces with FARC pieces
    M27 = 3  # card 27: no Govt SA in spaces with Guerrillas
    SEIZE = 4  # card 42: no Sweep/Assault against the faction that played it
    M67 = 5  # card 67: Cartels earn 4 x Bases
