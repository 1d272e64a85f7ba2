"""Apply the plan to one module with libcst, keeping formatting and comments.

A name imported from enum whose every use moves (class bases, functional-API
calls) is imported from typed_enum instead; a name that is also used where
any enum must be accepted (``isinstance``, annotations, registrations) keeps
its stdlib import, and only the moving uses become ``typed_enum.X``.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import cast

import libcst as cst

from typed_enum.migrate.analysis import (
    STDLIB_ENUMS,
    STDLIB_METACLASSES,
    ModuleInfo,
    Ref,
)
from typed_enum.migrate.identity import fitted
from typed_enum.migrate.plan import Plan
from typed_enum.migrate.style import Imports, Style

__all__ = ["rewrite"]

_TARGETS = STDLIB_ENUMS | STDLIB_METACLASSES

_DEFAULT_IMPORTS = Imports()


def _target(ref: Ref) -> str:
    return _TARGETS[ref.qualified]


class _Transformer(cst.CSTTransformer):
    def __init__(self, module: cst.Module, change: _Change, line_length: int) -> None:
        super().__init__()
        self.change = change
        self.line_length = line_length
        self.indents: list[str] = []
        self.default_indent = module.default_indent
        self.top = {id(s) for s in module.body}
        # leading lines (comments, blank lines) of a removed top-level statement,
        # for the next one
        self.pending: Sequence[cst.EmptyLine] = ()
        self.unbinding: list[set[str]] = []
        # names an if/try given way to used (``sys``), and the imports of one
        # at the head of the imports, for the import block
        self.freed: set[str] = set()
        self.hoisted: list[cst.SimpleStatementLine] = []
        # id() of a metaclass base -> the methods given a noqa comment for N805
        self.noqa: dict[int, list[str]] = {}

    def indent(self) -> int:
        return sum(len(i) for i in self.indents)

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        self.indents.append(self.default_indent if node.indent is None else node.indent)

    def leave_IndentedBlock(
        self, original_node: cst.IndentedBlock, updated_node: cst.IndentedBlock
    ) -> cst.BaseSuite:
        self.indents.pop()
        return updated_node

    # -- conditional imports typed_enum's import replaces -------------------

    def visit_If(self, node: cst.If) -> bool:
        return self.visit_conditional(node)

    def visit_Try(self, node: cst.Try) -> bool:
        return self.visit_conditional(node)

    def visit_conditional(self, node: cst.If | cst.Try) -> bool:
        if id(node) in self.change.unbind:
            self.unbinding.append(self.change.unbind[id(node)])
        return id(node) not in self.change.replaced

    def leave_If(
        self, original_node: cst.If, updated_node: cst.If
    ) -> cst.BaseStatement | cst.FlattenSentinel[cst.BaseStatement] | cst.RemovalSentinel:
        return self.leave_conditional(original_node, updated_node)

    def leave_Try(
        self, original_node: cst.Try, updated_node: cst.Try
    ) -> cst.BaseStatement | cst.FlattenSentinel[cst.BaseStatement] | cst.RemovalSentinel:
        return self.leave_conditional(original_node, updated_node)

    def leave_conditional(
        self, original_node: cst.If | cst.Try, updated_node: cst.If | cst.Try
    ) -> cst.BaseStatement | cst.FlattenSentinel[cst.BaseStatement] | cst.RemovalSentinel:
        key = id(original_node)
        if key in self.change.replaced:
            return self.remove(original_node)
        if key not in self.change.unbind:
            return updated_node
        self.unbinding.pop()
        # The moved names left every branch: where the branches are now the
        # same, the statement gives way to that one body.
        same = _same_body(updated_node)
        if same is None:
            return updated_node
        self.freed |= _used_names(original_node)
        if key in self.change.heads:
            self.hoisted += same
            return self.remove(original_node)
        if not same:
            return self.remove(original_node)
        first = same[0].with_changes(leading_lines=original_node.leading_lines)
        return cst.FlattenSentinel([first, *same[1:]])

    def remove(self, original_node: cst.BaseStatement) -> cst.RemovalSentinel:
        if id(original_node) in self.top:
            lines = _leading(original_node)
            if isinstance(original_node, cst.If | cst.Try):
                # The comment right above a conditional import is about it
                # ("# Python 3.11 has built-in StrEnum"): it goes with it.
                lines = _detached(lines)
            self.pending = _merge_lines(self.pending, lines)
        return cst.RemoveFromParent()

    # -- imports ------------------------------------------------------------

    def leave_Import(
        self, original_node: cst.Import, updated_node: cst.Import
    ) -> cst.Import | cst.RemovalSentinel:
        """``import enum`` no longer used: it goes (``import typed_enum`` is added)."""
        if not self.change.drop_enum_module:
            return updated_node
        kept = [n for n in updated_node.names if n.evaluated_name != "enum"]
        if len(kept) == len(updated_node.names):
            return updated_node
        if kept:
            kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            return updated_node.with_changes(names=kept)
        return cst.RemoveFromParent()

    def leave_ImportFrom(
        self, original_node: cst.ImportFrom, updated_node: cst.ImportFrom
    ) -> cst.ImportFrom | cst.RemovalSentinel:
        if self.unbinding and not isinstance(updated_node.names, cst.ImportStar):
            # A branch of an if/try some of whose names move: they leave it.
            gone = self.unbinding[-1]
            names = list(updated_node.names)
            left = [n for n in names if (n.evaluated_alias or n.evaluated_name) not in gone]
            if not left:
                return cst.RemoveFromParent()
            if len(left) < len(names):
                updated_node = self.shrunk(updated_node, left)
        if id(original_node) in self.change.reexport_in and not isinstance(
            updated_node.names, cst.ImportStar
        ):
            # A branch of a conditional import in a star-imported module: each
            # binding of a re-exported name is written ``StrEnum as StrEnum``.
            return updated_node.with_changes(
                names=[
                    n.with_changes(asname=cst.AsName(n.name))
                    if n.asname is None
                    and isinstance(n.name, cst.Name)
                    and n.name.value in self.change.reexport
                    else n
                    for n in updated_node.names
                ]
            )
        if (
            updated_node.relative
            or updated_node.module is None
            or not isinstance(updated_node.module, cst.Name)
            or updated_node.module.value != "enum"
            or isinstance(updated_node.names, cst.ImportStar)
        ):
            return updated_node
        names = list(updated_node.names)
        kept = [
            name
            for name in names
            if (name.evaluated_alias or name.evaluated_name) not in self.change.moved
            and not self.reexport(name)
        ]
        if len(kept) == len(names):
            return updated_node
        if not kept:
            return cst.RemoveFromParent()
        return self.shrunk(updated_node, kept)

    def shrunk(self, node: cst.ImportFrom, kept: list[cst.ImportAlias]) -> cst.ImportFrom:
        """``node`` importing only ``kept``: on one line where it fits, else on
        several as written (the trailing comma keeps them)."""
        assert not isinstance(node.names, cst.ImportStar)
        kept[-1] = kept[-1].with_changes(comma=node.names[-1].comma)
        one = node.with_changes(
            names=[k.with_changes(comma=cst.MaybeSentinel.DEFAULT) for k in kept],
            lpar=None,
            rpar=None,
        )
        if node.lpar is None or self.fits(one):
            return one
        return node.with_changes(names=kept)

    def reexport(self, name: cst.ImportAlias) -> bool:
        return name.asname is None and name.evaluated_name in self.change.reexport

    def fits(self, node: cst.CSTNode, extra: int = 0) -> bool:
        code = cst.Module([]).code_for_node(node).rstrip("\n")
        return "\n" not in code and self.indent() + len(code) + extra <= self.line_length

    def leave_SimpleStatementLine(
        self, original_node: cst.SimpleStatementLine, updated_node: cst.SimpleStatementLine
    ) -> (
        cst.SimpleStatementLine | cst.FlattenSentinel[cst.SimpleStatementLine] | cst.RemovalSentinel
    ):
        extra = self.reexports(original_node)
        if not updated_node.body and not extra:
            return self.remove(original_node)
        if extra:
            # ``from enum import IntEnum as IntEnum`` (its own line: isort keeps
            # "as" imports apart): a re-export linters accept.
            lines = [updated_node.with_changes(body=[small]) for small in updated_node.body] + extra
            lines.sort(key=_import_key)
            lines[0] = lines[0].with_changes(leading_lines=original_node.leading_lines)
            for index in range(1, len(lines)):
                lines[index] = lines[index].with_changes(leading_lines=[])
            return cst.FlattenSentinel(lines)
        # ``a = b = 1`` with b an alias: ``a = 1`` then ``b = alias(a)``.
        if len(original_node.body) == 1 and id(original_node.body[0]) in self.change.chained:
            return self.split_chained(original_node, updated_node)
        small = original_node.body[0] if len(original_node.body) == 1 else None
        if isinstance(small, cst.Assign | cst.AnnAssign) and small.value is not None:
            if id(small.value) in self.change.aliases:
                updated_node = self.keep_comments(small.value, updated_node)
            dropped = self.change.dropped.get(id(small.value))
            if dropped is not None:
                return self.keep_dropped(updated_node, f"was {dropped}")
        return updated_node

    def reexports(self, original: cst.SimpleStatementLine) -> list[cst.SimpleStatementLine]:
        found = []
        for small in original.body:
            if (
                isinstance(small, cst.ImportFrom)
                and isinstance(small.module, cst.Name)
                and small.module.value == "enum"
                and not small.relative
                and not isinstance(small.names, cst.ImportStar)
                and id(small) not in self.change.reexport_in
            ):
                for name in small.names:
                    if self.reexport(name) and isinstance(name.name, cst.Name):
                        alias = cst.ImportAlias(name.name, asname=cst.AsName(name.name))
                        found.append(
                            cst.SimpleStatementLine([cst.ImportFrom(cst.Name("enum"), [alias])])
                        )
        return found

    def keep_comments(
        self, value: cst.BaseExpression, node: cst.SimpleStatementLine
    ) -> cst.SimpleStatementLine:
        """The comments of a member written over several lines that alias() joins
        into one: those inside its value go on their own lines above it (alias()
        replaces the value), and its trailing comment stays where the joined line
        keeps the project's line length, else goes above too."""
        comments = _comments(value)
        trailing = node.trailing_whitespace.comment
        if trailing is None and len(comments) == 1:
            # the member's one comment (after its opening bracket): trailing if it fits
            trailing = comments.pop()
            node = node.with_changes(
                trailing_whitespace=cst.TrailingWhitespace(cst.SimpleWhitespace("  "), trailing)
            )
        if trailing is not None and (
            comments or not self.fits(node.with_changes(leading_lines=[]))
        ):
            comments.append(trailing)
            node = node.with_changes(trailing_whitespace=cst.TrailingWhitespace())
        if not comments:
            return node
        above = [cst.EmptyLine(indent=True, comment=c) for c in comments]
        return node.with_changes(leading_lines=[*node.leading_lines, *above])

    def keep_dropped(self, node: cst.SimpleStatementLine, comment: str) -> cst.SimpleStatementLine:
        """The source alias() replaced, as a comment: trailing where the line stays
        within the project's length, else on its own line above, else not at all
        (the report has it)."""
        text = f"# {comment}"
        if node.trailing_whitespace.comment is None and self.fits(
            node.with_changes(leading_lines=[]), extra=2 + len(text)
        ):
            trailing = node.trailing_whitespace.with_changes(
                whitespace=cst.SimpleWhitespace("  "), comment=cst.Comment(text)
            )
            return node.with_changes(trailing_whitespace=trailing)
        if self.indent() + len(text) <= self.line_length:
            above = cst.EmptyLine(indent=True, comment=cst.Comment(text))
            return node.with_changes(leading_lines=[*node.leading_lines, above])
        return node

    def split_chained(
        self, original_node: cst.SimpleStatementLine, updated_node: cst.SimpleStatementLine
    ) -> cst.FlattenSentinel[cst.SimpleStatementLine]:
        extra = self.change.chained[id(original_node.body[0])]
        assign = updated_node.body[0]
        assert isinstance(assign, cst.Assign)
        kept = [
            t
            for t in assign.targets
            if not (isinstance(t.target, cst.Name) and t.target.value in extra)
        ]
        lines = [updated_node.with_changes(body=[assign.with_changes(targets=kept)])]
        for name, canonical in extra.items():
            call = cst.Call(self.change.alias_call, [cst.Arg(cst.Name(canonical))])
            lines.append(
                cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(name))], call)])
            )
        return cst.FlattenSentinel(lines)

    # -- metaclasses pep8-naming no longer knows as such ----------------------

    def leave_ClassDef(
        self, original_node: cst.ClassDef, updated_node: cst.ClassDef
    ) -> cst.ClassDef:
        if id(original_node) in self.change.value_ordered:
            index = self.change.value_ordered[id(original_node)]
            updated_node = self.value_ordered(updated_node, index)
        base = next(
            (
                id(a.value)
                for a in original_node.bases
                if id(a.value) in self.change.metaclass_bases
            ),
            None,
        )
        if base is None or not isinstance(updated_node.body, cst.IndentedBlock):
            return updated_node
        body = []
        for statement in updated_node.body.body:
            if isinstance(statement, cst.FunctionDef) and _n805(
                statement, self.change.method_decorators
            ):
                marked = _noqa_n805(statement)
                if marked is not None:
                    self.noqa.setdefault(base, []).append(statement.name.value)
                    statement = marked
            body.append(statement)
        return updated_node.with_changes(body=updated_node.body.with_changes(body=body))

    def value_ordered(self, node: cst.ClassDef, index: int) -> cst.ClassDef:
        """``ValueOrdered`` among the bases at ``index``; the bases one a line
        (black's layout) where the class line would pass the project's line length."""
        added = cst.Arg(self.change.value_ordered_name)
        bases = [*node.bases[:index], added, *node.bases[index:]]
        header = node.with_changes(
            bases=[b.with_changes(comma=cst.MaybeSentinel.DEFAULT) for b in bases],
            body=cst.SimpleStatementSuite([cst.Pass()]),
            leading_lines=[],
            decorators=[],
        )
        code = cst.Module([]).code_for_node(header).rstrip("\n")
        width = self.indent() + len(code) - len(" pass")
        if "\n" in code or width <= self.line_length:
            comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            if index < len(node.bases):
                added = added.with_changes(comma=comma)
            else:
                # last: the one before it gets a comma
                previous = node.bases[-1].with_changes(comma=comma)
                return node.with_changes(bases=[*node.bases[:-1], previous, added])
            return node.with_changes(bases=[*node.bases[:index], added, *node.bases[index:]])
        inner = " " * (self.indent() + len(self.default_indent))
        lines = [
            b.with_changes(
                comma=cst.Comma(
                    whitespace_after=cst.ParenthesizedWhitespace(
                        first_line=cst.TrailingWhitespace(),
                        indent=False,
                        last_line=cst.SimpleWhitespace(
                            inner if i < len(bases) - 1 else " " * self.indent()
                        ),
                    )
                )
            )
            for i, b in enumerate(bases)
        ]
        opening = cst.ParenthesizedWhitespace(
            first_line=cst.TrailingWhitespace(),
            indent=False,
            last_line=cst.SimpleWhitespace(inner),
        )
        return node.with_changes(bases=lines, lpar=cst.LeftParen(whitespace_after=opening))

    def on_leave(  # type: ignore[override]  # libcst's is generic in the node type
        self, original_node: cst.CSTNode, updated_node: cst.CSTNode
    ) -> cst.CSTNode | cst.RemovalSentinel | cst.FlattenSentinel[cst.CSTNode]:
        key = id(original_node)
        change = self.change
        if key in change.rename and isinstance(updated_node, cst.Name):
            return updated_node.with_changes(value=change.rename[key])
        if key in change.qualify:
            return cst.Attribute(cst.Name("typed_enum"), cst.Name(change.qualify[key]))
        if key in change.aliases:
            return cst.Call(change.alias_call, [cst.Arg(cst.Name(change.aliases[key]))])
        if key in change.identity:
            return change.identity[key](updated_node)
        result = super().on_leave(original_node, updated_node)
        if key not in self.top or not self.pending:
            return result
        if isinstance(result, cst.BaseStatement):
            self.pending, lines = (), _merge_lines(self.pending, _leading(result))
            return result.with_changes(leading_lines=lines)
        if isinstance(result, cst.FlattenSentinel) and result.nodes:
            nodes = list(result.nodes)
            if isinstance(nodes[0], cst.BaseStatement):
                self.pending, lines = (), _merge_lines(self.pending, _leading(nodes[0]))
                nodes[0] = nodes[0].with_changes(leading_lines=lines)
                return cst.FlattenSentinel(nodes)
        return result


