"""Apply the plan to one module with libcst, keeping formatting and comments.

A name imported from enum whose every use moves (class bases, functional-API
calls) is imported from typed_enum instead; a name that is also used where
any enum must be accepted (``isinstance``, annotations, registrations) keeps
its stdlib import, and only the moving uses become ``typed_enum.X``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast

import libcst as cst

from typed_enum.migrate.analysis import (
    STDLIB_ENUMS,
    STDLIB_METACLASSES,
    ModuleInfo,
    Ref,
)
from typed_enum.migrate.plan import Plan
from typed_enum.migrate.style import Style

__all__ = ["rewrite"]

_TARGETS = STDLIB_ENUMS | STDLIB_METACLASSES


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
        return id(node) not in self.change.replaced

    def visit_Try(self, node: cst.Try) -> bool:
        return id(node) not in self.change.replaced

    def leave_If(
        self, original_node: cst.If, updated_node: cst.If
    ) -> cst.BaseStatement | cst.RemovalSentinel:
        return (
            self.remove(original_node)
            if id(original_node) in self.change.replaced
            else updated_node
        )

    def leave_Try(
        self, original_node: cst.Try, updated_node: cst.Try
    ) -> cst.BaseStatement | cst.RemovalSentinel:
        return (
            self.remove(original_node)
            if id(original_node) in self.change.replaced
            else updated_node
        )

    def remove(self, original_node: cst.BaseStatement) -> cst.RemovalSentinel:
        if id(original_node) in self.top:
            self.pending = _merge_lines(self.pending, _leading(original_node))
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
        kept[-1] = kept[-1].with_changes(comma=names[-1].comma)
        node = updated_node.with_changes(names=kept)
        one = updated_node.with_changes(
            names=[k.with_changes(comma=cst.MaybeSentinel.DEFAULT) for k in kept],
            lpar=None,
            rpar=None,
        )
        if updated_node.lpar is None or self.fits(one):
            return one
        return node  # several lines, as written: the trailing comma keeps them

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


def _leading(statement: cst.CSTNode) -> Sequence[cst.EmptyLine]:
    if isinstance(statement, cst.SimpleStatementLine | cst.BaseCompoundStatement):
        return statement.leading_lines
    return ()


def _merge_lines(
    removed: Sequence[cst.EmptyLine], own: Sequence[cst.EmptyLine]
) -> Sequence[cst.EmptyLine]:
    """The leading lines of a statement that follows a removed one: its own, with the
    removed one's comments kept, or the removed one's blank lines when it has none."""
    if any(line.comment is not None for line in removed):
        return [*removed, *own]
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
    # id() of the imports inside a conditional statement that bind a re-exported name
    reexport_in: set[int] = field(default_factory=set)


def rewrite(info: ModuleInfo, plan: Plan, style: Style | None = None) -> str:
    """The module's new source (the old one when the plan changes nothing in it).

    ``style``: the project's line length and import sections (``style_for``).
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
    for statement in statements.values():
        names = by_statement.get(id(statement), {})
        if names and _bound_names(statement) <= set(names):
            change.replaced.add(id(statement))
            freed |= _used_names(statement)
            for bound, refs in names.items():
                move(bound, refs)
            continue
        for refs in names.values():
            change.qualify.update((id(r.node), _target(r)) for r in refs if id(r.node) in plan.refs)
    via_module = [r for r in info.refs if r.via_module and id(r.node) in plan.refs]
    for ref in via_module:
        change.qualify[id(ref.node)] = _target(ref)
    need_module = bool(change.qualify)
    for cls in info.classes:
        for member in cls.members:
            key = id(member.value)
            if key in plan.aliases:
                change.aliases[key] = plan.aliases[key]
                if key in plan.dropped:
                    change.dropped[id(member.value)] = plan.dropped[key]
            if key in plan.chained:
                change.chained[key] = plan.chained[key]
    if change.aliases or change.chained:
        if info.binds_alias:
            change.alias_call = cst.Attribute(cst.Name("typed_enum"), cst.Name("alias"))
            need_module = True
        else:
            from_names.add(("alias", None))
    # Every use of the enum module moves: its import goes.
    change.drop_enum_module = bool(via_module) and len(via_module) == info.module_uses
    if not (change.moved or change.qualify or change.aliases or change.chained):
        return module.code
    new_imports = _imports(module, from_names, need_module)
    new = module.visit(_Transformer(module, change, style.line_length))
    if freed:
        new = _drop_imports(new, freed - _used_names(new) - info.string_words)
    return _place(new, new_imports, style).code


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
    module: cst.Module, from_names: set[tuple[str, str | None]], need_module: bool
) -> list[cst.SimpleStatementLine]:
    """The typed_enum imports to add (those the module does not have at its top level
    yet): ``import typed_enum``, ``from typed_enum import A, b``, and each ``X as Y``
    on its own line (isort keeps "as" imports apart)."""
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
    plain = sorted((n for n, a in from_names if a is None), key=_member_key)
    groups = [plain] if plain else []
    groups += [[f"{n} as {a}"] for n, a in sorted(from_names, key=lambda x: _member_key(x[0])) if a]
    for group in sorted(groups, key=lambda g: _member_key(g[0])):
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


def _member_key(name: str) -> tuple[int, str]:
    """isort's order of imported names (``order-by-type``): CONSTANTS, Classes, others."""
    if name.isupper() and len(name) > 1:
        return 0, name
    return (1 if name[:1].isupper() else 2), name


def _import_key(statement: cst.SimpleStatementLine) -> tuple[int, tuple[int, str]]:
    """Where isort puts a statement among those of one section and module."""
    small = statement.body[0]
    if isinstance(small, cst.ImportFrom) and not isinstance(small.names, cst.ImportStar):
        return 1, _member_key(small.names[0].evaluated_name)
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


def _section_of(statement: cst.BaseStatement, style: Style) -> int:
    found = _module_of(statement)
    return -1 if found is None else style.section(found[0])


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
        return style.section(name), is_from, name.lower(), _import_key(statement)

    blank = [cst.EmptyLine()]
    for statement in new:
        statement = _wrapped(statement, style.line_length)
        key = key_of(statement)
        at = start
        while at < end and key_of(body[at]) < key:
            at += 1
        prev = body[at - 1] if at > start else None
        after = body[at] if at < end else None
        lines: Sequence[cst.EmptyLine] = []
        if prev is not None:
            lines = blank if _section_of(prev, style) != key[0] else []
        elif after is not None:
            # First of the block: the block's leading lines move up with it.
            lines = _leading(after)
            body[at] = after = after.with_changes(leading_lines=[])
        elif start == 1:
            lines = blank  # after the docstring
        if after is not None:
            own = _section_of(after, style) == key[0]
            only_blank = all(line.comment is None for line in _leading(after))
            if own and only_blank:
                body[at] = after.with_changes(leading_lines=[])
            elif not own and not _leading(after):
                body[at] = after.with_changes(leading_lines=blank)
        elif at < len(body) and not _leading(body[at]):
            follow = body[at]
            count = 2 if isinstance(follow, cst.ClassDef | cst.FunctionDef) else 1
            body[at] = follow.with_changes(leading_lines=blank * count)
        body.insert(at, statement.with_changes(leading_lines=lines))
        end += 1
    return module.with_changes(body=body)
