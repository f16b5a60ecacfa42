"""What Cuba Libre option labels and event texts call things (docs/decisions/0004): the names
on the map, the cards and the rulebook. Ids stay in option args and event data."""

from __future__ import annotations

from services.coin.words import Words

from . import data as D
from .constants import FACTION_IDS, FACTION_NAMES, KIND_IDS

FACTIONS: tuple[str, ...] = FACTION_NAMES
SPACES: tuple[str, ...] = D.TITLES
OPS = {"train": "Train", "garrison": "Garrison", "sweep": "Sweep", "assault": "Assault",
       "rally": "Rally", "march": "March", "attack": "Attack", "terror": "Terror",
       "construct": "Construct"}
SAS = {"transport": "Transport", "air_strike": "Air Strike", "reprisal": "Reprisal",
       "infiltrate": "Infiltrate", "ambush": "Ambush", "kidnap": "Kidnap",
       "subvert": "Subvert", "assassinate": "Assassinate", "profit": "Profit",
       "muscle": "Muscle", "bribe": "Bribe",
       "free_assault": "Free Assault (card 5 Momentum)"}
KINDS = ("Troops", "Police", "Government Base",
         "26July Guerrilla (Underground)", "26July Guerrilla (Active)", "26July Base",
         "Directorio Guerrilla (Underground)", "Directorio Guerrilla (Active)",
         "Directorio Base",
         "Syndicate Guerrilla (Underground)", "Syndicate Guerrilla (Active)",
         "open Casino", "closed Casino")
KINDS_PLURAL = tuple(k.replace("Guerrilla", "Guerrillas").replace("Base", "Bases")
                     .replace("Casino", "Casinos") for k in KINDS)
TITLES: dict[int, str] = {n: D.card_title(n) for n in (*D.EVENT_CARDS, *D.PROPAGANDA_CARDS)}
WORDS = Words(FACTIONS, SPACES, OPS, SAS, TITLES)
LEVELS = {2: "Active Support", 1: "Passive Support", 0: "Neutral", -1: "Passive Opposition",
          -2: "Active Opposition"}


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
    """"1 Troops", "2 26July Guerrillas (Active)", "1 open Casino"."""
    return f"{n} {KINDS[k] if n == 1 else KINDS_PLURAL[k]}"


def card(n: int) -> str:
    return TITLES[n]


def level(lv: int) -> str:
    return LEVELS[lv]


def resources(n: int) -> str:
    return f"{n} Resource{'s' if n != 1 else ''}"
