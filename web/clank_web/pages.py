"""The Jinja2 environment of the web table: every page and fragment is rendered with
autoescaping on, so text from packs (card names, card texts, room names of a custom pack)
reaches a browser as text, never as markup."""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape


@cache
def environment() -> Environment:
    """The templates of ``clank_web/templates``, autoescaped."""
    env = Environment(
        loader=PackageLoader("clank_web", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    return env


def render(name: str, **context: Any) -> str:
    """A whole page."""
    return environment().get_template(name).render(**context)


@cache
def parts() -> Any:
    """The fragments of the table (``parts.html``'s macros), each returning escaped HTML (loaded
    once: asking Jinja2 for the template each time would check the file's date at every
    fragment)."""
    return environment().get_template("parts.html").module
