// The lobby: show as many seat rows as there are players.
"use strict";
(function () {
  const players = document.getElementById("players");
  function update() {
    const n = Number(players.value) || 0;
    for (const row of document.querySelectorAll(".seat-row")) {
      row.hidden = Number(row.dataset.seat) >= n;
    }
  }
  players.addEventListener("input", update);
  update();
})();
