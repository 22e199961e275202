// The web table's page script: it shows what the server sends and sends back what is clicked.
// It decides nothing: every action it sends is one the server listed for this seat, and the
// server checks it again. The seat token comes from the link's fragment (#seat=TOKEN), which
// the browser never sends in a request; the script sends it over the WebSocket only.
//
// A page receives the table's parts whole when it connects ("html") and, after each change, the
// operations that change them ("diff": set attributes, remove, replace or insert keyed elements;
// clank_web/diffs.py), so it shows exactly what a page loaded now would show. The map is the
// same for every seat: the rooms this seat can reach are marked from its actions, and the page
// asks how each orientation of a discovered tile looks ("preview": the operations that lay it on
// the map) when one is hovered, focused or tapped, and applies them while it is looked at.
"use strict";
(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const table = document.getElementById("table");
  const gameId = table.dataset.game;
  const params = new URLSearchParams(location.hash.slice(1));
  const seatToken = params.get("seat");
  const creatorToken = params.get("creator");
  const notice = document.getElementById("notice");
  const badge = document.getElementById("connection");
  const confirmBox = document.getElementById("confirm");
  let socket = null;
  let version = -1;
  let retry = 0;
  let finished = false;       // a refusal that must not be retried (bad token, deleted game)
  let actions = [];           // what this seat may do now (the state's "actions")
  let previews = {};          // action text -> the operations that show that orientation on the map (asked for)
  let wanted = null;          // the orientation to show once the server sends it
  let shownMap = null;        // [map, legend] as they were while a preview replaces them
  let previewing = null;      // the action whose preview the map shows
  let chosen = null;          // an orientation chosen by touch, waiting for "lay it"
  let zoom = 1;               // the map's zoom (1: the map fits the width)

  function say(text, kind) {
    notice.textContent = text;
    notice.className = "notice" + (kind ? " " + kind : "");
  }

  // -- the connection ------------------------------------------------------------------------
  function online(up) {
    table.classList.toggle("offline", !up);
    for (const button of table.querySelectorAll("button.action, #confirm button")) button.disabled = !up;
    for (const card of table.querySelectorAll(".hand-cards li.playable")) card.setAttribute("aria-disabled", up ? "false" : "true");
    if (up && notice.classList.contains("offline")) say("");
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
      online(false);
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
    // other scripts of the page may read the messages too
    table.dispatchEvent(new CustomEvent("clank:message", {detail: message}));
    if (message.type === "state") {
      hidePreview(true);
      const log = logPlace();
      if (message.html) {
        for (const [part, html] of Object.entries(message.html)) {
          const element = table.querySelector('[data-part="' + part + '"]');
          if (element) element.innerHTML = html;
        }
        applyZoom();
      }
      for (const op of message.diff || []) apply(op);
      version = message.version;
      actions = message.actions || [];
      previews = {};
      table.dataset.version = String(version);
      table.dataset.deciding = message.deciding ? "true" : "false";
      table.dataset.over = message.over ? "true" : "false";
      markRooms();
      keepLog(log, Boolean(message.html));
      online(true);
      if (creatorToken) creatorPanel();
      if (notice.classList.contains("pending")) say("");
      if (message.stopped && creatorToken) showFault();
    } else if (message.type === "preview") {
      if (message.version !== version) return;
      previews[message.action] = message.diff;
      if (wanted === message.action) showPreview(message.action);
    } else if (message.type === "error") {
      if (message.code === "stale-preview" || message.code === "no-preview") return;   // a preview asked too late
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
      say("not connected: the action was not sent (the page connects again by itself)", "error offline");
      return;
    }
    say("sending…", "pending");
    socket.send(JSON.stringify({type: "act", action: action, version: version}));
  }

  // -- the operations of a state message -------------------------------------------------------
  function keyed(parent, key) {
    for (const child of parent.children) if (child.getAttribute("data-key") === key) return child;
    return null;
  }

  function resolve(path) {
    let element = table.querySelector('[data-part="' + path[0] + '"]');
    for (let i = 1; element && i < path.length; i++) element = keyed(element, path[i]);
    return element;
  }

  function element(html, parent) {   // one element from its markup, in its parent's namespace
    const template = document.createElement("template");
    if (parent.namespaceURI === SVG) {
      template.innerHTML = '<svg xmlns="' + SVG + '">' + html + "</svg>";
      return template.content.firstElementChild.firstElementChild;
    }
    template.innerHTML = html;
    return template.content.firstElementChild;
  }

  function apply(op) {
    const parent = resolve(op[1]);
    if (!parent) return;
    if (op[0] === "a") {
      for (const [name, value] of Object.entries(op[2])) {
        if (value === null) parent.removeAttribute(name); else parent.setAttribute(name, value);
      }
    } else if (op[0] === "d") {
      for (const key of op[2]) { const child = keyed(parent, key); if (child) child.remove(); }
    } else if (op[0] === "r") {
      const old = keyed(parent, op[2]);
      const made = element(op[3], parent);
      if (old) old.replaceWith(made); else parent.appendChild(made);
    } else if (op[0] === "i") {
      const old = keyed(parent, op[2]);
      const moving = op[3] === null ? old : element(op[3], parent);
      if (!moving) return;
      if (old && old !== moving) old.remove();
      parent.insertBefore(moving, op[4] === null ? null : keyed(parent, op[4]));
    }
  }

  // -- the map: reachable rooms, previews, zoom -------------------------------------------------
  function mapView() { return document.getElementById("map-view"); }

  function markRooms() {      // the rooms this seat's moves lead to: marked, focusable, clickable
    const reach = new Set(actions.filter(function (a) { return a.room; }).map(function (a) { return a.room; }));
    for (const room of table.querySelectorAll('[data-part="map"] g.room')) {
      const on = reach.has(room.dataset.room);
      room.classList.toggle("reachable", on);
      if (on) { room.setAttribute("tabindex", "0"); room.setAttribute("role", "button"); }
      else { room.removeAttribute("tabindex"); room.removeAttribute("role"); }
    }
  }

  function showPreview(action) {
    wanted = action;
    if (previewing === action) return;
    if (!previews[action]) {  // asked of the server the first time (each orientation once a state)
      if (previews[action] === undefined && socket && socket.readyState === WebSocket.OPEN) {
        previews[action] = null;
        socket.send(JSON.stringify({type: "preview", action: action, version: version}));
      }
      return;
    }
    hidePreview(false);
    wanted = action;
    const map = resolve(["map", "view", "zoom", "map"]);
    const legend = resolve(["map", "legend", "entries"]);
    if (!map || !legend) return;
    shownMap = [map.cloneNode(true), legend.cloneNode(true)];
    for (const op of previews[action]) apply(op);
    previewing = action;
    mapView().classList.add("previewing");
    markRooms();
    if (chosen === action) centre();
  }

  function centre() {         // the map in sight, and the new tile in the middle of its view
    const view = mapView();
    const tile = view && view.querySelector('g.tile[data-preview="true"]');
    if (!view) return;
    view.scrollIntoView({block: "nearest"});
    if (tile) {
      const box = tile.getBoundingClientRect();
      const frame = view.getBoundingClientRect();
      view.scrollLeft += box.left + box.width / 2 - (frame.left + frame.width / 2);
      view.scrollTop += box.top + box.height / 2 - (frame.top + frame.height / 2);
    }
  }

  function hidePreview(all) {
    wanted = null;
    if (all) { chosen = null; showChoice(); }
    if (shownMap === null) return;
    const map = resolve(["map", "view", "zoom", "map"]);
    const legend = resolve(["map", "legend", "entries"]);
    if (map) map.replaceWith(shownMap[0]);
    if (legend) legend.replaceWith(shownMap[1]);
    shownMap = null;
    previewing = null;
    mapView().classList.remove("previewing");
    markRooms();
  }

  function showChoice() {     // the orientation chosen by touch, and the button that lays it
    for (const b of table.querySelectorAll("button.action.chosen")) { b.classList.remove("chosen"); b.removeAttribute("aria-pressed"); }
    confirmBox.hidden = chosen === null;
    if (chosen === null) return;
    const button = actionButton(chosen);
    if (button) { button.classList.add("chosen"); button.setAttribute("aria-pressed", "true"); }
    document.getElementById("confirm-label").textContent = button ? button.textContent : chosen;
  }

  function choose(action) {   // a tap on an orientation: show it on the map, wait for "lay it"
    chosen = action;
    showChoice();
    if (previewing === action) centre(); else showPreview(action);
  }

  function actionButton(action) {
    return [...table.querySelectorAll("button.action")].find(function (b) { return b.dataset.action === action; }) || null;
  }

  function applyZoom() {
    const box = resolve(["map", "view", "zoom"]);
    if (!box) return;
    if (zoom === 1) box.style.removeProperty("width"); else box.style.width = (zoom * 100) + "%";
  }

  function zoomTo(factor, clientX, clientY) {   // keep the point under (clientX, clientY) in place
    const view = mapView();
    if (!view) return;
    const frame = view.getBoundingClientRect();
    const x = (clientX === undefined ? frame.width / 2 : clientX - frame.left);
    const y = (clientY === undefined ? frame.height / 2 : clientY - frame.top);
    const fx = (view.scrollLeft + x) / view.scrollWidth;
    const fy = (view.scrollTop + y) / view.scrollHeight;
    zoom = Math.min(6, Math.max(1, factor));
    applyZoom();
    view.scrollLeft = fx * view.scrollWidth - x;
    view.scrollTop = fy * view.scrollHeight - y;
    view.classList.toggle("zoomed", zoom > 1);
  }

  let pinch = null;           // two fingers on the map: their first distance, the zoom then
  function distance(touches) {
    return Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);
  }
  table.addEventListener("touchstart", function (event) {
    if (event.touches.length === 2 && event.target.closest("#map-view")) {
      pinch = {distance: distance(event.touches), zoom: zoom};
      event.preventDefault();
    }
  }, {passive: false});
  table.addEventListener("touchmove", function (event) {
    if (pinch === null || event.touches.length !== 2) return;
    event.preventDefault();
    const [a, b] = event.touches;
    zoomTo(pinch.zoom * distance(event.touches) / pinch.distance, (a.clientX + b.clientX) / 2, (a.clientY + b.clientY) / 2);
  }, {passive: false});
  table.addEventListener("touchend", function (event) { if (event.touches.length < 2) pinch = null; });

  // -- the log: the newest lines stay in view unless the reader scrolled up --------------------
  function logPlace() {
    const list = resolve(["log", "lines"]);
    if (!list || list.scrollHeight - list.scrollTop - list.clientHeight < 8) return {bottom: true};
    for (const line of list.children) {
      if (line.offsetTop + line.offsetHeight > list.scrollTop) {
        return {bottom: false, key: line.getAttribute("data-key"), offset: line.offsetTop - list.scrollTop};
      }
    }
    return {bottom: true};
  }

  function keepLog(place, whole) {
    const list = resolve(["log", "lines"]);
    if (!list) return;
    if (whole || place.bottom) { list.scrollTop = list.scrollHeight; return; }
    const line = keyed(list, place.key);
    if (line) list.scrollTop = line.offsetTop - place.offset;
  }

  // -- what a click does ---------------------------------------------------------------------
  table.addEventListener("click", function (event) {
    if (table.classList.contains("offline")) return;
    const zoomButton = event.target.closest("button[data-zoom]");
    if (zoomButton) {
      const how = zoomButton.dataset.zoom;
      zoomTo(how === "fit" ? 1 : how === "in" ? zoom * 1.5 : zoom / 1.5);
      return;
    }
    const room = event.target.closest('[data-part="map"] g.room.reachable');
    if (room) { chooseRoom(room.dataset.room); return; }
    const target = event.target.closest("[data-action]");
    if (!target || target.tagName === "TEMPLATE" || !table.contains(target)) return;
    if (target.dataset.preview && event.pointerType === "touch") { choose(target.dataset.action); return; }
    send(target.dataset.action);
  });
  table.addEventListener("keydown", function (event) {
    const target = event.target.closest("[data-action]");
    if (event.key === "Enter" && target && target.tagName !== "BUTTON") send(target.dataset.action);
    const room = event.target.closest('[data-part="map"] g.room.reachable');
    if (event.key === "Enter" && room) chooseRoom(room.dataset.room);
  });
  // hovering or focusing an orientation shows it (a touch chooses one instead: see choose)
  table.addEventListener("pointerover", function (event) {
    const target = event.target.closest("button[data-preview]");
    if (target && chosen === null && event.pointerType !== "touch") showPreview(target.dataset.action);
  });
  table.addEventListener("pointerout", function (event) {
    const target = event.target.closest("button[data-preview]");
    if (target && chosen === null && event.pointerType !== "touch" && !target.contains(event.relatedTarget)) hidePreview(false);
  });
  table.addEventListener("focusin", function (event) {
    const target = event.target.closest("button[data-preview]");
    if (target && chosen === null) showPreview(target.dataset.action);
  });
  table.addEventListener("focusout", function (event) {
    const target = event.target.closest("button[data-preview]");
    if (target && chosen === null) hidePreview(false);
  });
  document.getElementById("confirm-lay").addEventListener("click", function () {
    if (chosen !== null) send(chosen);
  });
  document.getElementById("confirm-cancel").addEventListener("click", function () { hidePreview(true); });

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

  // -- the creator's panel -------------------------------------------------------------------
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
