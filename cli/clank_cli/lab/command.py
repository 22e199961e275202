"""``clank balance``: from the command's options to the two setups, the question, the run and the
report files. The command's function, :func:`clank_cli.commands.balance.balance`, calls :func:`prepare` and
:func:`run`, then prints the report and writes its files.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from clank.api import build_ruleset, configure_game, new_game
from clank.content import did_you_mean, parse_setting, with_setting, without_card

from clank_cli import simrun
from clank_cli.lab.analysis import Inputs, analyse, precise_enough
from clank_cli.lab.figures import CardInfo
from clank_cli.lab.report import BalanceReport
from clank_cli.lab.setups import WATCHED_KINDS, PairPlan, Setup
from clank_cli.lab.verdicts import CardQuestion, Question, describe_change
from clank_cli.seats import assign_seats, resolve_bots
from clank_cli.simjobs import Backend

OVERRIDES = "overrides"
"""The game option that carries content overrides (``clank.content.overrides``)."""
REPORT_JSON = "balance.json"
REPORT_HTML = "balance.html"
"""The files ``--report DIR`` writes."""
LAB_EXTRA = "pip install 'clank-engine[lab]'"
"""What installs the plotting library of the HTML report."""


class CardNotFound(ValueError):
    """A ``--card`` names a card a setup does not have (each mistake in ``problems``)."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass(frozen=True)
class Request:
    """The command's options, as given."""

    packs: list[str]
    against: list[str] | None
    sets: list[str]
    without: list[str]
    cards: list[str]
    bots: str | None
    bots_b: str | None
    players: int
    games: int
    seed: int
    options: dict[str, Any]
    resamples: int


def _card_changes(request: Request) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """Setup B's overrides (the options' own, then ``--set`` and ``--without``), and the changes
    ``--set`` made, by card."""
    overrides: dict[str, Any] = dict(request.options.get(OVERRIDES) or {})
    changes: dict[str, dict[str, Any]] = {}
    for text in request.sets:
        card, key, value = parse_setting(text)
        overrides = with_setting(overrides, card, key, value)
        changes.setdefault(card, {})[key] = value
    for card in request.without:
        overrides = without_card(overrides, card)
    return overrides, changes


def _infos(ruleset: Any) -> dict[str, CardInfo]:
    return {cid: CardInfo(cid, c.name, c.pack, c.type, dict(c.cost)) for cid, c in ruleset.cards.items()
            if c.kind in WATCHED_KINDS}


def _matched(request: Request, cards_a: dict[str, CardInfo], cards_b: dict[str, CardInfo]) -> list[tuple[str, str]]:
    """``--card A[=B]`` entries as (id in A, id in B), each id checked."""
    out = []
    problems = []
    for text in request.cards:
        a, _, b = text.partition("=")
        a, b = a.strip(), (b.strip() or a.strip())
        for card, known, side in ((a, cards_a, "A"), (b, cards_b, "B")):
            if card not in known:
                problems.append(f"--card {text}: setup {side} has no dungeon or reserve card {card!r}"
                                + did_you_mean(card, known))
        out.append((a, b))
    if problems:
        raise CardNotFound(problems)
    return out


def prepare(request: Request) -> tuple[PairPlan, Inputs, list[str]]:
    """The plan and the analysis inputs of a request, and notes for the user. Raises the engine's
    errors (packs, content, overrides, setup), :class:`CardNotFound` and
    :class:`~clank_cli.errors.UsageError` for a bad bot (naming ``--bots`` or ``--bots-b``)."""
    options_b = dict(request.options)
    overrides, changes = _card_changes(request)
    if overrides:
        options_b[OVERRIDES] = overrides
    packs_b = request.against or request.packs
    ruleset_a = build_ruleset(request.packs, request.options)
    ruleset_b = build_ruleset(packs_b, options_b)
    notes = []
    names_a, note = resolve_bots(ruleset_a.registry, request.bots, "--bots")
    if note:
        notes.append(note)
    names_b = names_a if request.bots_b is None else resolve_bots(ruleset_b.registry, request.bots_b, "--bots-b")[0]
    seats_a = tuple(str(s.bot) for s in assign_seats(request.players, 0, names_a))
    seats_b = tuple(str(s.bot) for s in assign_seats(request.players, 0, names_b))
    a = Setup(tuple(request.packs), request.players, seats_a, dict(request.options))
    b = Setup(tuple(packs_b), request.players, seats_b, options_b)
    new_game(list(a.packs), a.players, request.seed, a.options)          # a refused setup fails before any game
    compare = b != a
    if compare:
        new_game(list(b.packs), b.players, request.seed, b.options)
    # the cards the games deal: the packs may switch parts on for the player count (clank_configure)
    cards = {side: _infos(configure_game(list(s.packs), s.players, s.options)[0]) for side, s in (("a", a), ("b", b))}
    matched = _matched(request, cards["a"], cards["b"])
    asked = [CardQuestion(card, card, describe_change(change)) for card, change in changes.items()
             if card in cards["a"] and card in cards["b"]]
    asked += [CardQuestion(x, y) for x, y in matched if x not in changes]
    question = Question(tuple(asked), tuple(request.without) if compare else (),
                        tuple((s, x, y) for s, (x, y) in enumerate(zip(seats_a, seats_b, strict=True)) if x != y),
                        tuple(x for x, _ in matched) or tuple(sorted(cards["a"])))
    if not compare:
        notes.append("setups A and B are the same: checking each card against the band of the packs' cards")
    plan = PairPlan(a, b if compare else None, request.seed, request.games)
    return plan, Inputs(plan, question, cards if compare else {"a": cards["a"]}, request.resamples), notes


@dataclass
class Outcome:
    """A finished (or stopped) run: its report and how long the games took."""

    report: BalanceReport | None
    seconds: float
    interrupted: bool


def run(plan: PairPlan, inputs: Inputs, backend: Backend, precision: float | None, batch: int,
        console: Any) -> Outcome:
    """Play the pairs (all of them, or until ``precision`` is reached at a multiple of ``batch``
    games) and analyse them."""
    def enough(rows: list[dict[str, Any]]) -> bool:
        return (precision is not None and len(rows) % batch == 0 and len(rows) < plan.games
                and precise_enough(rows, inputs, precision))

    result = simrun.run(plan, backend, None, console, enough=enough, label="balance")
    rows = result.rows
    if len(rows) < 2:
        return Outcome(None, result.seconds, result.interrupted)
    stopped = "interrupted" if result.interrupted else "precision" if len(rows) < plan.games else "games"
    return Outcome(analyse(rows, inputs, stopped), result.seconds, result.interrupted)


def output_paths(report_dir: Path | None, json_path: Path | None,
                 html_path: Path | None) -> tuple[Path | None, Path | None]:
    """Where the JSON and the HTML go (``--report DIR`` names both, ``--json``/``--html`` one)."""
    if report_dir is not None:
        json_path = json_path or report_dir / REPORT_JSON
        html_path = html_path or report_dir / REPORT_HTML
    return json_path, html_path


def html_available() -> bool:
    """Whether the plotting library of the HTML report is installed."""
    from importlib.util import find_spec

    return find_spec("matplotlib") is not None
