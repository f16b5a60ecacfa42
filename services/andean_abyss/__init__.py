"""Andean Abyss (GMT COIN I) rules service package (first-edition rules, RULES.md)."""

from .game import AndeanAbyss

GAME = AndeanAbyss()
