"""The opt-in check that a default branch does not swallow members silently.

``typed-enum-wildcard-arm``, off unless enabled as mypy's own optional codes
are (``enable_error_code = typed-enum-wildcard-arm``, globally or in a
``[mypy-pkg.*]`` section).  mypy (alone or with the plugin) and pyright count
``case _:`` (or an ``else:``) as covering every member, so when a member is
added it goes to the default branch and nothing turns red.  With the code
enabled, such a branch is reported when members of a closed enum reach it
that the statement never names::

    match status:
        case Status.paid:
            ship()
        case _:  # E: "case _" is reached by Status.pending, which no case names; ...
            wait()

Reported on a ``case _:``, a capture (``case other:``), a class pattern
that matches every member (``case Status():``) and the ``else:`` of an
``if``/``elif`` chain (two tests or more: a lone ``if``/``else`` is a
yes/no test, not a decision per member) whose conditions only test one
subject against members (``s is Status.a``, ``s == Status.a``, ``s in (Status.a,
Status.b)``, joined by ``or``); the ``else:`` is reported on its first
line.  Not reported: a branch no member reaches, a branch whose first
statement is ``assert_never(...)`` (mypy already reports the members that
reach it), a guarded ``case _ if ...:`` (not irrefutable), open enums and
Flags (no set of their members is complete: they need the default), and a
chain with any other condition (its branches may be taken for other
reasons).

mypy has no hook for statements: the check runs from the class attribute
hook of the first member the statement names (``branches``), and only when
the code is enabled somewhere in the configuration
(``config.optional_code_enabled``); otherwise this module is not even
imported.  An inline ``# mypy: enable-error-code=...`` comment alone does
not switch it on (the plugin reads the configuration when mypy starts).
"""

from __future__ import annotations

from collections.abc import Callable

from mypy.nodes import (
    Block,
    CallExpr,
    Context,
    Expression,
    ExpressionStmt,
    MatchStmt,
    MemberExpr,
    NameExpr,
    RefExpr,
    TypeInfo,
)
from mypy.patterns import AsPattern, ClassPattern, Pattern
from mypy.plugin import AttributeContext
from mypy.types import Instance, LiteralType, Type, UnionType, get_proper_type

from mypy_plugin import errorcodes, messages, metadata, names
from mypy_plugin.config import Settings
from mypy_plugin.features import branches
from mypy_plugin.features.open_enums import declared_members, inexhaustible
from mypy_plugin.report import fail

AttributeCallback = Callable[[AttributeContext], Type]

#: How many unnamed members a message lists before "and N more".
LISTED: int = 8


def member_callback(
    settings: Settings, info: TypeInfo, attribute: str, inner: AttributeCallback | None
) -> AttributeCallback | None:
    """The class attribute hook for ``info.attribute``: ``inner``, and the check on members."""
    return make_member_callback(settings, inner) if _is_closed_member(info, attribute) else inner


def _is_closed_member(info: TypeInfo, attribute: str) -> bool:
    """``attribute`` names a member (or alias) of an enum whose members can all be named."""
    record = metadata.read(info)
    if record is None:
        return attribute in info.enum_members
    return record.canonical(attribute) is not None and not inexhaustible(info, record)


def make_member_callback(settings: Settings, inner: AttributeCallback | None) -> AttributeCallback:
    """``Status.a``: the type ``inner`` gives (or mypy's), then the wildcard check."""

    def closed_member(ctx: AttributeContext) -> Type:
        if not ctx.is_lvalue:
            check(settings, ctx)
        return inner(ctx) if inner is not None else ctx.default_attr_type

    return closed_member


def check(settings: Settings, ctx: AttributeContext) -> None:
    """Judge the match or if/elif chain ``ctx.context`` heads, if it heads one."""
    for stmt in branches.matches_around(ctx.api, ctx.context):
        if _first_member(stmt) is ctx.context:
            _check_match(settings, ctx, stmt)
            return
    chain = branches.chain_headed_by(ctx.api, ctx.context)
    if (
        chain is not None
        and chain.conditions > 1  # a lone if/else is a yes/no test, not a decision per member
        and chain.else_body is not None
        and not _asserts_never(chain.else_body)
    ):
        reached = _unnamed(_subject_members(ctx, chain.subject), chain.named)
        if reached:
            subject = _text(chain.subject)
            fix = (
                f"elif {subject} is {reached[0]}:"
                if len(reached) == 1
                else f"elif {subject} in ({', '.join(reached)}):"
            )
            _report(settings, ctx, "else", "condition", reached, fix, chain.else_body)


