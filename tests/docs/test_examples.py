"""Every Python example of the documentation runs as written, and prints what it shows.

See ``collect.py`` for how a page says what an example prints.  mypy runs
with the plugin as a user runs it, in a directory holding only the example
and the recommended mypy.ini.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.docs.collect import Command, Example, examples, pages

CONFIG = "[mypy]\nplugins = typed_enum.mypy\nstrict = true\n"

ALL = [example for page in pages() for example in examples(page)]


def _run(argv: list[str], cwd: Path, cache: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MYPY", "PYTHON"))}
    env["MYPY_CACHE_DIR"] = str(cache)
    env["NO_COLOR"] = "1"
    return subprocess.run(
        argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False
    )


TRACEBACK = "Traceback (most recent call last):"

# Runs a file as ``python FILE`` does (as __main__, its directory on sys.path)
# and, when it raises, prints the traceback's head and then exactly what
# Python prints last: the exception and its notes (the frames in between
# depend on the Python version and the install's paths).
RUNNER = """\
import runpy, sys, traceback
sys.argv = sys.argv[1:]
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
except BaseException as error:
    sys.stdout.flush()
    sys.stderr.write("Traceback (most recent call last):\\n")
    sys.stderr.write("".join(traceback.format_exception_only(error)))
    sys.exit(1)
"""


def _exception(expected: tuple[str, ...]) -> list[str] | None:
    """The exception lines a shown traceback ends with, if the output shows one."""
    if TRACEBACK not in expected:
        return None
    start = expected.index(TRACEBACK)
    assert expected[start + 1 : start + 2] == ("  ...",), (
        "show a traceback as its first line, '  ...' and the exception"
    )
    return [TRACEBACK, *expected[start + 2 :]]


def check(example: Example, tmp_path: Path, cache: Path) -> None:
    (tmp_path / example.filename).write_text(example.code)
    (tmp_path / "mypy.ini").write_text(CONFIG)
    for name, text in example.files:
        (tmp_path / name).write_text(text)
    commands = example.commands
    if not any(command.argv[0] == "python" for command in commands):
        # Shown or not, the example runs: here without error, its output unchecked.
        commands += (Command(("python", example.filename), ()),)
    for command in commands:
        if command.argv[0] == "mypy":
            done = _run([sys.executable, "-m", *command.argv], tmp_path, cache)
            assert done.stderr == ""
            assert done.stdout.splitlines() == list(command.output)
            continue
        done = _run([sys.executable, "-c", RUNNER, *command.argv[1:]], tmp_path, cache)
        error = _exception(command.output)
        if error is None:
            assert (done.returncode, done.stderr) == (0, "")
            if command in example.commands:
                assert done.stdout.splitlines() == list(command.output)
        else:
            shown = list(command.output[: command.output.index(TRACEBACK)])
            assert (done.returncode, done.stdout.splitlines()) == (1, shown)
            assert done.stderr.splitlines() == error


@pytest.fixture(scope="session")
def mypy_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("mypy-cache")


@pytest.mark.parametrize("example", ALL, ids=[example.id for example in ALL])
def test_example(example: Example, tmp_path: Path, mypy_cache: Path) -> None:
    check(example, tmp_path, mypy_cache)


def test_the_documentation_has_examples() -> None:
    assert len(ALL) >= 40
    assert sum(1 for example in ALL if any(c.argv[0] == "mypy" for c in example.commands)) >= 21
