"""The version matrix: the full test suite on every supported Python and mypy.

    nox -s tests              # 3.11, 3.12, 3.13 x oldest and newest mypy
    nox -s "tests-3.12(newest)"
    nox -s lint               # ruff check, ruff format --check, mypy --strict
    nox -s realcode           # real packages with and without the plugin (slow, not in CI)

Interpreters are found by name (``python3.12``).  On machines where those
are pyenv shims, they resolve only when the versions are visible, so this
file makes every installed 3.11-3.13 visible itself; elsewhere it changes
nothing.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile

import nox

PYTHONS = ["3.11", "3.12", "3.13"]

#: The mypy range the project supports (pyproject says ``mypy>=1.14``):
#: 1.14.1 is the oldest release the plugin works with (the first with
#: ``TypeInfo.enum_members``); the newest is the latest release tested.
MYPY = {"oldest": "1.14.1", "newest": "2.4.1"}

nox.options.default_venv_backend = "venv"
# Only the interpreters found here: never download one.
nox.options.download_python = "never"
nox.options.error_on_missing_interpreters = True


def _expose_pyenv_versions() -> None:
    """Set PYENV_VERSION to every installed 3.11-3.13, unless the user set it."""
    pyenv = shutil.which("pyenv")
    if pyenv is None or os.environ.get("PYENV_VERSION"):
        return
    listed = subprocess.run(
        [pyenv, "versions", "--bare"], capture_output=True, text=True, check=False
    ).stdout.split()
    wanted = [v for v in listed if re.match(r"3\.1[123](\.|$)", v)]
    if wanted:
        os.environ["PYENV_VERSION"] = ":".join(wanted)


_expose_pyenv_versions()


def _install(session: nox.Session, mypy: str) -> None:
    if mypy == MYPY["oldest"]:
        # The oldest leg tests every lower bound of pyproject.toml, not only
        # mypy's: each dependency pinned to its ``>=`` (.ci/lower_bounds.py).
        # (run_install: it runs under --install-only too, which CI uses to build
        # the venvs in the background.)
        pins = session.run_install("python", ".ci/lower_bounds.py", "test", silent=True)
        # (Not session.create_tmp(): it points TMPDIR into the checkout, where
        # mypy and the checkers then print relative paths.)
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as file:
            file.write(str(pins))
        session.install("-c", file.name, "-e", ".[test]", f"mypy=={mypy}")
        os.unlink(file.name)
    else:
        session.install("-e", ".[test]", f"mypy=={mypy}")
    session.run("mypy", "--version")


@nox.session(python=PYTHONS)
@nox.parametrize("mypy", list(MYPY), ids=list(MYPY))
def tests(session: nox.Session, mypy: str) -> None:
    """The README's test command (``pytest``: tests/ and typecheck_cases/).

    pytest-mypy-plugins runs the ``mypy`` it finds on PATH; ``session.run``
    puts this session's venv first, so it is the version installed here.
    """
    _install(session, MYPY[mypy])
    session.run("pytest", *session.posargs)


@nox.session(python="3.11")
def lint(session: nox.Session) -> None:
    """The quality gates: ruff check, ruff format --check, mypy --strict."""
    _install(session, MYPY["newest"])
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    session.run("mypy", "--strict", "typed_enum", "mypy_plugin")


@nox.session(python="3.11", default=False)
def realcode(session: nox.Session) -> None:
    """Real packages that use stdlib enums, type-checked with and without the plugin.

    Every diagnostic the plugin adds must be a true positive; the script
    prints the diff and the timings (recorded in benchmarks/README.md).
    """
    _install(session, MYPY["newest"])
    session.install(*REALCODE_PACKAGES)
    if session.posargs:
        session.run("python", "benchmarks/realcode.py", *session.posargs)
    else:
        # Timings: median of 3 alternating runs per side, plus a profile.
        session.run("python", "benchmarks/realcode.py", "--profile")
        # --strict: the diff of diagnostics (one run per side).
        session.run("python", "benchmarks/realcode.py", "--strict", "--repeat", "1")


#: Pinned so the recorded diff and timings can be reproduced (benchmarks/realcode.py).
#: pydantic stays below 2.14 because aiogram 3.31 requires it.
REALCODE_PACKAGES = [
    "httpx==0.28.1",
    "rich==15.0.0",
    "prompt-toolkit==3.0.53",
    "click==8.5.1",
    "sqlglot==30.30.0",
    "SQLAlchemy==2.1.9",
    "pydantic==2.13.5",
    "python-telegram-bot==22.8",
    "lsprotocol==2025.0.0",
    "psycopg==3.3.9",
    "cryptography==50.0.2",
    "aiogram==3.31.0",
    "python-kasa==0.12.0",
    "aioesphomeapi==46.23.0",
    "ansible-core==2.19.14",
    "zigpy==2.4.0",
    "music-assistant-models==1.1.211",
    # A Django app with Choices, checked under django-stubs' plugin on both sides.
    "django-allauth==65.22.1",
    "Django==5.2.19",
    "django-stubs==6.1.2",
]
