"""Junta (Creative Wargames Workshop 1978, West End Games 1985) as a rules module
(RULES.md in shared/games/junta)."""

from .game import Junta

GAME = Junta()

__all__ = ["GAME", "Junta"]
