"""SQLAlchemy: ``Enum(E)`` columns store member names, unless ``values_callable``
makes them store values; ``Mapped[E]`` without a type infers ``Enum(E)``.

- ``Column(Enum(E))``, ``mapped_column(Enum(E))``, ``Column("status", sa.Enum(E))``
  in a ``Table``, a module-level ``status_type = Enum(E)`` used in a column;
  ``postgresql.ENUM(E)`` and ``mysql.ENUM(E)`` the same;
- ``Enum(E, values_callable=...)``: values;
- ``native_enum=False``: a VARCHAR column instead of a database ENUM type, names still;
- a function of the project that builds the column from its argument
  (``def EnumColumn(enum, **kw): return Column(Enum(enum, **kw))``, in any module of
  the tree): followed into its body, names unless the ``Enum`` there (or the call,
  through ``**kw``) gives ``values_callable``;
- ``ARRAY(Enum(E))``: names, as ``Enum(E)``;
- a column of another type whose default is a member's value
  (``Column(Integer, default=Role.user.value)``): values;
- ``Mapped[E]`` / ``Mapped[Optional[E]]`` / ``Mapped[E | None]`` without a type in
  ``mapped_column()``: ``Enum(E)``, names, unless the declarative base's
  ``type_annotation_map`` maps E (or ``enum.Enum``) to an ``Enum(..., values_callable=...)``.

https://docs.sqlalchemy.org/en/20/core/type_basics.html#sqlalchemy.types.Enum
https://docs.sqlalchemy.org/en/20/orm/declarative_tables.html#using-python-enum-or-pep-586-literal-types-in-the-type-map
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from typed_enum.check.storage.annotations import held
from typed_enum.check.storage.places import How, Place, Unread
from typed_enum.check.storage.scope import Module, Tree, quiet_parse

__all__ = ["LIBRARY", "read"]

LIBRARY: Final = "SQLAlchemy"
_PACKAGES: Final = ("sqlalchemy", "sqlmodel")
_DOTTED: Final = ("sqlalchemy.", "sqlmodel.")
_ENUM_TYPES: Final = frozenset({"Enum", "ENUM"})
_COLUMNS: Final = frozenset({"Column", "mapped_column"})
_MAPPED: Final = frozenset({"sqlalchemy.orm.Mapped", "sqlalchemy.orm.base.Mapped"})
#: ``type_annotation_map`` keys that stand for every enum.
_ANY_ENUM: Final = frozenset({"enum.Enum", "enum.StrEnum", "enum.IntEnum"})


def _is(tree: Tree, module: Module, node: ast.expr, inside: str, names: frozenset[str]) -> bool:
    """Whether ``node`` names one of SQLAlchemy's ``names``, through the tree's own
    re-exports and aliases too (``from project.db import EnumColumn``, there
    ``from sqlalchemy import Enum as EnumColumn``)."""
    path = tree.follow(module.resolve(node, inside) or "")
    return path.startswith(_DOTTED) and path.rpartition(".")[2] in names


def _how(call: ast.Call) -> tuple[How, str]:
    keywords = {k.arg: k.value for k in call.keywords if k.arg}
    how: How = "value" if "values_callable" in keywords else "name"
    kind = "Enum column"
    if how == "value":
        kind += ", values_callable"
    native = keywords.get("native_enum")
    if isinstance(native, ast.Constant) and native.value is False:
        kind += ", native_enum=False"
    return how, kind


def _enum_of(
    tree: Tree, module: Module, call: ast.Call, first: ast.expr | None, inside: str, where: str
) -> str | list[Unread] | None:
    """The tree's enum an ``Enum(...)`` call stores (``first`` its first argument); None
    for string choices or an enum from outside the tree; notes when the source does
    not say: for an expression (``Enum(pick())``), one for each enum the module names
    (any of them may be the one; every enum of the tree if it names none); for a name of the tree that is no enum the check
    compares (a functional ``Enum("Region", names)``), one that names no enum."""
    if first is None:
        return None
    if isinstance(first, ast.Constant | ast.Starred):
        return None  # Enum("open", "closed"), Enum(*CHOICES): strings, no enum class
    path = module.resolve(first, inside)
    enum = tree.enum(path)
    if enum is not None:
        return enum
    if path is not None:
        owner = path.rpartition(".")[0]
        if tree.cls(path) is None and owner not in tree.modules:
            return None  # an enum of another package: not checked here
    text = ast.unparse(first)[:60]
    why = f"SQLAlchemy Enum({text}): which enum it stores cannot be read from the source"
    named: list[str] = []
    if path is None:
        candidates = [*module.imports.values(), *(f"{module.name}.{q}" for q in module.classes)]
        named = sorted({e for e in map(tree.enum, candidates) if e is not None})
        # An expression in a module that names no enum: it may return any of them.
        named = named or sorted(tree.enums)
    return [Unread(where, module.file, call.lineno, why, enum) for enum in named] or [
        Unread(where, module.file, call.lineno, why)
    ]


def _annotation_map(tree: Tree) -> dict[str, How | None]:
    """Every ``type_annotation_map`` entry of the tree that maps an enum to an ``Enum``
    (None: to a type the source does not tell)."""
    cached = tree.memo.get(LIBRARY)
    if isinstance(cached, dict):
        return cached
    found: dict[str, How | None] = {}
    for module in tree.modules.values():
        for node in ast.walk(module.tree):
            value: ast.expr | None = None
            if isinstance(node, ast.keyword) and node.arg == "type_annotation_map":
                value = node.value
            elif isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(t, ast.Name) and t.id == "type_annotation_map" for t in targets):
                    value = node.value
            if not isinstance(value, ast.Dict):
                continue
            for key, entry in zip(value.keys, value.values, strict=True):
                if key is None or not isinstance(entry, ast.Call):
                    continue
                target = module.resolve(key) or ""
                target = tree.enum(target) or target
                if _is(tree, module, entry.func, "", _ENUM_TYPES):
                    found[target] = _how(entry)[0]
                else:  # a function of the tree that builds the Enum
                    through = _helper(tree, module, entry, "")
                    found[target] = through[0][1] if through else None
    tree.memo[LIBRARY] = found
    return found


def _types(tree: Tree, module: Module) -> dict[str, ast.Call]:
    """Module-level ``name = Enum(E, ...)``: a column type declared once, used in columns."""
    found = {}
    for statement in module.tree.body:
        if (
            isinstance(statement, ast.Assign)
            and isinstance(statement.value, ast.Call)
            and _is(tree, module, statement.value.func, "", _ENUM_TYPES)
        ):
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = statement.value
    return found


@dataclass(frozen=True)
class _Typed:
    """An ``Enum(...)`` column type found in a statement: directly, or through a
    function of the project that builds one from its argument."""

    call: ast.Call
    """The call written in the statement (``Enum(E)``, ``EnumColumn(E)``)."""
    first: ast.expr | None
    """What names the enum (the ``Enum`` call's first argument, or the helper's)."""
    how: How
    kind: str
    column: str


def _param(call: ast.Call, function: ast.FunctionDef, name: str) -> ast.expr | None:
    """The argument of ``call`` that ``function``'s parameter ``name`` receives."""
    positional = [a.arg for a in [*function.args.posonlyargs, *function.args.args]]
    if name in positional:
        index = positional.index(name)
        if index < len(call.args) and not isinstance(call.args[index], ast.Starred):
            return call.args[index]
    return next((k.value for k in call.keywords if k.arg == name), None)


