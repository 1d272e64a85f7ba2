"""Run in a child process (``python -c``): import a tree's model modules and read their
SQLAlchemy columns as SQLAlchemy built them.

Reads ``{"roots": [...], "modules": [...]}`` as JSON on stdin and prints one JSON
line last on stdout: for each module, the enum columns of its mapped classes and
tables, ``[where, enum path, stored, kind]`` with ``stored`` the strings the column
writes (``"name"``, ``"value"``, or ``"other"``), or why it could not be imported.
What the source cannot tell is told here: a ``type_annotation_map``, a
``TypeDecorator`` around ``Enum``, a function that builds the column type.  It
imports no typed_enum: the tree under check may carry its own.
"""

from __future__ import annotations

import importlib
import json
import sys
import traceback
from typing import Any


def _stored(column_type: Any, enum_class: Any) -> str:
    members = list(enum_class)
    written = list(column_type.enums)
    if written == [m.name for m in members]:
        return "name"
    if written in ([m.value for m in members], [str(m.value) for m in members]):
        return "value"
    return "other"


def _impl(column_type: Any) -> Any:
    """A TypeDecorator's type: ``impl_instance`` (SQLAlchemy 2.x), ``impl`` (1.4)."""
    inner = getattr(column_type, "impl_instance", None)
    return inner if inner is not None else getattr(column_type, "impl", None)


def _columns(owner: str, columns: Any, found: list[list[str]]) -> None:
    import sqlalchemy

    for key, column in columns:
        column_type = getattr(column, "type", None)
        kind = "Enum column"
        if isinstance(column_type, sqlalchemy.TypeDecorator):
            column_type = _impl(column_type)
            kind = "Enum column in a TypeDecorator"
        if isinstance(column_type, sqlalchemy.ARRAY):
            column_type = column_type.item_type
            kind = f"ARRAY of {kind}"
        if not isinstance(column_type, sqlalchemy.Enum) or column_type.enum_class is None:
            continue
        enum_class = column_type.enum_class
        if column_type.values_callable is not None:
            kind += ", values_callable"
        if not column_type.native_enum:
            kind += ", native_enum=False"
        path = f"{enum_class.__module__}.{enum_class.__qualname__}"
        found.append([f"{owner}.{key}", path, _stored(column_type, enum_class), kind])


def _read(module: Any, name: str, errors: list[list[str]]) -> list[list[str]]:
    import sqlalchemy

    found: list[list[str]] = []
    for attr, value in list(vars(module).items()):
        try:
            if isinstance(value, sqlalchemy.Table):
                _columns(f"{name}.{attr}", ((c.name, c) for c in value.columns), found)
                continue
            if not isinstance(value, type) or getattr(value, "__module__", None) != name:
                continue
            mapper: Any
            try:
                mapper = sqlalchemy.inspect(value, raiseerr=False)
            except Exception:
                mapper = None
            if mapper is None or not hasattr(mapper, "columns"):
                continue
            _columns(f"{name}.{value.__qualname__}", mapper.columns.items(), found)
        except Exception as exc:  # said, never a silently dropped module
            errors.append([f"{name}.{attr}", _error(exc)])
    return found


def _error(exc: BaseException) -> str:
    line = traceback.format_exception_only(type(exc), exc)[-1].strip()
    return " ".join(line.split())[:200]


def main() -> None:
    request = json.loads(sys.stdin.read())
    for root in reversed(request["roots"]):
        sys.path.insert(0, root)
    modules: dict[str, Any] = {}
    for name in request["modules"]:
        try:
            module = importlib.import_module(name)
            errors: list[list[str]] = []
            modules[name] = {"columns": _read(module, name, errors), "errors": errors}
        except BaseException as exc:
            modules[name] = {"error": _error(exc)}
    sys.stdout.write("\n" + json.dumps({"modules": modules}) + "\n")


if __name__ == "__main__":
    main()
