# Every target bootstraps .venv itself, so a fresh clone needs only python3 and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: run test test-tiers lint package bench clean

$(STAMP): pyproject.toml
	@# A venv whose pip is missing (python3-venv was not installed when it was made) is redone.
	@$(BIN)/python -m pip --version >/dev/null 2>&1 || { rm -rf $(VENV); $(PYTHON) -m venv $(VENV); } || \
	  { rm -rf $(VENV); echo "could not create $(VENV): on Debian, apt install python3-venv"; exit 1; }
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

run: $(STAMP)
	$(BIN)/slidecheck

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

# The default tier on every core (pytest-xdist); the long tiers below stay in one process.
test: lint
	$(BIN)/python -m pytest -n auto

# The long tiers the default run leaves out: the photo reader over the generated and real
# photo sets, and every arrangement of small boards (exhaustive ground truth).
test-tiers: $(STAMP)
	$(BIN)/python -m pytest -m "accuracy or slow"

package: $(STAMP)
	$(BIN)/python packaging/build.py

bench: $(STAMP)
	$(BIN)/python bench/run_all.py

clean:
	rm -rf build dist .pytest_cache .mypy_cache .ruff_cache
