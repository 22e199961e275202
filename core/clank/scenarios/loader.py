"""Reading a scenario file: YAML with positions, the schema composed with the packs'
registrations, then the ids checked against the packs' content.

Every mistake becomes a :class:`~clank.content.problems.Problem` at ``file:line:col`` with a
did-you-mean where a name is close to a known one, exactly as content files are reported; a
scenario with a problem is not run (the others of the file are).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from clank.api import configure_game, pack_sources, registry_for
from clank.content import ContentError, Overlay, Problem, load_yaml_file, scenario_validator, sort_problems
from clank.content.locator import Locator
from clank.content.schemas import schema_problems
from clank.game.ruleset import Ruleset
from clank.game.setup import SetupError
from clank.plugins import PackLoadError
from clank.scenarios.model import Scenario, ScenarioFile, Step, Where
from clank.scenarios.packs import owner_spec, resolve_spec, with_requirements
from clank.scenarios.refs import check_refs

_NO_PACKS = ("name the packs to play with under given.packs: this file is in no pack's scenarios folder "
             "(a folder scenarios/ beside the pack's pack.yaml or data/ folder)")


class _Packs:
    """The pack sets of one file's scenarios, each resolved once: specs, registry, ruleset."""

    def __init__(self) -> None:
        self._specs: dict[tuple[str, ...], list[str] | PackLoadError] = {}
        self._validators: dict[tuple[str, ...], Any] = {}
        self._rulesets: dict[tuple[tuple[str, ...], int, str], Ruleset | Exception] = {}

    def specs(self, wanted: Sequence[str]) -> list[str] | PackLoadError:
        key = tuple(wanted)
        if key not in self._specs:
            try:
                self._specs[key] = with_requirements(list(wanted))
            except PackLoadError as exc:
                self._specs[key] = exc
        return self._specs[key]

    def validator(self, specs: Sequence[str]) -> Any:
        key = tuple(specs)
        if key not in self._validators:
            self._validators[key] = scenario_validator(registry_for(pack_sources(list(specs))))
        return self._validators[key]

    def ruleset(self, specs: Sequence[str], players: int, options: dict[str, Any]) -> Ruleset | Exception:
        """The ruleset a game of these packs, players and options is built with (the packs may
        switch optional parts on for the player count), or why there is none."""
        key = (tuple(specs), players, json.dumps(options, sort_keys=True, default=str))
        if key not in self._rulesets:
            try:
                self._rulesets[key] = configure_game(list(specs), players, dict(options))[0]
            except (ContentError, SetupError) as exc:
                self._rulesets[key] = exc
        return self._rulesets[key]


def load_file(path: Path | str, *, default_packs: Sequence[str] | None = None,
              label: str | None = None, overlay: Overlay | None = None) -> ScenarioFile:
    """Load one scenario file; never raises for a bad file (its problems are in the answer).

    ``default_packs`` are the packs of scenarios that name none (default: the pack whose
    ``scenarios/`` folder holds the file, see :func:`clank.scenarios.packs.owner_spec`);
    ``label`` is the file's name in problems (default: the path as given); ``overlay`` holds
    unsaved text read instead of the file (an editor's buffer, :mod:`clank.content.overlay`).
    """
    path = Path(path)
    label = label if label is not None else str(path)
    out = ScenarioFile(path, label)
    try:
        data, loc = load_yaml_file(path, label, overlay)
    except ContentError as exc:
        out.problems = exc.problems
        return out
    if data is None:
        out.problems = [Problem(label, 1, 1, "error", "empty-file",
                                "the file holds nothing: a scenario file is a list of scenarios")]
        return out
    if default_packs is None:
        owner = owner_spec(path.parent)
        default_packs = [owner] if owner is not None else None
    packs = _Packs()
    items = data if isinstance(data, list) else [data]
    wanted = [_wanted_packs(item, path.parent, default_packs) for item in items]
    problems: list[Problem] = []
    resolved: list[list[str] | None] = []
    for i, want in enumerate(wanted):
        at = Where(loc, (i,) if isinstance(data, list) else ())
        resolved.append(_resolve(packs, want, at, problems))
    problems += _schema_problems(data, loc, packs, resolved)
    bad = {_index_of(p) for p in problems}
    if not isinstance(data, list):
        out.problems = sort_problems(problems)
        return out
    names: dict[str, int] = {}
    for i, item in enumerate(data):
        specs = resolved[i]
        if specs is None or not isinstance(item, dict):
            continue
        found = _check_scenario(item, Where(loc, (i,)), specs, packs)   # ids too where the schema failed
        name = item.get("scenario")
        if isinstance(name, str) and name in names:
            found.append(Where(loc, (i, "scenario")).problem(
                "duplicate-name", f"scenario {name!r} is already the name of scenario {names[name] + 1} of this file"))
        if isinstance(name, str):
            names.setdefault(name, i)
        problems += found
        if not found and i not in bad:
            out.scenarios.append(_scenario(item, Where(loc, (i,)), label, specs))
    out.problems = sort_problems(problems)
    return out


