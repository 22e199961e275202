# One command to play, one to test (see README "Quick start").
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
# every content pack of this repository (packs/<id>/pyproject.toml), installed beside the engine
PACKS  := $(sort $(patsubst %/pyproject.toml,%,$(wildcard packs/*/pyproject.toml)))

.PHONY: install play test test-slow lint bench clean wheel-check

$(STAMP): pyproject.toml $(addsuffix /pyproject.toml,$(PACKS))
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q -e '.[test]' $(addprefix -e ,$(PACKS))
	touch $(STAMP)

install: $(STAMP)

play: $(STAMP)
	$(BIN)/clank play

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/pytest

# The slow tier: the 1,000-game fuzz and the wide invariant sweeps (CI runs it after `make test`).
test-slow: $(STAMP)
	$(BIN)/pytest -m slow

lint: $(STAMP)
	$(BIN)/ruff check .

bench: $(STAMP)
	$(BIN)/python benchmarks/bench.py

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
	cd build && wheel-venv/bin/clank simulate --games 2 --players 2 --packs catacombs,underworld --seed 1 > /dev/null
	cd build && wheel-venv/bin/clank simulate --games 3 --players 3 --seed 1 > /dev/null
	rm -rf build/smoke && cd build && wheel-venv/bin/clank pack new smoke && wheel-venv/bin/clank validate --strict ./smoke
	cd build && wheel-venv/bin/clank packs show ./smoke > /dev/null && wheel-venv/bin/clank docs authoring -o authoring.md
	cd build && wheel-venv/bin/clank docs hooks -o hooks.md && grep -q '### `clank_register_ops`' hooks.md
	cd build && wheel-venv/bin/python -c "import clank.schemas, clank.cli, clank_catacombs, clank_underworld; print('wheels OK')"
