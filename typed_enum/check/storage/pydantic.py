"""pydantic: a model serialises an enum field to its value (``model_dump(mode="json")``,
``model_dump_json()``), and validates stored data by value.

Fields of ``BaseModel`` subclasses (the project's own bases too, and
``pydantic_settings.BaseSettings``) and of ``@pydantic.dataclasses.dataclass``
classes: ``E``, ``Optional[E]``, ``E | None``, ``list[E]``, ``dict[str, E]``,
``Annotated[E, ...]``, and the fields of a nested dataclass or TypedDict of the tree.
A nested model is read as a model of its own.  A name starting with ``_``, a
``PrivateAttr()`` and a ``ClassVar`` are no fields.  ``Literal[E.x]`` stores E's value.

A serializer decides what is written: ``@field_serializer("status")`` whose body
returns ``status.name`` stores the name, ``status.value`` the value; any other body,
a ``@model_serializer``, ``json_encoders`` (``model_config`` or pydantic 1's ``class
Config``) or an ``Annotated[E, PlainSerializer(...)]`` make the storage of the fields'
enums unknown (a note).  ``use_enum_values=True`` keeps the value.

https://docs.pydantic.dev/latest/api/standard_library_types/#enum
https://docs.pydantic.dev/latest/concepts/serialization/
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import Final

from typed_enum.check.storage.annotations import fields
from typed_enum.check.storage.places import How, Place, Unread
from typed_enum.check.storage.scope import Module, Tree

__all__ = ["LIBRARY", "read"]

LIBRARY: Final = "pydantic"
_MODELS: Final = frozenset(
    {
        "pydantic.BaseModel",
        "pydantic.main.BaseModel",
        "pydantic_settings.BaseSettings",
        "sqlmodel.SQLModel",
    }
)
_DATACLASS: Final = frozenset({"pydantic.dataclasses.dataclass"})
_FIELD_SERIALIZERS: Final = frozenset(
    {"pydantic.field_serializer", "pydantic.functional_serializers.field_serializer"}
)
_MODEL_SERIALIZERS: Final = frozenset(
    {"pydantic.model_serializer", "pydantic.functional_serializers.model_serializer"}
)
_ALL: Final = "*"


def _is_model(tree: Tree, module: Module, qualname: str) -> bool:
    node = module.classes[qualname]
    inside = qualname.rpartition(".")[0]
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if (module.resolve(target, inside) or "") in _DATACLASS:
            return True
    return tree.derives(module, qualname, _MODELS)


def _table(module: Module, qualname: str) -> bool:
    """``class Hero(SQLModel, table=True)``: a SQLAlchemy table (sqlmodel's reader)."""
    node = module.classes[qualname]
    return any(
        k.arg == "table" and isinstance(k.value, ast.Constant) and k.value.value is True
        for k in node.keywords
    )


def models(tree: Tree) -> frozenset[str]:
    """The dotted paths of every model of the tree (not followed as nested classes)."""
    cached = tree.memo.get(LIBRARY)
    if isinstance(cached, frozenset):
        return cached
    found = frozenset(
        f"{module.name}.{qualname}"
        for module in tree.modules.values()
        for qualname in module.classes
        if _is_model(tree, module, qualname)
    )
    tree.memo[LIBRARY] = found
    return found


def _returns(function: ast.FunctionDef | ast.AsyncFunctionDef) -> How | None:
    """``"name"`` if every ``return`` of the serializer gives ``<its value>.name``,
    ``"value"`` for ``.value``; None when the body does something else."""
    params = [a.arg for a in [*function.args.posonlyargs, *function.args.args]]
    value = params[1] if len(params) > 1 else None
    found: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Return):
            returned = node.value
            if not (
                isinstance(returned, ast.Attribute)
                and isinstance(returned.value, ast.Name)
                and returned.value.id == value
                and returned.attr in ("name", "value")
            ):
                return None
            found.add(returned.attr)
    if len(found) != 1:
        return None
    return "name" if found == {"name"} else "value"


def serializers(module: Module, qualname: str) -> dict[str, tuple[How | None, str, int]]:
    """field name (``*``: every field) -> (how its serializer writes it, None if that
    cannot be read; what it is; line) for the model's serializers."""
    found: dict[str, tuple[How | None, str, int]] = {}
    node = module.classes[qualname]
    config = module.classes.get(f"{qualname}.Config")  # pydantic 1's class Config
    for statement in [*node.body, *(config.body if config is not None else [])]:
        if isinstance(statement, ast.Assign | ast.AnnAssign):
            text = ast.unparse(statement)
            if "json_encoders" in text:
                found[_ALL] = (None, "json_encoders", statement.lineno)
        if not isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for decorator in statement.decorator_list:
            target = decorator.func if isinstance(decorator, ast.Call) else decorator
            path = module.resolve(target, qualname) or ""
            if path in _MODEL_SERIALIZERS:
                found[_ALL] = (None, f"@model_serializer {statement.name}()", statement.lineno)
            elif path in _FIELD_SERIALIZERS and isinstance(decorator, ast.Call):
                how = _returns(statement)
                for arg in decorator.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        what = f"@field_serializer({arg.value!r}) {statement.name}()"
                        found[arg.value] = (how, what, statement.lineno)
    return found


def _serialized(
    module: Module, qualname: str, found: Iterator[Place | Unread]
) -> Iterator[Place | Unread]:
    """The model's places as its serializers write them."""
    written = serializers(module, qualname)
    prefix = f"{module.name}.{qualname}."
    for place in found:
        if not isinstance(place, Place) or not written:
            yield place
            continue
        name = place.where.removeprefix(prefix).partition(".")[0]
        entry = written.get(name, written.get(_ALL))
        if entry is None:
            yield place
            continue
        how, what, line = entry
        if how is not None:
            yield Place(
                place.enum,
                place.where,
                how,
                LIBRARY,
                f"model field, {what}",
                place.file,
                place.line,
            )
            continue
        yield Unread(
            place.where,
            module.file,
            place.line,
            f"{LIBRARY} {what} (line {line}) writes this field of {place.enum} in a way "
            f"the check cannot read",
            place.enum,
        )


def read(tree: Tree, module: Module) -> Iterator[Place | Unread]:
    """The places the module's pydantic models store an enum."""
    skip = models(tree)
    for qualname in module.classes:
        if f"{module.name}.{qualname}" not in skip:
            continue
        if _table(module, qualname):
            # SQLModel gives an enum field of a table an Enum(E) column: names.
            yield from fields(
                tree,
                module,
                qualname,
                "SQLAlchemy",
                "SQLModel table field (Enum)",
                skip,
                "name",
                private=True,
            )
        else:
            found = fields(tree, module, qualname, LIBRARY, "model field", skip, private=True)
            yield from _serialized(module, qualname, found)
