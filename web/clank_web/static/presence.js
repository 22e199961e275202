// Who is connected at each seat (the server's "presence" messages, over every server process),
// and the page's title: "● Your decision — Clank!" while this page's seat decides, so a player
// whose page is in another tab sees it. It reads the messages table.js receives (the
// "clank:message" event) and changes only the presence panel and the title.
"use strict";
(function () {
  const table = document.getElementById("table");
  const panel = document.getElementById("presence");
  const restingTitle = document.title;
  const decidingTitle = "● Your decision — Clank!";

  function item(seat) {
    const li = document.createElement("li");
    li.dataset.seat = String(seat.seat);
    const name = document.createElement("strong");
    name.textContent = seat.name;
    const note = document.createElement("small");
    if (seat.kind !== "human") {
      li.className = "bot";
      note.textContent = "bot: " + seat.bot;
    } else if (seat.connected > 0) {
      li.className = "here";
      li.dataset.connected = "true";
      note.textContent = seat.connected > 1 ? "connected (" + seat.connected + " pages)" : "connected";
    } else {
      li.className = "away";
      li.dataset.connected = "false";
      note.textContent = "not connected";
    }
    li.append(name, " ", note);
    return li;
  }

  function show(message) {
    const list = document.createElement("ul");
    list.className = "presence-list";
    for (const seat of message.seats) list.appendChild(item(seat));
    const watching = document.createElement("li");
    watching.className = "watching";
    watching.textContent = message.watching === 1 ? "1 watching" : message.watching + " watching";
    list.appendChild(watching);
    panel.replaceChildren(list);
  }

  table.addEventListener("clank:message", function (event) {
    const message = event.detail;
    if (message.type === "presence") show(message);
    else if (message.type === "state") document.title = message.deciding ? decidingTitle : restingTitle;
  });
})();
