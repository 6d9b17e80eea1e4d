# Tabletown. `make play` sets everything up and serves the game; `make test` sets up
# and runs every test (unit, rulebook examples, end-to-end in headless Chromium).

PYTHON ?= python3
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
PIP_STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
VENDOR_STAMP := static/vendor/.installed
CHROMIUM ?= /usr/bin/chromium

.PHONY: play test unit e2e lint app dist clean setup bench mutate

setup: $(PIP_STAMP) $(VENDOR_STAMP) app

$(PIP_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

$(VENDOR_STAMP): $(NODE_STAMP) tools/build.py
	$(PYTHON) tools/build.py vendor
	touch $@

# The zipped Python package and the service worker, rebuilt every time (it is quick).
app: $(VENDOR_STAMP)
	$(PYTHON) tools/build.py app

$(CHROMIUM):
	apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

play: $(VENDOR_STAMP) app
	$(PYTHON) tools/serve.py --port $(PORT)

test: $(PIP_STAMP) $(VENDOR_STAMP) app $(CHROMIUM) lint
	$(PY) -m pytest -q -p no:cacheprovider

unit: $(PIP_STAMP)
	$(PY) -m pytest -q -p no:cacheprovider -m "not e2e"

e2e: $(PIP_STAMP) $(VENDOR_STAMP) app $(CHROMIUM)
	$(PY) -m pytest -q -p no:cacheprovider -m e2e

lint: $(PIP_STAMP)
	$(PY) -m ruff check py tests tools

dist: $(VENDOR_STAMP)
	$(PYTHON) tools/build.py dist

bench: $(PIP_STAMP) $(VENDOR_STAMP) app $(CHROMIUM)
	$(PY) tools/bench/browser.py
	$(PY) -m tabletown simulate tavern-tussle --games 1000 --seats 4 --bots easy

# Mutation testing on a seeded sample of mutants (settings in tools/mutation/targets.toml); not part of `make test`.
mutate: $(PIP_STAMP)
	$(PY) -m pip install --quiet -e '.[test,mutate]'
	$(PY) tools/mutation/run.py

clean:
	rm -rf $(VENV) node_modules static/vendor static/gen sw.js dist
