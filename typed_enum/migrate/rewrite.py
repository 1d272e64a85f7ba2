"""Apply the plan to one module with libcst, keeping formatting and comments.

A name imported from enum whose every use moves (class bases, functional-API
calls) is imported from typed_enum instead; a name that is also used where
any enum must be accepted (``isinstance``, annotations, registrations) keeps
its stdlib import, and only the moving uses become ``typed_enum.X``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

import libcst as cst

from typed_enum.migrate.analysis import STDLIB_ENUMS, STDLIB_METACLASSES, ModuleInfo, Ref
from typed_enum.migrate.plan import Plan

__all__ = ["rewrite"]

_TARGETS = STDLIB_ENUMS | STDLIB_METACLASSES


def _target(ref: Ref) -> str:
    return _TARGETS[ref.qualified]


class _Transformer(cst.CSTTransformer):
    def __init__(
        self,
        moved: set[str],
        rename: dict[int, str],
        qualify: dict[int, str],
        aliases: dict[int, str],
        chained: dict[int, dict[str, str]],
        alias_call: cst.BaseExpression,
        drop_enum_module: bool,
        new_imports: list[cst.SimpleStatementLine],
        anchor: int | None,
        replaced: set[int],
    ) -> None:
        super().__init__()
        self.moved = moved
        self.rename = rename
        self.qualify = qualify
        self.aliases = aliases
        self.chained = chained
        self.drop_enum_module = drop_enum_module
        self.new_imports = new_imports
        self.anchor = anchor
        self.alias_call = alias_call
        self.replaced = replaced

    # -- conditional imports typed_enum's import replaces -------------------

    def visit_If(self, node: cst.If) -> bool:
        return id(node) not in self.replaced

    def visit_Try(self, node: cst.Try) -> bool:
        return id(node) not in self.replaced

    def leave_If(
        self, original_node: cst.If, updated_node: cst.If
    ) -> cst.BaseStatement | cst.RemovalSentinel:
        return cst.RemoveFromParent() if id(original_node) in self.replaced else updated_node

    def leave_Try(
        self, original_node: cst.Try, updated_node: cst.Try
    ) -> cst.BaseStatement | cst.RemovalSentinel:
        return cst.RemoveFromParent() if id(original_node) in self.replaced else updated_node

    def leave_Import(
        self, original_node: cst.Import, updated_node: cst.Import
    ) -> cst.Import | cst.RemovalSentinel:
        """``import enum`` no longer used: ``import typed_enum`` in its place."""
        if not self.drop_enum_module:
            return updated_node
        kept = [n for n in updated_node.names if n.evaluated_name != "enum"]
        if len(kept) == len(updated_node.names):
            return updated_node
        if kept:
            kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            return updated_node.with_changes(names=kept)
        return updated_node.with_changes(names=[cst.ImportAlias(cst.Name("typed_enum"))])

    def leave_ImportFrom(
        self, original_node: cst.ImportFrom, updated_node: cst.ImportFrom
    ) -> cst.ImportFrom | cst.RemovalSentinel:
        if (
            updated_node.relative
            or updated_node.module is None
            or not isinstance(updated_node.module, cst.Name)
            or updated_node.module.value != "enum"
            or isinstance(updated_node.names, cst.ImportStar)
        ):
            return updated_node
        kept = [
            name
            for name in updated_node.names
            if (name.evaluated_alias or name.evaluated_name) not in self.moved
        ]
        if len(kept) == len(updated_node.names):
            return updated_node
        if not kept:
            return cst.RemoveFromParent()
        kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        if updated_node.lpar is None:
            return updated_node.with_changes(names=kept)
        return updated_node.with_changes(names=kept)

    def leave_Module(self, original_node: cst.Module, updated_node: cst.Module) -> cst.Module:
        """No enum import at the top: typed_enum's go after the leading imports."""
        if self.anchor is not None or not self.new_imports:
            return updated_node
        body = list(updated_node.body)
        at = 0
        for index, statement in enumerate(body):
            if isinstance(statement, cst.SimpleStatementLine) and all(
                isinstance(s, cst.Import | cst.ImportFrom)
                or (
                    index == 0 and isinstance(s, cst.Expr) and isinstance(s.value, cst.SimpleString)
                )
                for s in statement.body
            ):
                at = index + 1
            else:
                break
        rest = body[at:]
        if rest and at == 0 and not rest[0].leading_lines:
            # the import block is followed by a blank line, as isort writes it
            rest[0] = rest[0].with_changes(leading_lines=[cst.EmptyLine()])
        return updated_node.with_changes(body=[*body[:at], *self.new_imports, *rest])

    def leave_SimpleStatementLine(
        self, original_node: cst.SimpleStatementLine, updated_node: cst.SimpleStatementLine
    ) -> (
        cst.SimpleStatementLine | cst.FlattenSentinel[cst.SimpleStatementLine] | cst.RemovalSentinel
    ):
        if id(original_node) == self.anchor and self.new_imports:
            # typed_enum's imports go where the first enum import is.
            if not updated_node.body:
                first = self.new_imports[0].with_changes(leading_lines=original_node.leading_lines)
                return cst.FlattenSentinel([first, *self.new_imports[1:]])
            return cst.FlattenSentinel([updated_node, *self.new_imports])
        if not updated_node.body:
            return cst.RemoveFromParent()
        # ``a = b = 1`` with b an alias: ``a = 1`` then ``b = alias(a)``.
        if len(original_node.body) != 1 or id(original_node.body[0]) not in self.chained:
            return updated_node
        extra = self.chained[id(original_node.body[0])]
        assign = updated_node.body[0]
        assert isinstance(assign, cst.Assign)
        kept = [
            t
            for t in assign.targets
            if not (isinstance(t.target, cst.Name) and t.target.value in extra)
        ]
        lines = [updated_node.with_changes(body=[assign.with_changes(targets=kept)])]
        for name, canonical in extra.items():
            call = cst.Call(self.alias_call, [cst.Arg(cst.Name(canonical))])
            lines.append(
                cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(name))], call)])
            )
        return cst.FlattenSentinel(lines)

    def on_leave(  # type: ignore[override]  # libcst's is generic in the node type
        self, original_node: cst.CSTNode, updated_node: cst.CSTNode
    ) -> cst.CSTNode | cst.RemovalSentinel | cst.FlattenSentinel[cst.CSTNode]:
        key = id(original_node)
        if key in self.rename and isinstance(updated_node, cst.Name):
            return updated_node.with_changes(value=self.rename[key])
        if key in self.qualify:
            return cst.Attribute(cst.Name("typed_enum"), cst.Name(self.qualify[key]))
        if key in self.aliases:
            return cst.Call(self.alias_call, [cst.Arg(cst.Name(self.aliases[key]))])
        return super().on_leave(original_node, updated_node)