# Methods pep8-naming takes for class methods whatever the class (ruff's list).
_IMPLICIT_CLASSMETHODS = frozenset({"__new__", "__init_subclass__", "__class_getitem__"})


def _n805(function: cst.FunctionDef, decorators: frozenset[str]) -> bool:
    """Whether ruff's N805 flags ``function``'s first argument once its class is
    not known as a metaclass: a plain method whose first argument is not ``self``."""
    if function.name.value in _IMPLICIT_CLASSMETHODS:
        return False
    for decorator in function.decorators:
        expression = decorator.decorator
        if isinstance(expression, cst.Call):
            expression = expression.func
        code = cst.Module([]).code_for_node(expression)
        if code.rsplit(".", 1)[-1] in ("staticmethod", "classmethod") or code in decorators:
            return False
    params = function.params.posonly_params or function.params.params
    return bool(params) and params[0].name.value != "self"


def _with_noqa(comment: cst.Comment | None) -> cst.Comment | None:
    """``comment`` with N805 added to its ``# noqa:`` (None: it has a blanket ``# noqa``)."""
    if comment is None:
        return cst.Comment("# noqa: N805")
    text = comment.value
    codes = re.search(r"#\s*noqa:\s*[A-Z]+[0-9]+(?:[,\s]+[A-Z]+[0-9]+)*", text)
    if codes is not None:
        return cst.Comment(text[: codes.end()] + ", N805" + text[codes.end() :])
    if re.search(r"#\s*noqa\b", text):
        return None
    return cst.Comment(f"{text}  # noqa: N805")


