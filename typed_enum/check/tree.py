"""Which files of a tree are read, and the dotted module name of each."""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Iterator, Sequence
from pathlib import Path

from typed_enum.check import census

__all__ = [
    "default_paths",
    "enum_facts",
    "enum_modules",
    "left_out",
    "listed_default_paths",
    "module_name",
    "module_names",
    "python_files",
    "skipped",
]

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
_WORD = re.compile(r"\w+")
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


def listed_default_paths(files: Collection[str], here: str) -> list[str]:
    """``default_paths`` of the folder ``here`` of a revision known by its files' paths
    (relative posix paths, as git lists them)."""
    found: set[str] = set()
    top = "" if here in ("", ".") else here.rstrip("/") + "/"
    for base in ("", "src/"):
        prefix = top + base
        for file in files:
            if not file.startswith(prefix):
                continue
            name, _, rest = file[len(prefix) :].partition("/")
            if name.startswith(".") or name in _SKIP_DIRS:
                continue
            package = rest == "__init__.py"
            module = not rest and name.endswith(".py") and name not in _SCRIPTS
            if package or module:
                found.add(base + name)
    return sorted(found)


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


def skipped(folder: str) -> bool:
    """A folder ``python_files`` does not enter (hidden, build output, environments)."""
    return folder.startswith(".") or folder in _SKIP_DIRS or folder.endswith(".egg-info")


def python_files(root: Path, paths: Sequence[str]) -> Iterator[Path]:
    """Every ``.py`` file under ``root / path`` for each path, in a stable order."""
    for relative in paths:
        path = root / relative
        if path.is_file():
            if path.suffix == ".py":
                yield path
            continue
        for where, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs if not skipped(d))
            for name in sorted(files):
                if name.endswith(".py"):
                    yield Path(where) / name


def module_name(path: Path) -> str:
    """Dotted module name of ``path``, from the nearest directory without ``__init__.py``."""
    return module_names([path])[path]


def module_names(paths: Sequence[Path]) -> dict[Path, str]:
    """The dotted module name of each path, from the nearest directory without
    ``__init__.py`` (each directory looked at once)."""
    package: dict[Path, bool] = {}

    def is_package(directory: Path) -> bool:
        if directory not in package:
            package[directory] = (directory / "__init__.py").is_file()
        return package[directory]

    found: dict[Path, str] = {}
    for path in paths:
        parts = [] if path.stem == "__init__" else [path.stem]
        parent = path.parent
        while is_package(parent):
            parts.insert(0, parent.name)
            parent = parent.parent
        found[path] = ".".join(parts) or path.stem
    return found


def import_root(path: Path, module: str) -> Path:
    """The directory to put on ``sys.path`` to import ``module`` from ``path``."""
    depth = module.count(".") + (1 if path.stem == "__init__" else 0)
    return path.parents[depth]


def _facts(data: bytes) -> tuple[bool, tuple[str, ...]]:
    """Whether a file mentions enum, and the classes it defines (by name)."""
    text = data.decode("utf-8", "replace")
    return bool(_MENTIONS_ENUM.search(text)), tuple(_CLASS.findall(text))


def enum_facts(path: Path) -> tuple[bool, tuple[str, ...]]:
    """Whether the file mentions enum, and the classes it defines (by name)."""
    try:
        data = path.read_bytes()
    except OSError:
        data = b""
    return census.remember("facts", data, _facts, keep=True)


def enum_modules(files: Sequence[Path]) -> list[Path]:
    """The files that can define an enum: those that mention enum, and those that
    mention a class one of them defines (an enum can derive from the tree's own base)."""
    # issue 52: each file's text tests done once per blob (``census.remember``: shared by
    # both revisions, kept between runs); a word lookup, not a regex of every class name.
    # Only the contents of the files not chosen yet are kept (they are searched again).
    contents: dict[Path, bytes] = {}
    facts: dict[Path, tuple[bool, tuple[str, ...]]] = {}
    for path in files:
        try:
            data = path.read_bytes()
        except OSError:
            data = b""
        facts[path] = census.remember("facts", data, _facts, keep=True)
        if not facts[path][0]:
            contents[path] = data
    chosen = {path for path, (mentions, _) in facts.items() if mentions}
    while True:
        names = {name for path in chosen for name in facts[path][1]}
        if not names:
            break
        # The words are not kept: a set per file of a large tree is hundreds of megabytes.
        more = {
            path
            for path, data in contents.items()
            if path not in chosen
            and not names.isdisjoint(_WORD.findall(data.decode("utf-8", "replace")))
        }
        if not more:
            break
        chosen |= more
        contents = {path: data for path, data in contents.items() if path not in more}
    return [path for path in files if path in chosen]
