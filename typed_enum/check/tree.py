"""Which files of a tree are read, and the dotted module name of each."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

__all__ = ["default_paths", "enum_modules", "left_out", "module_name", "python_files"]

_SKIP_DIRS = frozenset(
    {"__pycache__", "node_modules", "site-packages", "build", "dist", "venv", "env"}
)
#: Top-level scripts that are no part of a package (importing them runs them).
_SCRIPTS = frozenset({"setup.py", "conftest.py", "noxfile.py", "fabfile.py", "manage.py"})
# A module that can define an enum names the enum module or one of its
# classes, Django's Choices, a class named like an enum (``StringEnum``: its base
# may not resolve, and is then named in a note), or typed_enum (``enumerate`` does
# not count).
_MENTIONS_ENUM = re.compile(
    r"\benum\b|\b(?:Int|Str|Ordered)?Enum\b|\b(?:Int)?Flag\b|\bEnum(?:Meta|Type)\b|\btyped_enum\b"
    r"|\b(?:Text|Integer)?Choices\b|\b\w+Enum\b"
)
_CLASS = re.compile(r"^[ \t]*class[ \t]+(\w+)", re.MULTILINE)
#: A class whose bases name an enum (Enum, IntFlag, StringEnum, TextChoices...).
_ENUM_CLASS = re.compile(
    r"^[ \t]*class[ \t]+\w+[ \t]*\([^)]*\b\w*(?:Enum|Flag|Choices)\b", re.MULTILINE
)
#: Folders of tests and documentation: their enums are no stored data.
_NOT_CODE = frozenset({"tests", "test", "docs", "doc", "examples", "benchmarks"})


def default_paths(root: Path) -> list[str]:
    """The packages and modules at ``root`` (and under ``root/src``), relative to it."""
    found: list[str] = []
    for base in (root, root / "src"):
        if not base.is_dir():
            continue
        for entry in sorted(base.iterdir()):
            if entry.name.startswith(".") or entry.name in _SKIP_DIRS:
                continue
            package = entry.is_dir() and (entry / "__init__.py").is_file()
            module = entry.suffix == ".py" and entry.is_file() and entry.name not in _SCRIPTS
            if package or module:
                found.append(entry.relative_to(root).as_posix())
    return found


def left_out(root: Path) -> list[str]:
    """The folders at ``root`` (and under ``root/src``) that ``default_paths`` leaves out
    (no ``__init__.py``: ``scripts/``, ``app/``) and that hold a module defining an enum."""
    found = []
    for base in (root, root / "src"):
        if not base.is_dir():
            continue
        for entry in sorted(base.iterdir()):
            if (
                not entry.is_dir()
                or entry.name.startswith(".")
                or entry.name in _SKIP_DIRS
                or entry.name in _NOT_CODE
                or entry.name == "src"
                or (entry / "__init__.py").is_file()
            ):
                continue
            relative = entry.relative_to(root).as_posix()
            for path in python_files(root, [relative]):
                try:
                    text = path.read_bytes().decode("utf-8", "replace")
                except OSError:
                    continue
                if _ENUM_CLASS.search(text):
                    found.append(relative)
                    break
    return found


def python_files(root: Path, paths: Sequence[str]) -> Iterator[Path]:
    """Every ``.py`` file under ``root / path`` for each path, in a stable order."""
    for relative in paths:
        path = root / relative
        if path.is_file():
            if path.suffix == ".py":
                yield path
            continue
        for where, dirs, files in os.walk(path):
            dirs[:] = sorted(
                d
                for d in dirs
                if not d.startswith(".") and d not in _SKIP_DIRS and not d.endswith(".egg-info")
            )
            for name in sorted(files):
                if name.endswith(".py"):
                    yield Path(where) / name


def module_name(path: Path) -> str:
    """Dotted module name of ``path``, from the nearest directory without ``__init__.py``."""
    parts = [] if path.stem == "__init__" else [path.stem]
    parent = path.parent
    while (parent / "__init__.py").is_file():
        parts.insert(0, parent.name)
        parent = parent.parent
    return ".".join(parts) or path.stem


def import_root(path: Path, module: str) -> Path:
    """The directory to put on ``sys.path`` to import ``module`` from ``path``."""
    depth = module.count(".") + (1 if path.stem == "__init__" else 0)
    return path.parents[depth]


def enum_modules(files: Sequence[Path]) -> list[Path]:
    """The files that can define an enum: those that mention enum, and those that
    mention a class one of them defines (an enum can derive from the tree's own base)."""
    texts: dict[Path, str] = {}
    for path in files:
        try:
            texts[path] = path.read_bytes().decode("utf-8", "replace")
        except OSError:
            texts[path] = ""
    chosen = {path for path, text in texts.items() if _MENTIONS_ENUM.search(text)}
    while True:
        names = {name for path in chosen for name in _CLASS.findall(texts[path])}
        if not names:
            break
        pattern = re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(names))) + r")\b")
        more = {p for p, text in texts.items() if p not in chosen and pattern.search(text)}
        if not more:
            break
        chosen |= more
    return [path for path in files if path in chosen]
