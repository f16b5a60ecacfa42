"""What Andean Abyss option labels and event texts call things (docs/decisions/0004): the
names on the map, the cards and the rulebook. Ids stay in option args and event data."""

from __future__ import annotations

from typing import Final

from services.coin.words import Words

from . import data as D
from .constants import FACTION_IDS, KIND_IDS

FACTIONS: Final[tuple[str, ...]] = ("Government", "FARC", "AUC", "Cartels")
SPACES: Final[tuple[str, ...]] = tuple(str(s["name"]) + (" LoC" if s["type"] == "loc" else "")
                                       for s in D.MAP["spaces"])
OPS: Final = {"train": "Train", "patrol": "Patrol", "sweep": "Sweep", "assault": "Assault",
              "rally": "Rally", "march": "March", "attack": "Attack", "terror": "Terror"}
SAS: Final = {"air_lift": "Air Lift", "air_strike": "Air Strike", "eradicate": "Eradicate",
              "extort": "Extort", "ambush": "Ambush", "kidnap": "Kidnap",
              "assassinate": "Assassinate", "cultivate": "Cultivate", "process": "Process",
              "bribe": "Bribe"}
KINDS = ("Troops", "Police", "Government Base",
         "FARC Guerrilla (Underground)", "FARC Guerrilla (Active)", "FARC Base",
         "AUC Guerrilla (Underground)", "AUC Guerrilla (Active)", "AUC Base",
         "Cartels Guerrilla (Underground)", "Cartels Guerrilla (Active)", "Cartels Base")
KINDS_PLURAL: Final = tuple(k.replace("Guerrilla", "Guerrillas").replace("Base", "Bases")
                            for k in KINDS)
TITLES: Final[dict[int, str]] = {n: str(c["title"]) for n, c in D.CARDS.items()}
WORDS: Final = Words(FACTIONS, SPACES, OPS, SAS, TITLES)


def space(s: int) -> str:
    return SPACES[s]


def space_of(space_id: str) -> str:
    return SPACES[D.INDEX[space_id]]


def faction(f: int) -> str:
    return FACTIONS[f]


def faction_of(faction_id: str) -> str:
    return FACTIONS[FACTION_IDS.index(faction_id)]


def kind(k: int) -> str:
    return KINDS[k]


def kind_of(kind_id: str) -> str:
    return KINDS[KIND_IDS.index(kind_id)]


def pieces(k: int, n: int) -> str:
    """"1 Troops", "2 FARC Guerrillas (Active)", "1 Cartels Base"."""
    return f"{n} {KINDS[k] if n == 1 else KINDS_PLURAL[k]}"


def card(n: int) -> str:
    return TITLES[n]


def resources(n: int) -> str:
    return f"{n} Resource{'s' if n != 1 else ''}"
