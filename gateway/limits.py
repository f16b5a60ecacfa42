"""In-process limits that need no shared state.

Logins are limited per client address, in each gateway, before a session
exists: without it a client could create sessions in Redis without bound.
"""

from __future__ import annotations

import time

MAX_TRACKED = 10_000


class TokenBuckets:
    """A token bucket per key; the least recently refilled keys are forgotten past MAX_TRACKED."""

    def __init__(self, rate_per_s: float, burst: int) -> None:
        self.rate = rate_per_s
        self.burst = burst
        self.buckets: dict[str, tuple[float, float]] = {}

    def take(self, key: str) -> int:
        """0 when a token was taken, else the milliseconds until one is available."""
        now = time.monotonic()
        tokens, last = self.buckets.pop(key, (float(self.burst), now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        if tokens < 1:
            self.buckets[key] = (tokens, now)
            return max(1, int((1 - tokens) * 1000 / self.rate))
        self.buckets[key] = (tokens - 1, now)
        if len(self.buckets) > MAX_TRACKED:
            del self.buckets[next(iter(self.buckets))]
        return 0
