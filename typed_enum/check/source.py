"""What a module's source says about its enums, read with ``ast`` (no code run).

Imported classes take their members' lines and ``auto()`` marks from here.
A module that cannot be imported has its enums read from here alone:
literal values, ``auto()``, ``alias()``, ``reserved()`` and equal-value aliases are known;
any other value (a call, an attribute, a custom ``__new__``) is not, and a
member with an unknown value is compared by name only.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any

from typed_enum.check._child import canonical, shown

__all__ = ["ClassSource", "ModuleSource", "SourceMember", "parse", "source_enums"]

#: Base names that make a class an enum, and its kind.
_KIND_OF_BASE = {
    "Enum": "Enum",
    "OrderedEnum": "Enum",
    "ReprEnum": "Enum",
    "IntEnum": "IntEnum",
    "StrEnum": "StrEnum",
    "Flag": "Flag",
    "IntFlag": "IntFlag",
    # Django's Choices: a StrEnum and an IntEnum whose members may carry a label.
    "TextChoices": "StrEnum",
    "IntegerChoices": "IntEnum",
}
_CHOICES = frozenset({"TextChoices", "IntegerChoices"})
_TRAITS = {
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


@dataclass
class ModuleSource:
    classes: dict[str, ClassSource]
    assigned: dict[str, int]
    """Module-level names assigned by ``NAME = ...`` (a functional-API enum): their lines."""
    imported: dict[str, str] = field(default_factory=dict)
    """Module-level ``from X import Y as Z``: Z -> "X.Y" (relative X keeps its dots)."""
    redefined: dict[str, list[int]] = field(default_factory=dict)
    """Classes defined more than once under one qualified name: the lines of each."""


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


def parse(text: str) -> ModuleSource:
    """The classes of a module (nested ones by qualified name); raises SyntaxError."""
    tree = ast.parse(text)
    classes: dict[str, ClassSource] = {}
    assigned: dict[str, int] = {}
    imported: dict[str, str] = {}
    lines: dict[str, list[int]] = {}
    for statement in tree.body:
        if isinstance(statement, ast.ImportFrom):
            origin = "." * statement.level + (statement.module or "")
            for alias in statement.names:
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
    redefined = {name: found for name, found in lines.items() if len(found) > 1}
    return ModuleSource(classes, assigned, imported, redefined)


def _kind(info: ClassSource, imported: dict[str, str], kinds: dict[str, str]) -> str | None:
    for written in info.bases:
        head, dot, rest = written.partition(".")
        base = imported.get(head, head) + dot + rest
        last = base.rpartition(".")[2]
        if last in _KIND_OF_BASE:
            return _KIND_OF_BASE[last]
        if base in kinds:
            return kinds[base]
    return None


def _next_auto(kind: str, name: str, values: list[object]) -> object:
    ints = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
    if kind == "StrEnum":
        return name.lower()
    if kind in ("Flag", "IntFlag"):
        return 1 << max(ints).bit_length() if ints and max(ints) > 0 else 1
    last = values[-1] if values else None
    if isinstance(last, int) and not isinstance(last, bool):
        return last + 1
    return 1


def source_enums(module: ModuleSource) -> dict[str, dict[str, Any]]:
    """The enums of a module as ``_child.describe`` would give them, from the source.

    A class is an enum when a base is named like a stdlib or typed_enum enum
    class, or is an enum of the same module.  A value that is not a literal
    has the canonical form ``{"unknown": source text}`` (compared by name only).
    """
    kinds: dict[str, str] = {}
    opens: dict[str, bool] = {}
    found: dict[str, dict[str, Any]] = {}
    for qualname, info in module.classes.items():
        kind = _kind(info, module.imported, kinds)
        if kind is None:
            continue
        kinds[qualname] = kinds[qualname.rpartition(".")[2]] = kind
        choices = any(b.rpartition(".")[2] in _CHOICES for b in info.bases)
        inherited = any(opens.get(b, False) for b in info.bases)
        opens[qualname] = info.open if info.open is not None else inherited
        traits = set(_TRAITS[kind])
        traits.update(t for t, b in (("int", "int"), ("str", "str")) if b in info.bases)
        members: list[list[Any]] = []
        values: list[object] = []
        owner_of: dict[str, str] = {}
        canonical_of: dict[str, str] = {}
        retired: list[list[Any]] = []
        for name, entry in info.members.items():
            value: object
            target = name
            if _call_to(entry.value, "reserved"):
                call = entry.value
                assert isinstance(call, ast.Call)
                try:
                    value = ast.literal_eval(call.args[0]) if call.args else None
                except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                    text = ast.unparse(call.args[0])[:80]
                    retired.append([name, name, text, {"unknown": text}])
                    continue
                retired.append([name, name, shown(value), canonical(value)])
                continue
            written = entry.value
            if choices and isinstance(written, ast.Tuple) and len(written.elts) > 1:
                # NAME = value, label: the label is dropped (a tuple value keeps the rest).
                rest = written.elts[:-1]
                written = rest[0] if len(rest) == 1 else ast.Tuple(rest, ast.Load())
            if entry.auto:
                # TextChoices' auto() is the name itself, not lower-cased.
                value = name if choices and kind == "StrEnum" else _next_auto(kind, name, values)
            elif _call_to(entry.value, "alias"):
                call = entry.value
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
                    text = ast.unparse(written)[:80]
                    members.append([name, name, text, {"unknown": text}])
                    canonical_of[name] = name
                    continue
            form = canonical(value)
            key = repr(form)
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
        }
    return found
