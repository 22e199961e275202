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

A compiled module checks its annotations at run time: a value that is not of its declared type
raises ``TypeError`` where the pure module would go on. Such a lie is a bug of the annotation,
and ``benchmarks/fingerprint.py`` run both ways is the check that the compiled build plays as
the pure one does (``compare_catanatron.py --compiled`` runs it before measuring).

It is a measuring tool, not a way to install the engine: the build needs mypy (installed into
the running environment when missing) and a C compiler. The build is kept, and made again only
when a source file changed.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "compiled"
SRC = OUT / "src"
MYPY = "mypy>=1.10"

# (staged package, source folder): what is copied into the build
PACKAGES = [("clank", ROOT / "core"), ("clank_catacombs", ROOT / "packs" / "catacombs" / "clank_catacombs")]
# what is compiled, relative to SRC
COMPILED = [
    "clank/actions.py", "clank/rng.py", "clank/registry.py", "clank/game/*.py",
    "clank_catacombs/*.py",
]
NOT_COMPILED = {
    "clank_catacombs/__init__.py",   # the pack's hooks: pluggy marks them with an attribute
    "clank/game/offers.py",          # a subclass of list, which mypyc compiles only as a Python class
    "clank/game/state.py",           # its dataclasses' annotations are what from_json checks a save
}                                    # against, and a compiled dataclass reports other types
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


def key() -> str:
    """A hash of the staged sources, this script and the Python version."""
    digest = hashlib.sha256(sys.version.encode())
    for path in [Path(__file__), *sources()]:
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def stage() -> list[str]:
    """Copy the packages into SRC; the files to compile, relative to SRC."""
    shutil.rmtree(SRC, ignore_errors=True)
    for name, folder in PACKAGES:
        shutil.copytree(folder, SRC / name, ignore=shutil.ignore_patterns("__pycache__"))
    picked: list[str] = []
    for pattern in COMPILED:
        picked += sorted(str(p.relative_to(SRC)) for p in SRC.glob(pattern))
    return [p for p in picked if p not in NOT_COMPILED]


def build() -> Path:
    """The compiled build's folder, built unless the one there has the current key."""
    stamp = OUT / "key"
    want = key()
    if stamp.exists() and stamp.read_text() == want:
        return SRC
    if subprocess.run([sys.executable, "-c", "import mypyc"], capture_output=True).returncode:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", MYPY], check=True)
    files = stage()
    flags = ["--ignore-missing-imports", *(f"--disable-error-code={c}" for c in TOLERATED)]
    print(f"compiling {len(files)} modules with mypyc into {SRC} ...", file=sys.stderr, flush=True)
    done = subprocess.run([sys.executable, "-m", "mypyc", *flags, *files], cwd=SRC,
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(SRC)})
    if done.returncode:
        sys.exit(f"mypyc failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}")
    shutil.rmtree(SRC / "build", ignore_errors=True)
    stamp.write_text(want)
    return SRC


if __name__ == "__main__":
    print(build())
