# Tablero: `make run` starts everything; `make test` runs the suite.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
# `make run` installs what running needs (requirements.txt); `make test` and `make lint`
# add the tools (requirements-dev.txt). A stamp per file content: an edit reinstalls.
STAMP  := $(VENV)/.installed-run-$(shell cat requirements.txt | cksum | cut -d' ' -f1)
DEV    := $(VENV)/.installed-dev-$(shell cat requirements.txt requirements-dev.txt | cksum | cut -d' ' -f1)
BENCHDEPS := $(VENV)/.installed-bench-$(shell cat requirements-dev.txt requirements-bench.txt | cksum | cut -d' ' -f1)
NATIVEDEPS := $(VENV)/.installed-native-$(shell cat requirements.txt requirements-native.txt | cksum | cut -d' ' -f1)
BUF    := node_modules/.bin/buf
export PYTHONPATH := $(CURDIR):$(CURDIR)/gen

.PHONY: all venv dev gen native run test lint contract bench bench-memory bench-games clean

all: gen

venv: $(STAMP)

$(STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.txt
	$(PY) -c "import site, pathlib; pathlib.Path(site.getsitepackages()[0], 'tablero-dev.pth').write_text('$(CURDIR)\n$(CURDIR)/gen\n')"
	rm -f $(VENV)/.installed-run-* && touch $(STAMP)

dev: $(DEV)

$(DEV): $(STAMP) requirements-dev.txt
	$(PY) -m pip install -q -r requirements-dev.txt
	rm -f $(VENV)/.installed-dev-* && touch $(DEV)

$(NATIVEDEPS): $(STAMP) requirements-native.txt
	$(PY) -m pip install -q -r requirements-native.txt
	rm -f $(VENV)/.installed-native-* && touch $(NATIVEDEPS)

$(BENCHDEPS): $(DEV) requirements-bench.txt
	$(PY) -m pip install -q -r requirements-bench.txt
	rm -f $(VENV)/.installed-bench-* && touch $(BENCHDEPS)

gen: $(STAMP) gen/.stamp

gen/.stamp: $(shell find protos -name '*.proto') scripts/gen_protos.py
	$(PY) scripts/gen_protos.py
	touch gen/.stamp

# The rules engines compiled with mypyc (decision 0015): every later run, test and bench of
# this tree uses them while they match their sources (services/native.py), else runs from
# the sources and warns: `make native` again after an edit. Each package is its own group.
native: $(NATIVEDEPS) gen
	$(PY) scripts/native.py

run: gen
	$(PY) -m deploy

# The suite runs on TEST_JOBS processes (pytest-xdist), a test file per process at a time:
# every test starts its own servers on free ports. TEST_JOBS=0 runs it in this process.
TEST_JOBS ?= 2
test: dev gen
	$(PY) -m pytest -q -p no:cacheprovider -n $(TEST_JOBS) --dist loadfile $(PYTEST_ARGS)

lint: dev gen
	$(BIN)/ruff check .
	$(BIN)/mypy

$(BUF): package.json
	npm install --no-package-lock --no-audit --no-fund --silent

contract: $(BUF)
	$(BUF) lint
	bash scripts/check_breaking.sh

bench: dev gen native $(BENCHDEPS)
	$(PY) -m bench.platform
	$(PY) -m bench.redis_clients

bench-memory: dev gen native
	$(PY) -m bench.memory

# Every shipped game beside a base ref in the same run (issue 15's baseline by default).
BASE ?= 639746b
bench-games: dev gen native
	$(PY) -m bench.games --grpc --base $(BASE)

clean:
	test ! -x $(PY) || $(PY) scripts/native.py --clean
	rm -rf gen $(VENV) node_modules build
