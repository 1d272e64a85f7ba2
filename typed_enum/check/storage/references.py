"""Every reference to an enum in a model-like class of the tree that no reader
classified: each makes the enum's storage unknown (a note), never "stored nowhere".

A model-like class derives (through the tree) from a base of a library the readers
know (``BaseModel``, ``models.Model``, ``DeclarativeBase``, ``Struct``...), or from a
name of the tree that is no class (``Base = declarative_base()``, ``db.Model``), or
declares a table (``__tablename__``, ``__table__``), or calls a column or field of
such a library in its body, or builds one in a ``@declared_attr`` method; a base of the tree of a model-like class (a mixin) is one
too.  A reference is a name in a statement of its body (methods left out) that
resolves to one of the tree's enums, or to a member or attribute of one (``E.open``,
``E.choices``).  It is classified when a reader put a place (or a note) for that enum
within the statement's lines: ``status = EnumColumn(Status)`` with a helper the
reader cannot follow, ``data = Column(JSON, default=Status.open)``, a field typed with
a class the reader does not know, are not.  A ``ClassVar``, a pydantic private
attribute (``_name``, ``PrivateAttr()``), an unannotated class constant (``ACTIVE =
(State.a, State.b)``: no column or field of these libraries is one), pydantic's
``model_config`` (its ``json_encoders`` are read with the serializers), forms and
admin classes of Django, and the indexes and constraints of a table (Django's ``Meta``, SQLAlchemy's
``__table_args__``: they query a column) are no storage.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Collection, Iterator
from typing import Final

from typed_enum.check.storage import msgspec, pydantic, sqlalchemy
from typed_enum.check.storage.places import Unread
from typed_enum.check.storage.scope import Module, Tree, dotted

__all__ = ["unclassified"]

#: Libraries whose classes and calls make a class model-like.
_LIBRARIES: Final = ("sqlalchemy.", "sqlmodel.", "django.", "pydantic.", "pydantic_settings.")
_LIBRARIES_TOO: Final = ("msgspec.",)
#: Of those, what stores nothing.
_NOT_STORED: Final = ("django.forms.", "django.contrib.admin.", "django.test.", "django.apps.")
_TABLES: Final = frozenset({"__tablename__", "__table__"})
_CLASSVAR: Final = frozenset({"typing.ClassVar", "typing_extensions.ClassVar", "ClassVar"})
_PRIVATE: Final = frozenset({"pydantic.PrivateAttr", "pydantic.fields.PrivateAttr"})
#: The readers' model roots (their subclasses are models).
_ROOTS: Final = pydantic._MODELS | msgspec._STRUCTS
_BUILTINS: Final = frozenset(dir(builtins))


def _library(path: str) -> bool:
    return path.startswith(_LIBRARIES + _LIBRARIES_TOO) and not path.startswith(_NOT_STORED)


def _assigned(tree: Tree, path: str) -> bool:
    """Whether ``path`` is (an attribute of) a module-level variable of the tree."""
    parts = path.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        module = tree.modules.get(".".join(parts[:cut]))
        if module is None:
            continue
        name = parts[cut]
        return any(
            isinstance(t, ast.Name) and t.id == name
            for s in module.tree.body
            if isinstance(s, ast.Assign | ast.AnnAssign)
            for t in (s.targets if isinstance(s, ast.Assign) else [s.target])
        )
    return False


def _own(module: Module, qualname: str, tops: Collection[str], tree: Tree) -> bool:
    """Whether the class itself (not through its tree bases) is model-like."""
    node = module.classes[qualname]
    inside = qualname.rpartition(".")[0]
    for base in node.bases:
        path = module.resolve(base, inside)
        if path is None:
            continue
        path = tree.follow(path)
        if _library(path) or path in _ROOTS:
            return True
        if path.partition(".")[0] in tops and tree.cls(path) is None and _assigned(tree, path):
            return True  # Base = declarative_base(), db.Model
    for statement in node.body:
        if any(isinstance(t, ast.Name) and t.id in _TABLES for t in _targets(statement)):
            return True
        if sqlalchemy.declared(module, statement, qualname):
            return True
        value = getattr(statement, "value", None)
        if isinstance(value, ast.Call) and _library(module.resolve(value.func, qualname) or ""):
            return True
    return False


def models(tree: Tree) -> set[tuple[str, str]]:
    """(module, qualified name) of every model-like class of the tree."""
    tops = {name.partition(".")[0] for name in tree.modules}
    found: set[tuple[str, str]] = set()
    bases: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for module in tree.modules.values():
        for qualname, node in module.classes.items():
            key = (module.name, qualname)
            if f"{module.name}.{qualname}" in tree.enums or qualname.endswith(".Meta"):
                continue  # an enum; Django's options (indexes, constraints query a column)
            inside = qualname.rpartition(".")[0]
            for base in node.bases:
                path = module.resolve(base, inside)
                cls = tree.cls(path) if path is not None else None
                if cls is not None:
                    bases.setdefault(key, []).append((cls[0].name, cls[1]))
            if _own(module, qualname, tops, tree):
                found.add(key)
    # A class deriving from a model-like class is one; so is a base of one (a mixin).
    changed = True
    while changed:
        changed = False
        for key, parents in bases.items():
            if key not in found and any(p in found for p in parents):
                found.add(key)
                changed = True
        for key in list(found):
            for parent in bases.get(key, []):
                if parent not in found and f"{parent[0]}.{parent[1]}" not in tree.enums:
                    found.add(parent)
                    changed = True
    return found


def _enums(tree: Tree, module: Module, statement: ast.stmt, inside: str) -> set[str]:
    """The tree's enums a statement names (``E``, ``E.x``, ``E.x.value``, ``E.choices``)."""
    found: set[str] = set()
    for node in ast.walk(statement):
        if not isinstance(node, ast.Name | ast.Attribute) or not dotted(node):
            continue
        path = module.resolve(node, inside)
        for _ in range(3):
            if not path:
                break
            enum = tree.enum(path)
            if enum is not None:
                found.add(enum)
                break
            path = path.rpartition(".")[0]
    return found