def _check_match(settings: Settings, ctx: AttributeContext, stmt: MatchStmt) -> None:
    subject = _subject_members(ctx, stmt.subject)
    if not subject:
        return
    named: list[MemberExpr] = []
    for pattern, guard, body in zip(stmt.patterns, stmt.guards, stmt.bodies, strict=True):
        if guard is not None:
            continue
        if any(branches.covers(pattern, info) for info in subject):
            if _asserts_never(body):
                return
            reached = _unnamed(
                {
                    info: members
                    for info, members in subject.items()
                    if branches.covers(pattern, info)
                },
                named,
            )
            if reached:
                fix = f"case {' | '.join(reached)}:"
                _report(settings, ctx, _describe(pattern), "case", reached, fix, pattern)
            return
        named += [
            value.expr
            for value in branches.value_patterns(pattern)
            if isinstance(value.expr, MemberExpr)
        ]


def _report(
    settings: Settings,
    ctx: AttributeContext,
    arm: str,
    kind: str,
    reached: list[str],
    fix: str,
    context: Context,
) -> None:
    listed = ", ".join(reached[:LISTED])
    if len(reached) > LISTED:
        listed += f" and {len(reached) - LISTED} more"
    message = messages.WILDCARD_ARM.format(
        arm=arm, members=listed, kind=kind, them="it" if len(reached) == 1 else "them", fix=fix
    )
    fail(ctx.api, settings, errorcodes.WILDCARD_ARM, message, context)


def _first_member(stmt: MatchStmt) -> Expression | None:
    """The first case expression naming a member of any enum (``Status.a``)."""
    for pattern in stmt.patterns:
        for value in branches.value_patterns(pattern):
            expr = value.expr
            if isinstance(expr, MemberExpr) and isinstance(expr.expr, RefExpr):
                owner = expr.expr.node
                if isinstance(owner, TypeInfo) and owner.is_enum:
                    return expr
    return None


def _subject_members(ctx: AttributeContext, subject: Expression) -> dict[TypeInfo, list[str]]:
    """The members of closed enums the subject may be, by class, in declaration order.

    Empty when its type is not known yet (``Status.a is s``: ``s`` is
    checked after the member) or holds no closed enum.
    """
    lookup = getattr(ctx.api, "lookup_type", None)
    if lookup is None:
        return {}
    try:
        typ = get_proper_type(lookup(subject))
    except KeyError:
        return {}
    found: dict[TypeInfo, list[str]] = {}
    for item in map(get_proper_type, typ.items if isinstance(typ, UnionType) else [typ]):
        if isinstance(item, Instance) and item.last_known_value is not None:
            item = item.last_known_value
        if isinstance(item, Instance):
            info, member = item.type, None
        elif isinstance(item, LiteralType) and isinstance(item.value, str):
            info, member = item.fallback.type, item.value
        else:
            continue
        if not info.is_enum or inexhaustible(info, metadata.read(info)):
            continue
        declared = declared_members(info)
        members = found.setdefault(info, [])
        for name in declared if member is None else [member]:
            if name in declared and name not in members:
                members.append(name)
    for info, members in found.items():
        order = declared_members(info)
        members.sort(key=order.index)
    return found


def _unnamed(subject: dict[TypeInfo, list[str]], named: list[MemberExpr]) -> list[str]:
    """``Status.b``, ... for each member of ``subject`` no expression in ``named`` names."""
    reached: list[str] = []
    for info, members in subject.items():
        record = metadata.read(info)
        done = set()
        for expr in named:
            if branches.names_member_of(expr, info):
                canonical = record.canonical(expr.name) if record is not None else expr.name
                done.add(canonical)
        reached += [f"{info.name}.{member}" for member in members if member not in done]
    return reached


def _asserts_never(body: Block) -> bool:
    """The branch starts with ``assert_never(...)``: mypy reports what reaches it."""
    first = body.body[0] if body.body else None
    return (
        isinstance(first, ExpressionStmt)
        and isinstance(first.expr, CallExpr)
        and isinstance(first.expr.callee, RefExpr)
        and first.expr.callee.fullname in names.ASSERT_NEVER
    )


def _describe(pattern: Pattern) -> str:
    if isinstance(pattern, AsPattern) and pattern.pattern is None:
        return "case _" if pattern.name is None else f"case {pattern.name.name}"
    if isinstance(pattern, ClassPattern):
        return f"case {_text(pattern.class_ref)}()"
    return "this case"


def _text(expr: Expression) -> str:
    """The source of a name or attribute chain (``self.status``)."""
    if isinstance(expr, NameExpr):
        return expr.name
    if isinstance(expr, MemberExpr):
        return f"{_text(expr.expr)}.{expr.name}"
    return "..."
