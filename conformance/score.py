"""Run mypy with the plugin on a directory of conformance files and score each file.

The scoring rules are the typing conformance suite's (python/typing,
``conformance/src/main.py``), re-implemented here:

- a line carrying ``# E`` must have at least one error (any number is fine);
- a line carrying ``# E?`` may have errors;
- the lines of a group ``# E[tag]`` must have errors on exactly one of them
  (``# E[tag+]``: on at least one); a group on a single line is a mistake;
- an error on any other line fails the file.  Notes (``reveal_type``) never count.

Markers on a line with no code (a commented-out case) are ignored.  mypy runs once
per mode over the whole directory, as upstream runs it over its ``tests`` folder,
with a fresh cache and the upstream options (``deprecated`` errors enabled), plus
``plugins = mypy_plugin`` and the Python version the suite assumes (3.12).
"""

from __future__ import annotations

import ast
import enum
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

__all__ = [
    "MODES",
    "Expectations",
    "FileResult",
    "diff_errors",
    "parse_errors",
    "parse_expectations",
    "repoint_source",
    "score_directory",
]

#: ``stdlib``: the files as written; ``typed_enum``: ``enum`` imports re-pointed.
MODES: Final = ("stdlib", "typed_enum")

_MARKER = re.compile(r"# E\??(?=:|$| )")
_GROUP = re.compile(r"# E\[([^\]]+)\]")


@dataclass(frozen=True)
class Expectations:
    """What one file asks of a checker, by 1-based line number."""

    required: frozenset[int]
    optional: frozenset[int]
    #: tag -> (lines, several allowed)
    groups: dict[str, tuple[tuple[int, ...], bool]] = field(default_factory=dict)


@dataclass(frozen=True)
class FileResult:
    """The verdict on one file in one mode; ``differences`` is empty when it passes."""

    name: str
    mode: str
    differences: tuple[str, ...]
    errors: tuple[str, ...]

    @property
    def passed(self) -> bool:
        return not self.differences


def parse_expectations(text: str, name: str = "<file>") -> Expectations:
    """Read the ``# E``, ``# E?`` and ``# E[tag]`` markers of one file."""
    required: set[int] = set()
    optional: set[int] = set()
    groups: dict[str, tuple[list[int], bool]] = {}
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.split("#", 1)[0].strip():
            continue
        for match in _MARKER.finditer(line):
            (required if match.group() == "# E" else optional).add(lineno)
        for match in _GROUP.finditer(line):
            tag = match.group(1)
            several = tag.endswith("+")
            tag = tag.removesuffix("+")
            lines, seen_several = groups.setdefault(tag, ([], several))
            if seen_several != several:
                raise ValueError(f"{name}: error group {tag!r} is marked both with and without '+'")
            lines.append(lineno)
    for tag, (lines, _) in groups.items():
        if len(lines) == 1:
            raise ValueError(f"{name}: error group {tag!r} appears on line {lines[0]} only")
    return Expectations(
        required=frozenset(required),
        optional=frozenset(optional),
        groups={tag: (tuple(lines), several) for tag, (lines, several) in groups.items()},
    )


def parse_errors(output: str) -> dict[str, dict[int, list[str]]]:
    """mypy's ``file:line: error: ...`` lines, by file name and line (notes dropped)."""
    found: dict[str, dict[int, list[str]]] = {}
    for line in output.splitlines():
        parts = line.split(":", 3)
        if len(parts) < 4 or parts[2].strip() != "error" or not parts[1].isdigit():
            continue
        found.setdefault(Path(parts[0].strip()).name, {}).setdefault(int(parts[1]), []).append(line)
    return found


