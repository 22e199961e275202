"""The section of the hooks guide about a pack's faults: how they are reported, what is checked
when a pack loads (the table of the calls comes from :data:`clank.signatures.CALLS`), and what
happens to a game when a pack's code fails in it. :mod:`clank.guides.hookguide` renders it."""

from __future__ import annotations

from clank.signatures import ALSO_ACCEPTED, CALLS, call_text

EXAMPLE = ("frosty/__init__.py:14:9: error[pack-fault]: pack 'frosty', room feature 'frost_vent' (apply): "
           "KeyError: 'frost'; fix: correct the pack's code at that line (--debug shows the engine's traceback)")


def _rows() -> list[tuple[str, str]]:
    rows = []
    for (kind, role), args in CALLS.items():
        name, _, when = role.partition(" ")       # "factory with a value": the factory, given a value
        name = name or "fn"
        also = " or ".join(f"`{call_text(name, a)}`" for a in ALSO_ACCEPTED.get((kind, role), ()))
        call = f"`{call_text(name, args)}`" + (f" (or {also})" if also else "")
        if kind == "modifier":
            call += " with the value's context keywords (`**context`)"
        rows.append((kind + (f" `{name}`" if role else "") + (f" ({when})" if when else ""), call))
    return rows


def faults_section() -> list[str]:
    """The Markdown lines of the section."""
    rows = _rows()
    return [
        "## When a pack's code is at fault", "",
        "A mistake in a pack's Python code is reported as a mistake in its YAML is: one line naming the "
        "pack, the hook or the registered item, the pack's own `file:line` and the fix, for example:", "",
        "```text", EXAMPLE, "```", "",
        "The engine's traceback is shown only with `clank --debug` (or `CLANK_DEBUG=1`). Every command "
        "says it in at most five lines and exits with 3, a pack that fails to load; `clank validate PACK` "
        "reports the faults of the pack's code as problems of the pack (exit 1).", "",
        "**When the pack loads.** Nothing of this waits for a game to reach the faulty line:", "",
        "- a hook name no hook has, or an argument the hook does not pass, is named with the nearest hook "
        "or argument (`did you mean clank_register_room_features?`), at the function's `def`; a function "
        "named exactly like a hook is its implementation even without `@hookimpl`;",
        "- each function a pack registers is checked against what the engine will call it with (the table "
        "below), as Python binds a call: defaults, `*args`, `**kwargs` and keyword-only parameters with "
        "defaults are accepted; a wrong one is refused at the registering line;",
        "- a name registered twice names both packs; a listener of an undeclared event, a modifier of an "
        "undeclared value, a payment option for an unknown market name the nearest declared one;",
        "- an exception raised inside a registration hook names the pack, the hook and the raising line.",
        "", "Every fault of every pack is reported at once (the list `faults` of the `PackCodeError` raised).", "",
        "**During play.** An exception raised by a pack's code while an action is applied (or while the "
        "legal actions are listed) is raised as `clank.PackFault`, naming the pack, the item (the innermost "
        "registered function that was running: `room feature 'frost_vent' (apply)`, `op 'frostbite' (run)`, "
        "`bot 'wild' (choose)`), the raising line of the pack's code, the underlying exception (`error`, "
        "also its `__cause__`) and whether the game was put back (`restored`). The game is put back as it "
        "was before the action, as an illegal action leaves it: it is rebuilt from its record (configuration, "
        "seed, actions) on the fault path only, and kept only if the failed action fails there the same way "
        "(a position arranged by editing the state cannot be rebuilt: `restored` is then `False`). "
        "`clank play` says where the game is saved and how to resume it once the pack is fixed; "
        "`clank simulate` names the failing game's seed and the command that replays it, keeps the games "
        "before it (`--keep-going` plays the others, `--resume` continues the file); the web table stops "
        "that game and shows its creator the fault, and the other games play on.", "",
        "What the engine calls each registered function with:", "",
        "| registered | called as |", "|---|---|",
        *[f"| {what} | {call} |" for what, call in rows], ""]