def _noqa_n805(function: cst.FunctionDef) -> cst.FunctionDef | None:
    """``function`` with ``# noqa: N805`` on its first argument's line; None where
    there is no place for it (that line ends inside the signature otherwise)."""
    header = function.with_changes(
        body=cst.SimpleStatementSuite([cst.Pass()]), decorators=(), leading_lines=()
    )
    if "\n" not in cst.Module([]).code_for_node(header).rstrip("\n"):
        body = function.body
        if isinstance(body, cst.IndentedBlock):
            trailing = body.header
        elif isinstance(body, cst.SimpleStatementSuite):
            trailing = body.trailing_whitespace
        else:
            return None
        comment = _with_noqa(trailing.comment)
        if comment is None:
            return function
        if trailing.comment is None:
            trailing = trailing.with_changes(whitespace=cst.SimpleWhitespace("  "))
        trailing = trailing.with_changes(comment=comment)
        if isinstance(body, cst.IndentedBlock):
            return function.with_changes(body=body.with_changes(header=trailing))
        return function.with_changes(body=body.with_changes(trailing_whitespace=trailing))
    params = list(function.params.posonly_params or function.params.params)
    first = params[0]
    if not isinstance(first.comma, cst.Comma):
        return None
    after = first.comma.whitespace_after
    if not isinstance(after, cst.ParenthesizedWhitespace):
        return None
    line = after.first_line
    comment = _with_noqa(line.comment)
    if comment is None:
        return function
    if line.comment is None:
        line = line.with_changes(whitespace=cst.SimpleWhitespace("  "))
    comma = first.comma.with_changes(
        whitespace_after=after.with_changes(first_line=line.with_changes(comment=comment))
    )
    params[0] = first.with_changes(comma=comma)
    key = "posonly_params" if function.params.posonly_params else "params"
    return function.with_changes(params=function.params.with_changes(**{key: params}))