def _helper(
    tree: Tree, module: Module, call: ast.Call, inside: str, depth: int = 0
) -> list[tuple[ast.expr, How, str]]:
    """``EnumColumn(E)``: a function of the tree whose body passes a parameter to
    ``Enum(...)``: (the argument naming the enum, how, kind) of each such ``Enum``."""
    path = module.resolve(call.func, inside)
    found = tree.function(path) if path is not None and depth < 5 else None
    if found is None:
        return []
    where, function = found
    given = {k.arg for k in call.keywords}
    names = [a.arg for a in [*function.args.posonlyargs, *function.args.args]]
    names += [a.arg for a in function.args.kwonlyargs]
    result: list[tuple[ast.expr, How, str]] = []
    for node in ast.walk(function):
        if not isinstance(node, ast.Call):
            continue
        if _is(tree, where, node.func, "", _ENUM_TYPES):
            first = node.args[0] if node.args else None
            if not isinstance(first, ast.Name) or first.id not in names:
                continue
            argument = _param(call, function, first.id)
            if argument is None:
                continue
            how, kind = _how(node)
            spread = any(k.arg is None for k in node.keywords)
            if how == "name" and spread and "values_callable" in given:
                how, kind = "value", kind + ", values_callable"
            result.append((argument, how, f"{kind} through {function.name}()"))
        elif node is not call:
            for argument, how, kind in _helper(tree, where, node, "", depth + 1):
                if isinstance(argument, ast.Name) and argument.id in names:
                    outer = _param(call, function, argument.id)
                    if outer is not None:
                        result.append((outer, how, f"{kind} through {function.name}()"))
    return result