def diff_errors(expected: Expectations, errors: dict[int, list[str]]) -> list[str]:
    """Every way ``errors`` departs from ``expected``, one sentence each."""
    differences = [
        f"line {lineno}: expected an error, mypy reported none"
        for lineno in sorted(expected.required)
        if lineno not in errors
    ]
    grouped: set[int] = set()
    for tag, (lines, several) in expected.groups.items():
        hit = [lineno for lineno in lines if lineno in errors]
        shown = ", ".join(map(str, lines))
        if not hit:
            differences.append(f"lines {shown}: expected an error on one of them (group {tag!r})")
        elif len(hit) == 1 or several:
            grouped.update(lines)
        else:
            differences.append(f"lines {shown}: expected an error on exactly one (group {tag!r})")
    allowed = expected.required | expected.optional | grouped
    for lineno in sorted(errors):
        if lineno not in allowed:
            differences.extend(f"line {lineno}: unexpected {text}" for text in errors[lineno])
    return differences


# --- re-pointing ``enum`` imports at typed_enum -------------------------------------


def _typed_enum_names() -> dict[str, str]:
    """``enum`` name -> the typed_enum name that replaces it (derived, not listed)."""
    import typed_enum

    names = {name: name for name in typed_enum.__all__ if hasattr(enum, name)}
    # typed_enum's metaclass subclasses enum.EnumType (EnumMeta is its old name).
    names["EnumType"] = names["EnumMeta"] = typed_enum.TypedEnumType.__name__
    return names


def _offset(line_starts: list[int], lines: list[str], lineno: int, col: int) -> int:
    """A character offset from ast's 1-based line and UTF-8 byte column."""
    prefix = lines[lineno - 1].encode("utf-8")[:col].decode("utf-8")
    return line_starts[lineno - 1] + len(prefix)


def repoint_source(text: str) -> str:
    """``text`` with its ``enum`` imports and ``enum.X`` uses pointed at typed_enum.

    Names typed_enum provides (``Enum``, ``Flag``, ``auto``, ...; ``EnumType`` and
    ``EnumMeta`` become ``TypedEnumType``) come from typed_enum; the rest still
    from ``enum``.  Line numbers are kept, so the markers still apply.
    """
    names = _typed_enum_names()
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    line_starts = [0]
    for line in lines:
        line_starts.append(line_starts[-1] + len(line))
    edits: list[tuple[int, int, str]] = []
    module_aliases: set[str] = set()

    def span(node: ast.stmt | ast.expr) -> tuple[int, int]:
        assert node.end_lineno is not None
        assert node.end_col_offset is not None
        return (
            _offset(line_starts, lines, node.lineno, node.col_offset),
            _offset(line_starts, lines, node.end_lineno, node.end_col_offset),
        )

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "enum" and not node.level:
            kept = [a for a in node.names if a.name not in names]
            moved = [a for a in node.names if a.name in names]
            if not moved:
                continue
            statements = []
            if kept:
                statements.append(f"from enum import ({', '.join(_alias(a) for a in kept)})")
            renamed = ", ".join(
                _alias(ast.alias(names[a.name], a.asname or a.name))
                if names[a.name] != a.name
                else _alias(a)
                for a in moved
            )
            # Inside parentheses the statement may span the original line count.
            breaks = "\n" * ((node.end_lineno or node.lineno) - node.lineno)
            statements.append(f"from typed_enum import ({renamed}{breaks})")
            start, end = span(node)
            edits.append((start, end, "; ".join(statements)))
        elif isinstance(node, ast.Import):
            for imported in node.names:
                if imported.name == "enum":
                    module_aliases.add(imported.asname or "enum")
            if any(a.name == "enum" for a in node.names):
                _, end = span(node)
                edits.append((end, end, "; import typed_enum"))
    if module_aliases:
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in module_aliases
                and node.attr in names
                and node.lineno == node.end_lineno
            ):
                start, end = span(node)
                edits.append((start, end, f"typed_enum.{names[node.attr]}"))
    for start, end, replacement in sorted(edits, reverse=True):
        text = text[:start] + replacement + text[end:]
    return text


def _alias(alias: ast.alias) -> str:
    return f"{alias.name} as {alias.asname}" if alias.asname else alias.name


# --- running mypy -------------------------------------------------------------------