def _comments(node: cst.CSTNode) -> list[cst.Comment]:
    """The comments inside ``node``, in source order."""
    found: list[cst.Comment] = []

    class Collect(cst.CSTVisitor):
        def visit_Comment(self, comment: cst.Comment) -> None:
            found.append(comment)

    node.visit(Collect())
    return found


def _leading(statement: cst.CSTNode) -> Sequence[cst.EmptyLine]:
    if isinstance(statement, cst.SimpleStatementLine | cst.BaseCompoundStatement):
        return statement.leading_lines
    return ()


def _detached(lines: Sequence[cst.EmptyLine]) -> Sequence[cst.EmptyLine]:
    """``lines`` without the comment lines that end them (those with no blank
    line between them and the statement they lead)."""
    end = len(lines)
    while end and lines[end - 1].comment is not None:
        end -= 1
    return lines[:end]


def _merge_lines(
    removed: Sequence[cst.EmptyLine], own: Sequence[cst.EmptyLine]
) -> Sequence[cst.EmptyLine]:
    """The leading lines of a statement that follows a removed one: its own, with the
    removed one's comments kept, or the removed one's blank lines when it has none."""
    if any(line.comment is not None for line in removed):
        kept = list(removed)
        # one run of blank lines between the comments and the statement, its own
        while kept and kept[-1].comment is None and own and own[0].comment is None:
            kept.pop()
        return [*kept, *own]
    return own or removed


