"""Cuba Libre enums and fixed numbers (CL 1.2-1.8, 6.3.1, 7.2-7.3). No game string literal
elsewhere: the ids below are the only spelling of factions, piece kinds, space kinds, tracks and
lasting effects outside the data files."""

from __future__ import annotations

from enum import IntEnum
from typing import Final, Literal


class Faction(IntEnum):
    """CL 1.5 the four factions, in the order of setup.json `factions`."""

    GOVT = 0
    M26 = 1
    DIRECTORIO = 2
    SYNDICATE = 3


FactionId = Literal["govt", "m26", "directorio", "syndicate"]
FACTION_IDS: Final[tuple[FactionId, ...]] = ("govt", "m26", "directorio", "syndicate")
FACTION_NAMES: Final[tuple[str, ...]] = ("Government", "26July", "Directorio", "Syndicate")
INSURGENTS: Final[tuple[int, ...]] = (Faction.M26, Faction.DIRECTORIO, Faction.SYNDICATE)


class Kind(IntEnum):
    """Piece kinds, one slot each in the piece array (CL 1.4): Guerrillas Underground / Active,
    Casinos open / closed (CL 1.4.3-1.4.4). The layout follows Andean Abyss's, plus the closed
    Casino."""

    TROOPS = 0
    POLICE = 1
    GOVT_BASE = 2
    M26_U = 3
    M26_A = 4
    M26_BASE = 5
    DR_U = 6
    DR_A = 7
    DR_BASE = 8
    SYND_U = 9
    SYND_A = 10
    CASINO_OPEN = 11
    CASINO_CLOSED = 12


KIND_IDS = ("troops", "police", "govt_base", "m26_underground", "m26_active", "m26_base",
            "directorio_underground", "directorio_active", "directorio_base",
            "syndicate_underground", "syndicate_active", "casino_open", "casino_closed")
KIND_NAMES = ("Troop", "Police", "Government Base", "Underground 26July Guerrilla",
              "Active 26July Guerrilla", "26July Base", "Underground Directorio Guerrilla",
              "Active Directorio Guerrilla", "Directorio Base", "Underground Syndicate Guerrilla",
              "Active Syndicate Guerrilla", "open Casino", "closed Casino")
NKINDS: Final = 13
KIND_FACTION: Final[tuple[int, ...]] = (0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3)
# The Available slot of each kind: both states of a Guerrilla, and of a Casino, share one
# (pieces are placed Underground and open, CL 1.4.3-1.4.4; Construct places a closed one).
POOL: Final[tuple[int, ...]] = (0, 1, 2, 3, 3, 5, 6, 6, 8, 9, 9, 11, 11)
GUER_U: Final[tuple[int, ...]] = (-1, Kind.M26_U, Kind.DR_U, Kind.SYND_U)
GUER_A: Final[tuple[int, ...]] = (-1, Kind.M26_A, Kind.DR_A, Kind.SYND_A)
# The faction's Bases; the Syndicate's are its Casinos (CL 1.4), counted apart for stacking.
BASE: Final[tuple[int, ...]] = (Kind.GOVT_BASE, Kind.M26_BASE, Kind.DR_BASE, Kind.CASINO_OPEN)
NON_CASINO_BASES: Final[tuple[int, ...]] = (Kind.GOVT_BASE, Kind.M26_BASE, Kind.DR_BASE)
CASINOS: Final[tuple[int, ...]] = (Kind.CASINO_OPEN, Kind.CASINO_CLOSED)
CUBES: Final[tuple[int, ...]] = (Kind.TROOPS, Kind.POLICE)
# CL 4.5.2: Cash sits under a Guerrilla or a cube, never a Base or Casino.
CASH_HOLDERS = (Kind.TROOPS, Kind.POLICE, Kind.M26_U, Kind.M26_A, Kind.DR_U, Kind.DR_A,
                Kind.SYND_U, Kind.SYND_A)
