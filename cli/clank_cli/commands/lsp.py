"""``clank lsp``: the language server of content packs (needs the extra 'lsp')."""

from __future__ import annotations

from clank_cli import console as con


def lsp() -> None:
    """Run the language server over stdio until the editor ends it; exit code 3 without the
    extra 'lsp'."""
    try:
        from clank_cli.lsp.server import serve as serve_lsp
    except ImportError as exc:
        raise con.fail(f"clank lsp needs the extra 'lsp' ({exc.name or exc} is missing): "
                       "pip install 'clank-engine[lsp]'", con.EXIT_ENV) from None
    serve_lsp()