def _calls(
    tree: Tree, module: Module, node: ast.AST, inside: str, column: str, shared: dict[str, ast.Call]
) -> Iterator[_Typed]:
    """Every ``Enum(...)`` under ``node`` with the name of the column it types."""
    if isinstance(node, ast.Call):
        if _is(tree, module, node.func, inside, _ENUM_TYPES):
            how, kind = _how(node)
            yield _Typed(node, node.args[0] if node.args else None, how, kind, column)
            return
        if _is(tree, module, node.func, inside, _COLUMNS):
            if node.args and isinstance(node.args[0], ast.Constant):
                # Column("status", ...): in a Table (module level), its name there.
                named = str(node.args[0].value)
                column = named if inside else f"{column}.{named}" if column else named
            for arg in node.args:
                if isinstance(arg, ast.Name) and arg.id in shared:
                    how, kind = _how(shared[arg.id])
                    first = shared[arg.id].args[0] if shared[arg.id].args else None
                    yield _Typed(shared[arg.id], first, how, kind, column)
        else:
            through = _helper(tree, module, node, inside)
            for first, how, kind in through:
                yield _Typed(node, first, how, kind, column)
            if through:
                return
    for child in ast.iter_child_nodes(node):
        yield from _calls(tree, module, child, inside, column, shared)


def declared(module: Module, statement: ast.stmt, inside: str) -> bool:
    """Whether ``statement`` is a ``@declared_attr`` method: the column it returns is
    the class's (a mixin's columns, often)."""
    if not isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
        return False
    for decorator in statement.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        path = module.resolve(target, inside) or ""
        if path.startswith(_DOTTED) and "declared_attr" in path.split("."):
            return True
    return False


