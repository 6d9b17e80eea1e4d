# Tabletown. `make play` sets everything up and serves the game; `make test` sets up
# and runs every test (unit, rulebook examples, end-to-end in headless Chromium).

PYTHON ?= python3
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
PIP_STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
VENDOR_STAMP := static/vendor/.installed
BENCH_STAMP := tools/bench/node_modules/.installed
CHROMIUM ?= /usr/bin/chromium

.PHONY: play test unit e2e lint app dist clean setup bench mutate

setup: $(PIP_STAMP) $(VENDOR_STAMP) dist

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

# The site in dist/ (hashed names, the split package zips, compressed copies, host headers,
# the service worker), rebuilt every time: only changed files are recompressed.
dist: $(VENDOR_STAMP)
	$(PYTHON) tools/build.py dist

app: dist

$(CHROMIUM):
	apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

# Serves dist/ the way a static host does: compressed copies, content types, cache headers.
play: dist
	$(PYTHON) tools/serve.py --port $(PORT) --dir dist

test: $(PIP_STAMP) dist $(CHROMIUM) lint
	$(PY) -m pytest -q -p no:cacheprovider

unit: $(PIP_STAMP)
	$(PY) -m pytest -q -p no:cacheprovider -m "not e2e"

e2e: $(PIP_STAMP) dist $(CHROMIUM)
	$(PY) -m pytest -q -p no:cacheprovider -m e2e

lint: $(PIP_STAMP)
	$(PY) -m ruff check py tests tools

# Lighthouse (pinned in tools/bench/package.json) is only needed for the benchmarks.
$(BENCH_STAMP): tools/bench/package.json tools/bench/package-lock.json
	cd tools/bench && npm ci --no-audit --no-fund
	touch $@

bench: $(PIP_STAMP) dist $(CHROMIUM) $(BENCH_STAMP)
	$(PY) tools/bench/load.py
	$(PY) tools/bench/browser.py --only-moves
	$(PY) tools/bench/bots.py
	$(PY) tools/bench/expert.py
	$(PY) -m tabletown simulate tavern-tussle --games 1000 --seats 4 --bots easy

# Mutation testing on a seeded sample of mutants (settings in tools/mutation/targets.toml); not part of `make test`.
mutate: $(PIP_STAMP)
	$(PY) -m pip install --quiet -e '.[test,mutate]'
	$(PY) tools/mutation/run.py

clean:
	rm -rf $(VENV) node_modules tools/bench/node_modules static/vendor static/gen sw.js dist build
