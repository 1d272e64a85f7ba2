"""Apply the plan to one module with libcst, keeping formatting and comments.

A name imported from enum whose every use moves (class bases, functional-API
calls) is imported from typed_enum instead; a name that is also used where
any enum must be accepted (``isinstance``, annotations, registrations) keeps
its stdlib import, and only the moving uses become ``typed_enum.X``.
"""

from __future__ import annotations

import re
from collections import defaultdict

import libcst as cst
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import AddImportsVisitor

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
    ) -> None:
        super().__init__()
        self.moved = moved
        self.rename = rename
        self.qualify = qualify
        self.aliases = aliases
        self.chained = chained
        self.drop_enum_module = drop_enum_module
        self.alias_call = alias_call

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

    def leave_SimpleStatementLine(
        self, original_node: cst.SimpleStatementLine, updated_node: cst.SimpleStatementLine
    ) -> cst.SimpleStatementLine | cst.FlattenSentinel[cst.SimpleStatementLine]:
        """``a = b = 1`` with b an alias: ``a = 1`` then ``b = alias(a)``."""
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
    context = CodemodContext()
    moved: set[str] = set()
    rename: dict[int, str] = {}
    qualify: dict[int, str] = {}
    for bound, refs in by_name.items():
        if not any(id(r.node) in plan.refs for r in refs):
            continue
        # A name also written in a string (``__all__``, a string annotation) is
        # used where this run cannot see it: keep it stdlib's.
        in_strings = re.search(rf"[\"'][^\"'\n]*\b{re.escape(bound)}\b", module.code)
        if (
            all(id(r.node) in plan.refs for r in refs)
            and len({r.qualified for r in refs}) == 1
            and not in_strings
        ):
            moved.add(bound)
            target = _target(refs[0])
            original = refs[0].qualified.removeprefix("enum.")
            if bound == original and target != original:
                rename.update((id(r.node), target) for r in refs)
                AddImportsVisitor.add_needed_import(context, "typed_enum", target)
            else:
                asname = None if bound == target else bound
                AddImportsVisitor.add_needed_import(context, "typed_enum", target, asname)
            continue
        for ref in refs:
            if id(ref.node) in plan.refs:
                qualify[id(ref.node)] = _target(ref)
    via_module = [r for r in info.refs if r.via_module and id(r.node) in plan.refs]
    for ref in via_module:
        qualify[id(ref.node)] = _target(ref)
    if qualify:
        AddImportsVisitor.add_needed_import(context, "typed_enum")
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
            AddImportsVisitor.add_needed_import(context, "typed_enum")
        else:
            AddImportsVisitor.add_needed_import(context, "typed_enum", "alias")
    # Every use of the enum module moves: its import becomes typed_enum's.
    drop = bool(via_module) and len(via_module) == info.module_uses
    if not (moved or qualify or aliases or chained):
        return module.code
    changed = module.visit(_Transformer(moved, rename, qualify, aliases, chained, alias_call, drop))
    changed = AddImportsVisitor(context).transform_module(changed)
    return changed.code
