"""The load tester: simulated players through the gateway, with honest figures."""

from .runner import LoadConfig, LoadTest

__all__ = ["LoadConfig", "LoadTest"]