@dataclass
class _Change:
    """What the transformer does to one module."""

    moved: set[str] = field(default_factory=set)
    # names kept from enum for a star-importing module, written ``X as X``
    reexport: set[str] = field(default_factory=set)
    rename: dict[int, str] = field(default_factory=dict)
    qualify: dict[int, str] = field(default_factory=dict)
    aliases: dict[int, str] = field(default_factory=dict)
    chained: dict[int, dict[str, str]] = field(default_factory=dict)
    dropped: dict[int, str] = field(default_factory=dict)
    alias_call: cst.BaseExpression = field(default_factory=lambda: cst.Name("alias"))
    drop_enum_module: bool = False
    replaced: set[int] = field(default_factory=set)
    # id() of a module-level if/try of imports -> the names that leave it (every
    # use moved) while it keeps binding others (``auto``); with whether it
    # heads the module's imports (its imports may then join that block)
    unbind: dict[int, set[str]] = field(default_factory=dict)
    heads: set[int] = field(default_factory=set)
    # id() of the moving EnumMeta/EnumType bases of metaclasses whose methods
    # take a noqa comment for N805 (the project selects it), and pep8-naming's own
    # classmethod/staticmethod decorators
    metaclass_bases: set[int] = field(default_factory=set)
    method_decorators: frozenset[str] = frozenset()
    # id() of the imports inside a conditional statement that bind a re-exported name
    reexport_in: set[int] = field(default_factory=set)
    # id() of the classes that get ValueOrdered among their bases -> where
    value_ordered: dict[int, int] = field(default_factory=dict)
    value_ordered_name: cst.BaseExpression = field(default_factory=lambda: cst.Name("ValueOrdered"))
    # id() of an identity check -> its replacement's builder (``identity.py``)
    identity: dict[int, Callable[[cst.CSTNode], cst.CSTNode]] = field(default_factory=dict)


def rewrite(
    info: ModuleInfo,
    plan: Plan,
    style: Style | None = None,
    notes: list[tuple[int, str]] | None = None,
) -> str:
    """The module's new source (the old one when the plan changes nothing in it).

    ``style``: the project's line length and import sections (``style_for``).
    ``notes`` gets (line, message) for what a reviewer should know of the rewrite.
    """
    style = style or Style()
    module = info.wrapper.module
    by_name: dict[str, list[Ref]] = defaultdict(list)
    for ref in info.refs:
        if not ref.via_module:
            by_name[ref.bound].append(ref)
    from_names: set[tuple[str, str | None]] = set()
    change = _Change()

    def move(bound: str, refs: list[Ref]) -> None:
        change.moved.add(bound)
        target = _target(refs[0])
        original = refs[0].qualified.removeprefix("enum.")
        if bound == original and target != original:
            change.rename.update((id(r.node), target) for r in refs)
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
        every = all(id(r.node) in plan.refs for r in refs)
        # A name also written in a string (``__all__``, a string annotation) is
        # used where this run cannot see it: keep it stdlib's.
        in_strings = bound in info.string_words
        # A module another one star-imports re-exports its names: rebinding
        # ``IntEnum`` here would export typed_enum's next to a sibling's stdlib
        # one (mypy: "Incompatible import of IntEnum").
        reexported = info.name in plan.star_imported
        if every and len({r.qualified for r in refs}) == 1 and not in_strings and not reexported:
            conditional = info.conditional.get(bound)
            if conditional is None:
                move(bound, refs)
                continue
            if conditional.statement is not None:
                by_statement[id(conditional.statement)][bound] = refs
                continue
        if every and reexported and not in_strings:
            # Kept only to be re-exported: ``IntEnum as IntEnum``, which
            # linters read as a deliberate re-export, not an unused import.
            change.reexport.add(bound)
            conditional = info.conditional.get(bound)
            if conditional is not None:
                change.reexport_in |= _imports_binding(module, bound)
        for ref in refs:
            if id(ref.node) in plan.refs:
                change.qualify[id(ref.node)] = _target(ref)
    freed: set[str] = set()  # names the replaced statements used (``sys``)
    statements = {id(c.statement): c.statement for c in info.conditional.values() if c.statement}
    heads = _heads(module)
    for statement in statements.values():
        names = by_statement.get(id(statement), {})
        if not names:
            continue
        for bound, refs in names.items():
            move(bound, refs)
        # Names moved unconditionally (``EnumMeta``) leave it too (their
        # ``from enum`` import goes wherever it is).
        if _bound_names(statement) <= change.moved:
            change.replaced.add(id(statement))
            freed |= _used_names(statement)
        else:
            # It binds other names too (``auto``), which stay: only these leave it.
            change.unbind[id(statement)] = set(names)
            if id(statement) in heads:
                change.heads.add(id(statement))
    via_module = [r for r in info.refs if r.via_module and id(r.node) in plan.refs]
    for ref in via_module:
        change.qualify[id(ref.node)] = _target(ref)
    change.identity = fitted(info, plan.identity.get(info.path, {}), style.line_length)
    need_module = bool(change.qualify or change.identity)
    for cls in info.classes:
        for member in cls.members:
            key = id(member.value)
            if key in plan.aliases:
                change.aliases[key] = plan.aliases[key]
                if key in plan.dropped:
                    change.dropped[id(member.value)] = plan.dropped[key]
            if key in plan.chained:
                change.chained[key] = plan.chained[key]
    change.value_ordered = {
        id(c.node): plan.value_ordered[id(c.node)]
        for c in info.classes
        if id(c.node) in plan.value_ordered
    }
    if change.value_ordered:
        # A name ValueOrdered of the module's own, or a module that writes
        # typed_enum.X and imports nothing from typed_enum: typed_enum's is qualified.
        if (need_module and not from_names) or (
            re.search(r"\bValueOrdered\b", module.code)
            and not re.search(r"\bfrom\s+typed_enum\s+import\b[^\n]*\bValueOrdered\b", module.code)
        ):
            change.value_ordered_name = cst.Attribute(
                cst.Name("typed_enum"), cst.Name("ValueOrdered")
            )
            need_module = True
        else:
            from_names.add(("ValueOrdered", None))
    if change.aliases or change.chained:
        if info.binds_alias:
            change.alias_call = cst.Attribute(cst.Name("typed_enum"), cst.Name("alias"))
            need_module = True
        else:
            from_names.add(("alias", None))
    # Every use of the enum module moves: its import goes.
    change.drop_enum_module = bool(via_module) and len(via_module) == info.module_uses
    if not (
        change.moved
        or change.qualify
        or change.aliases
        or change.chained
        or change.value_ordered
        or change.identity
    ):
        return module.code
    new_imports = _imports(module, from_names, need_module, style.imports)
    metaclass_bases = {
        id(r.node): r
        for r in info.refs
        if r.qualified in STDLIB_METACLASSES and r.role == "base" and id(r.node) in plan.refs
    }
    if style.n805:
        change.metaclass_bases = set(metaclass_bases)
        change.method_decorators = style.method_decorators
    transformer = _Transformer(module, change, style.line_length)
    new = module.visit(transformer)
    for base, methods in transformer.noqa.items():
        if notes is not None:
            notes.append(
                (
                    int(metaclass_bases[base].line),
                    f"# noqa: N805 added to {', '.join(methods)}: ruff's pep8-naming (selected "
                    "in the project's configuration) knows a metaclass only by a base named "
                    "type, ABCMeta, EnumMeta or EnumType in the same file, and this one's base "
                    "is now TypedEnumType (astral-sh/ruff#20225)",
                )
            )
    freed |= transformer.freed
    if freed:
        new = _drop_imports(new, freed - _used_names(new) - info.string_words)
    return _place(new, new_imports + transformer.hoisted, style).code


