"""Errors a rules module or the engine raises; the runtime maps each to a gRPC status."""


class KernelError(Exception):
    """Base of every error the kernel reports to a caller."""


class BadRequest(KernelError):
    """The request itself is malformed (bad state bytes, bad seat count, bad option)."""


class StaleDecision(KernelError):
    """The choice names a decision that is not pending now."""


class IllegalChoice(KernelError):
    """The choice is not one of the options offered, or the amount is out of range."""


class NotYourSeat(KernelError):
    """The decision belongs to another seat."""


class GameOver(KernelError):
    """The game has ended; nothing more can be chosen."""


class RulesBug(KernelError):
    """An invariant of the rules broke; the state is not trusted. Never shown to clients."""