def _constant(module: Module, value: ast.expr, inside: str) -> bool:
    """Whether an unannotated class attribute's value makes no column or field: not a
    call, or a call of a builtin (``frozenset({...})``)."""
    if not isinstance(value, ast.Call):
        return True
    func = value.func
    return (
        isinstance(func, ast.Name)
        and func.id in _BUILTINS
        and func.id not in module.imports
        and (module.resolve(func, inside) or "") == f"{module.name}.{func.id}"
    )


def _targets(statement: ast.stmt) -> list[ast.expr]:
    if isinstance(statement, ast.Assign):
        return statement.targets
    return [statement.target] if isinstance(statement, ast.AnnAssign) else []


def _skipped(module: Module, qualname: str, statement: ast.stmt, private: bool) -> bool:
    """A class variable or a pydantic private attribute: no storage."""
    if isinstance(statement, ast.AnnAssign):
        annotation = statement.annotation
        head = annotation.value if isinstance(annotation, ast.Subscript) else annotation
        if (module.resolve(head, qualname) or "") in _CLASSVAR or dotted(head) == "ClassVar":
            return True
        if isinstance(annotation, ast.Constant) and str(annotation.value).startswith("ClassVar"):
            return True
    value = getattr(statement, "value", None)
    if isinstance(value, ast.Call) and (module.resolve(value.func, qualname) or "") in _PRIVATE:
        return True
    names = [t.id for t in _targets(statement) if isinstance(t, ast.Name)]
    if isinstance(statement, ast.Assign) and _constant(module, statement.value, qualname):
        return True  # ACTIVE = (State.a, State.b): a class constant, no column or field
    if "type_annotation_map" in names or "model_config" in names:
        return True  # read by the SQLAlchemy reader for each Mapped[...] column
    if "__table_args__" in names:
        return True  # indexes and constraints query a column; they store nothing
    return private and any(name.startswith("_") for name in names)


def unclassified(tree: Tree, covered: Collection[tuple[str, int, str]]) -> Iterator[Unread]:
    """A note for each reference to an enum in a model-like class that no place or
    note in ``covered`` ((file, line, enum)) accounts for."""
    lines: dict[tuple[str, str], list[int]] = {}
    for file, line, enum in covered:
        lines.setdefault((file, enum), []).append(line)
    pydantic_models = pydantic.models(tree)
    for name, qualname in sorted(models(tree)):
        module = tree.modules[name]
        private = f"{name}.{qualname}" in pydantic_models
        for statement in module.classes[qualname].body:
            if sqlalchemy.declared(module, statement, qualname):
                pass  # @declared_attr: a column of the class, built by the method
            elif isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                continue
            if _skipped(module, qualname, statement, private):
                continue
            end = statement.end_lineno or statement.lineno
            for enum in sorted(_enums(tree, module, statement, qualname)):
                held = lines.get((module.file, enum), [])
                if any(statement.lineno <= line <= end for line in held):
                    continue
                text = " ".join(ast.unparse(statement).split())
                text = text if len(text) <= 80 else text[:77] + "..."
                target = next((t.id for t in _targets(statement) if isinstance(t, ast.Name)), "")
                if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
                    target = statement.name
                yield Unread(
                    f"{name}.{qualname}" + (f".{target}" if target else ""),
                    module.file,
                    statement.lineno,
                    f"{qualname} names {enum} in `{text}`, which the check cannot read as "
                    f"stored by name or by value",
                    enum,
                )
