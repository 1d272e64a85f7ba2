"""Which files of a tree are read, and the dotted module name of each."""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Iterable, Iterator, Sequence, Set
from pathlib import Path

from typed_enum.check import census

__all__ = [
    "Facts",
    "can_define",
    "default_paths",
    "enum_classes",
    "enum_facts",
    "enum_modules",
    "left_out",
    "listed_default_paths",
    "may_be_enums",
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
_CLASS_BASES = re.compile(r"^[ \t]*class[ \t]+(\w+)[ \t]*(?:\(([^)]*)\))?", re.MULTILINE)
#: Bases that may make an enum by themselves: an enum-like name, a module named for enums.
_ENUM_BASE = re.compile(r"Enum|Flag|Choices|enum")
#: ``Y = X`` and ``Y = mod.X`` on a line of their own.
_ASSIGNED = re.compile(r"^[ \t]*(\w+)[ \t]*=[ \t]*([\w.]+)[ \t]*$", re.MULTILINE)
_LAST_WORD = re.compile(r"(\w+)[ \t]*$")
_NEXT_WORD = re.compile(r"[ \t]*(\w+)")
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


#: What ``enum_facts`` says of a file: whether it mentions enum; each class it defines
#: with whether its bases may be an enum by themselves and the words of its bases; each
#: name it binds to another (``X as Y``, ``Y = X``, ``Y = mod.X``): (X, Y).
Facts = tuple[bool, tuple[tuple[str, bool, frozenset[str]], ...], tuple[tuple[str, str], ...]]


def _facts(data: bytes) -> Facts:
    # The regexes run only where a plain substring test says they can match (most
    # files of a large tree name no enum).
    text = data.decode("utf-8", "replace")
    enumish = any(word in text for word in ("num", "NUM", "Flag", "Choices"))
    mentions = enumish and bool(_MENTIONS_ENUM.search(text))
    if "class" not in text:
        return mentions, (), ()
    classes = tuple(
        (name, bool(_ENUM_BASE.search(bases)), frozenset(_WORD.findall(bases)))
        for name, bases in _CLASS_BASES.findall(text)
    )
    return mentions, classes, _aliases(text) if classes else ()


def _aliases(text: str) -> tuple[tuple[str, str], ...]:
    """(X, Y) for each ``X as Y`` and ``Y = X`` / ``Y = mod.X`` of ``text`` (found by a
    substring search: a regex starting at every word of a large tree is seconds)."""
    found = [
        (target.rpartition(".")[2], bound)
        for bound, target in _ASSIGNED.findall(text)
        if target.rpartition(".")[2] != bound
    ]
    at = text.find(" as ")
    while at != -1:
        before = _LAST_WORD.search(text, max(0, at - 100), at)
        after = _NEXT_WORD.match(text, at + 4)
        if before and after and before.group(1) != after.group(1):
            found.append((before.group(1), after.group(1)))
        at = text.find(" as ", at + 4)
    return tuple(found)


def enum_facts(path: Path) -> Facts:
    """What the file says of enums (``Facts``), once per blob."""
    try:
        data = path.read_bytes()
    except OSError:
        data = b""
    return census.remember("enum-facts", data, _facts, keep=True)


def may_be_enums(facts: Facts, classes: Set[str]) -> set[str]:
    """The classes of a file that may be enums or enum bases, in a tree whose others are
    ``classes``: their bases may be one by themselves (``Enum``, ``StringEnum``,
    ``enums.Base``), or name one of ``classes`` (or a name the file binds one to)."""
    _, defined, aliases = facts
    if not defined:
        return set()
    local = classes | {alias for name, alias in aliases if name in classes}
    return {name for name, seed, words in defined if seed or not words.isdisjoint(local)}


def enum_classes(facts: Iterable[Facts]) -> frozenset[str]:
    """The names of the tree's classes that may be enums or enum bases
    (``may_be_enums`` of every file, until nothing more is found)."""
    every = list(facts)
    found: set[str] = set()
    while True:
        more = {name for one in every for name in may_be_enums(one, found)} - found
        if not more:
            return frozenset(found)
        found |= more


def can_define(facts: Facts, classes: frozenset[str]) -> bool:
    """A file of these facts can define an enum, in a tree whose enum classes (and enum
    bases) are ``classes``: it mentions enum, or defines one of them."""
    mentions, defined, _ = facts
    return mentions or any(name in classes for name, _, _ in defined)


def enum_modules(files: Sequence[Path]) -> list[Path]:
    """The files that can define an enum: those that mention enum, and those that define
    a class deriving from an enum base of the tree (``enum_classes``)."""
    # issue 52: each file's text tests done once per blob (``census.remember``: shared by
    # both revisions, kept between runs).  A file is chosen by the bases of its classes,
    # not because it mentions a class of an enum module (in a large tree, nearly all do).
    facts = {path: enum_facts(path) for path in files}
    classes = enum_classes(facts.values())
    return [path for path in files if can_define(facts[path], classes)]
