"""Run in a child process (``python -c``): import a tree's modules, describe their enums.

Reads ``{"roots": [...], "modules": [...], "resolve": [...], "walk": path}`` as
JSON on stdin (``walk``: the file of ``typed_enum._enum_walk``, which lists a
module's enum classes for check and migrate alike) and prints one JSON line last on stdout: for each module, its file and
enum classes (by qualified name, nested classes included), or why it could
not be imported; for each dotted path of ``resolve``, the enum class it names
now (a re-export counts), or null.  It imports no typed_enum: the tree under
check may carry its own.
"""

from __future__ import annotations

import enum
import importlib
import importlib.util
import json
import re
import sys
import traceback
from typing import Any

#: Longest value repr kept (a finding stays one line).
REPR_LIMIT = 80
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def shown(value: object) -> str:
    """The value's repr on one line, without memory addresses, cut to REPR_LIMIT."""
    try:
        text = repr(value)
    except Exception:
        text = "<unrepresentable>"
    text = _ADDRESS.sub("", " ".join(text.split()))
    return text if len(text) <= REPR_LIMIT else text[: REPR_LIMIT - 3] + "..."


def canonical(value: object) -> Any:
    """A JSON form of ``value``: scalars as they are, tuples and lists as lists,
    anything else as its repr (``shown``)."""
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return value if value == value and abs(value) != float("inf") else repr(value)
    if isinstance(value, tuple | list):
        return [canonical(item) for item in value]
    return shown(value)


_KINDS = (
    ("IntFlag", enum.IntFlag),
    ("Flag", enum.Flag),
    ("IntEnum", enum.IntEnum),
    ("StrEnum", enum.StrEnum),
    ("Enum", enum.Enum),
)


def describe(cls: type[enum.Enum]) -> dict[str, Any]:
    """One enum class: where it is defined, its base kind, traits, openness, members."""
    kind = next(name for name, base in _KINDS if issubclass(cls, base))
    traits = [
        trait
        for trait, base in (("flag", enum.Flag), ("int", int), ("str", str))
        if issubclass(cls, base)
    ]
    module = sys.modules.get(cls.__module__)
    return {
        "module": cls.__module__,
        "qualname": cls.__qualname__,
        "file": getattr(module, "__file__", None),
        "kind": kind,
        "traits": traits,
        "open": getattr(cls, "_te_open_", False) is True,
        "members": [
            [name, entry._name_, shown(entry._value_), canonical(entry._value_)]
            for name, entry in cls.__members__.items()
        ],
        # Where its auto() values come from, when not the standard library's.
        "generate": _generator(cls),
        # typed_enum's reserved(): retired names and their values.
        "reserved": [
            [name, name, shown(value), canonical(value)]
            for name, value in dict(cls.__dict__.get("_te_reserved_", {})).items()
        ],
    }


def _generator(cls: type[enum.Enum]) -> str | None:
    """The class whose own ``_generate_next_value_`` ``cls`` uses (dotted), unless it is
    the standard library's (typed_enum's classes take stdlib's)."""
    for klass in cls.__mro__:
        if "_generate_next_value_" in vars(klass):
            module = klass.__module__
            if module == "enum" or module.partition(".")[0] == "typed_enum":
                return None
            return f"{module}.{klass.__qualname__}"
    return None


def _error(exc: BaseException) -> str:
    line = traceback.format_exception_only(type(exc), exc)[-1].strip()
    return " ".join(line.split())[:200]


def _resolve(path: str) -> dict[str, Any] | None:
    parts = path.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except BaseException:
            continue
        for name in parts[cut:]:
            found = getattr(found, name, None)
        if isinstance(found, type) and issubclass(found, enum.Enum):
            return describe(found)
        return None
    return None


def _load_walk(path: str) -> Any:
    """typed_enum/_enum_walk.py, loaded by its path (no typed_enum import)."""
    spec = importlib.util.spec_from_file_location("_typed_enum_enum_walk", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    request = json.loads(sys.stdin.read())
    walk = _load_walk(request["walk"])
    for root in reversed(request["roots"]):
        sys.path.insert(0, root)
    modules: dict[str, Any] = {}
    for module in request["modules"]:
        try:
            imported = importlib.import_module(module)
        except BaseException as exc:
            modules[module] = {"error": _error(exc)}
            continue
        found = {q: describe(c) for q, c in walk.enum_classes(imported).items()}
        modules[module] = {"file": getattr(imported, "__file__", None), "classes": found}
    resolved = {path: _resolve(path) for path in request["resolve"]}
    sys.stdout.write("\n" + json.dumps({"modules": modules, "resolved": resolved}) + "\n")


if __name__ == "__main__":
    main()
