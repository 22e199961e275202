"""The compiled-content cache (issue 10): a successful load is kept across processes, read back
only under a matching key, rebuilt silently when corrupt, never holding a failed load; and
``clank validate`` never reads a whole load back. Each content file's read and schema check is kept
too (issue 37): a file that did not change is not parsed and checked again, one that did is, and
its problems come back the same either way.

Each test has a cache directory of its own (``CLANK_CACHE_DIR``). The packs are the base game
(its module given directly) and a copy of the walkthrough's directory pack, which a test may
edit. Whether a load was real is seen through :func:`clank.api._load`, never through time.
"""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
import types
from pathlib import Path

import clank_catacombs
import pytest
from clank import api
from clank.content import cache
from clank.content.problems import ContentError
from clank.plugins import find_pack
from clank_cli.main import app
from typer.testing import CliRunner

BASE = {"catacombs": clank_catacombs}
WALKTHROUGH = Path(__file__).parent / "walkthrough_pack" / "dragonbane"


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache directory for this test."""
    path = tmp_path / "cache"
    monkeypatch.setenv(cache.ENV_DIR, str(path))
    monkeypatch.delenv(cache.ENV_OFF, raising=False)
    return path


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    """A directory pack the test may edit (requires the base game)."""
    return Path(shutil.copytree(WALKTHROUGH, tmp_path / "dragonbane"))


class RealLoads:
    """Counts the loads that parsed and validated the files (cache misses)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        real = api._load

        def counting(*args, **kwargs):
            self.count += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(api, "_load", counting)


@pytest.fixture
def real_loads(monkeypatch: pytest.MonkeyPatch) -> RealLoads:
    return RealLoads(monkeypatch)


def load(pack: Path) -> list:
    """Load the base game and ``pack``; the validated pack data."""
    return api.load_packs(["catacombs", str(pack)], (), BASE)[2]


def entries(cache_dir: Path) -> list[Path]:
    return sorted((cache_dir / cache.SUBDIR).glob("*.pickle"))


def summary(datas: list) -> list:
    """What a load gives, as comparable data (positions of a card id included)."""
    return [(d.id, d.manifest, d.cards, d.tiles, d.tokens, d.setup, d.extra, d.info, d.parts,
             [p.format_text() for p in d.warnings], d.where("cards", (0, "id")) if d.cards else None)
            for d in datas]


def test_miss_then_hit(cache_dir: Path, pack: Path, real_loads: RealLoads) -> None:
    first = load(pack)
    assert real_loads.count == 1 and len(entries(cache_dir)) == 1
    second = load(pack)
    assert real_loads.count == 1, "the second load read the cache"
    assert summary(second) == summary(first)
    assert [d.id for d in second] == ["catacombs", "dragonbane"]   # dependency order kept


def test_a_cached_load_plays_the_same_game(cache_dir: Path, pack: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from clank import new_game
    from clank.testing import state_json

    monkeypatch.setattr(api, "_CACHE", {})
    fresh = new_game(["catacombs", str(pack)], 3, 5, modules=BASE)   # writes the entry
    monkeypatch.setattr(api, "_CACHE", {})
    cached = new_game(["catacombs", str(pack)], 3, 5, modules=BASE)  # reads it
    assert cached.ruleset is not fresh.ruleset
    assert state_json(cached) == state_json(fresh)


def test_a_changed_data_file_invalidates(cache_dir: Path, pack: Path, real_loads: RealLoads) -> None:
    load(pack)
    cards = pack / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("name: Ember Squire", "name: Ember Knight"),
                     encoding="utf-8")
    datas = load(pack)
    assert real_loads.count == 2
    assert datas[1].cards[0]["name"] == "Ember Knight"


def test_an_added_file_invalidates(cache_dir: Path, pack: Path, real_loads: RealLoads) -> None:
    load(pack)
    (pack / "notes.yaml").write_text("a: 1\n", encoding="utf-8")   # never loaded: a warning says so
    datas = load(pack)
    assert real_loads.count == 2
    assert any(p.rule == "unlisted-file" for p in datas[1].warnings)


