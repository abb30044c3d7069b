# Two commands do all set-up on a fresh machine: `make serve` and `make test`.
# Both build their own virtual environment in .venv; nothing needs to be active.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PORT   ?= 8866

.PHONY: serve test lint typecheck unit browser-deps bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

serve: $(STAMP)
	$(BIN)/ttr serve --port $(PORT)

# Debian's Chromium for the browser tests (Playwright may not download browsers here).
browser-deps:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else \
	    echo "browser tests need /usr/bin/chromium: sudo apt-get install chromium"; exit 1; \
	  fi; \
	fi

lint: $(STAMP)
	$(BIN)/ruff check ttr_widgets tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -q -m "not browser"

test: $(STAMP) browser-deps lint typecheck
	$(BIN)/pytest -q

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
