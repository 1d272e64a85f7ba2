"""The project's own layout rules, read from its configuration: line length and import sections.

The rewrite writes what the project's formatter and import sorter would: ruff
(``ruff.toml``, ``.ruff.toml``, ``pyproject.toml [tool.ruff]``), black
(``[tool.black]``), isort (``[tool.isort]``, ``.isort.cfg``, ``setup.cfg``/
``tox.ini [isort]``) and flake8 (``.flake8``, ``setup.cfg``/``tox.ini
[flake8]``).  The configuration is looked for as ruff does: in the file's
directory, then each parent, the nearest one that has any wins.  The line
length is ruff's, else black's, else isort's, else flake8's ``max-line-length``,
else 88 (ruff's and black's default).
"""

from __future__ import annotations

import configparser
import functools
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["Style", "style_for"]

DEFAULT_LINE_LENGTH = 88


@dataclass(frozen=True)
class Style:
    line_length: int = DEFAULT_LINE_LENGTH
    known_first_party: frozenset[str] = field(default_factory=frozenset)
    known_third_party: frozenset[str] = field(default_factory=frozenset)
    # where first-party modules live (the project root, its ``src``)
    roots: tuple[Path, ...] = ()
    # ruff's pep8-naming N805 is selected: it knows a metaclass only by a base
    # named type/ABCMeta/EnumMeta/EnumType (one file at a time), so the
    # methods of one based on TypedEnumType take a noqa comment for N805
    n805: bool = False
    # decorators pep8-naming takes for classmethod/staticmethod (its settings)
    method_decorators: frozenset[str] = field(default_factory=frozenset)

    def section(self, module: str) -> int:
        """isort's section of ``module``: 0 future, 1 stdlib, 2 third party,
        3 first party, 4 local (relative)."""
        if module.startswith("."):
            return 4
        top = module.split(".")[0]
        if top == "__future__":
            return 0
        if top in self.known_first_party:
            return 3
        if top in self.known_third_party:
            return 2
        if top in sys.stdlib_module_names:
            return 1
        if any((root / top).is_dir() or (root / f"{top}.py").is_file() for root in self.roots):
            return 3
        return 2


def _table(data: dict[str, Any], *keys: str) -> dict[str, Any]:
    for key in keys:
        value = data.get(key)
        if not isinstance(value, dict):
            return {}
        data = value
    return data


def _names(value: object) -> frozenset[str]:
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if isinstance(value, list):
        return frozenset(v for v in value if isinstance(v, str))
    return frozenset()


def _selects(ruff: dict[str, Any], code: str) -> bool:
    """Whether ruff's configuration ``ruff`` (its ``[tool.ruff]`` table) selects
    rule ``code``: the most specific selector matching it wins, ``ignore``
    over ``select`` at the same length; ``select`` unset is ruff's default
    (E4, E7, E9, F)."""
    lint = _table(ruff, "lint")

    def listed(key: str) -> list[str]:
        found: list[str] = []
        for table in (ruff, lint):
            value = table.get(key)
            if isinstance(value, list):
                found += [v for v in value if isinstance(v, str)]
        return found

    select = listed("select") if ("select" in lint or "select" in ruff) else ["E4", "E7", "E9", "F"]
    chosen = [(s, True) for s in select + listed("extend-select")]
    chosen += [(s, False) for s in listed("ignore") + listed("extend-ignore")]
    matching = [
        (len(s) if s != "ALL" else 0, not on, on)
        for s, on in chosen
        if s == "ALL" or code.startswith(s)
    ]
    return bool(matching) and max(matching)[2]


def _length(value: object) -> int | None:
    try:
        return int(str(value).strip())
    except ValueError:
        return None


def _read(directory: Path) -> Style | None:
    """The style configured in ``directory``, or None when nothing is configured there."""
    found = False
    lengths: dict[str, int | None] = {}
    first: frozenset[str] = frozenset()
    third: frozenset[str] = frozenset()
    n805: bool | None = None
    decorators: frozenset[str] = frozenset()
    for name in ("ruff.toml", ".ruff.toml", "pyproject.toml"):
        path = directory / name
        if not path.is_file():
            continue
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            continue
        ruff = data if name != "pyproject.toml" else _table(data, "tool", "ruff")
        if name == "pyproject.toml":
            found = True  # a project root, configured or not
        if ruff:
            found = True
            lengths.setdefault("ruff", _length(ruff.get("line-length")))
            isort = _table(ruff, "lint", "isort") or _table(ruff, "isort")
            first = first or _names(isort.get("known-first-party"))
            third = third or _names(isort.get("known-third-party"))
            if n805 is None:
                n805 = _selects(ruff, "N805")
                naming = _table(ruff, "lint", "pep8-naming") or _table(ruff, "pep8-naming")
                decorators = _names(naming.get("classmethod-decorators")) | _names(
                    naming.get("staticmethod-decorators")
                )
        if name == "pyproject.toml":
            black = _table(data, "tool", "black")
            lengths.setdefault("black", _length(black.get("line-length")) if black else None)
            isort = _table(data, "tool", "isort")
            if isort:
                lengths.setdefault("isort", _length(isort.get("line_length")))
                first = first or _names(isort.get("known_first_party"))
                third = third or _names(isort.get("known_third_party"))
    for name in (".isort.cfg", "setup.cfg", "tox.ini", ".flake8"):
        path = directory / name
        if not path.is_file():
            continue
        parser = configparser.ConfigParser()
        try:
            parser.read(path, encoding="utf-8")
        except (configparser.Error, UnicodeDecodeError):
            continue
        if name in ("setup.cfg",):
            found = True
        for section in ("isort", "settings", "tool:isort"):
            if parser.has_section(section) and name != ".flake8":
                found = True
                lengths.setdefault(
                    "isort", _length(parser.get(section, "line_length", fallback=""))
                )
                first = first or _names(parser.get(section, "known_first_party", fallback=""))
                third = third or _names(parser.get(section, "known_third_party", fallback=""))
        if parser.has_section("flake8"):
            found = True
            lengths.setdefault(
                "flake8", _length(parser.get("flake8", "max-line-length", fallback=""))
            )
    if not found:
        return None
    length = next(
        (lengths[tool] for tool in ("ruff", "black", "isort", "flake8") if lengths.get(tool)),
        DEFAULT_LINE_LENGTH,
    )
    assert length is not None
    return Style(length, first, third, (directory, directory / "src"), bool(n805), decorators)


def style_for(directory: Path) -> Style:
    """The style of the Python files in ``directory`` (nearest configuration up the tree)."""
    # Cached by the resolved path: a relative one means another directory
    # once the working directory changes.
    return _style_of(directory.resolve())


@functools.cache
def _style_of(directory: Path) -> Style:
    for candidate in (directory, *directory.parents):
        style = _read(candidate)
        if style is not None:
            return style
    return Style(roots=(directory,))
