"""Cuba (Rieneck & Stadler, 2007) as a rules module (RULES.md in shared/games/cuba)."""

from .game import Cuba

GAME = Cuba()

__all__ = ["GAME", "Cuba"]
