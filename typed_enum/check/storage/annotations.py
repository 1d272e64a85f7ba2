"""The enums a field's annotation holds: ``E``, ``Optional[E]``, ``E | None``, ``list[E]``,
``dict[str, E]``, ``Annotated[E, ...]``, ``"E"``; and the tree's classes it holds
(a nested dataclass or TypedDict, whose fields are stored with it)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field

from typed_enum.check.storage.places import How, Place, Unread
from typed_enum.check.storage.scope import Module, Tree

__all__ = ["Held", "fields", "held"]

#: Subscripted forms that hold nothing stored (a class variable) or a member, not the enum.
_SKIP = frozenset({"ClassVar", "Literal", "InitVar", "Final"})
#: Subscripted forms that stand for "one of": kept even where containers are not.
_UNION = frozenset({"Optional", "Union"})


@dataclass
class Held:
    enums: list[str] = field(default_factory=list)
    classes: list[str] = field(default_factory=list)
    """Dotted paths of the tree's non-enum classes the annotation holds."""
    unread: list[str] = field(default_factory=list)
    """String annotations that do not parse."""


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
            parsed = ast.parse(node.value.strip(), mode="eval").body
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
        if last == "Annotated":
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
) -> Iterator[Place | Unread]:
    """Every enum the annotated fields of class ``qualname`` store by value, nested
    classes of the tree (a dataclass, a TypedDict) followed: their fields are
    serialised with the model.  Classes whose path is in ``skip`` (models of the
    same library: read on their own) are not followed."""
    yield from _fields(
        tree, module, qualname, library, kind, skip, f"{module.name}.{qualname}", set(), how
    )


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
) -> Iterator[Place | Unread]:
    seen.add(f"{module.name}.{qualname}")
    node = module.classes[qualname]
    for statement in node.body:
        if not isinstance(statement, ast.AnnAssign) or not isinstance(statement.target, ast.Name):
            continue
        where = f"{prefix}.{statement.target.id}"
        found = held(tree, module, statement.annotation, qualname)
        for enum in dict.fromkeys(found.enums):
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
                    tree, nested[0], nested[1], library, kind, skip, where, seen, how
                )
