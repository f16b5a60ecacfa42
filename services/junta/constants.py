"""Junta's fixed vocabulary: statuses, phases, offices, locations, positions (RULES.md).

Everything the rules name is an int constant here; names appear only in options, events and
views (taken from the data files through `data.DATA`).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

GAME_ID: Final = "junta"
HAND_LIMIT: Final = 6  # JU 8.2
START_CARDS: Final = 5  # JU 2.4 [G 03]
STRAW_START_CARDS: Final = 4  # JU 45.2
DRAW_PER_TURN: Final = 2  # JU 14.2
AID_PER_TURN: Final = 8  # JU 16
TURN_CAP: Final = 30  # JU 13 [G 45]
TRANSFERS_PER_PHASE: Final = 8  # JU 43.6 [G 45]
FIRST_ELECTION_REPEATS: Final = 2  # JU 9.4 [G 45]
STRAW_FAMILIES: Final = 5  # JU 45.1: 2 or 3 players play with straw men up to five families
MAX_THRESHOLD: Final = 5  # JU 45.5
COUP_PHASES: Final = 6  # JU 29.1: the rebel phase (0), then coup phases 1-6
EXCHANGES: Final = 3  # JU 32.3
BURGLARY: Final = 2  # JU 20.5
NOBODY: Final = -1


class Status(IntEnum):
    """JU conventions: a family is active, dead (this turn) or in exile."""

    ACTIVE = 0
    DEAD = 1
    EXILED = 2


STATUS_IDS: Final[tuple[str, ...]] = ("active", "dead", "exiled")


class Phase(IntEnum):
    SETUP = 0  # JU 2: influence placement and the first election
    DRAW = 1  # JU 14
    CABINET = 2  # JU 15
    AID = 3  # JU 16
    BUDGET = 4  # JU 18
    LOCATIONS = 5  # JU 19
    ASSASSINATION = 6  # JU 20-22
    BANK = 7  # JU 23, 26
    COUP = 8  # JU 27-40
    AFTERMATH = 9  # JU 41-42
    OVER = 10


PHASE_IDS = ("setup", "draw", "cabinet", "aid", "budget", "locations", "assassination",
             "bank", "coup", "aftermath", "game_over")


class Office(IntEnum):
    """`units.json` order: the President and the six other offices (JU 5-6)."""

    PRESIDENT = 0
    MINISTER = 1
    GENERAL_1 = 2
    GENERAL_2 = 3
    GENERAL_3 = 4
    ADMIRAL = 5
    AIR_FORCE = 6


CABINET: Final = tuple(Office)[1:]  # the six offices the President assigns (JU 15)


class Location(IntEnum):
    """JU 19: the five location cards, and exile."""

    HOME = 0
    MISTRESS = 1
    NIGHTCLUB = 2
    BANK = 3
    HEADQUARTERS = 4
    EXILE = 5


NO_LOCATION: Final = -1


class Bank(IntEnum):
    """JU 23.1."""

    OPEN = 0
    LUNCH = 1
    HOLIDAY = 2


BANK_IDS: Final[tuple[str, ...]] = ("open", "lunch", "holiday")


class Side(IntEnum):
    """JU 39: the side a participant declares."""

    NONE = -1
    PRESIDENT = 0
    REBELS = 1
    EXILE = 2


SIDE_IDS: Final[tuple[str, ...]] = ("president", "rebels", "exile")

# Unit positions besides land areas (board.json off_map_boxes).
AFLOAT: Final = -2
AIRBORNE: Final = -3
REMOVED: Final = -4
BOXES: Final = {"afloat": AFLOAT, "airborne": AIRBORNE, "removed": REMOVED}

# Roll-call kinds (JU 11 is used by these rules).
ELECTION: Final = "election"
BUDGET: Final = "budget"
MOTION: Final = "motion"
ALT_BUDGET: Final = "alt_budget"
YES: Final = "yes"
NO: Final = "no"
