"""The web table: ``clank serve`` plays games in browsers, together, over WebSockets.

A front end of its own, like the command line: it uses the engine's public API only
(``clank``, ``clank.api``, ``clank.labels``, ``clank.mapdraw`` ...) and never imports the CLI.
The server holds every :class:`~clank.api.Game`; browsers receive one seat's view and send
action texts, which go through ``legal_actions``/``apply`` on the server. Modules:

- :mod:`~clank_web.config`: the server's settings (database, packs, limits);
- :mod:`~clank_web.storage` and :mod:`~clank_web.migrations`: games, seats and actions in
  SQLite or PostgreSQL (SQLAlchemy Core, Alembic migrations); :mod:`~clank_web.dblock`: an
  SQLite file serves one process;
- :mod:`~clank_web.lobby`: what a game may be made of (packs, options, bots) and a new game's
  specification from the form or the JSON API (one parser);
- :mod:`~clank_web.tokens`: seat and creator tokens (only their hashes are stored);
- :mod:`~clank_web.tables`: a live game (:class:`~clank_web.tables.GameRoom`): acting,
  committing, following what other processes commit, broadcasting, presence;
  :mod:`~clank_web.connection`: one WebSocket conversation's outgoing messages, in order;
- :mod:`~clank_web.hall`: the games a process holds (:class:`~clank_web.hall.Hall`): loading,
  creating, deleting, handing seats over, group commits, leases, bots and timers, and how
  several processes share one database; :mod:`~clank_web.listener`: PostgreSQL notifications;
- :mod:`~clank_web.bots`: bots deciding off the event loop (threads; the worker processes of
  :mod:`~clank_web.searchpool` for search bots, every game's search a slice at a time);
  :mod:`~clank_web.budget`: the server's cap on a search's budget;
- :mod:`~clank_web.refusal`: what the table refuses, in the game's terms;
  :mod:`~clank_web.protocol`: the WebSocket messages, and each refusal's status and close code;
  :mod:`~clank_web.safejson`: JSON from outside, its depth limited before it is parsed;
  :mod:`~clank_web.ratelimit`: messages per second per connection;
- :mod:`~clank_web.present`: what one seat is sent (data, and HTML rendered with Jinja2);
- :mod:`~clank_web.app`: the Starlette application (routes, lifespan, the refusal handler),
  its handlers in :mod:`~clank_web.handlers`; :mod:`~clank_web.serve`: running it (one
  process, or ``--workers N``); :mod:`~clank_web.parentdeath`: child processes (server and
  search workers) ending with their parent.

See ``docs/web.md``.
"""

__all__: list[str] = []
