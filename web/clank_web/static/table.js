// The web table's page script: it shows what the server sends and sends back what is clicked.
// It decides nothing: every action it sends is one the server listed for this seat, and the
// server checks it again. The seat token comes from the link's fragment (#seat=TOKEN), which
// the browser never sends in a request; the script sends it over the WebSocket only.
"use strict";
(function () {
  const table = document.getElementById("table");
  const gameId = table.dataset.game;
  const params = new URLSearchParams(location.hash.slice(1));
  const seatToken = params.get("seat");
  const creatorToken = params.get("creator");
  const notice = document.getElementById("notice");
  const badge = document.getElementById("connection");
  let socket = null;
  let version = -1;
  let retry = 0;
  let finished = false;       // a refusal that must not be retried (bad token, deleted game)
  let shownMap = null;        // the map's own drawing while a preview replaces it

  function say(text, kind) {
    notice.textContent = text;
    notice.className = "notice" + (kind ? " " + kind : "");
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(scheme + "://" + location.host + "/ws/" + encodeURIComponent(gameId));
    badge.textContent = "connecting…";
    socket.addEventListener("open", function () {
      retry = 0;
      badge.textContent = "connected";
      badge.className = "connection up";
      socket.send(JSON.stringify({type: "hello", token: seatToken, mode: "html"}));
    });
    socket.addEventListener("message", function (event) { receive(JSON.parse(event.data)); });
    socket.addEventListener("close", function (event) {
      badge.className = "connection down";
      if (event.code === 4401 || event.code === 4404 || finished) {
        finished = true;
        badge.textContent = "closed";
        return;
      }
      badge.textContent = "reconnecting…";
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 300 * retry);      // the server may be restarting: come back by ourselves
    });
  }

  function receive(message) {
    // other scripts of the page (presence.js) read the messages too
    table.dispatchEvent(new CustomEvent("clank:message", {detail: message}));
    if (message.type === "state") {
      version = message.version;
      table.dataset.version = String(version);
      table.dataset.deciding = message.deciding ? "true" : "false";
      table.dataset.over = message.over ? "true" : "false";
      // the parts that changed since the state before (every part in a connection's first state)
      for (const [part, html] of Object.entries(message.html || {})) {
        const element = table.querySelector('[data-part="' + part + '"]');
        if (!element) continue;
        if (part === "map") shownMap = null;
        element.innerHTML = html;
        wire(element);
      }
      if (creatorToken) creatorPanel();
      if (notice.classList.contains("pending")) say("");
      if (message.stopped && creatorToken) showFault();
    } else if (message.type === "error") {
      if (message.status === 401 || message.status === 404) finished = true;
      say(message.message + " (" + message.status + ")", "error");
    } else if (message.type === "welcome") {
      table.dataset.seat = message.seat === null ? "" : String(message.seat);
    } else if (message.type === "ack") {
      say("");
    }
  }

  function send(action) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      say("not connected: the action was not sent", "error");
      return;
    }
    say("sending…", "pending");
    socket.send(JSON.stringify({type: "act", action: action, version: version}));
  }

  function previewOf(action) {
    return table.querySelector('template.preview[data-action="' + CSS.escape(action) + '"]');
  }

  function showPreview(action) {
    const template = previewOf(action);
    const view = document.getElementById("map-view");
    if (!template || !view) return;
    if (shownMap === null) shownMap = view.innerHTML;
    view.innerHTML = template.innerHTML;
    view.classList.add("previewing");
  }

  function hidePreview() {
    const view = document.getElementById("map-view");
    if (view && shownMap !== null) {
      view.innerHTML = shownMap;
      view.classList.remove("previewing");
      shownMap = null;
      wireRooms(view);
    }
  }

  function wireRooms(within) {
    for (const room of within.querySelectorAll("g.room.reachable")) {
      room.setAttribute("tabindex", "0");
      room.setAttribute("role", "button");
      room.addEventListener("click", function () { chooseRoom(room.dataset.room); });
    }
  }

  function chooseRoom(roomId) {
    const buttons = [...table.querySelectorAll("button.action")].filter(function (b) { return b.dataset.room === roomId; });
    if (buttons.length === 1) {
      send(buttons[0].dataset.action);
    } else {
      for (const b of buttons) b.classList.add("flash");
      if (buttons.length) buttons[0].focus();
      say("several ways lead there: choose one of the highlighted actions");
    }
  }

  function wire(within) {     // the clickable things of a part just replaced
    for (const element of within.querySelectorAll("[data-action]")) {
      if (element.tagName === "TEMPLATE") continue;
      element.addEventListener("click", function () { send(element.dataset.action); });
      element.addEventListener("keydown", function (event) {
        if (event.key === "Enter" && element.tagName !== "BUTTON") send(element.dataset.action);
      });
      if (element.dataset.preview) {
        element.addEventListener("mouseenter", function () { showPreview(element.dataset.action); });
        element.addEventListener("focus", function () { showPreview(element.dataset.action); });
        element.addEventListener("mouseleave", hidePreview);
        element.addEventListener("blur", hidePreview);
      }
    }
    wireRooms(within);
  }

  function creatorPanel() {
    const panel = document.getElementById("creator");
    const box = document.getElementById("takeover");
    panel.hidden = false;
    box.textContent = "";
    for (const seat of table.querySelectorAll(".seat-list li[data-human=true]")) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "takeover";
      button.dataset.seat = seat.dataset.seat;
      button.textContent = "Hand " + seat.textContent + " to a bot";
      button.addEventListener("click", function () {
        creatorCall("takeover", {seat: Number(seat.dataset.seat), bot: "greedy"});
      });
      box.appendChild(button);
    }
  }

  function showFault() {      // the creator reads what stopped the game: the pack's file, line and error
    fetch("/api/games/" + encodeURIComponent(gameId) + "/fault", {
      method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify({token: creatorToken}),
    }).then(function (response) { return response.json(); }).then(function (answer) {
      const box = document.getElementById("fault");
      if (answer.fault && box) {
        box.textContent = answer.fault;
        box.hidden = false;
      }
    });
  }

  function creatorCall(what, body) {
    body.token = creatorToken;
    fetch("/api/games/" + encodeURIComponent(gameId) + "/" + what, {
      method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body),
    }).then(function (response) { return response.json(); }).then(function (answer) {
      if (answer.type === "error") say(answer.message + " (" + answer.status + ")", "error");
      else say(what === "delete" ? "the game was deleted" : "done");
    });
  }

  document.getElementById("delete-game").addEventListener("click", function () {
    if (confirm("Delete this game for everyone?")) creatorCall("delete", {});
  });
  connect();
})();
