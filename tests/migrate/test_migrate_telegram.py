"""End to end: ``typed-enum migrate`` on python-telegram-bot 22.8 (issue 28).

Its 99 enums compute values (``int(20e6)``, ``sys.maxsize``,
``dtm.timedelta(hours=24).total_seconds()``, other enums' members, a
dataclass-like ``_AccentColor(identifier=0, ...)``) and derive from two
shared bases (``StringEnum``, ``IntEnum`` in ``telegram/_utils/enum.py``).
Read from the source only, 2 of them moved; imported (the default), every
one moves.  A copy of the installed package is migrated and compared with an
untouched copy: every module imports as before, every enum keeps its
members, values, order, aliases and lookups, ``--check`` then exits 0, and
mypy with the plugin reports nothing new.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from migrate_helpers import snapshot, summary, unaccounted

from typed_enum.migrate.cli import main

_HERE = Path(__file__).parent
PACKAGE = "telegram"


def _run_main(cwd: Path, *args: str) -> tuple[int, str]:
    saved_cwd, saved_out = Path.cwd(), sys.stdout
    read, write = os.pipe()
    os.chdir(cwd)
    try:
        with os.fdopen(read) as reader, os.fdopen(write, "w") as writer:
            sys.stdout = writer
            try:
                status = main(["--no-progress", *args, PACKAGE])
            finally:
                sys.stdout = saved_out
            writer.close()
            return status, reader.read()
    finally:
        os.chdir(saved_cwd)


@pytest.fixture(scope="module")
def trees(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """(untouched copy, migrated copy, the report)."""
    spec = importlib.util.find_spec(PACKAGE)
    assert spec is not None
    assert spec.submodule_search_locations
    source = Path(next(iter(spec.submodule_search_locations)))
    base = tmp_path_factory.mktemp("telegram")
    orig, new = base / "orig", base / "new"
    for tree in (orig, new):
        shutil.copytree(source, tree / PACKAGE, ignore=shutil.ignore_patterns("__pycache__"))
    status, report = _run_main(new)
    assert status == 0, report
    return orig, new, report


def test_every_enum_moves_and_nothing_is_left(trees: tuple[Path, Path, str]) -> None:
    *_, report = trees
    lines = report.splitlines()
    assert [line for line in lines if ": left alone: " in line] == []
    aliases = [line for line in lines if ": alias: " in line]
    assert len(aliases) == 28
    assert "telegram/constants.py" in aliases[0]
    assert summary(report).startswith(
        "2 of 233 files rewritten; implicit aliases declared with alias(): 28;"
    )


def test_every_module_imports_and_every_enum_behaves_as_before(
    trees: tuple[Path, Path, str],
) -> None:
    orig, new, report = trees
    before, after = snapshot(orig, (PACKAGE,)), snapshot(new, (PACKAGE,))
    assert unaccounted(after, report) == []
    assert after["imports"] == before["imports"]
    assert after["enums"] == before["enums"]
    enums = before["enums"]
    assert isinstance(enums, dict)
    assert len(enums) == 99
    assert before["typed"] == []
    typed = after["typed"]
    assert isinstance(typed, list)
    assert sorted(typed) == sorted(enums)


def test_a_second_run_finds_nothing_to_do(trees: tuple[Path, Path, str]) -> None:
    _, new, _ = trees
    status, report = _run_main(new, "--check")
    assert status == 0, report
    assert summary(report).startswith("0 of 233 files would be rewritten")


def _mypy(tree: Path) -> list[str]:
    config = tree / "mypy.ini"
    config.write_text("[mypy]\nplugins = mypy_plugin\nfollow_imports = silent\n")
    args = [sys.executable, "-m", "mypy", "--config-file", str(config), "--no-incremental"]
    args += ["--cache-dir", os.devnull, "--hide-error-context", "--no-error-summary", PACKAGE]
    result = subprocess.run(args, cwd=tree, capture_output=True, text=True, check=False)
    assert result.returncode in (0, 1), result.stdout + result.stderr
    # Line numbers move where alias() replaced a value on the same line only:
    # compare the diagnostics without them.
    return sorted(
        line.split(":", 2)[0] + ":" + line.split(":", 2)[2]
        for line in result.stdout.splitlines()
        if line.count(":") >= 2
    )


def test_mypy_with_the_plugin_reports_nothing_new(trees: tuple[Path, Path, str]) -> None:
    orig, new, _ = trees
    before, after = _mypy(orig), _mypy(new)
    assert sorted(set(after) - set(before)) == []
