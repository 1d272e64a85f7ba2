"""Django: a model field with ``choices=E.choices`` (``TextChoices``, ``IntegerChoices``)
stores the member's value in its column.

- ``models.CharField(choices=Status.choices)``, ``choices=Status`` (Django 5.0+);
- a field annotated with the Choices class: ``status: Status = models.CharField(...)``;
- enum fields that take the class: ``EnumField(Status)``, ``TextChoicesField(choices_enum=Status)``
  (django-enum, django-enumfields, django-choices-field): values too.

Form fields (``django.forms``) store nothing and are not read.

https://docs.djangoproject.com/en/stable/ref/models/fields/#field-choices-enum-types
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import Final

from typed_enum.check.storage.places import Place, Unread
from typed_enum.check.storage.scope import Module, Tree

__all__ = ["LIBRARY", "read"]

LIBRARY: Final = "Django"
#: Field classes that take the enum class itself.
_ENUM_FIELDS: Final = frozenset(
    {"EnumField", "EnumCharField", "EnumIntegerField", "TextChoicesField", "IntegerChoicesField"}
)
_ENUM_KEYWORDS: Final = ("enum", "choices_enum", "enum_class")
_NOT_STORED: Final = ("django.forms.", "rest_framework.")


def _enum(tree: Tree, module: Module, node: ast.expr, inside: str) -> str | None:
    path = module.resolve(node, inside)
    if path is not None and path.endswith(".choices"):
        path = path.removesuffix(".choices")
    return tree.enum(path)


def _field(tree: Tree, module: Module, call: ast.Call, inside: str) -> tuple[str, str] | None:
    """(enum, kind) a field call stores, if any."""
    path = module.resolve(call.func, inside) or ""
    if path.startswith(_NOT_STORED):
        return None
    last = path.rpartition(".")[2]
    keywords = {k.arg: k.value for k in call.keywords if k.arg}
    if "choices" in keywords:
        enum = _enum(tree, module, keywords["choices"], inside)
        if enum is not None:
            return enum, f"{last}(choices=)"
    if last in _ENUM_FIELDS:
        given = [*call.args[:1], *(keywords[k] for k in _ENUM_KEYWORDS if k in keywords)]
        for node in given:
            enum = _enum(tree, module, node, inside)
            if enum is not None:
                return enum, last
    return None


def read(tree: Tree, module: Module) -> Iterator[Place | Unread]:
    """The places the module's Django model fields store an enum."""
    for qualname, node in module.classes.items():
        for statement in node.body:
            if isinstance(statement, ast.Assign):
                targets, value = statement.targets, statement.value
            elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
                targets, value = [statement.target], statement.value
            else:
                continue
            name = next((t.id for t in targets if isinstance(t, ast.Name)), None)
            if name is None or not isinstance(value, ast.Call):
                continue
            where = f"{module.name}.{qualname}.{name}"
            found = _field(tree, module, value, qualname)
            if found is None and isinstance(statement, ast.AnnAssign):
                # status: Status = models.CharField(...): the field typed with the class.
                path = module.resolve(value.func, qualname) or ""
                enum = tree.enum(module.resolve(statement.annotation, qualname))
                if enum is not None and path.startswith("django.db.models"):
                    found = (
                        enum,
                        f"{path.rpartition('.')[2]} typed {statement.annotation.id}"
                        if isinstance(statement.annotation, ast.Name)
                        else "field",
                    )
            if found is not None:
                enum, kind = found
                yield Place(
                    enum,
                    where,
                    "value",
                    LIBRARY,
                    f"model field {kind}",
                    module.file,
                    statement.lineno,
                )