def _wanted_packs(item: Any, base: Path, default: Sequence[str] | None) -> list[str] | None:
    given = item.get("given") if isinstance(item, dict) else None
    named = given.get("packs") if isinstance(given, dict) else None
    if isinstance(named, list) and named and all(isinstance(s, str) and s.strip() for s in named):
        return [resolve_spec(s.strip(), base) for s in named]
    return list(default) if default is not None else None


def _resolve(packs: _Packs, want: list[str] | None, at: Where, problems: list[Problem]) -> list[str] | None:
    if want is None:
        problems.append(at.problem("no-packs", _NO_PACKS))
        return None
    specs = packs.specs(want)
    if isinstance(specs, PackLoadError):
        named = at.locator.has((*at.path, "given", "packs"))
        where = at / "given" / "packs" if named else at
        problems.append(where.problem("unknown-pack", str(specs)))
        return None
    return specs


def _schema_problems(data: Any, loc: Locator, packs: _Packs, resolved: list[list[str] | None]) -> list[Problem]:
    """Each scenario checked with the schema of its own packs (a file that is not a list, with
    the schema of the first scenario's packs)."""
    groups: dict[tuple[str, ...], list[int]] = {}
    for i, wanted in enumerate(resolved):
        if wanted is not None:
            groups.setdefault(tuple(wanted), []).append(i)
    if not groups:
        return []
    if not isinstance(data, list):
        return schema_problems(packs.validator(next(iter(groups))), data, loc)
    out: list[Problem] = []
    for specs, indices in groups.items():
        out += [p for p in schema_problems(packs.validator(specs), data, loc) if _index_of(p) in indices]
    return out


def _index_of(problem: Problem) -> int | None:
    """The scenario a problem is in (from its path ``$[3]...``), None for the whole file."""
    if problem.path.startswith("$["):
        head = problem.path[2:].split("]", 1)[0]
        if head.isdigit():
            return int(head)
    return None


def _check_scenario(item: dict[str, Any], at: Where, specs: list[str], packs: _Packs) -> list[Problem]:
    if "steps" in item and ("when" in item or "then" in item):
        key = "when" if "when" in item else "then"
        return [(at / key).problem("steps-and-when", "write each when/then inside steps, or leave steps out: "
                                   "not both", key=True)]
    given: dict[str, Any] = item["given"] if isinstance(item.get("given"), dict) else {}
    options: dict[str, Any] = given["options"] if isinstance(given.get("options"), dict) else {}
    players: int = given["players"] if isinstance(given.get("players"), int) else 2
    ruleset = packs.ruleset(specs, players, options)
    if isinstance(ruleset, ContentError):
        where = at / "given" / "packs" if at.locator.has((*at.path, "given", "packs")) else at
        first = ruleset.problems[0].format_text() if ruleset.problems else "invalid content"
        return [where.problem("packs-invalid", f"the packs do not load ({len(ruleset.problems)} problem(s)); "
                              f"first: {first}")]
    if isinstance(ruleset, Exception):
        named = "options" if "options" in given else "players" if "players" in given else None
        where = at / "given" / named if named else at
        return [where.problem("setup", f"the game cannot be set up: {ruleset}")]
    return check_refs(item, at, ruleset, players)


def _scenario(item: dict[str, Any], at: Where, label: str, specs: list[str]) -> Scenario:
    if "steps" in item:
        steps = [_step(step, at / "steps" / i) for i, step in enumerate(item["steps"])]
    else:
        steps = [_step(item, at)]
    index = at.path[0]
    assert isinstance(index, int)      # a scenario's place: its number in the file's list
    return Scenario(name=item["scenario"], file=label, index=index, at=at, packs=specs,
                    given=item.get("given") or {}, steps=steps, rules=list(item.get("rules") or []),
                    xfail=item.get("xfail"))


def _step(data: dict[str, Any], at: Where) -> Step:
    when = [(action, at / "when" / i) for i, action in enumerate(data.get("when") or [])]
    return Step(when, data.get("then") or {}, at / "then")


__all__ = ["load_file"]
