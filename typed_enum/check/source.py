"""What a module's source says about its enums, read with ``ast`` (no code run).

Imported classes take their members' lines and ``auto()`` marks from here.
A module that cannot be imported has its enums read from here alone:
literal values, ``auto()``, ``alias()``, ``reserved()`` and equal-value aliases are known;
any other value (a call, an attribute, a custom ``__new__``) is not, and a
member with an unknown value is compared by name only.  ``auto()`` under a
base with its own ``_generate_next_value_`` takes what that function returns
when it is simple enough to evaluate from the tree (``generate``); otherwise,
and under a base from an installed library, its values are unknown: never a
number the class would not give.
"""

from __future__ import annotations

import ast
import re
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple

from typed_enum.check._child import canonical, shown
from typed_enum.check.generate import Generator, NotEvaluated, evaluate, generator

__all__ = [
    "KIND_TRAITS",
    "Base",
    "ClassSource",
    "ModuleSource",
    "SourceMember",
    "absolute",
    "parse",
    "parse_quietly",
    "source_enums",
    "unresolved",
]

#: Base names that make a class an enum, and its kind.
_KIND_OF_BASE = {
    "Enum": "Enum",
    "OrderedEnum": "Enum",
    "ReprEnum": "Enum",
    "IntEnum": "IntEnum",
    "StrEnum": "StrEnum",
    "Flag": "Flag",
    "IntFlag": "IntFlag",
}
#: Django's enum bases (``django.db.models.TextChoices`` ...): kind and traits, as
#: importing them gives (a str or int mixin on Enum).
_DJANGO = {
    "TextChoices": ("Enum", ("str",)),
    "IntegerChoices": ("Enum", ("int",)),
    "Choices": ("Enum", ()),
}
#: A base named like this may be an enum: a class deriving from it that the
#: source reading cannot resolve is named in a note, not skipped silently.
_ENUM_LIKE = re.compile(r"Enum|Flag|Choices")
#: The traits each enum kind gives by itself (a mixin adds the others).
KIND_TRAITS: Final = {
    "Enum": (),
    "IntEnum": ("int",),
    "StrEnum": ("str",),
    "Flag": ("flag",),
    "IntFlag": ("flag", "int"),
}


@dataclass
class SourceMember:
    name: str
    line: int
    auto: bool
    value: ast.expr


@dataclass
class ClassSource:
    qualname: str
    line: int
    bases: list[str]
    open: bool | None
    members: dict[str, SourceMember] = field(default_factory=dict)
    start: int = 1
    """The functional API's ``start=``: the first ``auto()`` value."""
    generate: Generator | None = None
    """Its own ``_generate_next_value_``, if its body defines one."""
    new: bool = False
    """Its body defines ``__new__``: what a member's value becomes is that function's."""


@dataclass
class ModuleSource:
    classes: dict[str, ClassSource]
    assigned: dict[str, int]
    """Module-level names assigned by ``NAME = ...`` (a functional-API enum): their lines."""
    imported: dict[str, str] = field(default_factory=dict)
    """Module-level ``from X import Y as Z``: Z -> "X.Y" (relative X keeps its dots)."""
    redefined: dict[str, list[int]] = field(default_factory=dict)
    """Classes defined more than once under one qualified name: the lines of each."""
    functional: dict[str, str] = field(default_factory=dict)
    """Functional-API calls whose names are not literal: assigned name -> the called base."""
    stars: list[str] = field(default_factory=list)
    """Module-level ``from X import *``: each X (relative X keeps its dots)."""


