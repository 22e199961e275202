"""The format of a balance report (``clank-balance/1``), as typed mappings.

:func:`clank_cli.lab.analysis.analyse` builds a :class:`BalanceReport`; the text report, the
HTML report and ``--json`` read it. The mappings are plain dictionaries at run time (the JSON is
``json.dumps`` of the report, keys sorted), so these definitions document the format and let the
type checker hold every reader to it. docs/balance-lab.md describes the figures.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict


class Estimate(TypedDict):
    """A figure with its 95% interval (``lo``/``hi``, absent when the resamples give none); a
    difference B - A also says whether its interval leaves out 0 (``significant``)."""

    value: float
    lo: NotRequired[float]
    hi: NotRequired[float]
    significant: NotRequired[bool]


class SetupDoc(TypedDict):
    """One setup: its packs, players, a bot per seat and the game options."""

    packs: list[str]
    players: int
    bots: list[str]
    options: dict[str, Any]


class CardAsked(TypedDict):
    """A card compared across the setups: its id in A and in B, and how it changed."""

    card: str
    card_b: str
    change: str


class SeatAsked(TypedDict):
    """A seat whose bot differs: the seat (1 for P1) and its bot in A and in B."""

    seat: int
    a: str
    b: str


class QuestionDoc(TypedDict):
    """What differs between setup A and setup B."""

    cards: list[CardAsked]
    without: list[str]
    seats: list[SeatAsked]


class OverallEntry(TypedDict):
    """A whole-game figure (``win_rate:P1``, ``score:P1``, ``mean_score``, ``rounds`` ...): its unit,
    its estimate per setup (keys ``a``, ``b``) and the difference (``diff``, with a setup B)."""

    figure: str
    unit: str
    a: Estimate | None
    b: NotRequired[Estimate | None]
    diff: NotRequired[Estimate | None]


class CardFigures(TypedDict):
    """A card's figures on one setup."""

    holders_win_rate: Estimate | None
    pick_rate: Estimate | None
    held_score: Estimate | None
    holders_per_game: Estimate | None
    holders: int
    offered: int


class CardDiff(TypedDict):
    """A card's differences B - A."""

    holders_win_rate: Estimate | None
    pick_rate: Estimate | None
    held_score: Estimate | None
    holders_per_game: Estimate | None


class CardEntry(TypedDict):
    """One dungeon or reserve card: what it is, its figures per setup, and where it sits in the band."""

    card: str
    name: str
    pack: str
    type: str
    cost: dict[str, int]
    a: CardFigures
    b: NotRequired[CardFigures]
    diff: NotRequired[CardDiff]
    card_b: NotRequired[str]
    cost_b: NotRequired[dict[str, int] | None]
    band: str | None
    band_b: NotRequired[str | None]


class Band(TypedDict):
    """Tukey's fences of a setup's cards' holders' win rates."""

    q1: float
    q3: float
    lo: float
    hi: float
    cards: int


class Distributions(TypedDict):
    """Counts by value of the final scores (every player) and of the game lengths."""

    scores: dict[str, int]
    rounds: dict[str, int]


class VerdictLine(TypedDict):
    """A verdict in words, the column whose interval it judges (None: a line about the whole
    run), whether it is significant, and the interval it states."""

    text: str
    column: str | None
    significant: bool
    width: float | None
    value: NotRequired[float]
    lo: NotRequired[float | None]
    hi: NotRequired[float | None]


class BalanceReport(TypedDict):
    """A whole balance report: how it was run, every figure, the band and the verdict lines."""

    format: str
    games: int
    seed: int
    stopped: str
    resamples: int
    level: float
    setups: dict[str, SetupDoc]
    question: QuestionDoc
    overall: list[OverallEntry]
    cards: list[CardEntry]
    band: dict[str, Band | None]
    distributions: dict[str, Distributions]
    verdicts: list[VerdictLine]


SIDES = ("a", "b")
"""The setups' keys: ``a``, and ``b`` when the run compares two setups."""


def overall_side(entry: OverallEntry, side: str) -> Estimate | None:
    """A whole-game figure of setup ``side`` (``a`` or ``b``)."""
    return entry["a"] if side == "a" else entry.get("b")


def card_side(entry: CardEntry, side: str) -> CardFigures:
    """A card's figures on setup ``side`` (``a`` or ``b``; ``b`` only when the run compares)."""
    return entry["a"] if side == "a" else entry["b"]


def card_figure(figures: CardFigures | CardDiff, name: str) -> Estimate | None:
    """One of a card's figures by name (``holders_win_rate``, ``pick_rate``, ``held_score``,
    ``holders_per_game``)."""
    by_name = {"holders_win_rate": figures["holders_win_rate"], "pick_rate": figures["pick_rate"],
               "held_score": figures["held_score"], "holders_per_game": figures["holders_per_game"]}
    return by_name[name]
