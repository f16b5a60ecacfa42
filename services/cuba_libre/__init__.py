"""Cuba Libre (GMT COIN II) rules service package (RULES.md, the rulebook's numbering)."""

from .game import CubaLibre

GAME = CubaLibre()
