"""The check against the base game (issue 32): each card of the three packs against the band of
the cards its games deal, as an author would run it, with the greedy and the mcts bots.

    python benchmarks/balance_table.py --out build/balance            # the runs, then the tables
    python benchmarks/balance_table.py --out build/balance --tables   # the tables of finished runs

Each run is one ``clank balance`` command (printed as it starts, and in the tables' heading),
its report kept as ``OUT/RUN.json``; an existing report is reused, so an interrupted batch goes
on where it stopped. The Markdown tables go to ``OUT/tables.md`` and to stdout: for each pack,
every one of its dungeon cards with its holders' win rate and 95% interval under each bot, the
band of that run, and where the card sits (above or below the band, or within it), then the
runs' figures (games, seconds, games per second). ``docs/balance.md`` publishes them.
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CLANK = str(Path(sys.executable).with_name("clank"))
MIN_HOLDERS = 30
"""A card with fewer holders in a run is not judged against the band (the lab's own rule)."""


@dataclass(frozen=True)
class Run:
    """One ``clank balance`` run of the check."""

    name: str
    pack: str            # the pack whose cards the table lists
    packs: str
    players: int
    bots: str
    games: int
    options: tuple[str, ...] = ()

    def command(self, out: Path, seed: int) -> list[str]:
        """The command line (the JSON report written to ``out``)."""
        cmd = ["clank", "balance", "--packs", self.packs, "--players", str(self.players), "--bots", self.bots,
               "--games", str(self.games), "--seed", str(seed), "--no-cards"]
        for option in self.options:
            cmd += ["-o", option]
        return [*cmd, "--json", str(out / f"{self.name}.json")]


RUNS = (
    Run("catacombs-greedy", "catacombs", "catacombs", 4, "greedy", 10_000),
    Run("underworld-greedy", "underworld", "catacombs,underworld", 4, "greedy", 10_000),
    Run("party-greedy", "party", "catacombs,party", 5, "greedy", 10_000),
    Run("catacombs-mcts", "catacombs", "catacombs", 4, "mcts:50", 100),
    Run("underworld-mcts", "underworld", "catacombs,underworld", 4, "mcts:50", 60),
    Run("party-mcts", "party", "catacombs,party", 5, "mcts:50", 60),
)
"""The runs: greedy at every seat, then mcts (50 iterations a searched decision) at every seat: a
four-player game of the base game takes about 10 s of one core then, the Underworld's and a
five-player game longer, so the mcts runs are small (a shared 2-core machine, within an hour)."""


def play(runs: tuple[Run, ...], out: Path, seed: int, jobs: int) -> None:
    """Run each command whose report is missing, timing it (``OUT/times.json``)."""
    times_path = out / "times.json"
    for run in runs:
        if (out / f"{run.name}.json").exists():
            continue
        cmd = [*run.command(out, seed), "--jobs", str(jobs)]
        print("$ " + shlex.join(cmd), flush=True)
        start = time.perf_counter()
        subprocess.run([CLANK, *cmd[1:]], check=True, stdout=subprocess.DEVNULL)
        seconds = time.perf_counter() - start
        print(f"{run.name}: {seconds:.0f} s", flush=True)
        times = json.loads(times_path.read_text()) if times_path.exists() else {}   # another batch may have written
        times[run.name] = seconds
        times_path.write_text(json.dumps(times, indent=1, sort_keys=True) + "\n")


def _pct(est: dict[str, Any] | None) -> str:
    if not est or "lo" not in est:
        return "-"
    return f"{100 * est['value']:.1f} [{100 * est['lo']:.1f}, {100 * est['hi']:.1f}]"


def tables(runs: tuple[Run, ...], out: Path, seed: int) -> str:
    """The Markdown tables of the finished runs."""
    reports = {r.name: json.loads((out / f"{r.name}.json").read_text()) for r in runs
               if (out / f"{r.name}.json").exists()}
    times = json.loads((out / "times.json").read_text()) if (out / "times.json").exists() else {}
    lines = []
    for pack in dict.fromkeys(r.pack for r in runs):
        chosen = [r for r in runs if r.pack == pack and r.name in reports]
        if not chosen:
            continue
        lines += [f"### {pack}", ""]
        head = ["card", "cost"]
        for r in chosen:
            head += [f"{r.bots}: holders", f"{r.bots}: holders' win rate %", f"{r.bots}: band"]
        lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        first = reports[chosen[0].name]
        cards = sorted((c for c in first["cards"] if c["pack"] == pack), key=lambda c: c["name"])
        by_run = {r.name: {c["card"]: c for c in reports[r.name]["cards"]} for r in chosen}
        for card in cards:
            row = [card["name"], ", ".join(f"{v} {k}" for k, v in card["cost"].items()) or "-"]
            for r in chosen:
                c = by_run[r.name].get(card["card"])
                held = c["a"]["holders"] if c else 0
                place = ((c or {}).get("band") or "") if held >= MIN_HOLDERS else "few holders"
                row += [str(c["a"]["holders"]) if c else "0", _pct(c["a"]["holders_win_rate"] if c else None),
                        f"**{place}**" if place in ("above", "below") else place]
            lines.append("| " + " | ".join(row) + " |")
        lines.append("")
        for r in chosen:
            rep = reports[r.name]
            band = rep["band"]["a"]
            band_text = (f"[{100 * band['lo']:.1f}, {100 * band['hi']:.1f}] % (quartiles {100 * band['q1']:.1f}, "
                         f"{100 * band['q3']:.1f}; {band['cards']} cards with 30 holders or more)") if band else "none"
            seconds = times.get(r.name)
            speed = f", {seconds:.0f} s ({rep['games'] / seconds:.2f} games/s)" if seconds else ""
            lines.append(f"- {r.bots}: {rep['games']:,} games{speed}; band {band_text}; "
                         f"`{shlex.join(r.command(Path('OUT'), seed))}`")
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("build/balance"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", default="", help="Comma-separated run names (default: all).")
    ap.add_argument("--tables", action="store_true", help="Only write the tables of finished runs.")
    args = ap.parse_args(argv)
    runs = tuple(r for r in RUNS if not args.only or r.name in args.only.split(","))
    args.out.mkdir(parents=True, exist_ok=True)
    if not args.tables:
        play(runs, args.out, args.seed, args.jobs)
    text = tables(runs, args.out, args.seed)
    (args.out / "tables.md").write_text(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
