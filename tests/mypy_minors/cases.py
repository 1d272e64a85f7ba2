"""The typecheck cases (``typecheck_cases/**/*.yml``) read as data: source and expected output.

A case's expected output is what pytest-mypy-plugins compares: the inline
``# E:``/``# N:``/``# W:`` comments of ``main`` (one or more per line), and
the lines of ``out``.  Read here so that many cases can be checked in one
mypy build (``batch``); the README's ``pytest`` still runs each case alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

#: ``  # E: message`` at the end of a source line; several may follow each other.
_INLINE = re.compile(r"\s+#\s*([ENW]):\s*(.*?)(?=\s+#\s*[ENW]:|$)")
_FIRST = re.compile(r"\s+#\s*[ENW]:")
_SEVERITY = {"E": "error", "N": "note", "W": "warning"}


@dataclass(frozen=True)
class Case:
    """One case: where it is, its ``main`` (comments kept), its config and expected lines."""

    name: str
    path: Path
    main: str
    config: str
    expected: tuple[str, ...]
    files: tuple[tuple[str, str], ...]
    skip: str | None
    parametrized: bool


def expected_lines(main: str, out: str) -> list[str]:
    """``main:LINE: severity: message`` for every inline comment, then the ``out`` lines."""
    found = []
    for number, line in enumerate(main.splitlines(), start=1):
        first = _FIRST.search(line)
        if first is None:
            continue
        for kind, message in _INLINE.findall(line[first.start() :]):
            found.append(f"main:{number}: {_SEVERITY[kind]}: {message.rstrip()}")
    found += [line.rstrip() for line in out.splitlines() if line.strip()]
    return found


def load(path: Path) -> list[Case]:
    """Every case of one YAML file."""
    data: list[dict[str, Any]] = yaml.safe_load(path.read_text()) or []
    cases = []
    for raw in data:
        main = raw.get("main", "")
        cases.append(
            Case(
                name=raw["case"],
                path=path,
                main=main,
                config=raw.get("mypy_config", ""),
                expected=tuple(expected_lines(main, raw.get("out", ""))),
                files=tuple((f["path"], f.get("content", "")) for f in raw.get("files", [])),
                skip=str(raw["skip"]) if "skip" in raw else None,
                parametrized="parametrized" in raw,
            )
        )
    return cases


def collect(paths: list[Path]) -> list[Case]:
    """The cases of every YAML file under ``paths`` (files or directories), in path order."""
    files: list[Path] = []
    for path in paths:
        files += sorted(path.rglob("test_*.yml")) if path.is_dir() else [path]
    return [case for file in files for case in load(file)]


def skipped(case: Case) -> bool:
    """Whether the case's ``skip`` expression holds for the installed mypy (as the plugin's)."""
    return case.skip is not None and bool(eval(case.skip, {"__builtins__": __builtins__}))