def _statements(module: Module) -> Iterator[tuple[str, ast.stmt]]:
    """(class qualified name or "", statement) of the module's body and class bodies
    (``@declared_attr`` methods too)."""
    skip = (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    for statement in module.tree.body:
        if not isinstance(statement, skip):  # a function's body is read where it is called
            yield "", statement
    for qualname, node in module.classes.items():
        for statement in node.body:
            kept = not isinstance(statement, skip) and _target(statement) != "type_annotation_map"
            if kept or declared(module, statement, qualname):
                yield qualname, statement


def _target(statement: ast.stmt) -> str:
    if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
        return statement.name  # @declared_attr def status(cls): the column's name
    targets = (
        statement.targets
        if isinstance(statement, ast.Assign)
        else [statement.target]
        if isinstance(statement, ast.AnnAssign)
        else []
    )
    return next((t.id for t in targets if isinstance(t, ast.Name)), "")


def read(tree: Tree, module: Module) -> Iterator[Place | Unread]:
    """The places the module's SQLAlchemy columns store an enum."""
    if not any(tree.follow(t).startswith(_PACKAGES) for t in module.imports.values()):
        return  # every name read here resolves through an import of SQLAlchemy
    shared = _types(tree, module)
    for inside, statement in _statements(module):
        if not inside and statement.__class__ is ast.Assign and _target(statement) in shared:
            continue  # the shared type itself: stored where a column uses it
        name = _target(statement)
        owner = f"{module.name}.{inside}" if inside else module.name
        explicit = False
        for typed in _calls(tree, module, statement, inside, name, shared):
            explicit = True
            call, column = typed.call, typed.column
            where = f"{owner}.{column}" if column else f"{owner} (line {call.lineno})"
            enum = _enum_of(tree, module, call, typed.first, inside, where)
            if isinstance(enum, list):
                yield from enum
            elif enum is not None:
                yield Place(enum, where, typed.how, LIBRARY, typed.kind, module.file, call.lineno)
        if explicit or not inside:
            continue
        defaults = list(_defaults(tree, module, inside, statement))
        yield from defaults
        if not defaults and isinstance(statement, ast.AnnAssign):
            yield from _mapped(tree, module, inside, statement)


_DEFAULTS: Final = ("default", "insert_default", "server_default")


def _defaults(tree: Tree, module: Module, inside: str, statement: ast.stmt) -> Iterator[Place]:
    """``role = Column(Integer, default=Role.user.value)``: a column of another type whose
    default is a member's value holds the values."""
    value = getattr(statement, "value", None)
    if not isinstance(value, ast.Call) or not _is(tree, module, value.func, inside, _COLUMNS):
        return
    for keyword in value.keywords:
        given = keyword.value
        if keyword.arg not in _DEFAULTS or not isinstance(given, ast.Attribute):
            continue
        if given.attr != "value" or not isinstance(given.value, ast.Attribute):
            continue
        enum = tree.enum(module.resolve(given.value.value, inside))
        if enum is not None:
            where = f"{module.name}.{inside}.{_target(statement)}"
            kind = f"column {keyword.arg}={ast.unparse(given)}"
            yield Place(enum, where, "value", LIBRARY, kind, module.file, statement.lineno)


def _mapped(
    tree: Tree, module: Module, inside: str, statement: ast.AnnAssign
) -> Iterator[Place | Unread]:
    """``status: Mapped[E] = mapped_column()``: the column type SQLAlchemy infers."""
    annotation = statement.annotation
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        try:
            annotation = quiet_parse(annotation.value, "eval").body
        except SyntaxError:
            return
    if not isinstance(annotation, ast.Subscript):
        return
    if (module.resolve(annotation.value, inside) or "") not in _MAPPED:
        return
    value = statement.value
    if isinstance(value, ast.Call):
        for arg in value.args:
            if isinstance(arg, ast.Constant):
                continue  # the column's name
            typed = module.resolve(arg.func if isinstance(arg, ast.Call) else arg, inside)
            if (typed or "").rpartition(".")[2] != "ForeignKey":
                return  # mapped_column(String(20)): a type given, no Enum inferred
    mapping = _annotation_map(tree)
    assert isinstance(statement.target, ast.Name)
    where = f"{module.name}.{inside}.{statement.target.id}"
    for enum in held(tree, module, annotation.slice, inside, containers=False).enums:
        fallback: How | None = next((mapping[k] for k in _ANY_ENUM if k in mapping), "name")
        how = mapping.get(enum, fallback)
        if how is None:
            yield Unread(
                where,
                module.file,
                statement.lineno,
                f"{LIBRARY} Mapped[...] column whose type_annotation_map entry the check "
                f"cannot read",
                enum,
            )
            continue
        kind = "Mapped[...] column (Enum inferred"
        kind += ", values_callable in type_annotation_map)" if how == "value" else ")"
        yield Place(enum, where, how, LIBRARY, kind, module.file, statement.lineno)
