"""Duel: a tiny test-only game that exercises every part of the contract.

Not shipped. Each seat holds hidden cards; each round the lead seat sets a
public stake (an amount), every seat in turn may draw a card (a sequential
option decision), then all seats play one card at once, sealed (a simultaneous
secret decision). The highest card played alone scores 1 + stake.
"""

from .game import GAME, Duel, DuelState

__all__ = ["GAME", "Duel", "DuelState"]
