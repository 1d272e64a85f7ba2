"""The type checkers, each run once over the fixture folder, and their output read back.

Every checker is a test extra (``pip install -e '.[test]'``) run through the
interpreter running this code, so a checker's version is the one installed
beside typed_enum.  Each run checks the whole folder in one process: its cost
is one start-up per checker, not one per fixture.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures"
CONFIG = Path(__file__).parent / "config"


@dataclass(frozen=True, order=True)
class Diagnostic:
    """One diagnostic: the fixture, the line, the checker's code and severity."""

    file: str  # file name in the fixture folder
    line: int
    code: str
    severity: str  # "error" or "warning"
    message: str = ""


@dataclass(frozen=True)
class Checker:
    name: str  # the README column
    distribution: str  # the package whose version is shown
    command: Callable[[Path, Path], list[str]]  # (folder, scratch dir) -> argv
    parse: Callable[[str], list[Diagnostic]]
    exits: tuple[int, ...] = (0, 1)  # exit statuses of a run that checked (1: errors found)


def _python_module(module: str, *args: str) -> list[str]:
    return [sys.executable, "-m", module, *args]


# -- mypy ------------------------------------------------------------------------

_MYPY_LINE = re.compile(
    r"^(?P<file>[^:\n]+\.py):(?P<line>\d+): (?P<severity>error|warning): "
    r"(?P<message>.*?)(?:  \[(?P<code>[a-z0-9-]+)\])?$",
    re.MULTILINE,
)


def _mypy(config: str) -> Callable[[Path, Path], list[str]]:
    def command(folder: Path, scratch: Path) -> list[str]:
        return _python_module(
            "mypy",
            "--config-file",
            str(CONFIG / config),
            "--cache-dir",
            str(scratch / f"mypy-cache-{config}"),
            "--no-pretty",
            "--hide-error-context",
            "--show-error-codes",
            ".",
        )

    return command


_MYPY_SUMMARY = re.compile(r"^(Success: no issues found|Found \d+ errors?) in ", re.MULTILINE)


def _parse_mypy(output: str) -> list[Diagnostic]:
    # The summary line shows mypy checked (a crash or a bad config prints none).
    if _MYPY_SUMMARY.search(output) is None:
        raise ValueError("no summary line")
    return [
        Diagnostic(
            Path(m["file"]).name, int(m["line"]), m["code"] or "misc", m["severity"], m["message"]
        )
        for m in _MYPY_LINE.finditer(output)
    ]


# -- pyright and basedpyright ------------------------------------------------------


def _pyright(module: str) -> Callable[[Path, Path], list[str]]:
    def command(folder: Path, scratch: Path) -> list[str]:
        return _python_module(
            module,
            "--outputjson",
            "--pythonpath",
            sys.executable,
            "--project",
            str(CONFIG / "pyrightconfig.json"),
            str(folder),
        )

    return command


def _parse_pyright(output: str) -> list[Diagnostic]:
    found = []
    for item in json.loads(output)["generalDiagnostics"]:
        if item["severity"] not in ("error", "warning"):
            continue
        found.append(
            Diagnostic(
                Path(item["file"]).name,
                item["range"]["start"]["line"] + 1,
                item.get("rule", "") or "error",
                item["severity"],
                item["message"],
            )
        )
    return found


# -- pyrefly -----------------------------------------------------------------------


def _pyrefly(folder: Path, scratch: Path) -> list[str]:
    return [
        *_python_module("pyrefly"),
        "check",
        "--config",
        str(CONFIG / "pyrefly.toml"),
        "--python-interpreter-path",
        sys.executable,
        "--output-format",
        "json",
        "--summary=none",
        *sorted(str(path) for path in folder.glob("*.py")),
    ]


def _parse_pyrefly(output: str) -> list[Diagnostic]:
    return [
        Diagnostic(
            Path(item["path"]).name,
            item["line"],
            item["name"],
            item["severity"],
            item["concise_description"],
        )
        for item in json.loads(output)["errors"]
        if item["severity"] in ("error", "warn", "warning")
    ]


# -- ty ----------------------------------------------------------------------------

_TY_SEVERITY = {"blocker": "error", "critical": "error", "major": "error", "minor": "warning"}


def _ty(folder: Path, scratch: Path) -> list[str]:
    return [
        *_python_module("ty"),
        "check",
        "--config-file",
        str(CONFIG / "ty.toml"),
        "--python",
        sys.executable,
        "--output-format",
        "gitlab",
        "--exit-zero",
        str(folder),
    ]


def _parse_ty(output: str) -> list[Diagnostic]:
    found = []
    for item in json.loads(output):
        severity = _TY_SEVERITY.get(item["severity"])
        if severity is None:
            continue
        found.append(
            Diagnostic(
                Path(item["location"]["path"]).name,
                item["location"]["positions"]["begin"]["line"],
                item["check_name"],
                severity,
                item["description"],
            )
        )
    return found


#: One per README column, in column order.
CHECKERS: tuple[Checker, ...] = (
    Checker("mypy + plugin", "mypy", _mypy("mypy-plugin.ini"), _parse_mypy),
    Checker("mypy alone", "mypy", _mypy("mypy-alone.ini"), _parse_mypy),
    Checker("pyright", "pyright", _pyright("pyright"), _parse_pyright),
    Checker("basedpyright", "basedpyright", _pyright("basedpyright"), _parse_pyright),
    Checker("pyrefly", "pyrefly", _pyrefly, _parse_pyrefly),
    Checker("ty", "ty", _ty, _parse_ty, exits=(0,)),
)
BY_NAME = {checker.name: checker for checker in CHECKERS}


def version(checker: Checker) -> str:
    return importlib.metadata.version(checker.distribution)


class CheckerDidNotRun(RuntimeError):
    """The checker crashed, or printed what cannot be read."""


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    # Either would make pyright-python fetch another pyright from npm.
    env.pop("PYRIGHT_PYTHON_FORCE_VERSION", None)
    env.pop("PYRIGHT_PYTHON_PYLANCE_VERSION", None)
    env.pop("MYPYPATH", None)
    return env


def run(checker: Checker, files: Sequence[Path] | None = None) -> list[Diagnostic]:
    """Run ``checker`` once over a copy of the fixtures (all of them, or ``files``)."""
    with tempfile.TemporaryDirectory(prefix="typed-enum-checkers-") as tmp:
        scratch = Path(tmp)
        folder = scratch / "fixtures"
        folder.mkdir()
        for path in files if files is not None else sorted(FIXTURES.glob("*.py")):
            shutil.copy(path, folder / path.name)
        argv = checker.command(folder, scratch)
        completed = subprocess.run(
            argv,
            cwd=folder,
            env=_environment(),
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        problem = None
        if completed.returncode not in checker.exits:
            problem = "an exit status that means it did not check"
        else:
            try:
                return sorted(checker.parse(completed.stdout))
            except (ValueError, KeyError) as exc:
                problem = f"output that cannot be read ({exc!r})"
        raise CheckerDidNotRun(
            f"{checker.name} ({' '.join(argv)}) exited {completed.returncode} with "
            f"{problem}:\n{completed.stdout}\n{completed.stderr}"
        )
