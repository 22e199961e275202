"""``clank packs list``, ``clank packs show``, ``clank pack new``, ``clank pack test`` and
``clank schema export``: the installed packs, one pack's ids, a new pack, a pack's scenarios,
and the JSON Schemas the packs compose."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from clank_cli import console as con
from clank_cli.errors import CommandExit


def packs_list(as_json: bool = False) -> None:
    """List installed packs with id, version, name, description and optional parts (``as_json``:
    as JSON for tools); exit code 3 when a pack fails to load."""
    from clank_cli.packinfo import all_pack_infos, packs_table

    infos = all_pack_infos()
    if as_json:
        sys.stdout.write(json.dumps(infos, indent=2, sort_keys=True) + "\n")
    elif infos:
        con.stdout().print(packs_table(infos))
    else:
        con.say("no packs installed (entry-point group clank.packs)")
    if any("error" in info for info in infos):
        for info in infos:
            if "error" in info:
                con.say(f"error: {info['error']}", style="red")
        raise CommandExit(con.EXIT_ENV)


def packs_show(pack: str, fmt: str = "text", all_sources: bool = False) -> None:
    """List a pack's ids (``fmt``: ``text`` or ``json``; ``all_sources``: also what the core and
    the packs it requires register); exit code 1 when its content is invalid."""
    from clank_cli import packshow

    with con.engine_errors():
        view = packshow.show(pack, all_sources)
    if fmt == "json":
        sys.stdout.write(json.dumps(view.to_json(), indent=2, sort_keys=True) + "\n")
    else:
        con.stdout().print(packshow.view_table(view))
    for note in view.notes:
        con.say(note)
    if view.errors:
        for problem in view.problems:
            if problem.is_error:
                con.say(problem.format_text())
        raise con.fail(f"the pack's content is invalid ({con.plural(view.errors, 'error')}): the listing may "
                       f"be incomplete; clank validate {pack} says more")


def pack_name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a new pack (None: it can)."""
    from clank_cli import scaffold

    return scaffold.name_problem(name)


def pack_new(name: str, installable: bool = False, parent: Path = Path("."), requires: list[str] | None = None) -> None:
    """Create a content pack that validates and plays, in ``parent``/``name`` (``requires``: the
    packs it requires, comma-separated or one per entry; None: the base game)."""
    from clank_cli import scaffold

    wanted = [scaffold.BASE_PACK] if requires is None else [r for item in requires for r in item.split(",")]
    with con.engine_errors():
        try:
            made = scaffold.new_pack(name, parent, installable=installable, requires=wanted)
        except scaffold.InvalidName as exc:
            raise con.fail(str(exc), con.EXIT_USAGE) from None
        except (scaffold.ScaffoldError, OSError) as exc:
            raise con.fail(str(exc)) from None
    for path in made.files:
        print(path)
    kind = "installable pack" if made.installable else "data pack"
    con.say(f"created the {kind} {made.pack_id!r} in {made.root} ({con.plural(len(made.files), 'file')}); "
            f"next steps: {made.root / 'README.md'}")


def pack_test(pack: str, verbose: bool = False) -> None:
    """Run a pack's scenario files and report like pytest; exit code 1 when one fails."""
    from clank_cli import packtest

    with con.engine_errors():
        test = packtest.run(pack)
    print("\n".join(packtest.report_lines(test, verbose)))
    if not test.ok:
        raise CommandExit(con.EXIT_INVALID)


def schema_export(directory: Path, packs: str | None = None) -> None:
    """Write the JSON Schemas of every content kind to ``directory``, composed with the ops and
    features of ``packs`` (default: every installed pack); exit code 3 for broken schemas."""
    from clank.api import split_packs
    from clank.content import check_all_schemas

    from clank_cli import scaffold

    with con.engine_errors():
        registry, ids = scaffold.schema_registry(split_packs(packs) if packs is not None else None)
        faults = check_all_schemas(registry)
        if faults:
            for fault in faults:
                con.say(fault)
            raise con.fail(f"the packs registered broken schemas ({con.plural(len(faults), 'fault')})",
                           con.EXIT_ENV)
        try:
            written = scaffold.export(registry, directory)
        except OSError as exc:
            raise con.fail(f"cannot write the schemas to {directory}: {exc.strerror or exc}") from None
    for path in written:
        print(path)
    con.say(f"wrote {con.plural(len(written), 'schema')} to {directory} "
            f"(packs: {', '.join(ids) or 'none, the core only'})")