def rewrite(info: ModuleInfo, plan: Plan) -> str:
    """The module's new source (the old one when the plan changes nothing in it)."""
    module = info.wrapper.module
    by_name: dict[str, list[Ref]] = defaultdict(list)
    for ref in info.refs:
        if not ref.via_module:
            by_name[ref.bound].append(ref)
    from_names: set[tuple[str, str | None]] = set()
    need_module = False
    moved: set[str] = set()
    rename: dict[int, str] = {}
    qualify: dict[int, str] = {}

    def move(bound: str, refs: list[Ref]) -> None:
        moved.add(bound)
        target = _target(refs[0])
        original = refs[0].qualified.removeprefix("enum.")
        if bound == original and target != original:
            rename.update((id(r.node), target) for r in refs)
            from_names.add((target, None))
        else:
            from_names.add((target, None if bound == target else bound))

    # Names bound by a module-level if/try of imports only (``if
    # sys.version_info >= (3, 11): from enum import StrEnum`` / ``else: from
    # backports.strenum import StrEnum``), every use of which moves: the
    # statement gives way to typed_enum's import, which needs 3.11+ anyway.
    by_statement: dict[int, dict[str, list[Ref]]] = defaultdict(dict)
    for bound, refs in by_name.items():
        if not any(id(r.node) in plan.refs for r in refs):
            continue
        # A name also written in a string (``__all__``, a string annotation) is
        # used where this run cannot see it: keep it stdlib's.
        in_strings = bound in info.string_words
        # A module another one star-imports re-exports its names: rebinding
        # ``IntEnum`` here would export typed_enum's next to a sibling's stdlib
        # one (mypy: "Incompatible import of IntEnum").
        reexported = info.name in plan.star_imported
        if (
            all(id(r.node) in plan.refs for r in refs)
            and len({r.qualified for r in refs}) == 1
            and not in_strings
            and not reexported
        ):
            conditional = info.conditional.get(bound)
            if conditional is None:
                move(bound, refs)
                continue
            if conditional.statement is not None:
                by_statement[id(conditional.statement)][bound] = refs
                continue
        for ref in refs:
            if id(ref.node) in plan.refs:
                qualify[id(ref.node)] = _target(ref)
    replaced: set[int] = set()
    freed: set[str] = set()  # names the replaced statements used (``sys``)
    statements = {id(c.statement): c.statement for c in info.conditional.values() if c.statement}
    for statement in statements.values():
        names = by_statement.get(id(statement), {})
        if names and _bound_names(statement) <= set(names):
            replaced.add(id(statement))
            freed |= _used_names(statement)
            for bound, refs in names.items():
                move(bound, refs)
            continue
        for refs in names.values():
            qualify.update((id(r.node), _target(r)) for r in refs if id(r.node) in plan.refs)
    via_module = [r for r in info.refs if r.via_module and id(r.node) in plan.refs]
    for ref in via_module:
        qualify[id(ref.node)] = _target(ref)
    need_module = bool(qualify)
    aliases = {
        id(member.value): plan.aliases[id(member.value)]
        for cls in info.classes
        for member in cls.members
        if id(member.value) in plan.aliases
    }
    chained = {
        id(member.value): plan.chained[id(member.value)]
        for cls in info.classes
        for member in cls.members
        if id(member.value) in plan.chained
    }
    alias_call: cst.BaseExpression = cst.Name("alias")
    if aliases or chained:
        if info.binds_alias:
            alias_call = cst.Attribute(cst.Name("typed_enum"), cst.Name("alias"))
            need_module = True
        else:
            from_names.add(("alias", None))
    # Every use of the enum module moves: its import becomes typed_enum's.
    drop = bool(via_module) and len(via_module) == info.module_uses
    if not (moved or qualify or aliases or chained):
        return module.code
    anchor, new_imports = _imports(module, from_names, need_module and not drop)
    transformer = _Transformer(
        moved, rename, qualify, aliases, chained, alias_call, drop, new_imports, anchor, replaced
    )
    new = module.visit(transformer)
    if freed:
        new = _drop_imports(new, freed - _used_names(new) - info.string_words)
    return new.code


