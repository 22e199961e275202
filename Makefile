# One command to play, one to test (see README "Quick start").
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
RAY_STAMP := $(VENV)/.ray-stamp
BROWSER_STAMP := $(VENV)/.browser-stamp
# every content pack of this repository (packs/<id>/pyproject.toml), installed beside the engine
PACKS  := $(sort $(patsubst %/pyproject.toml,%,$(wildcard packs/*/pyproject.toml)))

.PHONY: install play serve test test-slow test-ray test-browser screenshot screenshot-table lint bench bench-compare bench-compiled bench-instructions bench-bytecodes bench-rl clean wheel-check

# The extra 'lab' is the plotting library of clank balance's HTML report (matplotlib).
# Fast install: uv (a pip-installable wheel) resolves and installs everything in one go, the
# engine and the packs editable; without it (no wheel for this platform, no index it can
# reach) pip does the same. uv compiles the installed modules' bytecode as pip does: without
# it the first `make play` (every run, where PYTHONDONTWRITEBYTECODE is set) compiles Textual
# and the rest from source, 0.3 s more to the first screen.
$(STAMP): pyproject.toml $(addsuffix /pyproject.toml,$(PACKS))
	$(PYTHON) -m venv $(VENV)
	($(BIN)/python -m pip install -q --disable-pip-version-check uv 2>/dev/null && \
	  $(BIN)/python -m uv pip install -q --compile-bytecode --python $(BIN)/python -e '.[test,rl,lab,web,postgres]' $(addprefix -e ,$(PACKS))) || \
	  $(BIN)/python -m pip install -q --disable-pip-version-check -e '.[test,rl,lab,web,postgres]' $(addprefix -e ,$(PACKS))
	touch $(STAMP)

install: $(STAMP)

play: $(STAMP)
	$(BIN)/clank play

# The web table (docs/web.md): the lobby at http://127.0.0.1:8000/, games kept in an SQLite file of
# the user data directory; HOST, PORT and DB (a database URL) override the defaults.
HOST ?= 127.0.0.1
PORT ?= 8000
serve: $(STAMP)
	$(BIN)/clank serve --host $(HOST) --port $(PORT) $(if $(DB),--db $(DB))

# The tests run on every core (pytest-xdist, one worker per core; each worker has a content
# cache of its own, see conftest.py): on a slow 2-core machine the whole CI took 11.5 minutes
# instead of 21.
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-cache --no-logo
	$(BIN)/mypy
	$(BIN)/pytest -n auto

# The slow tier: the 1,000-game fuzz, the wide invariant sweeps and the web table's 100 concurrent
# games (CI runs it after `make test`).
test-slow: $(STAMP)
	$(BIN)/pytest -n auto -m slow

# The Ray backend of `clank simulate --ray`: installs the optional extra (pip install -e '.[ray]')
# into the virtualenv, then runs the tests marked `ray`, which start a local Ray instance
# (CI runs it after the slow tier; `make test` leaves these tests out).
$(RAY_STAMP): $(STAMP)
	($(BIN)/python -m uv pip install -q --python $(BIN)/python -e '.[ray]' 2>/dev/null) || \
	  $(BIN)/python -m pip install -q --disable-pip-version-check -e '.[ray]'
	touch $(RAY_STAMP)

test-ray: $(RAY_STAMP)
	$(BIN)/pytest -m ray

# Pages driven in a real headless browser: Playwright (the extra 'browser') on the system's
# Chromium, which .ci/system-deps installs from Debian (Playwright's own browser download
# cannot work here). Without that browser the tests are skipped, saying why.
$(BROWSER_STAMP): $(STAMP)
	($(BIN)/python -m uv pip install -q --python $(BIN)/python -e '.[browser]' 2>/dev/null) || \
	  $(BIN)/python -m pip install -q --disable-pip-version-check -e '.[browser]'
	touch $(BROWSER_STAMP)

test-browser: $(BROWSER_STAMP)
	$(BIN)/pytest -n auto -m browser

# The README's picture of the web table, taken anew by the browser test of a two-person game.
screenshot: $(BROWSER_STAMP)
	CLANK_SCREENSHOT=1 $(BIN)/pytest -m browser -k two_people_play_a_whole_game

# The pictures of the terminal table in docs/playing.md, taken anew by Textual's pilot.
screenshot-table: $(STAMP)
	CLANK_SCREENSHOT=1 $(BIN)/pytest tests/test_tui_screenshots.py -q

# The type check (mypy, configured in pyproject.toml: the engine, the CLI, the web table and the packs;
# its cache in build/mypy-cache, a few seconds once warm): docs/development.md.
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-cache --no-logo
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python benchmarks/bench.py
	$(BIN)/python benchmarks/mapdraw_bench.py

# Side by side with catanatron 3.2.1 (installed by the script in its own virtualenv, build/catanatron-venv).
bench-compare: $(STAMP)
	$(BIN)/python benchmarks/compare_catanatron.py

# The same, with a third column: the experimental mypyc build of the game modules and the
# catacombs pack (benchmarks/compiled.py: about 3 minutes to build, kept until a source changes),
# measured only once it plays exactly as the pure build (benchmarks/fingerprint.py).
bench-compiled: $(STAMP)
	$(BIN)/python benchmarks/compare_catanatron.py --compiled

# The learning environments (clank.rl) side by side with catanatron-gym 4.0.0 (installed by the
# script in its own virtualenv, build/catanatron-gym-venv): env steps/s of random masked play.
bench-rl: $(STAMP)
	$(BIN)/python benchmarks/rl_env.py

# The same workloads counted in CPU instructions (valgrind's callgrind), which the machine and
# its load do not change: a few minutes.
bench-instructions: $(STAMP)
	$(BIN)/python benchmarks/instructions.py

# The same workloads counted in Python bytecodes (sys.settrace; no valgrind), which follow the
# seconds more closely than instructions do.
bench-bytecodes: $(STAMP)
	$(BIN)/python benchmarks/bytecodes.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache

# Build the wheels and smoke-test them in a fresh virtualenv (an editable install hides a
# sub-package or data file left out of the package list).
wheel-check: $(STAMP)
	rm -rf build/wheels build/wheel-venv
	$(BIN)/python -m pip wheel -q --no-deps -w build/wheels . $(PACKS)
	$(PYTHON) -m venv build/wheel-venv
	build/wheel-venv/bin/python -m pip install -q build/wheels/*.whl
	cd build && wheel-venv/bin/clank packs list
	cd build && wheel-venv/bin/clank validate catacombs
	cd build && wheel-venv/bin/clank validate underworld
	cd build && wheel-venv/bin/clank pack test catacombs > /dev/null
	cd build && wheel-venv/bin/clank simulate --games 2 --players 2 --packs catacombs,underworld --seed 1 > /dev/null
	cd build && wheel-venv/bin/clank simulate --games 3 --players 3 --seed 1 > /dev/null
	cd build && wheel-venv/bin/clank balance --games 4 --players 2 --seed 1 --set payoff.cost=3 --jobs 1 --json balance.json > /dev/null
	rm -rf build/smoke && cd build && wheel-venv/bin/clank pack new smoke && wheel-venv/bin/clank validate --strict ./smoke
	cd build && wheel-venv/bin/clank pack test ./smoke > /dev/null
	cd build && wheel-venv/bin/clank packs show ./smoke > /dev/null && wheel-venv/bin/clank docs authoring -o authoring.md
	cd build && wheel-venv/bin/clank docs hooks -o hooks.md && grep -q '### `clank_register_ops`' hooks.md
	cd build && wheel-venv/bin/clank play --humans 0 --players 2 --seed 1 -o max_rounds=3 --save smoke-game.json > /dev/null
	cd build && wheel-venv/bin/clank render smoke-game.json --svg smoke-map.svg && grep -q 'class="tile"' smoke-map.svg
	cd build && wheel-venv/bin/python -c "import clank.schemas, clank_cli, clank.mapdraw, clank_catacombs, clank_underworld; print('wheels OK')"
	cd build && wheel-venv/bin/python -c "import importlib.resources as r; \
	  assert all(r.files(p).joinpath('py.typed').is_file() for p in ('clank', 'clank_catacombs', 'clank_underworld', 'clank_party')); print('py.typed OK')"
	cd build && wheel-venv/bin/python -c "import importlib.resources as r; w = r.files('clank_web'); \
	  assert all((w / p).is_file() for p in ('templates/table.html', 'templates/parts.html', 'static/table.js', \
	  'static/table.css', 'migrations/env.py', 'migrations/versions/0001_games.py')); print('web files OK')"
	cd build && wheel-venv/bin/clank serve > serve.txt 2>&1; test $$? -eq 3 && grep -q "clank-engine\[web\]" serve.txt