# Piece names of setup.json (`available_forces_total`, `pieces`) -> kind, per faction.
SETUP_PIECES = (
    {"troops": Kind.TROOPS, "police": Kind.POLICE, "base": Kind.GOVT_BASE},
    {"guerrilla": Kind.M26_U, "guerrilla_underground": Kind.M26_U,
     "guerrilla_active": Kind.M26_A, "base": Kind.M26_BASE},
    {"guerrilla": Kind.DR_U, "guerrilla_underground": Kind.DR_U,
     "guerrilla_active": Kind.DR_A, "base": Kind.DR_BASE},
    {"guerrilla": Kind.SYND_U, "guerrilla_underground": Kind.SYND_U,
     "guerrilla_active": Kind.SYND_A, "casino": Kind.CASINO_OPEN,
     "casino_open": Kind.CASINO_OPEN, "casino_closed": Kind.CASINO_CLOSED},
)


class SpaceType(IntEnum):
    """CL 1.3.1 space kinds (map.json `type`)."""

    CITY = 0
    PROVINCE = 1
    EC = 2


SPACE_TYPE_IDS: Final[tuple[str, ...]] = ("city", "province", "ec")


class Terrain(IntEnum):
    """CL 1.3.2 Province terrain; NONE for Cities and ECs."""

    NONE = 0
    FOREST = 1
    GRASSLAND = 2
    MOUNTAIN = 3


TERRAIN_IDS: Final[tuple[str, ...]] = ("", "forest", "grassland", "mountain")


class UsAlliance(IntEnum):
    """CL 6.3.1 US Alliance, top box first ("up" = toward FIRM, CL-D-12)."""

    FIRM = 0
    RELUCTANT = 1
    EMBARGOED = 2


US_ALLIANCE_IDS: Final[tuple[str, ...]] = ("firm", "reluctant", "embargoed")
COIN_OP_COST: Final[tuple[int, ...]] = (2, 3, 4)  # CL 6.3.1, by US Alliance level


class Cap(IntEnum):
    """CL 5.3 Insurgent Capabilities in play, as bits named for their effect."""

    KIDNAP_SIERRA_MAESTRA_AS_CITY = 0  # card 2 unshaded (CL 4.3.3)
    M26_FIRST_MARCH_GROUP_HIDES = 1  # card 13 (CL 3.3.2)
    M26_DR_PACT = 2  # card 18: no Op/SA removing the other's pieces or shifting Opposition
    M26_REROLLS_ATTACK_AND_KIDNAP = 3  # card 22 unshaded (CL 3.3.3, 4.3.3)
    DR_MARCHES_TWO_SPACES = 4  # card 28 unshaded (CL 3.3.2, CL-D-13)
    M26_RALLY_HIDES_ALL = 5  # card 30 unshaded (CL 3.3.1)
    SYNDICATE_ASSASSINATES = 6  # card 43 shaded (CL 4.4.3)
    UNDERGROUND_SYNDICATE_STOPS_SKIM = 7  # card 48 shaded (CL 6.2.3)


class Mom(IntEnum):
    """CL 5.4 Government Momentum in play (until the next Reset), as bits named for the effect."""

    ASSAULT_BRINGS_TROOPS = 0  # card 1 shaded (CL 3.2.4)
    AIR_STRIKE_TWICE_EVEN_EMBARGOED = 1  # card 2 shaded (CL 4.2.2)
    POLICE_SWEEP_AND_ASSAULT_AS_TROOPS = 2  # card 4 shaded (CL 3.2.3-3.2.4)
    SWEEP_WITH_FREE_ASSAULT = 3  # card 5 shaded (CL 3.2.3)
    ASSAULT_MOUNTAIN_AS_CITY = 4  # card 6 shaded (CL 3.2.4)
    LIMOP_WITH_FREE_SA = 5  # card 10 shaded (CL 2.3.5)
    KIDNAP_RAISES_AID = 6  # card 22 shaded (CL 4.3.3)


