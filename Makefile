# Two commands do all set-up on a fresh machine: `make serve` and `make test`.
# Both build their own virtual environment in .venv; nothing needs to be active.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PORT   ?= 8866

.PHONY: serve test quick lint typecheck unit load-test browser-deps pg-deps bench sweep i18n clean

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

# Debian's PostgreSQL server programs for the tables' tests in PostgreSQL (tests/tables: each
# test session starts its own server in a temporary folder; none is left running).
pg-deps:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
	  else \
	    echo "the tables' tests need PostgreSQL's server: sudo apt-get install postgresql"; exit 1; \
	  fi; \
	fi

lint: $(STAMP)
	$(BIN)/ruff check ttr_widgets tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP) pg-deps
	$(BIN)/pytest -q -m "not browser and not slow"

# The quick loop while working: the rules core and the command line, without the slow sweeps,
# notebooks and browsers (tests are grouped by layer: tests/rules, cli, widgets, course, browser).
quick: $(STAMP)
	$(BIN)/pytest -q -m "not slow and not notebook and not browser" tests/rules tests/bots tests/cli

# The whole suite but the classroom load test (20 visitors at once: see load-test), in three
# runs: most browser tests over two workers, a test file each (a file marked spread: a test
# each; tests/conftest.py); then the browser tests marked alone, one at a time: those that
# watch the server's own timing (kernel pool refills wait for a quiet CPU) and the pages whose
# board clicks misfired beside another worker (the board still settling under the mouse). One
# at a time they leave about a third of the 2 cores idle, so the in-process tests run beside
# them over two workers at the lowest priority (nice 19, and in a session of their own whose
# autogroup is niced too, where Linux schedules sessions as groups: they yield the CPU to the
# browser tests, and the pool does not count them as busy); their output follows, from its log.
# (The in-process tests beside the first browser run too were no quicker in all: measured.)
BROWSER := --ignore=tests/browser/test_classroom.py
# the slowest tests of each run, in its log
DURATIONS := --durations=15 --durations-min=20
IN_PROCESS_LOG := test-artifacts/in-process-tests.log
test: $(STAMP) browser-deps pg-deps lint typecheck
	$(BIN)/pytest -q -n 2 --dist loadgroup $(DURATIONS) -m "browser and not alone" $(BROWSER)
	@mkdir -p $(dir $(IN_PROCESS_LOG))
	@echo "in-process tests at nice 19 beside the next run, into $(IN_PROCESS_LOG)"
	@setsid sh -c 'echo 19 >/proc/self/autogroup 2>/dev/null; exec nice -n 19 "$$0" "$$@"' \
	  $(BIN)/pytest -q -n 2 $(DURATIONS) -m "not browser and not slow" \
	  >$(IN_PROCESS_LOG) 2>&1 & in_process=$$!; \
	trap 'kill -- -$$in_process 2>/dev/null' INT TERM; \
	$(BIN)/pytest -q $(DURATIONS) -m "browser and alone" $(BROWSER); alone=$$?; \
	wait $$in_process; beside=$$?; \
	echo "the in-process tests (pytest -n 2 -m 'not browser and not slow'):"; \
	cat $(IN_PROCESS_LOG); \
	test $$alone = 0 && test $$beside = 0

# A class of 20 visitors on loopback (4 Chromium pages + 16 protocol clients, ~20 kernels):
# minutes of full CPU on 2 cores, so it runs on its own, by hand.
load-test: $(STAMP) browser-deps
	$(BIN)/pytest -q tests/browser/test_classroom.py

# The long proofs, outside make test: the invariant sweep at 10,000 seeded random games per map
# and player count, the fast engine against the reference over 10,000 games per map, and the
# tests marked slow (whole games with a hint or a search at every step on USA and Europe, the
# shipped map study played again).
sweep: $(STAMP)
	TTR_SWEEP_GAMES=10000 TTR_IDENTITY_GAMES=10000 $(BIN)/pytest -q \
	  tests/rules/test_invariants.py tests/bots/test_fast.py
	$(BIN)/pytest -q -n 2 -m "slow and not browser"

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

# The catalogue's workflow (the README's "Languages"): extract every sentence of the package (and
# the notebooks' quizzes: babel.cfg) into ttr.pot, merge it into each language's ttr.po (new
# sentences come in empty: translate them),
# then compile the .mo files the kit reads (committed; tests/i18n checks they are current).
LOCALE := ttr_widgets/locale
i18n: $(STAMP)
	$(BIN)/pybabel extract -F $(LOCALE)/babel.cfg --no-location --sort-output \
	  --project ttr-widgets --copyright-holder "the ttr-widgets authors" -o $(LOCALE)/ttr.pot ttr_widgets
	$(BIN)/pybabel update -D ttr -i $(LOCALE)/ttr.pot -d $(LOCALE) \
	  --no-fuzzy-matching --ignore-obsolete --width 99
	$(BIN)/pybabel compile -D ttr -d $(LOCALE) --statistics
	$(BIN)/python -m ttr_widgets.server.notebook_i18n extract -o $(LOCALE)/course.pot notebooks
	$(BIN)/pybabel update -D course -i $(LOCALE)/course.pot -d $(LOCALE) \
	  --no-fuzzy-matching --ignore-obsolete --width 99
	$(BIN)/python -m ttr_widgets.server.notebook_i18n compile

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
