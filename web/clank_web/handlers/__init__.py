"""The web table's handlers, grouped by what they serve: :mod:`~clank_web.handlers.pages` (the
lobby and the table, HTML), :mod:`~clank_web.handlers.api` (JSON for programs and the page's
creator panel), :mod:`~clank_web.handlers.sockets` (the WebSocket protocol). Each is a
module-level function that reads the hall from the application's lifespan state
(``request.state.hall``); :mod:`~clank_web.handlers.common` holds what they share."""
