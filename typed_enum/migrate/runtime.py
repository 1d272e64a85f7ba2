"""Each enum's real members, read by importing its module (the default).

``typed-enum migrate`` is run by a developer on their own code, as a test run
is: importing it is expected.  Static evaluation (``values``) cannot tell the
value of ``int(20e6)``, ``sys.maxsize``, another enum's member or what a
custom ``__new__`` stores, so it left such enums (and every enum sharing a
base with them) behind.  Imported, every class says itself which names are
members and which are aliases of which (``__members__``), in order.

The modules are imported in one child process (``python -c``), never in the
tool's own: a module's import-time side effects, ``sys.path`` and
``sys.modules`` stay out of the run.  It lists each module's enum classes
with ``typed_enum._enum_walk`` (as ``typed-enum check`` does), loaded by its
path.  The child prints JSON: for each module,
either its enum classes (by qualified name, nested classes included) with
``[name, canonical name, repr of the value]`` per entry of ``__members__``
and the classes whose members stdlib orders through a data type typed_enum
does not order by (str, float, ...), or why it could not be imported.  A module that cannot be imported is
evaluated statically, as with ``--no-import``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from typed_enum import _enum_walk

__all__ = ["Members", "RuntimeInfo", "read"]

#: A class's ``__members__`` in order: (name, canonical name, value repr).
Members = list[tuple[str, str, str]]

#: Longest value repr kept (report lines stay one line and short).
_REPR_LIMIT = 60

_CHILD = r"""
import importlib, importlib.util, json, sys, traceback
requests = json.loads(sys.stdin.read())
for root in dict.fromkeys(root for _, root in requests):
    if root not in sys.path:
        sys.path.insert(0, root)
LIMIT = int(sys.argv[1])
def shown(value):
    try:
        text = repr(value)
    except Exception:
        text = "<unrepresentable>"
    text = " ".join(text.split())
    return text if len(text) <= LIMIT else text[: LIMIT - 3] + "..."
spec = importlib.util.spec_from_file_location("_typed_enum_enum_walk", sys.argv[2])
walk = importlib.util.module_from_spec(spec)
spec.loader.exec_module(walk)
OPERATORS = ("__lt__", "__le__", "__gt__", "__ge__")
def orders(cls):
    # The data type (module.qualname) if stdlib orders the members through
    # it and it is not int (str, float, bytes, date...), which typed_enum
    # refuses: an operator whose first definer in the MRO is the data type.
    data = getattr(cls, "_member_type_", object)
    if data is object or issubclass(data, int):
        return None
    for name in OPERATORS:
        if getattr(data, name, None) is getattr(object, name):
            continue
        definer = next((k for k in cls.__mro__ if name in vars(k)), object)
        if definer is not object and definer in data.__mro__:
            return data.__module__ + "." + data.__qualname__
    return None
result = {}
for module, _root in requests:
    try:
        imported = importlib.import_module(module)
    except BaseException as exc:
        line = traceback.format_exception_only(type(exc), exc)[-1].strip()
        result[module] = {"error": " ".join(line.split())[:200]}
        continue
    found = {}
    ordered = {}
    for qualname, cls in walk.enum_classes(imported).items():
        found[qualname] = [
            [member, entry._name_, shown(entry._value_)]
            for member, entry in cls.__members__.items()
        ]
        data = orders(cls)
        if data is not None:
            ordered[qualname] = data
    result[module] = {"classes": found, "ordered": ordered}
sys.stdout.write("\n" + json.dumps(result))
"""


@dataclass
class RuntimeInfo:
    """What importing the tree told: members per module, or why not."""

    classes: dict[str, dict[str, Members]]
    """module name -> qualified class name -> its ``__members__``."""
    errors: dict[str, str]
    """module name -> why it could not be imported."""
    ordered: dict[str, dict[str, str]] = field(default_factory=dict)
    """module name -> the classes whose members stdlib orders through a data
    type that is not int (``sorted()`` of a ``StrEnum``), which typed_enum
    refuses -> that data type (``builtins.str``)."""

    def members(self, module: str, qualname: str) -> Members | None:
        return self.classes.get(module, {}).get(qualname)

    def orders(self, module: str, qualname: str) -> str | None:
        """The data type stdlib orders the class's members by where it is not
        int, else "" (None: the module was not imported)."""
        if module not in self.classes:
            return None
        return self.ordered.get(module, {}).get(qualname, "")


def _root(path: Path, module: str) -> str:
    """The directory to put on ``sys.path`` for ``module`` at ``path``."""
    depth = module.count(".") + (1 if path.stem == "__init__" else 0)
    return str(path.resolve().parents[depth])


def read(modules: list[tuple[str, Path]], timeout: float = 600) -> RuntimeInfo:
    """Import ``(module name, path)`` in a child process; their enums' members."""
    requests = [(name, _root(path, name)) for name, path in modules]
    try:
        done = subprocess.run(
            [sys.executable, "-c", _CHILD, str(_REPR_LIMIT), _enum_walk.__file__],
            input=json.dumps(requests),
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        why = f"importing the tree took more than {timeout:.0f} s"
        return RuntimeInfo({}, {name: why for name, _ in modules})
    last = done.stdout.rstrip().rpartition("\n")[2]
    try:
        result = json.loads(last)
    except ValueError:
        tail = " ".join(done.stderr.split())[-200:]
        why = f"the import process failed (exit {done.returncode}): {tail}"
        return RuntimeInfo({}, {name: why for name, _ in modules})
    classes: dict[str, dict[str, Members]] = {}
    errors: dict[str, str] = {}
    ordered: dict[str, dict[str, str]] = {}
    for name, entry in result.items():
        if "error" in entry:
            errors[name] = entry["error"]
        else:
            classes[name] = {
                qualname: [(m, c, v) for m, c, v in members]
                for qualname, members in entry["classes"].items()
            }
            ordered[name] = dict(entry.get("ordered", {}))
    return RuntimeInfo(classes, errors, ordered)
