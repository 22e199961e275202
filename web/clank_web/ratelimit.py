"""Messages per second per connection: a token bucket."""

from __future__ import annotations

import time


class TokenBucket:
    """Allows ``rate`` messages a second on average and ``burst`` at once."""

    def __init__(self, rate: float, burst: int, clock=time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.stamp = clock()

    def allow(self) -> bool:
        """Whether one more message may pass now (and count it if so)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
