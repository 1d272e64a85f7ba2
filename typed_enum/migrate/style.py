"""The project's own layout rules, read from its configuration: line length and import sections.

The rewrite writes what the project's formatter and import sorter would: ruff
(``ruff.toml``, ``.ruff.toml``, ``pyproject.toml [tool.ruff]``), black
(``[tool.black]``), isort (``[tool.isort]``, ``.isort.cfg``, ``setup.cfg``/
``tox.ini [isort]``) and flake8 (``.flake8``, ``setup.cfg``/``tox.ini
[flake8]``).  The configuration is looked for as ruff does: in the file's
directory, then each parent, the nearest one that has any wins.  The line
length is ruff's, else black's, else isort's, else flake8's ``max-line-length``,
else 88 (ruff's and black's default).

The import options are ruff's (its ``isort`` table) where ruff is configured,
else isort's: ``force-sort-within-sections``, ``lines-between-types``,
``force-single-line``, ``order-by-type``, ``combine-as-imports``, the known
modules of each section and the sections' order (``section-order`` and
``sections``; isort's ``sections`` and ``known_<section>``).
"""

from __future__ import annotations

import configparser
import functools
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["Imports", "Style", "style_for"]

DEFAULT_LINE_LENGTH = 88
# isort's sections, in its default order (ruff's names; isort's are FUTURE,
# STDLIB, THIRDPARTY, FIRSTPARTY, LOCALFOLDER)
SECTIONS = ("future", "standard-library", "third-party", "first-party", "local-folder")
_ISORT_SECTIONS = dict(
    zip(("FUTURE", "STDLIB", "THIRDPARTY", "FIRSTPARTY", "LOCALFOLDER"), SECTIONS, strict=True)
)


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
    # the import sorter's options
    imports: Imports = field(default_factory=lambda: Imports())

    def section(self, module: str) -> int:
        """Where isort's section of ``module`` comes in the section order (0:
        future, 1 stdlib, 2 third party, 3 first party, 4 local by default)."""
        name = self.section_name(module)
        order = self.imports.section_order
        return order.index(name) if name in order else len(order)

    def section_name(self, module: str) -> str:
        if module.startswith("."):
            return "local-folder"
        top = module.split(".")[0]
        if top == "__future__":
            return "future"
        found = self.imports.known(module)
        if found is not None:
            return found
        if top in self.known_first_party:
            return "first-party"
        if top in self.known_third_party:
            return "third-party"
        if top in sys.stdlib_module_names:
            return "standard-library"
        if any((root / top).is_dir() or (root / f"{top}.py").is_file() for root in self.roots):
            return "first-party"
        return self.imports.default_section


def _matches(module: str, names: frozenset[str]) -> bool:
    return any(module == name or module.startswith(f"{name}.") for name in names)


@dataclass(frozen=True)
class Imports:
    """How the project's import sorter writes an import block."""

    # ``import x`` and ``from x import y`` sorted together, by module
    force_sort_within_sections: bool = False
    # blank lines between the ``import x`` and the ``from x import y`` of a section
    lines_between_types: int = 0
    # one ``from x import y`` a name
    force_single_line: bool = False
    # CONSTANTS, Classes, others (else by name, case aside)
    order_by_type: bool = True
    # ``from x import a as b, c`` in one statement
    combine_as_imports: bool = False
    section_order: tuple[str, ...] = SECTIONS
    # (section, modules), for the sections the configuration names modules of:
    # its own (``sections``) and the known-* of the standard ones not kept apart
    known_modules: tuple[tuple[str, frozenset[str]], ...] = ()
    default_section: str = "third-party"

    def known(self, module: str) -> str | None:
        """The section the configuration puts ``module`` in, if it names it."""
        for section, names in self.known_modules:
            if _matches(module, names):
                return section
        return None

    def member_key(self, name: str) -> tuple[int, str]:
        """The order of the names a ``from`` import binds."""
        if not self.order_by_type:
            return 0, name.lower()
        if name.isupper() and len(name) > 1:
            return 0, name
        return (1 if name[:1].isupper() else 2), name


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


def _flag(value: object, default: bool) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "1", "yes", "on"):
        return True
    if isinstance(value, str) and value.strip().lower() in ("false", "0", "no", "off"):
        return False
    return default


def _ruff_imports(isort: dict[str, Any]) -> Imports | None:
    """ruff's ``[lint.isort]`` options, or None where it sets none."""
    if not isort:
        return None
    custom = isort.get("sections")
    known: list[tuple[str, frozenset[str]]] = []
    if isinstance(custom, dict):
        known += [(str(k), _names(v)) for k, v in custom.items()]
    known += [
        ("local-folder", _names(isort.get("known-local-folder"))),
        ("standard-library", _names(isort.get("extra-standard-library"))),
    ]
    order = isort.get("section-order")
    return Imports(
        force_sort_within_sections=_flag(isort.get("force-sort-within-sections"), False),
        lines_between_types=_length(isort.get("lines-between-types", 0)) or 0,
        force_single_line=_flag(isort.get("force-single-line"), False),
        order_by_type=_flag(isort.get("order-by-type"), True),
        combine_as_imports=_flag(isort.get("combine-as-imports"), False),
        section_order=tuple(str(s) for s in order) if isinstance(order, list) else SECTIONS,
        known_modules=tuple((k, v) for k, v in known if v),
        default_section=str(isort.get("default-section", "third-party")),
    )


_ISORT_KNOWN = {"STANDARD_LIBRARY": "standard-library", "LOCAL_FOLDER": "local-folder"}


def _isort_imports(isort: dict[str, Any]) -> Imports | None:
    """isort's options (``[tool.isort]`` or an ini section), or None where it sets none."""
    if not isort:
        return None
    profile = str(isort.get("profile", "")).strip()
    google = profile == "google"  # force_single_line, force_sort_within_sections
    sections = _names(isort.get("sections"))
    raw_order = isort.get("sections")
    order_names = raw_order.replace(",", " ").split() if isinstance(raw_order, str) else raw_order
    order = (
        tuple(_ISORT_SECTIONS.get(str(s).upper(), str(s).lower()) for s in order_names)
        if sections and isinstance(order_names, list)
        else SECTIONS
    )
    known: list[tuple[str, frozenset[str]]] = []
    for key, value in isort.items():
        if not key.startswith("known_") or key in ("known_first_party", "known_third_party"):
            continue
        name = key.removeprefix("known_").upper()
        section = _ISORT_KNOWN.get(name) or _ISORT_SECTIONS.get(name, name.lower())
        known.append((section, _names(value)))
    known.append(("standard-library", _names(isort.get("extra_standard_library"))))
    default = str(isort.get("default_section", "THIRDPARTY")).strip().upper()
    return Imports(
        force_sort_within_sections=_flag(isort.get("force_sort_within_sections"), google),
        lines_between_types=_length(isort.get("lines_between_types", 0)) or 0,
        force_single_line=_flag(isort.get("force_single_line"), google),
        order_by_type=_flag(isort.get("order_by_type"), True),
        combine_as_imports=_flag(isort.get("combine_as_imports"), False),
        section_order=order,
        known_modules=tuple((k, v) for k, v in known if v),
        default_section=_ISORT_SECTIONS.get(default, default.lower()),
    )


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
    imports: Imports | None = None
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
            imports = imports or _ruff_imports(isort)
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
                imports = imports or _isort_imports(isort)
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
                imports = imports or _isort_imports(dict(parser.items(section)))
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
    return Style(
        length,
        first,
        third,
        (directory, directory / "src"),
        bool(n805),
        decorators,
        imports or Imports(),
    )


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