def _bound_names(statement: cst.CSTNode) -> set[str]:
    """The names the imports inside ``statement`` bind."""
    found: set[str] = set()

    class Visitor(cst.CSTVisitor):
        def visit_ImportAlias(self, node: cst.ImportAlias) -> None:
            name = node.evaluated_alias or node.evaluated_name
            found.add(name.split(".")[0])

    statement.visit(Visitor())
    return found


def _used_names(tree: cst.CSTNode) -> set[str]:
    """The names ``tree`` reads (outside import statements)."""
    found: set[str] = set()

    class Visitor(cst.CSTVisitor):
        def visit_Import(self, node: cst.Import) -> bool:
            return False

        def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
            return False

        def visit_Name(self, node: cst.Name) -> None:
            found.add(node.value)

    tree.visit(Visitor())
    return found


def _drop_imports(module: cst.Module, names: set[str]) -> cst.Module:
    """``module`` without its top-level ``import x`` of ``names`` (which nothing uses any
    more); a dropped line's blank lines and comments go to the next statement."""
    body: list[cst.BaseStatement] = []
    carry: Sequence[cst.EmptyLine] = ()
    for statement in module.body:
        if isinstance(statement, cst.SimpleStatementLine) and all(
            isinstance(s, cst.Import) for s in statement.body
        ):
            small: list[cst.BaseSmallStatement] = []
            for imp in statement.body:
                assert isinstance(imp, cst.Import)
                kept = [
                    n for n in imp.names if n.asname is not None or n.evaluated_name not in names
                ]
                if kept:
                    kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
                    small.append(imp.with_changes(names=kept))
            if not small:
                carry = carry or statement.leading_lines
                continue
            statement = statement.with_changes(body=small)
        if carry and not statement.leading_lines:
            statement = statement.with_changes(leading_lines=carry)
        carry = ()
        body.append(statement)
    return module.with_changes(body=body)


def _imports(
    module: cst.Module, from_names: set[tuple[str, str | None]], need_module: bool
) -> tuple[int | None, list[cst.SimpleStatementLine]]:
    """The first top-level enum import (by id), and the typed_enum imports to add
    (those the module does not have at its top level yet)."""
    anchor = None
    for statement in module.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.Import):
                names = {n.evaluated_name for n in small.names}
                need_module = need_module and "typed_enum" not in names
                if anchor is None and "enum" in names:
                    anchor = id(statement)
            elif isinstance(small, cst.ImportFrom) and not small.relative and small.module:
                source = cst.Module([]).code_for_node(small.module)
                if source == "typed_enum" and not isinstance(small.names, cst.ImportStar):
                    from_names -= {(n.evaluated_name, n.evaluated_alias) for n in small.names}
                if anchor is None and source == "enum":
                    anchor = id(statement)
    lines = []
    if need_module:
        lines.append(
            cst.SimpleStatementLine([cst.Import([cst.ImportAlias(cst.Name("typed_enum"))])])
        )
    if from_names:
        aliases = [
            cst.ImportAlias(cst.Name(name), asname=cst.AsName(cst.Name(asname)) if asname else None)
            for name, asname in sorted(from_names, key=lambda n: (n[0], n[1] or ""))
        ]
        lines.append(
            cst.SimpleStatementLine([cst.ImportFrom(cst.Name("typed_enum"), names=aliases)])
        )
    return anchor, lines