def _heads(module: cst.Module) -> set[int]:
    """id() of the module-level if/try statements that only imports (and a
    docstring) come before: the imports of one may join the import block."""
    found: set[int] = set()
    for index, statement in enumerate(module.body):
        if isinstance(statement, cst.If | cst.Try):
            found.add(id(statement))
            continue
        if _module_of(statement) is None and not (index == 0 and _is_docstring(statement)):
            break
    return found


def _is_docstring(statement: cst.BaseStatement) -> bool:
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return False
    small = statement.body[0]
    return isinstance(small, cst.Expr) and isinstance(
        small.value, cst.SimpleString | cst.ConcatenatedString
    )


def _same_body(statement: cst.If | cst.Try) -> list[cst.SimpleStatementLine] | None:
    """The one body every branch of ``statement`` now has (its statements one
    import a line, ``pass`` left out), or None when the branches differ, or
    one may run neither (an ``if`` with no ``else``, a ``try`` with ``else``
    or ``finally``)."""
    blocks: list[cst.BaseSuite] = []
    if isinstance(statement, cst.Try):
        if statement.orelse is not None or statement.finalbody is not None:
            return None
        blocks = [statement.body, *(h.body for h in statement.handlers)]
    else:
        branch: cst.If | cst.Else | None = statement
        while isinstance(branch, cst.If):
            blocks.append(branch.body)
            branch = branch.orelse
        if branch is None:
            return None
        blocks.append(branch.body)
    bodies = []
    for block in blocks:
        if not isinstance(block, cst.IndentedBlock):
            return None
        lines: list[cst.SimpleStatementLine] = []
        for line in block.body:
            if not isinstance(line, cst.SimpleStatementLine):
                return None
            comments = [e for e in line.leading_lines if e.comment is not None]
            for small in line.body:
                if isinstance(small, cst.Pass):
                    continue
                lines.append(
                    cst.SimpleStatementLine(
                        [small.with_changes(semicolon=cst.MaybeSentinel.DEFAULT)],
                        leading_lines=comments,
                        trailing_whitespace=line.trailing_whitespace,
                    )
                )
                comments = []
        bodies.append(lines)
    code = [[cst.Module([]).code_for_node(line) for line in body] for body in bodies]
    if any(c != code[0] for c in code[1:]):
        return None
    return bodies[0]


