"""The `tablero` command: terminal client, load tester and replay verifier."""

from .main import main

__all__ = ["main"]
