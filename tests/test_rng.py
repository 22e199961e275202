"""The game's random generator (SplitMix64): ``below`` and ``shuffle`` draw exactly as the
reference step ``next_u64`` does (saved games and replays rely on the sequence), with
rejection sampling for uniform integers."""

from __future__ import annotations

from types import SimpleNamespace

from clank.rng import Rng, next_u64, seed_state
from hypothesis import given
from hypothesis import strategies as st

_LIMIT = 1 << 64


def _reference_below(holder, n: int) -> int:
    if n <= 1:
        return 0
    limit = _LIMIT - (_LIMIT % n)
    while True:
        holder.rng, v = next_u64(holder.rng)
        if v < limit:
            return v % n


@given(st.integers(min_value=0, max_value=2**70), st.lists(st.integers(min_value=0, max_value=2**64), max_size=40))
def test_below_draws_as_the_reference_step(seed, bounds):
    ours, theirs = SimpleNamespace(rng=seed_state(seed)), SimpleNamespace(rng=seed_state(seed))
    rng = Rng(ours)
    for n in bounds:
        assert rng.below(n) == _reference_below(theirs, n)
        assert ours.rng == theirs.rng


@given(st.integers(min_value=0, max_value=2**70), st.integers(min_value=0, max_value=60))
def test_shuffle_is_fisher_yates_over_the_reference_draws(seed, size):
    ours, theirs = SimpleNamespace(rng=seed_state(seed)), SimpleNamespace(rng=seed_state(seed))
    items = list(range(size))
    Rng(ours).shuffle(items)
    expected = list(range(size))
    for i in range(size - 1, 0, -1):
        j = _reference_below(theirs, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and ours.rng == theirs.rng
    assert sorted(items) == list(range(size))


def test_a_bound_near_two_to_the_64_rejects_draws_above_the_last_whole_multiple():
    """With n = 2**63 + 1 about half the draws fall above the last whole multiple of n and are
    drawn again: the generator's state advances past each rejected draw."""
    n = 2**63 + 1
    holder = SimpleNamespace(rng=seed_state(7))
    reference = SimpleNamespace(rng=seed_state(7))
    draws = 0
    for _ in range(20):
        before = reference.rng
        value = _reference_below(reference, n)
        state, steps = before, 0
        while state != reference.rng:
            state, _ = next_u64(state)
            steps += 1
        draws += steps
        assert Rng(holder).below(n) == value and holder.rng == reference.rng
    assert draws > 20                  # some draws were rejected


def _state_drawing(value: int) -> int:
    """The generator state whose next draw is ``value`` (SplitMix64's output step inverted)."""
    def unshift(z: int, k: int) -> int:      # the inverse of z ^ (z >> k)
        out = z
        for _ in range(64 // k + 1):
            out = z ^ (out >> k)
        return out

    z = unshift(value, 31)
    z = unshift((z * pow(0x94D049BB133111EB, -1, _LIMIT)) % _LIMIT, 27)
    z = unshift((z * pow(0xBF58476D1CE4E5B9, -1, _LIMIT)) % _LIMIT, 30)
    return (z - 0x9E3779B97F4A7C15) % _LIMIT


def test_a_shuffle_draws_again_when_a_draw_lies_above_the_last_whole_multiple():
    """For a list of three, the first swap draws below 3: 2**64 - 1 lies above the last whole
    multiple of 3 and is drawn again (a case random seeds never reach)."""
    start = _state_drawing(_LIMIT - 1)
    assert next_u64(start)[1] == _LIMIT - 1
    ours, theirs = SimpleNamespace(rng=start), SimpleNamespace(rng=start)
    items = [0, 1, 2]
    Rng(ours).shuffle(items)
    expected = [0, 1, 2]
    for i in (2, 1):
        j = _reference_below(theirs, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and ours.rng == theirs.rng
    assert ours.rng != next_u64(next_u64(start)[0])[0]       # three draws were made, not two
