# peloponnesos — two commands:
#   make lab    set up .venv and open JupyterLab on the first lesson
#   make test   set up .venv and run every test (rules, notebooks, a real browser)
#   make print  write the printable pack (A4 pages to print from a browser) into print/
#   make voila  show lessons 02 and 03 without the code (Voila)
# Windows: see README.md for the same steps with plain pip.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8888
# The Thucydides corpus: the shared copy beside the repository when there is one (developers, CI);
# otherwise the package downloads it once into the user cache folder.
SHARED_CORPUS := $(abspath ../shared/corpus/thucydides)
ifneq ($(wildcard $(SHARED_CORPUS)/*.xml),)
export PELOPONNESOS_CORPUS ?= $(SHARED_CORPUS)
endif
STAMP := $(VENV)/.installed
# JupyterLab refuses to run as root unless told; a teacher's laptop never needs this, a container does.
ROOT_FLAG := $(if $(filter 0,$(shell id -u 2>/dev/null)),--allow-root,)

.PHONY: lab test check venv clean benchmarks voila print

# Packages are installed once (again only when pyproject.toml changes: the stamp); the corpus and the JupyterLab
# settings are checked on every run, which takes a moment once they are there, so an offline first run
# is made good by the next run online.
venv: $(STAMP)
	@$(BIN)/python -m peloponnesos.setup_lab

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit("peloponnesos needs Python 3.11 or newer; this is " + sys.version.split()[0]) if sys.version_info < (3, 11) else None'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	@touch $(STAMP)

lab: venv
	@echo "Opening JupyterLab on notebooks/00_start_here.ipynb — press Ctrl-C twice here to stop it."
	$(BIN)/jupyter lab --ip=127.0.0.1 --port=$(PORT) --ServerApp.root_dir=. $(ROOT_FLAG) notebooks/00_start_here.ipynb

test: $(STAMP)
	$(BIN)/ruff check peloponnesos tests benchmarks
	$(BIN)/python -m pytest

benchmarks: $(STAMP)
	@for f in benchmarks/*.py; do echo "== $$f"; $(BIN)/python $$f; done

# Voila serves the lessons folder: the start page lists every lesson; the two made for a projector are below.
voila: venv
	@echo "Lesson 02 (Sfacteria, ages 11-18): http://127.0.0.1:$(PORT)/voila/render/02_play_sfacteria.ipynb"
	@echo "Lesson 03 (diceless, ages 8-11):    http://127.0.0.1:$(PORT)/voila/render/03_diceless_influence.ipynb"
	$(BIN)/voila notebooks --Voila.ip=127.0.0.1 --port=$(PORT)

# The printable pack: passage sheets, adapted stories, the Sfacteria turn sheet, organisers, the diceless paper
# game, the teacher's timeline and the glossary, as A4 HTML pages in print/ (open print/index.html).
print: venv
	$(BIN)/python -m peloponnesos.printables --out print

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis tests/artifacts print
