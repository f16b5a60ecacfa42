"""CL 5 Events: cards 25-36, one function per side registered with
`@register(card, side)` (services/cuba_libre/events/__init__.py); the docstring is the side's
cards.json text."""

from __future__ import annotations