def _config(*, plugin: bool, python_version: str, cache_dir: Path) -> str:
    lines = [
        "[mypy]",
        f"python_version = {python_version}",
        "enable_error_code = deprecated",
        f"cache_dir = {cache_dir}",
    ]
    if plugin:
        lines.append("plugins = mypy_plugin")
    return "\n".join(lines) + "\n"


def run_mypy(
    directory: Path,
    mode: str,
    *,
    plugin: bool = True,
    python_version: str = "3.12",
    extra_args: Sequence[str] = (),
    files: Sequence[Path] | None = None,
) -> str:
    """mypy's output on a copy of ``directory``'s top-level files in ``mode``.

    With ``files``, only those and the support files (names starting with ``_``)
    are copied, rather than every file of the directory as upstream does.
    Raises RuntimeError when mypy crashes or cannot start (exit status 2).
    """
    wanted = None if files is None else {path.name for path in files}
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; choose one of {', '.join(MODES)}")
    with tempfile.TemporaryDirectory(prefix="conformance-") as tmp:
        work = Path(tmp) / "tests"
        work.mkdir()
        for source in sorted(directory.iterdir()):
            if source.suffix not in (".py", ".pyi") or not source.is_file():
                continue
            if wanted is not None and source.name not in wanted and source.name[0] != "_":
                continue
            if mode == "typed_enum":
                text = source.read_text(encoding="utf-8")
                (work / source.name).write_text(repoint_source(text), encoding="utf-8")
            else:
                shutil.copyfile(source, work / source.name)
        config = Path(tmp) / "mypy.ini"
        config.write_text(
            _config(plugin=plugin, python_version=python_version, cache_dir=Path(tmp) / "cache"),
            encoding="utf-8",
        )
        done = subprocess.run(
            [sys.executable, "-m", "mypy", "--config-file", str(config), *extra_args, "."],
            cwd=work,
            capture_output=True,
            text=True,
            encoding="utf-8",
            check=False,
        )
    output = done.stdout + done.stderr
    if done.returncode not in (0, 1) or "INTERNAL ERROR" in output or "Traceback" in output:
        raise RuntimeError(f"mypy failed (exit status {done.returncode}) in mode {mode}:\n{output}")
    return done.stdout


def scored_files(directory: Path, pattern: str | None = None) -> list[Path]:
    """The files to score: ``pattern`` matches, or every ``*.py`` not starting with ``_``."""
    if pattern is not None:
        return sorted(directory.glob(pattern))
    return sorted(p for p in directory.glob("*.py") if not p.name.startswith("_"))


def score_directory(
    directory: Path,
    mode: str,
    *,
    pattern: str | None = None,
    plugin: bool = True,
    python_version: str = "3.12",
    extra_args: Sequence[str] = (),
) -> list[FileResult]:
    """Score every file of ``directory`` selected by ``pattern`` in ``mode``."""
    files = scored_files(directory, pattern)
    if not files:
        raise ValueError(f"no file to score in {directory} (pattern {pattern or '*.py'})")
    output = run_mypy(
        directory,
        mode,
        plugin=plugin,
        python_version=python_version,
        extra_args=extra_args,
        files=files,
    )
    errors = parse_errors(output)
    return [_score(path, mode, errors.get(path.name, {})) for path in files]


def _score(path: Path, mode: str, errors: dict[int, list[str]]) -> FileResult:
    text = path.read_text(encoding="utf-8")
    if mode == "typed_enum":
        text = repoint_source(text)
    differences = diff_errors(parse_expectations(text, path.name), errors)
    return FileResult(
        name=path.name,
        mode=mode,
        differences=tuple(differences),
        errors=tuple(e for lineno in sorted(errors) for e in errors[lineno]),
    )


def summary(results: Iterable[FileResult]) -> str:
    """``mode: passed/total`` for each mode present in ``results``."""
    totals: dict[str, list[int]] = {}
    for result in results:
        counts = totals.setdefault(result.mode, [0, 0])
        counts[0] += result.passed
        counts[1] += 1
    return ", ".join(f"{mode} {passed}/{total}" for mode, (passed, total) in totals.items())