def test_a_validation_error_is_never_cached(cache_dir: Path, pack: Path, real_loads: RealLoads,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    load(pack)
    cards = pack / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("cost: {skill: 3}", "cost: {skil: 3}"),
                     encoding="utf-8")
    before = entries(cache_dir)
    reports = []
    for _ in range(2):
        with pytest.raises(ContentError) as caught:
            load(pack)
        reports.append([p.format_text() for p in caught.value.problems])
    assert real_loads.count == 3 and entries(cache_dir) == before
    monkeypatch.setenv(cache.ENV_OFF, "1")
    with pytest.raises(ContentError) as uncached:
        load(pack)
    assert reports[0] == reports[1] == [p.format_text() for p in uncached.value.problems]
    assert any(f"{cards}:7:" in line and "skil" in line for line in reports[0])   # file, line, column


@pytest.mark.parametrize("damage", ["empty", "garbage", "truncated", "other key", "foreign class", "directory"])
def test_a_corrupt_or_unreadable_entry_is_rebuilt(cache_dir: Path, pack: Path, real_loads: RealLoads,
                                                  damage: str) -> None:
    good = summary(load(pack))
    [entry] = entries(cache_dir)
    blob = entry.read_bytes()
    size = int.from_bytes(blob[len(cache.MAGIC):len(cache.MAGIC) + 8], "big")
    key, payload = blob[len(cache.MAGIC) + 8:][:size], blob[len(cache.MAGIC) + 8 + size:]
    assert pickle.loads(payload).order == ["catacombs", "dragonbane"]
    if damage == "empty":
        entry.write_bytes(b"")
    elif damage == "garbage":
        entry.write_bytes(os.urandom(4096))
    elif damage == "truncated":
        entry.write_bytes(blob[: len(blob) // 2])
    elif damage == "other key":
        other = key.replace(b'"format": 1', b'"format": 0')
        assert other != key
        entry.write_bytes(cache.MAGIC + len(other).to_bytes(8, "big") + other + payload)
    elif damage == "foreign class":   # the right key, and a pickle naming a class outside the cache's
        entry.write_bytes(blob[: len(blob) - len(payload)] + pickle.dumps(types.SimpleNamespace(order=[], packs=[])))
    else:
        entry.unlink()
        entry.mkdir()
    assert summary(load(pack)) == good
    assert real_loads.count == 2
    if damage != "directory":   # rewritten, and read back next time
        assert summary(load(pack)) == good and real_loads.count == 2


def test_the_key_names_the_engine_and_python(cache_dir: Path, pack: Path, real_loads: RealLoads,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    load(pack)
    fingerprint = dict(cache.engine_fingerprint())
    for field, value in (("python", "3.99.0"), ("engine", "9.9.9"), ("sources", "0" * 64)):
        monkeypatch.setattr(cache, "engine_fingerprint", lambda f=field, v=value: {**fingerprint, f: v})
        load(pack)
    assert real_loads.count == 4


def test_the_key_names_the_parts_and_the_packs_code(tmp_path: Path, pack: Path) -> None:
    base = find_pack("catacombs", BASE)
    plain = cache.key_material([base], ())
    assert plain is not None and plain != cache.key_material([base], ("promos",))
    code = tmp_path / "code"
    code.mkdir()
    (code / "__init__.py").write_text("X = 1\n", encoding="utf-8")
    module = types.ModuleType("fakepack")
    module.__path__ = [str(code)]
    source = find_pack(str(pack))
    source.module = module
    before = cache.key_material([source], ())
    (code / "__init__.py").write_text("X = 2\n", encoding="utf-8")
    assert before is not None and cache.key_material([source], ()) != before
    spelled = find_pack(f"{pack.parent}/../{pack.parent.name}/{pack.name}")   # the same directory, written otherwise
    assert cache.key_material([spelled], ()) != cache.key_material([find_pack(str(pack))], ())
    module.__path__ = []   # a module with no file behind it cannot be keyed: no cache
    assert cache.key_material([source], ()) is None


def test_no_cache_writes_nothing(cache_dir: Path, pack: Path, real_loads: RealLoads,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(cache.ENV_OFF, "1")
    load(pack)
    load(pack)
    assert real_loads.count == 2 and not cache_dir.exists()


def test_entries_are_pruned(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache, "KEEP", 3)
    for i in range(5):
        cache.write(f"key {i}", cache.CachedContent([], []))
        os.utime(cache.entry_path(f"key {i}"), (1000 + i, 1000 + i))   # written in this order, whatever the clock
    assert len(entries(cache_dir)) == 3
    assert [cache.read(f"key {i}") is not None for i in range(5)] == [False, False, True, True, True]


def test_an_entry_in_use_outlives_entries_written_since(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pruning removes the least recently used entries: one read since is kept while others
    (another checkout's) are written, where the least recently written would have gone."""
    monkeypatch.setattr(cache, "KEEP", 3)
    for i in range(3):
        cache.write(f"key {i}", cache.CachedContent([], []))
        os.utime(cache.entry_path(f"key {i}"), (1000 + i, 1000 + i))
    assert cache.read("key 0") is not None               # in use: its time is now
    for i in range(3, 5):
        cache.write(f"key {i}", cache.CachedContent([], []))
        os.utime(cache.entry_path(f"key {i}"), (2000 + i, 2000 + i))
    assert [cache.read(f"key {i}") is not None for i in range(5)] == [True, False, False, True, True]


def test_validate_never_reads_the_cache(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args, **kwargs):
        raise AssertionError("clank validate used the content cache")

    monkeypatch.setattr(cache, "read", refuse)
    monkeypatch.setattr(cache, "write", refuse)
    result = CliRunner().invoke(app, ["validate", "catacombs"])
    assert result.exit_code == 0, result.output


def test_a_checked_file_is_read_back_until_it_changes(cache_dir: Path, pack: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Validating twice parses nothing the second time; editing a file parses that file again,
    and a file with a problem reports the same problem from the cache."""
    from clank.content import packread

    parsed: list[str] = []
    real = packread.load_yaml_bytes

    def counting(data: bytes, file: str):
        parsed.append(file)
        return real(data, file)

    monkeypatch.setattr(packread, "load_yaml_bytes", counting)
    runner = CliRunner()
    assert runner.invoke(app, ["validate", str(pack)]).exit_code == 0
    cards = pack / "cards.yaml"
    assert str(cards) in parsed
    parsed.clear()
    assert runner.invoke(app, ["validate", str(pack)]).exit_code == 0
    assert parsed == []
    cards.write_text(cards.read_text(encoding="utf-8").replace("gain:", "gian:", 1), encoding="utf-8")
    first = runner.invoke(app, ["validate", str(pack)])
    assert parsed == [str(cards)] and first.exit_code == 1 and "unknown op 'gian'" in first.stdout
    again = runner.invoke(app, ["validate", str(pack)])
    assert parsed == [str(cards)] and again.stdout == first.stdout
    monkeypatch.setenv(cache.ENV_OFF, "1")
    assert runner.invoke(app, ["validate", str(pack)]).stdout == first.stdout
    assert parsed.count(str(cards)) == 2


def test_a_warm_process_loads_neither_yaml_nor_schemas(cache_dir: Path) -> None:
    """The point of the cache: a fresh process with a warm cache imports no YAML parser and no
    schema validator (structure, not time)."""
    code = ("import sys; from clank import new_game; new_game(['catacombs'], 2, 0); "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'ruamel', 'jsonschema'}))")
    env = {**os.environ, cache.ENV_DIR: str(cache_dir)}
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
            for _ in range(2)]
    assert runs[0].stdout.strip() == "['jsonschema', 'ruamel']"   # cold: loaded for real
    assert runs[1].stdout.strip() == "[]"                          # warm: read from the cache
