"""The enums a field's annotation holds: ``E``, ``Optional[E]``, ``E | None``, ``list[E]``,
``dict[str, E]``, ``Annotated[E, ...]``, ``"E"``, ``Literal[E.x]`` (a member of E); and
the tree's classes it holds (a nested dataclass or TypedDict, whose fields are stored
with it).  ``ClassVar[...]`` is no field."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field

from typed_enum.check.storage.places import How, Place, Unread
from typed_enum.check.storage.scope import Module, Tree, quiet_parse

__all__ = ["Held", "field_statements", "fields", "held"]

#: pydantic's annotations that decide what a field writes.
_SERIALIZERS = frozenset({"PlainSerializer", "WrapSerializer"})
#: pydantic's field values that make no field.
_PRIVATE = frozenset({"pydantic.PrivateAttr", "pydantic.fields.PrivateAttr"})

#: Subscripted forms that hold nothing stored (a class variable).
_SKIP = frozenset({"ClassVar", "InitVar"})
#: Subscripted forms that stand for "one of": kept even where containers are not.
_UNION = frozenset({"Optional", "Union"})


@dataclass
class Held:
    enums: list[str] = field(default_factory=list)
    classes: list[str] = field(default_factory=list)
    """Dotted paths of the tree's non-enum classes the annotation holds."""
    unread: list[str] = field(default_factory=list)
    """String annotations that do not parse."""
    serializer: str = ""
    """A serializer in ``Annotated[..., PlainSerializer(...)]``: what the field writes is
    the serializer's, not read here."""


def held(tree: Tree, module: Module, node: ast.expr, inside: str, containers: bool = True) -> Held:
    """What ``node`` (an annotation in class ``inside`` of ``module``) holds;
    ``containers=False``: only the type itself, optional or a union (``Mapped[...]``)."""
    found = Held()
    _walk(tree, module, node, inside, containers, found, 0)
    return found


def _walk(
    tree: Tree,
    module: Module,
    node: ast.expr,
    inside: str,
    containers: bool,
    found: Held,
    depth: int,
) -> None:
    if depth > 20:
        return
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        try:
            parsed = quiet_parse(node.value.strip(), "eval").body
        except SyntaxError:
            found.unread.append(node.value)
            return
        _walk(tree, module, parsed, inside, containers, found, depth + 1)
        return
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        _walk(tree, module, node.left, inside, containers, found, depth + 1)
        _walk(tree, module, node.right, inside, containers, found, depth + 1)
        return
    if isinstance(node, ast.Subscript):
        path = module.resolve(node.value, inside) or ""
        last = path.rpartition(".")[2]
        if last in _SKIP:
            return
        items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if last == "Literal":
            if not containers:
                return  # Mapped[Literal[...]]: no Enum(E) inferred; left unknown
            for item in items:  # Literal[E.x]: a member of E, stored as E's are
                if isinstance(item, ast.Attribute):
                    enum = tree.enum(module.resolve(item.value, inside))
                    if enum is not None:
                        found.enums.append(enum)
            return
        if last == "Annotated":
            for extra in items[1:]:
                call = extra.func if isinstance(extra, ast.Call) else extra
                serializer = (module.resolve(call, inside) or "").rpartition(".")[2]
                if serializer in _SERIALIZERS:
                    found.serializer = serializer
            items = items[:1]
        elif last == "Final":
            items = items[:1]
        elif last not in _UNION and not containers:
            return
        for item in items:
            _walk(tree, module, item, inside, containers, found, depth + 1)
        return
    if isinstance(node, ast.Name | ast.Attribute):
        named = module.resolve(node, inside)
        enum = tree.enum(named)
        if enum is not None:
            found.enums.append(enum)
        elif named is not None and containers and tree.cls(named) is not None:
            found.classes.append(tree.follow(named))


def fields(
    tree: Tree,
    module: Module,
    qualname: str,
    library: str,
    kind: str,
    skip: frozenset[str],
    how: How = "value",
    private: bool = False,
) -> Iterator[Place | Unread]:
    """Every enum the annotated fields of class ``qualname`` store by value, nested
    classes of the tree (a dataclass, a TypedDict) followed: their fields are
    serialised with the model; so are the fields of the class's own bases that are
    not models (a mixin).  Classes whose path is in ``skip`` (models of the same
    library: read on their own) are not followed.  ``private``: a name starting with
    ``_`` or set to ``PrivateAttr()`` is no field (pydantic)."""
    prefix = f"{module.name}.{qualname}"
    seen: set[str] = set()
    for owner, name in _mixins(tree, module, qualname, skip):
        yield from _fields(tree, owner, name, library, kind, skip, prefix, seen, how, private)
    yield from _fields(tree, module, qualname, library, kind, skip, prefix, seen, how, private)


def _mixins(
    tree: Tree, module: Module, qualname: str, skip: frozenset[str]
) -> Iterator[tuple[Module, str]]:
    """The tree's bases of the class (transitively) that are neither in ``skip`` nor enums."""
    seen: set[str] = set()
    stack = [(module, qualname)]
    while stack:
        where, name = stack.pop()
        node = where.classes[name]
        for base in node.bases:
            target = where.resolve(base, name.rpartition(".")[0])
            found = tree.cls(target) if target is not None else None
            if found is None:
                continue
            path = f"{found[0].name}.{found[1]}"
            if path in seen or path in skip or path in tree.enums:
                continue
            seen.add(path)
            yield found[0], found[1]
            stack.append((found[0], found[1]))


def field_statements(
    module: Module, qualname: str, private: bool
) -> Iterator[tuple[str, ast.AnnAssign]]:
    """(name, statement) of each annotated field in the class body."""
    for statement in module.classes[qualname].body:
        if not isinstance(statement, ast.AnnAssign) or not isinstance(statement.target, ast.Name):
            continue
        name = statement.target.id
        if private and (
            name.startswith("_")
            or (
                isinstance(statement.value, ast.Call)
                and (module.resolve(statement.value.func, qualname) or "") in _PRIVATE
            )
        ):
            continue
        yield name, statement


def _fields(
    tree: Tree,
    module: Module,
    qualname: str,
    library: str,
    kind: str,
    skip: frozenset[str],
    prefix: str,
    seen: set[str],
    how: How,
    private: bool,
) -> Iterator[Place | Unread]:
    seen.add(f"{module.name}.{qualname}")
    for name, statement in field_statements(module, qualname, private):
        where = f"{prefix}.{name}"
        found = held(tree, module, statement.annotation, qualname)
        for enum in dict.fromkeys(found.enums):
            if found.serializer:
                yield Unread(
                    where,
                    module.file,
                    statement.lineno,
                    f"{library} {kind} with a {found.serializer}: what it writes of {enum} "
                    f"cannot be read",
                    enum,
                )
                continue
            yield Place(enum, where, how, library, kind, module.file, statement.lineno)
        for text in found.unread:
            yield Unread(
                where,
                module.file,
                statement.lineno,
                f"{library} {kind} annotated {text!r}, which does not parse",
            )
        for path in found.classes:
            if path in seen or path in skip:
                continue
            nested = tree.cls(path)
            if nested is not None:
                yield from _fields(
                    tree, nested[0], nested[1], library, kind, skip, where, seen, how, private
                )
