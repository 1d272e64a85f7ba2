"""A real package from PyPI, migrated, with its own test suite and lint before and after.

py-serializable 2.2.0 (small, pure Python; its tests ship in the sdist only):
the sdist is downloaded at test time with ``pip download`` (pip's own
configuration names the index), unpacked, its suite run and linted, then
``typed-enum migrate`` runs on it and both run again.  Its
``SerializationType(str, Enum)`` is one whose members stdlib orders by their
strings: the migration keeps that ordering (``ValueOrdered``, reported as
kept), and nothing the suite or the linter sees changes.  The suite runs
with this interpreter (its dependencies, defusedxml and xmldiff, are in the
``test`` extra); the linter is ruff, with ruff's defaults plus E501 (the sdist
ships no lint configuration of its own; its line length is read as
``typed-enum migrate`` reads it, so the new lines are held to it).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from typed_enum.migrate.cli import main

NAME, VERSION = "py-serializable", "2.2.0"
SOURCES = ("py_serializable",)


def _run(args: list[str], cwd: Path, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, cwd=cwd, capture_output=True, text=True, check=False, timeout=300, **kwargs
    )  # type: ignore[call-overload, no-any-return]


@pytest.fixture(scope="module")
def sdist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("sdist")
    done = _run(
        [
            sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", NAME,
            f"{NAME}=={VERSION}", "-d", str(work), "--disable-pip-version-check",
        ],
        work,
    )  # fmt: skip
    assert done.returncode == 0, (
        f"pip download {NAME}=={VERSION} failed (this test needs the package index that "
        f"pip is configured with):\n{done.stdout}\n{done.stderr}"
    )
    (archive,) = work.glob("*.tar.gz")
    with tarfile.open(archive) as tar:
        tar.extractall(work, filter="data")
    (tree,) = (p for p in work.iterdir() if p.is_dir())
    return tree


def _suite(tree: Path, junit: Path) -> dict[str, str]:
    """Each test's outcome (passed, failed, skipped), by name."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = _run(
        [
            sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
            "-p", "no:randomly", "-o", "addopts=", f"--junitxml={junit}", "tests",
        ],
        tree,
        env=env,
    )  # fmt: skip
    assert junit.exists(), done.stdout[-3000:] + done.stderr[-3000:]
    outcomes = {}
    for case in ET.parse(junit).getroot().iter("testcase"):
        name = f"{case.get('classname')}::{case.get('name')}"
        failed = case.find("failure") is not None or case.find("error") is not None
        skipped = case.find("skipped") is not None
        outcomes[name] = "failed" if failed else "skipped" if skipped else "passed"
    return outcomes


def _lint(tree: Path, line_length: int) -> set[tuple[str, str, str]]:
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    done = _run(
        [
            ruff, "check", "--no-cache", "--isolated", "--output-format=json", "--exit-zero",
            "--extend-select", "E501", f"--line-length={line_length}", *SOURCES,
        ],
        tree,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return {
        (Path(f["filename"]).relative_to(tree).as_posix(), f["code"] or "", f["message"])
        for f in json.loads(done.stdout)
    }


def _migrate(tree: Path, *args: str) -> tuple[int, str]:
    cwd = Path.cwd()
    os.chdir(tree)
    read, write = os.pipe()
    try:
        with os.fdopen(read) as reader, os.fdopen(write, "w") as writer:
            saved = sys.stdout
            sys.stdout = writer
            try:
                status = main(["--no-progress", *args, *SOURCES])
            finally:
                sys.stdout = saved
            writer.close()
            return status, reader.read()
    finally:
        os.chdir(cwd)


def test_a_real_sdist_keeps_its_suite_and_lint(sdist: Path, tmp_path: Path) -> None:
    from typed_enum.migrate.style import style_for

    line_length = style_for(sdist / SOURCES[0]).line_length
    before = _suite(sdist, tmp_path / "before.xml")
    lint_before = _lint(sdist, line_length)
    assert sum(o == "passed" for o in before.values()) > 50, before  # the suite ran

    status, report = _migrate(sdist)
    assert status == 0, report
    source = (sdist / "py_serializable" / "__init__.py").read_text()
    # Its (str, Enum) keeps stdlib's ordering, visibly, and the report says so.
    # (qualified: the module keeps stdlib's Enum for its isinstance checks)
    assert "class SerializationType(typed_enum.ValueOrdered, str, typed_enum.Enum):" in source
    assert "kept: SerializationType keeps stdlib's ordering" in report
    assert "Next step: enable typed_enum's mypy plugin and run mypy." in report
    check, again = _migrate(sdist, "--check")
    assert check == 0, again

    after = _suite(sdist, tmp_path / "after.xml")
    assert after == before
    assert _lint(sdist, line_length) == lint_before
