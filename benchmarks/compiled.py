"""An experimental compiled build of the engine's hot modules, for measuring what compiling buys.

mypyc (mypy's compiler, with which mypy and black ship) turns type-annotated Python modules
into C extensions. This script compiles the game modules of the engine (``core/game``, the
actions, the random source, the registry) and the catacombs pack's modules other than its
hook module (pluggy marks hook functions with an attribute, which a compiled function cannot
carry), into ``build/compiled/src``: a copy of the engine as the package ``clank`` and of the
pack, each compiled module's C extension beside its source. Put that folder first on
``PYTHONPATH`` and ``import clank`` loads the compiled modules; the other packs and the
uncompiled modules run as ever::

    python benchmarks/compiled.py             # build (about 3 minutes on 2 cores), print the folder
    PYTHONPATH=build/compiled/src python benchmarks/fingerprint.py
    python benchmarks/compiled.py --state     # state.py compiled too, into build/compiled-state

``--state`` compiles the state's records (``state.py``) too. mypyc erases their annotations (a
compiled dataclass reports ``type`` for ``str | None``), and the checks of a loaded state and the
clone's copies are made from those annotations. In that build only, the staged ``state.py``
reads them from its own source instead (:data:`SOURCE_HINTS`): enough to measure what compiling
the state buys, not a way to ship it (a wheel need not carry sources; journal section 15).

A compiled module checks its annotations at run time: a value that is not of its declared type
raises ``TypeError`` where the pure module would go on. Such a lie is a bug of the annotation,
and ``benchmarks/fingerprint.py`` run both ways is the check that the compiled build plays as
the pure one does (``compare_catanatron.py --compiled`` runs it before measuring).

It is a measuring tool, not a way to install the engine: the build needs mypy (installed into
the running environment when missing) and a C compiler. The build is kept, and made again only
when a source file changed.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "compiled"
OUT_STATE = ROOT / "build" / "compiled-state"     # the --state build
STATE = "clank/game/state.py"
MYPY = "mypy>=1.10"

# (staged package, source folder): what is copied into the build
PACKAGES = [("clank", ROOT / "core" / "clank"), ("clank_catacombs", ROOT / "packs" / "catacombs" / "clank_catacombs")]
# what is compiled, relative to the build's src folder
COMPILED = [
    "clank/actions.py", "clank/rng.py", "clank/registry.py", "clank/dungeon.py", "clank/game/*.py",
    "clank_catacombs/*.py",
]
NOT_COMPILED = {
    "clank_catacombs/__init__.py",   # the pack's hooks: pluggy marks them with an attribute
    "clank/game/offers.py",          # a subclass of list, which mypyc compiles only as a Python class
    STATE,                           # its dataclasses' annotations are what from_json checks a save
}                                    # against, and a compiled dataclass reports other types (--state
                                     # compiles it all the same: SOURCE_HINTS)
# mypy's complaints that do not stop the build. Most are optional values read where the rules
# say they are set; an annotation that does not hold shows at run time instead, as a TypeError,
# which fingerprint.py catches where its games reach it (and the test suite, run against the build).
TOLERATED = ["union-attr", "index", "arg-type", "misc", "attr-defined", "assignment", "has-type",
             "no-redef", "operator", "return-value", "call-overload", "var-annotated"]


def sources() -> list[Path]:
    """The files staged, in a stable order."""
    files = []
    for _, folder in PACKAGES:
        files += sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    return files


def key(state: bool = False) -> str:
    """A hash of the staged sources, this script, the Python version and the build's kind."""
    digest = hashlib.sha256(f"{sys.version} state={state}".encode())
    for path in [Path(__file__), *sources()]:
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


# ``_hints`` as state.py has it, and as the --state build stages it: the annotations read from the
# staged source beside the compiled module, since mypyc erases them on the compiled classes
HINTS_FROM_TYPING = """@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)
"""
SOURCE_HINTS = """@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    import ast
    import pathlib
    import sys
    module = sys.modules[cls.__module__]
    source = pathlib.Path(module.__file__).with_name(cls.__module__.rpartition(".")[2] + ".py")
    if not source.exists():
        return typing.get_type_hints(cls)
    namespace = dict(vars(module))
    for node in ast.parse(source.read_text()).body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            return {line.target.id: eval(ast.unparse(line.annotation), namespace) for line in node.body
                    if isinstance(line, ast.AnnAssign) and isinstance(line.target, ast.Name)}
    return typing.get_type_hints(cls)
"""


def stage(src: Path, state: bool = False) -> list[str]:
    """Copy the packages into ``src``; the files to compile, relative to it (``state``: state.py
    among them, its ``_hints`` replaced by :data:`SOURCE_HINTS`)."""
    shutil.rmtree(src, ignore_errors=True)
    for name, folder in PACKAGES:
        shutil.copytree(folder, src / name, ignore=shutil.ignore_patterns("__pycache__"))
    skipped = set(NOT_COMPILED)
    if state:
        skipped.discard(STATE)
        staged = src / STATE
        text = staged.read_text()
        if HINTS_FROM_TYPING not in text:
            sys.exit(f"{STATE}: _hints is no longer as this script expects (HINTS_FROM_TYPING)")
        staged.write_text(text.replace(HINTS_FROM_TYPING, SOURCE_HINTS))
    picked: list[str] = []
    for pattern in COMPILED:
        picked += sorted(str(p.relative_to(src)) for p in src.glob(pattern))
    return [p for p in picked if p not in skipped]


def build(state: bool = False) -> Path:
    """The compiled build's folder (``state``: the one with state.py compiled too), built unless
    the one there has the current key."""
    out = OUT_STATE if state else OUT
    src = out / "src"
    stamp = out / "key"
    want = key(state)
    if stamp.exists() and stamp.read_text() == want:
        return src
    if subprocess.run([sys.executable, "-c", "import mypyc"], capture_output=True).returncode:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", MYPY], check=True)
    files = stage(src, state)
    flags = ["--ignore-missing-imports", *(f"--disable-error-code={c}" for c in TOLERATED)]
    print(f"compiling {len(files)} modules with mypyc into {src} ...", file=sys.stderr, flush=True)
    done = subprocess.run([sys.executable, "-m", "mypyc", *flags, *files], cwd=src,
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(src)})
    if done.returncode:
        sys.exit(f"mypyc failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}")
    shutil.rmtree(src / "build", ignore_errors=True)
    stamp.write_text(want)
    return src


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--state", action="store_true", help="compile state.py too (build/compiled-state)")
    print(build(parser.parse_args().state))
