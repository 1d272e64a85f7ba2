"""Shared helpers of the migrate tests: write a tree of modules, run the command in-process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from typed_enum.migrate.cli import main


@dataclass
class Result:
    status: int
    out: str
    err: str


Migrate = Callable[..., Result]
Tree = Callable[[dict[str, str]], Path]


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Tree:
    """Write ``{relative path: source}`` under a temporary directory (the cwd)."""
    monkeypatch.chdir(tmp_path)

    def write(files: dict[str, str]) -> Path:
        for name, source in files.items():
            path = tmp_path / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(textwrap.dedent(source).lstrip("\n"))
        return tmp_path

    return write


@pytest.fixture
def migrate(capsys: pytest.CaptureFixture[str]) -> Migrate:
    """``typed-enum migrate *args`` in-process: its exit status and output."""

    def run(*args: str) -> Result:
        status = main(list(args))
        captured = capsys.readouterr()
        return Result(status, captured.out, captured.err)

    return run


_SNAPSHOT = Path(__file__).parent / "snapshot_enums.py"


def snapshot(tree: Path, packages: tuple[str, ...]) -> dict[str, object]:
    """What ``packages`` in ``tree`` are at run time (``snapshot_enums.py``, in a child)."""
    result = subprocess.run(
        [sys.executable, str(_SNAPSHOT), *packages],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
        check=True,
    )
    found: dict[str, object] = json.loads(result.stdout)
    return found


def unaccounted(after: dict[str, object], report: str) -> list[str]:
    """The enum classes of a migrated tree (``snapshot(...)["classes"]``) that are
    neither typed_enum classes now nor the subject of a ``left alone`` line of
    the report in their own file: what the run skipped without a word."""
    classes = after["classes"]
    assert isinstance(classes, dict)
    left = [line.split(": left alone: ", 1) for line in report.splitlines()]
    missing = []
    for key, typed in classes.items():
        if typed:
            continue
        module, _, qualname = key.partition(":")
        stem = module.replace(".", "/")
        files = (f"{stem}.py:", f"{stem}/__init__.py:")
        subjects = (f"{qualname} stays ", f"class {qualname.rpartition('.')[2]}: ")
        if not any(
            len(parts) == 2 and parts[0].startswith(files) and parts[1].startswith(subjects)
            for parts in left
        ):
            missing.append(key)
    return missing


def summary(report: str) -> str:
    """The report's summary line (the next step follows it)."""
    return next(
        line
        for line in report.splitlines()
        if " files rewritten; " in line or " files would be rewritten; " in line
    )
