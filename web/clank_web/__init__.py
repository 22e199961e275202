"""The web table: ``clank serve`` plays games in browsers, together, over WebSockets.

A front end of its own, like the command line: it uses the engine's public API only
(``clank``, ``clank.api``, ``clank.labels``, ``clank.mapdraw`` ...) and never imports the CLI.
The server holds every :class:`~clank.api.Game`; browsers receive one seat's view and send
action texts, which go through ``legal_actions``/``apply`` on the server. Modules:

- :mod:`~clank_web.config`: the server's settings (database, packs, limits);
- :mod:`~clank_web.storage` and :mod:`~clank_web.migrations`: games, seats and actions in
  SQLite or PostgreSQL (SQLAlchemy Core, Alembic migrations);
- :mod:`~clank_web.tokens`: seat and creator tokens (only their hashes are stored);
- :mod:`~clank_web.lobby`: what a game may be made of (packs, options, bots) and a new game's
  specification from a form;
- :mod:`~clank_web.tables`: the live games (:class:`~clank_web.tables.Hall`,
  :class:`~clank_web.tables.GameRoom`): acting, committing, broadcasting, restoring;
- :mod:`~clank_web.bots`: bots deciding off the event loop (threads; a process pool for
  search bots);
- :mod:`~clank_web.protocol`: the WebSocket messages, refusals and close codes;
  :mod:`~clank_web.ratelimit`: messages per second per connection;
- :mod:`~clank_web.present`: what one seat is sent (data, and HTML rendered with Jinja2);
- :mod:`~clank_web.app`: the Starlette application; :mod:`~clank_web.serve`: running it.

See ``docs/web.md``.
"""

__all__: list[str] = []
