"""What Cuba Libre option labels and event texts call things (docs/decisions/0004): the names
on the map, the cards and the rulebook. Ids stay in option args and event data."""

from __future__ import annotations

from typing import Final

from services.coin.words import Words
from services.coin.words import resources as resources

from . import data as D
from .constants import FACTION_IDS, FACTION_NAMES, KIND_IDS

FACTIONS: Final[tuple[str, ...]] = FACTION_NAMES
SPACES: Final[tuple[str, ...]] = D.TITLES
OPS: Final = {"train": "Train", "garrison": "Garrison", "sweep": "Sweep", "assault": "Assault",
              "rally": "Rally", "march": "March", "attack": "Attack", "terror": "Terror",
              "construct": "Construct"}
SAS: Final = {"transport": "Transport", "air_strike": "Air Strike", "reprisal": "Reprisal",
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
KINDS_PLURAL: Final = tuple(k.replace("Guerrilla", "Guerrillas").replace("Base", "Bases")
                            .replace("Casino", "Casinos") for k in KINDS)
TITLES: Final[dict[int, str]] = {n: D.card_title(n) for n in (*D.EVENT_CARDS, *D.PROPAGANDA_CARDS)}
WORDS: Final = Words(FACTIONS, SPACES, OPS, SAS, TITLES, KINDS, KINDS_PLURAL,
                     {"space": D.NAMES, "faction": FACTION_IDS, "kind": KIND_IDS})
LEVELS: Final = {2: "Active Support", 1: "Passive Support", 0: "Neutral", -1: "Passive Opposition",
                 -2: "Active Opposition"}
space, space_of, faction, faction_of = WORDS.space, WORDS.space_of, WORDS.faction, \
    WORDS.faction_of
kind, kind_of, pieces, card = WORDS.kind, WORDS.kind_of, WORDS.pieces, WORDS.title


def level(lv: int) -> str:
    return LEVELS[lv]