def _dotted(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    if isinstance(node, ast.Subscript):
        return _dotted(node.value)
    return ""


def _call_to(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Call) and _dotted(node.func).rpartition(".")[2] == name


def _is_member_name(name: str) -> bool:
    dunder = name.startswith("__") and name.endswith("__")
    sunder = len(name) > 2 and name.startswith("_") and name.endswith("_")
    return not (dunder or sunder or name.startswith("__"))


def _class(
    node: ast.ClassDef, prefix: str, found: dict[str, ClassSource], lines: dict[str, list[int]]
) -> None:
    qualname = prefix + node.name
    lines.setdefault(qualname, []).append(node.lineno)
    is_open = None
    for keyword in node.keywords:
        if keyword.arg == "open" and isinstance(keyword.value, ast.Constant):
            is_open = keyword.value.value is True
    info = ClassSource(qualname, node.lineno, [_dotted(b) for b in node.bases], is_open)
    found[qualname] = info
    for statement in node.body:
        if isinstance(statement, ast.ClassDef):
            _class(statement, qualname + ".", found, lines)
            continue
        if isinstance(statement, ast.FunctionDef) and statement.name == "_generate_next_value_":
            info.generate = generator(statement, qualname)
            continue
        if isinstance(statement, ast.FunctionDef) and statement.name == "__new__":
            info.new = True
            continue
        if isinstance(statement, ast.Assign):
            targets, value = statement.targets, statement.value
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            targets, value = [statement.target], statement.value
        else:
            continue
        for target in targets:
            if isinstance(target, ast.Name) and _is_member_name(target.id):
                auto = _call_to(value, "auto")
                info.members.setdefault(
                    target.id, SourceMember(target.id, statement.lineno, auto, value)
                )


def _names(node: ast.expr | None, start: int) -> list[tuple[str, ast.expr, bool]] | None:
    """The members of a functional-API call's names argument: (name, value, from auto)."""
    if node is None:
        return None
    try:
        names = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    if isinstance(names, str):
        names = names.replace(",", " ").split()
    if isinstance(names, dict):
        names = list(names.items())
    if not isinstance(names, list | tuple):
        return None
    found: list[tuple[str, ast.expr, bool]] = []
    for item in names:
        if isinstance(item, str):
            found.append((item, ast.Constant(start), True))
        elif isinstance(item, list | tuple) and len(item) == 2 and isinstance(item[0], str):
            found.append((item[0], ast.Constant(item[1]), False))
        else:
            return None
    return found


def _functional(name: str, call: ast.Call) -> tuple[ClassSource | None, str]:
    """``Mode = Enum("Mode", "fast slow")`` as a class (None: its names are not literal)."""
    keywords = {k.arg: k.value for k in call.keywords if k.arg}
    names = call.args[1] if len(call.args) > 1 else keywords.get("names")
    start = keywords.get("start")
    first = start.value if isinstance(start, ast.Constant) else 1
    members = _names(names, first if isinstance(first, int) else 1)
    base = _dotted(call.func)
    if members is None:
        return None, base
    mixin = keywords.get("type")
    bases = [base] + ([_dotted(mixin)] if mixin is not None else [])
    info = ClassSource(name, call.lineno, bases, None)
    for member, value, auto in members:
        info.members.setdefault(member, SourceMember(member, call.lineno, auto, value))
    info.start = first if isinstance(first, int) else 1
    return info, base


#: The file name the user's code is parsed under: the warnings filter keyed on it keeps
#: the parser's warnings about that code (``SyntaxWarning: invalid escape sequence``)
#: off the user's terminal, and no other warning.
_QUIET = "<typed-enum: parsed, not run>"


def parse_quietly(text: str, mode: str = "exec") -> Any:
    """``ast.parse(text, mode=mode)`` without the parser's warnings about the code (every
    reader of the user's code parses through it); raises SyntaxError."""
    # A filter, not catch_warnings(): the two revisions are read in two threads, and
    # catch_warnings() restores the filters of whichever thread entered it first.
    for category in (SyntaxWarning, DeprecationWarning):
        warnings.filterwarnings("ignore", category=category, module=re.escape(_QUIET))
    return ast.parse(text, filename=_QUIET, mode=mode)


def parse(text: str) -> ModuleSource:
    """The classes of a module (nested ones by qualified name); raises SyntaxError."""
    tree = parse_quietly(text)
    classes: dict[str, ClassSource] = {}
    assigned: dict[str, int] = {}
    imported: dict[str, str] = {}
    lines: dict[str, list[int]] = {}
    functional: dict[str, str] = {}
    stars: list[str] = []
    for statement in tree.body:
        if isinstance(statement, ast.ImportFrom):
            origin = "." * statement.level + (statement.module or "")
            for alias in statement.names:
                if alias.name == "*":
                    stars.append(origin)
                else:
                    imported[alias.asname or alias.name] = f"{origin}.{alias.name}"
        elif isinstance(statement, ast.Import):
            for alias in statement.names:
                if alias.asname:
                    imported[alias.asname] = alias.name
        elif isinstance(statement, ast.ClassDef):
            _class(statement, "", classes, lines)
        elif isinstance(statement, ast.Assign):
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    assigned.setdefault(target.id, statement.lineno)
            value = statement.value
            if (
                len(statement.targets) == 1
                and isinstance(statement.targets[0], ast.Name)
                and isinstance(value, ast.Call)
                and value.args
                and isinstance(value.args[0], ast.Constant)
                and isinstance(value.args[0].value, str)
            ):
                name = statement.targets[0].id
                info, base = _functional(name, value)
                if info is not None:
                    classes.setdefault(name, info)
                elif _ENUM_LIKE.search(base.rpartition(".")[2]):
                    functional[name] = base
    redefined = {name: found for name, found in lines.items() if len(found) > 1}
    return ModuleSource(classes, assigned, imported, redefined, functional, stars)


class Base(NamedTuple):
    """A resolved enum base."""

    kind: str
    traits: tuple[str, ...]
    django: bool
    """Django's Choices (a member's label is dropped)."""
    generate: Generator | None = None
    """The ``_generate_next_value_`` its classes inherit, if not the standard one."""
    new: str | None = None
    """The class whose own ``__new__`` its classes inherit (dotted), if any."""


#: Modules whose enum classes give ``auto()`` the standard library's values.
_STANDARD = ("enum", "typed_enum")


def absolute(package: str, target: str) -> str:
    """``target`` (``..x.Y``) imported in ``package``, with its leading dots resolved."""
    dots = len(target) - len(target.lstrip("."))
    if not dots:
        return target
    parts = package.split(".")
    base = parts[: len(parts) - dots + 1] if dots > 1 else parts
    return ".".join([*base, target.lstrip(".")]).strip(".")


def _written(written: str, imported: dict[str, str], package: str) -> str:
    """A base as written (``models.TextChoices``), with its imported name resolved."""
    head, dot, rest = written.partition(".")
    return absolute(package, imported.get(head, head)) + dot + rest


def _base(
    info: ClassSource,
    imported: dict[str, str],
    kinds: dict[str, Base],
    known: Mapping[str, Base],
    package: str,
) -> Base | None:
    for written in info.bases:
        base = _written(written, imported, package)
        last = base.rpartition(".")[2]
        for key in (written, base):
            if key in kinds:
                return kinds[key]
        if base in known:
            return known[base]
        if base.startswith("django.") and last in _DJANGO:
            kind, traits = _DJANGO[last]
            return Base(kind, traits, True)
        if last in _KIND_OF_BASE:
            kind = _KIND_OF_BASE[last]
            where = base.rpartition(".")[0]
            if not where or where.partition(".")[0] in _STANDARD:
                return Base(kind, KIND_TRAITS[kind], False)
            # Named like an enum class, from an installed library the source reading
            # does not open: its auto() may not be the standard library's.
            return Base(kind, KIND_TRAITS[kind], False, Generator(base, None, read=False))
    return None


def _next_auto(kind: str, name: str, values: list[object], start: int, text: bool) -> object:
    ints = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
    if text:  # Django's TextChoices: the name itself
        return name
    if kind == "StrEnum":
        return name.lower()
    if kind in ("Flag", "IntFlag"):
        if not values:
            return start
        return 1 << max(ints).bit_length() if ints and max(ints) > 0 else 1
    last = values[-1] if values else None
    if isinstance(last, int) and not isinstance(last, bool):
        return last + 1
    return start


def _choice(node: ast.expr) -> ast.expr:
    """A Django Choices member's value without its label (``1, _("Heart")`` -> ``1``)."""
    if not isinstance(node, ast.Tuple) or len(node.elts) < 2:
        return node
    label = node.elts[-1]
    is_label = isinstance(label, ast.Call | ast.JoinedStr) or (
        isinstance(label, ast.Constant) and isinstance(label.value, str)
    )
    if not is_label:
        return node
    rest = node.elts[:-1]
    return rest[0] if len(rest) == 1 else ast.Tuple(rest, ast.Load())


def unresolved(
    module: ModuleSource, found: Mapping[str, Any], known: Mapping[str, Base], package: str = ""
) -> list[tuple[str, int, str]]:
    """Classes that may be enums but whose base the source does not resolve:
    (qualified name, line, the base as written), to be named in a note."""
    missed: list[tuple[str, int, str]] = []
    for qualname, info in module.classes.items():
        if qualname in found:
            continue
        for written in info.bases:
            base = _written(written, module.imported, package)
            module_part = base.rpartition(".")[0]
            if _ENUM_LIKE.search(base.rpartition(".")[2]) or "enum" in module_part.lower():
                missed.append((qualname, info.line, written))
                break
    for name, base in module.functional.items():
        missed.append((name, module.assigned.get(name, 1), f"{base}(...) with names not literal"))
    return missed


def _generated(
    function: Generator, name: str, start: int, count: int, last_values: list[object]
) -> object:
    """An ``auto()`` value from ``function``; NotEvaluated when it cannot be told."""
    value = evaluate(function, name, start, count, last_values)
    if isinstance(value, type(None) | bool | int | float | str | tuple | list):
        return value
    raise NotEvaluated(type(value).__name__)


def source_enums(
    module: ModuleSource,
    known: Mapping[str, Base] | None = None,
    package: str = "",
    home: str = "",
) -> dict[str, dict[str, Any]]:
    """The enums of a module as ``_child.describe`` would give them, from the source.

    A class is an enum when a base is named like a stdlib or typed_enum enum
    class or Django's Choices, is an enum of the same module, or is in
    ``known`` (enum bases of the tree's other modules, by dotted path;
    ``package`` resolves relative imports; ``home``, the module's own dotted name,
    is how notes name its classes).  Functional-API calls
    (``Enum("Mode", "fast slow")``) count as classes.  A value that is not a
    literal has the canonical form ``{"unknown": source text}`` (compared by
    name only); so has an ``auto()`` whose ``_generate_next_value_`` cannot be
    evaluated, and the class's ``"auto from"`` says where that function is; so has
    every value of a class with a ``__new__`` of its own or inherited (``"new"``).
    ``"generate"`` is the function its subclasses inherit (None: the standard one).
    """
    known = known or {}
    kinds: dict[str, Base] = {}
    opens: dict[str, bool] = {}
    found: dict[str, dict[str, Any]] = {}
    for qualname, info in module.classes.items():
        resolved = _base(info, module.imported, kinds, known, package)
        if resolved is None:
            continue
        kind, base_traits, django, inherited_generate, new = resolved
        generate = info.generate or inherited_generate
        dotted = f"{home}.{qualname}" if home else qualname
        if info.generate is not None:
            generate = info.generate.at(dotted)
        new = dotted if info.new else new
        resolved = Base(kind, base_traits, django, generate, new)
        kinds[qualname] = kinds[qualname.rpartition(".")[2]] = resolved
        auto_from: str | None = None
        last_values: list[object] = []
        inherited = any(opens.get(b, False) for b in info.bases)
        opens[qualname] = info.open if info.open is not None else inherited
        traits = set(base_traits)
        traits.update(t for t, b in (("int", "int"), ("str", "str")) if b in info.bases)
        text = django and "str" in traits
        members: list[list[Any]] = []
        values: list[object] = []
        owner_of: dict[str, str] = {}
        canonical_of: dict[str, str] = {}
        retired: list[list[Any]] = []
        for name, entry in info.members.items():
            value: object
            target = name
            written = _choice(entry.value) if django else entry.value
            if _call_to(written, "reserved"):
                call = written
                assert isinstance(call, ast.Call)
                try:
                    value = ast.literal_eval(call.args[0]) if call.args else None
                except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                    text_of = ast.unparse(call.args[0])[:80]
                    retired.append([name, name, text_of, {"unknown": text_of}])
                    continue
                retired.append([name, name, shown(value), canonical(value)])
                continue
            if new is not None and not _call_to(written, "alias"):
                # Its value is what __new__ makes of it, which reading does not run.
                text_of = ast.unparse(entry.value)[:80]
                members.append([name, name, text_of, {"unknown": text_of}])
                canonical_of[name] = name
                continue
            if entry.auto and (_call_to(written, "auto") or isinstance(written, ast.Constant)):
                if generate is None:
                    value = _next_auto(kind, name, values, info.start, text)
                else:
                    try:
                        value = _generated(generate, name, info.start, len(members), last_values)
                    except NotEvaluated:
                        auto_from = generate.why()
                        members.append([name, name, "auto()", {"unknown": "auto()"}])
                        canonical_of[name] = name
                        continue
            elif _call_to(written, "alias"):
                call = written
                assert isinstance(call, ast.Call)
                pointed = _dotted(call.args[0]) if call.args else ""
                target = canonical_of.get(pointed, pointed)
                earlier = next((m for m in members if m[0] == target), None)
                if earlier is None:
                    continue
                members.append([name, target, earlier[2], earlier[3]])
                canonical_of[name] = target
                continue
            else:
                try:
                    value = ast.literal_eval(written)
                except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                    text_of = ast.unparse(entry.value)[:80]
                    members.append([name, name, text_of, {"unknown": text_of}])
                    canonical_of[name] = name
                    continue
            form = canonical(value)
            key = repr(form)
            last_values.append(value)
            if key in owner_of:
                target = owner_of[key]
            else:
                owner_of[key] = name
                values.append(value)
            canonical_of[name] = target
            members.append([name, target, shown(value), form])
        found[qualname] = {
            "module": None,
            "qualname": qualname,
            "file": None,
            "kind": kind,
            "traits": sorted(traits),
            "open": opens[qualname],
            "members": members,
            "reserved": retired,
            "generate": generate,
            "new": new,
            "auto from": auto_from,
        }
    return found
