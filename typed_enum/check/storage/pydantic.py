"""pydantic: a model serialises an enum field to its value (``model_dump(mode="json")``,
``model_dump_json()``), and validates stored data by value.

Fields of ``BaseModel`` subclasses (the project's own bases too, and
``pydantic_settings.BaseSettings``) and of ``@pydantic.dataclasses.dataclass``
classes: ``E``, ``Optional[E]``, ``E | None``, ``list[E]``, ``dict[str, E]``,
``Annotated[E, ...]``, and the fields of a nested dataclass or TypedDict of the tree.
A nested model is read as a model of its own.

https://docs.pydantic.dev/latest/api/standard_library_types/#enum
https://docs.pydantic.dev/latest/concepts/serialization/
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import Final

from typed_enum.check.storage.annotations import fields
from typed_enum.check.storage.places import Place, Unread
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


def read(tree: Tree, module: Module) -> Iterator[Place | Unread]:
    """The places the module's pydantic models store an enum."""
    skip = models(tree)
    for qualname in module.classes:
        if f"{module.name}.{qualname}" not in skip:
            continue
        if _table(module, qualname):
            # SQLModel gives an enum field of a table an Enum(E) column: names.
            yield from fields(
                tree, module, qualname, "SQLAlchemy", "SQLModel table field (Enum)", skip, "name"
            )
        else:
            yield from fields(tree, module, qualname, LIBRARY, "model field", skip)