# cards.json `marker` of each lasting side (validated against the card data at import).
CAP_MARKERS: Final = {
    Cap.KIDNAP_SIERRA_MAESTRA_AS_CITY: "cap_guantanamo_bay_unshaded",
    Cap.M26_FIRST_MARCH_GROUP_HIDES: "cap_el_che_unshaded",
    Cap.M26_DR_PACT: "cap_pact_of_caracas_unshaded",
    Cap.M26_REROLLS_ATTACK_AND_KIDNAP: "cap_raul_unshaded",
    Cap.DR_MARCHES_TWO_SPACES: "cap_morgan_unshaded",
    Cap.M26_RALLY_HIDES_ALL: "cap_the_guerrilla_life_unshaded",
    Cap.SYNDICATE_ASSASSINATES: "cap_mafia_offensive_shaded",
    Cap.UNDERGROUND_SYNDICATE_STOPS_SKIM: "cap_santo_trafficante_jr_shaded",
}
MOM_MARKERS: Final = {
    Mom.ASSAULT_BRINGS_TROOPS: "mom_armored_cars_shaded",
    Mom.AIR_STRIKE_TWICE_EVEN_EMBARGOED: "mom_guantanamo_bay_shaded",
    Mom.POLICE_SWEEP_AND_ASSAULT_AS_TROOPS: "mom_sim_shaded",
    Mom.SWEEP_WITH_FREE_ASSAULT: "mom_rolando_masferrer_shaded",
    Mom.ASSAULT_MOUNTAIN_AS_CITY: "mom_sanchez_mosquera_shaded",
    Mom.LIMOP_WITH_FREE_SA: "mom_map_shaded",
    Mom.KIDNAP_RAISES_AID: "mom_raul_shaded",
}

SIDES: Final[tuple[str, ...]] = ("unshaded", "shaded")
SUPPORT_LEVEL_IDS = ("active_opposition", "passive_opposition", "neutral", "passive_support",
                     "active_support")  # level -2 .. +2


class Deception(IntEnum):
    """CL 7.3 option: the kinds of Deception counter."""

    EMPTY_THREAT = 0
    SECRET_PLAN = 1
    HIDDEN_ASSETS = 2


DECEPTION_IDS: Final[tuple[str, ...]] = ("empty_threat", "secret_plan", "hidden_assets")
DECEPTION_MIX = (4, 4, 4)  # CL-D-16 / CL-R-16: 12 counters, the split per kind is unknown
DECEPTION_PER_PLAYER: Final = 2  # CL 7.3 option

MAX_RESOURCES: Final = 49  # CL 1.8
MAX_AID: Final = 49  # CL 1.8
MARKERS: Final = 20  # CL 3.3.4 Terror + Sabotage markers together
CASH_MARKERS: Final = 4  # CL 4.5.2 (the fifth is a spare)
MAX_BASES: Final = 2  # CL 1.4.2 Bases other than Casinos per City or Province
MAX_CASINOS: Final = 2  # CL 1.4.2 Casinos (open or closed) per City or Province
PASS_GAIN: Final[tuple[int, ...]] = (3, 1, 1, 1)  # CL 2.3.3
PROPAGANDA_FIRST: Final = 49  # the 4 Propaganda cards are numbered 49-52 here (CL-I-2)
FINAL_PROPAGANDA: Final = 4  # CL 2.4.1
NO_CONTROL: Final = -1
NO_CASH: Final = -1  # a Cash marker in the Cash box

# CL 7.2-7.3 thresholds: Total Support > 18, Opposition + Bases > 15, DR Pop + Bases > 9,
# open Casinos > 7 and Syndicate Resources > 30.
GOVT_SUPPORT_GOAL: Final = 18
M26_GOAL: Final = 15
DR_GOAL: Final = 9
CASINO_GOAL: Final = 7
SYNDICATE_RESOURCES_GOAL: Final = 30
# CL 7.1 ties: a Non-player first, then Syndicate, Directorio, 26July, Government.
TIE_RANK: Final[tuple[int, ...]] = (0, 1, 2, 3)

# CL 3.0-4.0 Operations and Special Activities by faction (option ids of later phases).
OPS = (("train", "garrison", "sweep", "assault"), ("rally", "march", "attack", "terror"),
       ("rally", "march", "attack", "terror"), ("rally", "march", "terror", "construct"))
SAS = (("transport", "air_strike", "reprisal"), ("infiltrate", "ambush", "kidnap"),
       ("subvert", "ambush", "assassinate"), ("profit", "muscle", "bribe"))
