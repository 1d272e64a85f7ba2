"""Finding the branching statement a member expression belongs to.

mypy has no hook for ``match`` statements or ``if``/``elif`` chains.  A
member named in one (``case P.a:``, ``if p is P.a:``) does go through the
class attribute hook, whose context is that expression; the statement
around it is found here, in the scope mypy is checking, so that a feature
can judge the whole statement (``open_enums``: a match over an open enum
with no default; ``wildcard``: a default arm that swallows members).

Each finder is cheap where the expression is in no such statement (the far
more common case): a match is looked for only while mypy checks a case
pattern, and a block's statements are searched by line with a bisection.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator

from mypy.literals import literal, literal_hash
from mypy.nodes import (
    LITERAL_TYPE,
    Block,
    ClassDef,
    ComparisonExpr,
    Context,
    Decorator,
    Expression,
    ForStmt,
    FuncDef,
    FuncItem,
    IfStmt,
    LambdaExpr,
    ListExpr,
    MatchStmt,
    MemberExpr,
    MypyFile,
    OpExpr,
    OverloadedFuncDef,
    RefExpr,
    SetExpr,
    Statement,
    TryStmt,
    TupleExpr,
    TypeInfo,
    WhileStmt,
    WithStmt,
)
from mypy.patterns import AsPattern, ClassPattern, OrPattern, Pattern, ValuePattern

from mypy_plugin import metadata


def _blocks(stmt: Statement) -> Iterator[Block]:
    """The blocks nested directly in ``stmt`` that the same scope checks."""
    if isinstance(stmt, Block):
        yield stmt
    elif isinstance(stmt, IfStmt):
        yield from stmt.body
        if stmt.else_body is not None:
            yield stmt.else_body
    elif isinstance(stmt, (WhileStmt, ForStmt)):
        yield stmt.body
        if stmt.else_body is not None:
            yield stmt.else_body
    elif isinstance(stmt, WithStmt):
        yield stmt.body
    elif isinstance(stmt, TryStmt):
        yield stmt.body
        yield from stmt.handlers
        for block in (stmt.else_body, stmt.finally_body):
            if block is not None:
                yield block
    elif isinstance(stmt, MatchStmt):
        yield from stmt.bodies
    elif isinstance(stmt, ClassDef):
        yield stmt.defs


def _spans(stmt: Statement, line: int) -> bool:
    """Whether ``stmt`` may contain ``line`` (True when its extent is unknown)."""
    end = stmt.end_line
    return end is None or stmt.line <= line <= end


def _statements_around(body: list[Statement], line: int) -> Iterator[Statement]:
    """The statements around ``line`` in ``body``, outermost first.

    Statements of a block are in line order, so each level needs only the
    last one starting at or before ``line``.  Nested functions are checked
    in their own scope and not looked into.
    """
    blocks = [body]
    while blocks:
        statements = blocks.pop()
        index = bisect_right(statements, line, key=lambda stmt: stmt.line) - 1
        if index < 0:
            continue
        stmt = statements[index]
        if isinstance(stmt, (FuncDef, Decorator, OverloadedFuncDef)) or not _spans(stmt, line):
            continue
        yield stmt
        blocks.extend(block.body for block in _blocks(stmt))


def _scope_body(api: object) -> list[Statement]:
    """The statements of the function (or class, or module) being checked."""
    scope = getattr(api, "scope", None)
    for node in reversed(getattr(scope, "stack", [])):
        if isinstance(node, LambdaExpr):
            continue
        if isinstance(node, FuncItem):
            return node.body.body
        if isinstance(node, TypeInfo):
            return node.defn.defs.body
        if isinstance(node, MypyFile):
            return node.defs
    return []


# -- match statements ----------------------------------------------------------


def value_patterns(pattern: Pattern) -> Iterator[ValuePattern]:
    """Value patterns that match the subject itself (not a part of it)."""
    if isinstance(pattern, ValuePattern):
        yield pattern
    elif isinstance(pattern, OrPattern):
        for item in pattern.patterns:
            yield from value_patterns(item)
    elif isinstance(pattern, AsPattern) and pattern.pattern is not None:
        yield from value_patterns(pattern.pattern)


def covers(pattern: Pattern, info: TypeInfo) -> bool:
    """Whether ``pattern`` matches every instance of ``info``."""
    if isinstance(pattern, AsPattern):
        return pattern.pattern is None or covers(pattern.pattern, info)
    if isinstance(pattern, OrPattern):
        return any(covers(item, info) for item in pattern.patterns)
    if isinstance(pattern, ClassPattern):
        cls = pattern.class_ref.node
        return (
            not pattern.positionals
            and not pattern.keyword_values
            and isinstance(cls, TypeInfo)
            and cls in info.mro
        )
    return False


def _in_pattern(api: object) -> bool:
    """Whether mypy is checking a case pattern now (cheap; True if it cannot tell)."""
    checker = getattr(api, "pattern_checker", None)
    stack = getattr(checker, "type_context", None)
    return bool(stack) if isinstance(stack, list) else True


def matches_around(api: object, member: Context) -> Iterator[MatchStmt]:
    """The match statements around ``member`` while one of its case patterns is checked.

    Only then: ``P.a`` anywhere else (the far more common case) costs no walk.
    """
    if not _in_pattern(api):
        return
    for stmt in _statements_around(_scope_body(api), member.line):
        if isinstance(stmt, MatchStmt):
            yield stmt


def enclosing_match(api: object, member: Context) -> MatchStmt | None:
    """The match statement one of whose case patterns is ``member``."""
    for stmt in matches_around(api, member):
        for pattern in stmt.patterns:
            if any(value.expr is member for value in value_patterns(pattern)):
                return stmt
    return None


def names_member_of(expr: Expression, info: TypeInfo) -> bool:
    """``expr`` is ``P.x`` (or ``module.P.x``) for the class ``info``."""
    return (
        isinstance(expr, MemberExpr) and isinstance(expr.expr, RefExpr) and expr.expr.node is info
    )


def first_member_pattern(stmt: MatchStmt, info: TypeInfo) -> Expression | None:
    """The first case expression naming a member of ``info`` (``P.a``)."""
    for pattern in stmt.patterns:
        for value in value_patterns(pattern):
            if names_member_of(value.expr, info):
                return value.expr
    return None


def handled(stmt: MatchStmt, info: TypeInfo) -> set[str]:
    """Members of ``info`` named by unguarded value patterns (aliases resolved)."""
    record = metadata.read(info)
    named: set[str] = set()
    if record is None:
        return named
    for pattern, guard in zip(stmt.patterns, stmt.guards, strict=True):
        if guard is not None:
            continue
        for value in value_patterns(pattern):
            expr = value.expr
            if isinstance(expr, MemberExpr) and names_member_of(expr, info):
                canonical = record.canonical(expr.name)
                if canonical is not None:
                    named.add(canonical)
    return named


# -- if/elif chains ------------------------------------------------------------


class Chain:
    """An ``if``/``elif`` chain whose every condition names members of one subject.

    ``subject`` is the tested expression (``s`` in ``s is Status.a``),
    ``named`` the member expressions its conditions name, in order,
    ``conditions`` how many ``if``/``elif`` tests it has, and ``else_body``
    the final ``else:`` block (None without one).  An
    ``else:`` holding only another ``if`` is read as ``elif``, as it means
    the same.
    """

    __slots__ = ("conditions", "else_body", "named", "subject")

    def __init__(
        self, subject: Expression, named: list[MemberExpr], conditions: int, else_body: Block | None
    ):
        self.subject = subject
        self.named = named
        self.conditions = conditions
        self.else_body = else_body


def _naming(cond: Expression) -> tuple[Expression, list[MemberExpr]] | None:
    """``(s, [P.a, ...])`` for a condition that only tests ``s`` against members.

    The forms: ``s is P.a``, ``s == P.a`` (either side), ``s in (P.a, P.b)``
    (a tuple, list or set display), and ``or`` of those on one subject.
    Anything else (``and``, a call, ``is not``) is None: the branch may be
    taken for reasons the chain does not show.
    """
    if isinstance(cond, OpExpr) and cond.op == "or":
        left, right = _naming(cond.left), _naming(cond.right)
        if left is None or right is None or literal_hash(left[0]) != literal_hash(right[0]):
            return None
        return left[0], left[1] + right[1]
    if not isinstance(cond, ComparisonExpr) or len(cond.operators) != 1:
        return None
    op = cond.operators[0]
    first, second = cond.operands
    if op in ("is", "=="):
        if isinstance(second, MemberExpr) and _is_enum_member(second):
            subject, member = first, second
        elif isinstance(first, MemberExpr) and _is_enum_member(first):
            subject, member = second, first
        else:
            return None
        return (subject, [member]) if literal(subject) == LITERAL_TYPE else None
    if op == "in" and isinstance(second, (TupleExpr, ListExpr, SetExpr)):
        items = second.items
        if items and literal(first) == LITERAL_TYPE:
            members = [item for item in items if isinstance(item, MemberExpr)]
            if len(members) == len(items) and all(map(_is_enum_member, members)):
                return first, members
    return None


def _is_enum_member(expr: MemberExpr) -> bool:
    owner = expr.expr
    return isinstance(owner, RefExpr) and isinstance(owner.node, TypeInfo) and owner.node.is_enum


def _chain(stmt: IfStmt) -> Chain | None:
    """The chain headed by ``stmt``, if every condition of it is a naming of one subject."""
    subject: Expression | None = None
    named: list[MemberExpr] = []
    conditions = 0
    current: IfStmt = stmt
    while True:
        conditions += 1
        if len(current.expr) != 1:
            return None
        naming = _naming(current.expr[0])
        if naming is None:
            return None
        if subject is None:
            subject = naming[0]
        elif literal_hash(naming[0]) != literal_hash(subject):
            return None
        named += naming[1]
        rest = current.else_body
        if rest is not None and len(rest.body) == 1 and isinstance(rest.body[0], IfStmt):
            current = rest.body[0]
            continue
        return Chain(subject, named, conditions, rest)


def chain_headed_by(api: object, member: Context) -> Chain | None:
    """The chain whose first condition's first member expression is ``member``.

    A chain is judged once, from that expression: its other conditions (the
    ``elif`` ones) are not chain heads.
    """
    outer: IfStmt | None = None
    for stmt in _statements_around(_scope_body(api), member.line):
        if not isinstance(stmt, IfStmt):
            continue
        elif_of_outer = outer is not None and _is_elif(outer, stmt)
        outer = stmt
        if elif_of_outer or len(stmt.expr) != 1:
            continue
        head = _naming(stmt.expr[0])
        if head is not None and head[1][0] is member:
            return _chain(stmt)
    return None


def _is_elif(outer: IfStmt, stmt: IfStmt) -> bool:
    rest = outer.else_body
    return rest is not None and len(rest.body) == 1 and rest.body[0] is stmt