def _imports_binding(module: cst.Module, name: str) -> set[int]:
    """id() of the module-level if/try imports that bind ``name``."""
    found: set[int] = set()

    class Visitor(cst.CSTVisitor):
        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return False

        def visit_ClassDef(self, node: cst.ClassDef) -> bool:
            return False

        def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
            if not isinstance(node.names, cst.ImportStar) and any(
                n.asname is None and n.evaluated_name == name for n in node.names
            ):
                found.add(id(node))

    for statement in module.body:
        if isinstance(statement, cst.If | cst.Try):
            statement.visit(Visitor())
    return found


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
    module: cst.Module,
    from_names: set[tuple[str, str | None]],
    need_module: bool,
    options: Imports = _DEFAULT_IMPORTS,
) -> list[cst.SimpleStatementLine]:
    """The typed_enum imports to add (those the module does not have at its top level
    yet): ``import typed_enum``, ``from typed_enum import A, b``, and each ``X as Y``
    on its own line (isort keeps "as" imports apart unless ``combine-as-imports``;
    ``force-single-line``: every name on its own line)."""
    for statement in module.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.Import):
                names = {n.evaluated_name for n in small.names}
                need_module = need_module and "typed_enum" not in names
            elif isinstance(small, cst.ImportFrom) and not small.relative and small.module:
                source = cst.Module([]).code_for_node(small.module)
                if source == "typed_enum" and not isinstance(small.names, cst.ImportStar):
                    from_names -= {(n.evaluated_name, n.evaluated_alias) for n in small.names}
    lines = []
    if need_module:
        lines.append(
            cst.SimpleStatementLine([cst.Import([cst.ImportAlias(cst.Name("typed_enum"))])])
        )

    def key(name: str) -> tuple[int, str]:
        return _member_key(name, options)

    written = sorted(
        (f"{n} as {a}" if a else n for n, a in from_names), key=lambda n: key(n.split(" ")[0])
    )
    if options.force_single_line:
        groups = [[name] for name in written]
    elif options.combine_as_imports:
        groups = [written] if written else []
    else:
        plain = [n for n in written if " as " not in n]
        groups = [plain] if plain else []
        groups += [[n] for n in written if " as " in n]
    for group in sorted(groups, key=lambda g: key(g[0])):
        lines.append(
            cst.SimpleStatementLine(
                [
                    cst.ImportFrom(
                        cst.Name("typed_enum"),
                        [
                            cst.ImportAlias(
                                cst.Name(name.split(" as ")[0]),
                                asname=cst.AsName(cst.Name(name.split(" as ")[1]))
                                if " as " in name
                                else None,
                            )
                            for name in group
                        ],
                    )
                ]
            )
        )
    return lines


def _member_key(name: str, options: Imports = _DEFAULT_IMPORTS) -> tuple[int, str]:
    """isort's order of imported names (``order-by-type``: CONSTANTS, Classes, others)."""
    return options.member_key(name)


def _import_key(
    statement: cst.SimpleStatementLine, options: Imports = _DEFAULT_IMPORTS
) -> tuple[int, tuple[int, str]]:
    """Where isort puts a statement among those of one section and module."""
    small = statement.body[0]
    if isinstance(small, cst.ImportFrom) and not isinstance(small.names, cst.ImportStar):
        return 1, _member_key(small.names[0].evaluated_name, options)
    return 0, (0, "")


