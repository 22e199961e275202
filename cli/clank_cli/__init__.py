"""The ``clank`` command-line interface (Typer + rich); the entry point is :func:`clank_cli.main.main`."""
