"""A small, fast, serialisable random generator (SplitMix64).

The generator's whole state is one integer kept in the game state, so a game is a pure
function of (packs, options, seed, actions): nothing reads Python's global ``random``.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_LIMIT = 1 << 64


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return ``(new_state, value)``: one 64-bit output of SplitMix64."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def _redraw(state: int, v: int, n: int) -> tuple[int, int]:
    """``(state, v)`` after drawing again while ``v`` lies above the last whole multiple of
    ``n`` (rejection sampling, as :meth:`Rng.below`)."""
    limit = _LIMIT - (_LIMIT % n)
    while v >= limit:
        state, v = next_u64(state)
    return state, v


class Rng:
    """A generator bound to a holder object exposing an integer attribute ``rng``."""

    __slots__ = ("holder",)

    def __init__(self, holder) -> None:
        self.holder = holder

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (n >= 1)."""
        if n <= 1:
            return 0
        limit = _LIMIT - (_LIMIT % n)
        while True:
            self.holder.rng, v = next_u64(self.holder.rng)
            if v < limit:
                return v % n

    def shuffle(self, items: list) -> None:
        """Shuffle ``items`` in place (Fisher-Yates), drawing as :meth:`below` does: the one copy
        of :func:`next_u64`'s step written out, shuffles being where most draws are made (the
        tests hold it to :func:`next_u64`). A draw below ``2**64 - n`` is never rejected (the
        last whole multiple of ``n`` lies above it), so none below ``2**64 - len(items)`` is: the
        exact limit is worked out only above that."""
        holder = self.holder
        state = holder.rng
        top = _LIMIT - len(items)
        for i in range(len(items) - 1, 0, -1):
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            v = z ^ (z >> 31)
            if v >= top:
                state, v = _redraw(state, v, i + 1)
            j = v % (i + 1)
            items[i], items[j] = items[j], items[i]
        holder.rng = state

    def pick(self, items: list):
        """A uniformly chosen element of a non-empty list."""
        return items[self.below(len(items))]