def _module_of(statement: cst.BaseStatement) -> tuple[str, bool] | None:
    """(module, is a from-import) of an import statement; None for anything else."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return None
    small = statement.body[0]
    if isinstance(small, cst.Import):
        return small.names[0].evaluated_name, False
    if isinstance(small, cst.ImportFrom):
        module = cst.Module([]).code_for_node(small.module) if small.module else ""
        return "." * len(small.relative) + module, True
    return None


def _wrapped(statement: cst.SimpleStatementLine, line_length: int) -> cst.SimpleStatementLine:
    """A ``from x import a, b`` longer than the line length, one name a line (as
    ruff and black write it)."""
    code = cst.Module([]).code_for_node(statement).rstrip("\n")
    small = statement.body[0]
    if len(code) <= line_length or not isinstance(small, cst.ImportFrom):
        return statement
    assert not isinstance(small.names, cst.ImportStar)
    names = "".join(
        f"    {cst.Module([]).code_for_node(n.with_changes(comma=cst.MaybeSentinel.DEFAULT))},\n"
        for n in small.names
    )
    module = cst.Module([]).code_for_node(small.module) if small.module else ""
    return cast(cst.SimpleStatementLine, cst.parse_statement(f"from {module} import (\n{names})\n"))


def _plain_names(statement: cst.BaseStatement) -> tuple[str, list[str]] | None:
    """(module, names) of a ``from module import a, b`` without ``as``, ``*`` or
    comments (isort joins two of those); None for anything else."""
    found = _module_of(statement)
    if found is None or not found[1]:
        return None
    assert isinstance(statement, cst.SimpleStatementLine)
    small = statement.body[0]
    assert isinstance(small, cst.ImportFrom)
    if isinstance(small.names, cst.ImportStar) or any(n.asname for n in small.names):
        return None
    if "#" in cst.Module([]).code_for_node(statement.with_changes(leading_lines=())):
        return None
    return found[0], [n.evaluated_name for n in small.names]


def _merge_into(
    body: Sequence[cst.BaseStatement],
    start: int,
    end: int,
    statement: cst.SimpleStatementLine,
    style: Style,
) -> tuple[int, cst.SimpleStatementLine] | None:
    """Where the import block has a ``from`` import of the same module as
    ``statement``: its index, and the two joined (isort writes one, unless
    ``force-single-line``)."""
    ours = _plain_names(statement)
    if ours is None or style.imports.force_single_line:
        return None
    for index in range(start, end):
        theirs = _plain_names(body[index])
        if theirs is None or theirs[0] != ours[0]:
            continue
        names = sorted(set(theirs[1]) | set(ours[1]), key=lambda n: _member_key(n, style.imports))
        joined = cast(
            cst.SimpleStatementLine,
            cst.parse_statement(f"from {ours[0]} import {', '.join(names)}\n"),
        )
        joined = _wrapped(joined, style.line_length)
        return index, joined.with_changes(leading_lines=_leading(body[index]))
    return None


def _section_of(statement: cst.BaseStatement, style: Style) -> int:
    found = _module_of(statement)
    return -1 if found is None else style.section(found[0])


def _gap(first: cst.BaseStatement, second: cst.BaseStatement, style: Style) -> int:
    """The blank lines isort writes between two adjacent imports of the block:
    one between sections, ``lines-between-types`` between the ``import x`` and
    the ``from x import y`` of a section (unless ``force-sort-within-sections``)."""
    if _section_of(first, style) != _section_of(second, style):
        return 1
    options = style.imports
    if options.force_sort_within_sections or not options.lines_between_types:
        return 0
    kinds = {(_module_of(s) or ("", False))[1] for s in (first, second)}
    return options.lines_between_types if len(kinds) == 2 else 0


def _place(module: cst.Module, new: list[cst.SimpleStatementLine], style: Style) -> cst.Module:
    """``module`` with the ``new`` imports where isort would put them: in the third
    party section of the leading import block, in order, sections apart by one
    blank line, the block followed by one (two before a class or function)."""
    body = list(module.body)
    start = 0
    if body and isinstance(body[0], cst.SimpleStatementLine):
        first = body[0].body
        if (
            len(first) == 1
            and isinstance(first[0], cst.Expr)
            and isinstance(first[0].value, cst.SimpleString | cst.ConcatenatedString)
        ):
            start = 1  # the docstring
    end = start
    while end < len(body) and _module_of(body[end]) is not None:
        end += 1

    def key_of(statement: cst.BaseStatement) -> tuple[int, bool, str, tuple[int, tuple[int, str]]]:
        name, is_from = _module_of(statement) or ("", False)
        assert isinstance(statement, cst.SimpleStatementLine)
        order = _import_key(statement, style.imports)
        if style.imports.force_sort_within_sections:
            # by module, ``import x`` before ``from x import y``
            return style.section(name), False, f"{name.lower()}\0{int(is_from)}", order
        return style.section(name), is_from, name.lower(), order

    blank = [cst.EmptyLine()]
    for statement in new:
        merged = _merge_into(body, start, end, statement, style)
        if merged is not None:
            body[merged[0]] = merged[1]
            continue
        statement = _wrapped(statement, style.line_length)
        key = key_of(statement)
        at = start
        while at < end and key_of(body[at]) < key:
            at += 1
        prev = body[at - 1] if at > start else None
        after = body[at] if at < end else None
        lines: Sequence[cst.EmptyLine] = []
        if prev is not None:
            lines = blank * _gap(prev, statement, style)
        elif after is not None:
            # First of the block: the block's leading lines move up with it.
            lines = _leading(after)
            body[at] = after = after.with_changes(leading_lines=[])
        elif start == 1:
            lines = blank  # after the docstring
        if after is not None:
            if all(line.comment is None for line in _leading(after)):
                body[at] = after.with_changes(leading_lines=blank * _gap(statement, after, style))
        elif at < len(body) and not _leading(body[at]):
            follow = body[at]
            count = 2 if isinstance(follow, cst.ClassDef | cst.FunctionDef) else 1
            body[at] = follow.with_changes(leading_lines=blank * count)
        body.insert(at, statement.with_changes(leading_lines=lines))
        end += 1
    _sort_runs(body, start, end, style)
    return module.with_changes(body=body)


def _names_of(statement: cst.BaseStatement) -> tuple[str, list[cst.ImportAlias]] | None:
    """(module, names) of a ``from module import ...`` without ``*`` or comments."""
    found = _module_of(statement)
    if found is None or not found[1]:
        return None
    assert isinstance(statement, cst.SimpleStatementLine)
    small = statement.body[0]
    assert isinstance(small, cst.ImportFrom)
    if isinstance(small.names, cst.ImportStar):
        return None
    if "#" in cst.Module([]).code_for_node(statement.with_changes(leading_lines=())):
        return None
    return found[0], list(small.names)


def _sort_runs(
    body: list[cst.SimpleStatementLine | cst.BaseCompoundStatement],
    start: int,
    end: int,
    style: Style,
) -> None:
    """Adjacent ``from`` imports of one module in the block (a rewritten ``from
    enum import`` split in two, ``X as X`` re-exports) as isort writes them: in
    order, or joined into one under ``combine-as-imports``."""
    at = start
    while at < end:
        first = _names_of(body[at])
        stop = at + 1
        while (
            first is not None
            and stop < end
            and not _leading(body[stop])
            and (found := _names_of(body[stop])) is not None
            and found[0] == first[0]
        ):
            stop += 1
        if stop - at > 1 and first is not None:
            run = [cast(cst.SimpleStatementLine, s) for s in body[at:stop]]
            lines = _leading(run[0])
            if style.imports.combine_as_imports and not style.imports.force_single_line:
                names = [n for s in run for n in (_names_of(s) or ("", []))[1]]
                names.sort(key=lambda n: _member_key(n.evaluated_name, style.imports))
                written = ", ".join(
                    cst.Module([]).code_for_node(n.with_changes(comma=cst.MaybeSentinel.DEFAULT))
                    for n in names
                )
                joined = cast(
                    cst.SimpleStatementLine,
                    cst.parse_statement(f"from {first[0]} import {written}\n"),
                )
                run = [_wrapped(joined, style.line_length)]
            else:
                run.sort(key=lambda s: _import_key(s, style.imports))
            run = [s.with_changes(leading_lines=[]) for s in run]
            run[0] = run[0].with_changes(leading_lines=lines)
            body[at:stop] = run
            end -= stop - at - len(run)
            stop = at + len(run)
        at = stop
