// The lobby: as many seat rows as there are players, and the options of the packs chosen (each
// pack's options in a group of their own, disabled while the pack is not chosen, so that they are
// neither shown nor sent).
"use strict";
(function () {
  const players = document.getElementById("players");
  function seats() {
    const n = Number(players.value) || 0;
    for (const row of document.querySelectorAll(".seat-row")) {
      row.hidden = Number(row.dataset.seat) >= n;
    }
  }
  function options() {
    const chosen = new Set([...document.querySelectorAll("input[name=pack]:checked")].map(function (box) { return box.value; }));
    for (const group of document.querySelectorAll("fieldset.pack-options")) {
      const on = group.dataset.pack === "core" || chosen.has(group.dataset.pack);
      group.hidden = !on;
      group.disabled = !on;
    }
  }
  players.addEventListener("input", seats);
  for (const box of document.querySelectorAll("input[name=pack]")) box.addEventListener("change", options);
  seats();
  options();
})();
