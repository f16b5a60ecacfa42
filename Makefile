# Tablero: `make run` starts everything; `make test` runs the suite.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
STAMP  := $(VENV)/.installed-$(shell cat requirements.txt | cksum | cut -d' ' -f1)
BUF    := node_modules/.bin/buf
export PYTHONPATH := $(CURDIR):$(CURDIR)/gen

.PHONY: all venv gen run test lint contract bench bench-games clean

all: gen

venv: $(STAMP)

$(STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.txt
	$(PY) -c "import site, pathlib; pathlib.Path(site.getsitepackages()[0], 'tablero-dev.pth').write_text('$(CURDIR)\n$(CURDIR)/gen\n')"
	rm -f $(VENV)/.installed-* && touch $(STAMP)

gen: $(STAMP) gen/.stamp

gen/.stamp: $(shell find protos -name '*.proto') scripts/gen_protos.py
	$(PY) scripts/gen_protos.py
	touch gen/.stamp

run: gen
	$(PY) -m deploy

test: gen
	$(PY) -m pytest -q -p no:cacheprovider $(PYTEST_ARGS)

lint: gen
	$(BIN)/ruff check .
	$(BIN)/mypy

$(BUF): package.json
	npm install --no-package-lock --no-audit --no-fund --silent

contract: $(BUF)
	$(BUF) lint
	bash scripts/check_breaking.sh

bench: gen
	$(PY) -m bench.platform

bench-games: gen
	$(PY) -m bench.cuba speed
	$(PY) -m bench.rules_service cuba 12 4 4
	$(PY) -m bench.andean_abyss
	$(PY) -m bench.rules_service andean_abyss 4 4 4
	$(PY) -m bench.junta speed 10
	$(PY) -m bench.rules_service junta 4 4 2
	$(PY) -m bench.rules_service junta 4 7 2

clean:
	rm -rf gen $(VENV) node_modules
