"""``clank docs authoring`` and ``clank docs hooks``: the guides that come with the engine,
written for the packs given (default: every installed pack)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from clank_cli import console as con


def authoring(output: Path | None = None, packs: str | None = None) -> None:
    """Print (or write to ``output``) the authoring guide of ``packs``."""
    from clank.guides.authoring import render_guide

    write_guide(render_guide, packs, output, "the authoring guide")


def hooks(output: Path | None = None, packs: str | None = None) -> None:
    """Print (or write to ``output``) the hooks guide of ``packs``."""
    from clank.guides import hookguide

    write_guide(hookguide.render_guide, packs, output, "the hooks guide")


def write_guide(render: Callable[..., str], packs: str | None, output: Path | None, what: str) -> None:
    """Render a guide for the packs given (default: every installed pack) to ``output`` or stdout."""
    from clank.api import split_packs
    from clank.guides.authoring import write_guide as write

    from clank_cli import scaffold

    with con.engine_errors():
        registry, _ = scaffold.schema_registry(split_packs(packs) if packs is not None else None)
        text = render(registry, shipped=True)
    try:
        write(text, output)
    except OSError as exc:
        raise con.fail(f"cannot write {output}: {exc.strerror or exc}") from None
    if output is not None:
        con.say(f"wrote {what} to {output}")
