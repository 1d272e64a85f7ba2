"""Open enums: no ``match`` or ``if/elif`` chain ever covers all members.

``class P(Enum, open=True)`` may gain members at run time (``P.extend``).
mypy alone treats it like any enum: a match over its declared members is
exhaustive and ``assert_never`` after them is accepted, so a member added by
``extend()`` falls through silently.  With the plugin:

* mypy is kept from narrowing it by elimination (its members are hidden
  from ``TypeInfo.enum_members``, see ``analyse_class``): where no member is
  known it reads as ``P`` itself -- after ``if p is P.a: return``, in
  ``case _:`` after every member -- never ``Never``;
* a ``match`` that names members of ``P`` and has no ``case _:`` (or other
  irrefutable case) is reported under ``typed-enum-open-match``, on every
  mypy version and whether or not mypy's ``exhaustive-match`` is enabled;
* ``assert_never(p)`` reached by ``P`` is reported under the same code, in
  place of mypy's ``[arg-type]`` error.

Example::

    class P(Enum, open=True):
        a = 1
        b = 2

    def f(p: P) -> int:
        match p:  # E: "P" is open ... add "case _:" to this match
            case P.a:
                return 1
            case P.b:
                return 2

Members keep their literal types (``P.a`` is ``Literal[P.a]?``, through the
class attribute hook; ``Literal[P.a]`` through the ``Literal`` hook in
``traps``).  ``declared_members`` is the list to use where
``TypeInfo.enum_members`` would be read.  A member-less open enum is left
alone: mypy never expands it, and it stays subclassable.  Flags get the same
treatment (``flags``).
"""

from __future__ import annotations

from collections.abc import Callable

from mypy.errorcodes import ErrorCode
from mypy.nodes import (
    MatchStmt,
    RefExpr,
    TypeInfo,
    Var,
)
from mypy.plugin import AttributeContext, ClassDefContext, FunctionSigContext
from mypy.types import (
    CallableType,
    Instance,
    LiteralType,
    ProperType,
    Type,
    UninhabitedType,
    UnionType,
    get_proper_type,
)

from mypy_plugin import errorcodes, messages, metadata
from mypy_plugin.config import Settings
from mypy_plugin.features import branches, flags, membership
from mypy_plugin.features.aliases import member_type
from mypy_plugin.metadata import EnumRecord
from mypy_plugin.report import fail

AttributeCallback = Callable[[AttributeContext], Type]


def declared_members(info: TypeInfo) -> list[str]:
    """The members the class declares (mypy's ``enum_members`` omits an open enum's)."""
    record = metadata.read(info)
    if record is not None:
        return list(record.members)
    return list(info.enum_members)


def inexhaustible(info: TypeInfo, record: EnumRecord | None) -> bool:
    """An enum no set of its members covers: open, or a Flag (combinations, 0)."""
    return (
        record is not None
        and bool(record.members)
        and (record.open is True or (flags.is_flag(info) and not flags.every_value_named(record)))
    )


def is_open_member(info: TypeInfo, attribute: str) -> bool:
    """``attribute`` is a member (or alias) of an inexhaustible enum ``info``."""
    record = metadata.read(info)
    return (
        inexhaustible(info, record)
        and record is not None
        and (record.canonical(attribute) is not None)
    )


# -- no expansion into members -------------------------------------------------


def analyse_class(settings: Settings, ctx: ClassDefContext, body: membership.ClassBody) -> None:
    """Keep mypy from expanding an open enum or a Flag into its members.

    mypy narrows ``P`` by elimination (``p is not P.a`` leaves
    ``Literal[P.b]``) and counts a match over ``P.a`` and ``P.b`` as
    exhaustive, because ``TypeInfo.enum_members`` lists them.  Members
    ``extend()`` adds, and a Flag's combinations and 0, are none of them.
    The typing spec says a Flag is not narrowed by elimination; the same
    holds for an open enum.  So their members' Vars lose
    ``has_explicit_value`` (the flag aliases use, see ``members``): mypy
    then reads the class as the class itself wherever no member is known
    (the else branch after ``p is P.a``, ``case _:`` after every member).
    Each member keeps its literal type through the class attribute hook
    (``make_member_callback``) and ``Literal[P.a]`` through the ``Literal``
    hook (``traps``).  Runs after ``members.analyse_class`` and
    ``lookups.analyse_class`` (it reads the record and a Flag's boundary);
    idempotent.  Precondition: ``ctx.cls.info`` is an enum.
    """
    info = ctx.cls.info
    record = metadata.read(info)
    if record is None or not inexhaustible(info, record):
        return
    if ctx.api.is_stub_file:
        # mypy's checker reports an enum in a stub whose member list is
        # empty ("Detected enum ... in a type stub with zero members
        # [misc]"), reading the list this would empty; no hook runs between.
        # So a Flag or an open enum declared in a .pyi keeps mypy's own
        # narrowing (by elimination, as without the plugin): a false error
        # on a package's own stubs is worse.  Issue 33, problem 1.
        return
    for name in record.members:
        sym = info.names.get(name)
        if sym is not None and isinstance(sym.node, Var):
            sym.node.has_explicit_value = False


def _open_literals(typ: Type) -> list[TypeInfo]:
    """The open enums and Flags that are part of ``typ`` as the class, no member known."""
    proper = get_proper_type(typ)
    items: list[ProperType] = (
        [get_proper_type(t) for t in proper.items] if isinstance(proper, UnionType) else [proper]
    )
    found: list[TypeInfo] = []
    for item in items:
        if (
            isinstance(item, Instance)
            and item.last_known_value is None
            and item.type.is_enum
            and item.type not in found
            and inexhaustible(item.type, metadata.read(item.type))
        ):
            found.append(item.type)
    return found


def _only_open_literals(typ: Type) -> bool:
    proper = get_proper_type(typ)
    items = proper.items if isinstance(proper, UnionType) else [proper]
    return all(_open_literals(item) for item in items)


# -- match statements ----------------------------------------------------------


def _subject_members(api: object, stmt: MatchStmt, info: TypeInfo) -> set[str] | None:
    """The declared members of ``info`` the subject may be, if it may be an added one too.

    None when the subject cannot be a member ``extend()`` adds (it is
    ``Literal[P.a, P.b]``, or its type is unknown).
    """
    lookup = getattr(api, "lookup_type", None)
    if lookup is None:
        return None
    try:
        subject = get_proper_type(lookup(stmt.subject))
    except KeyError:
        return None
    items = subject.items if isinstance(subject, UnionType) else [subject]
    declared = set(declared_members(info))
    members: set[str] = set()
    may_be_open = False
    for item in map(get_proper_type, items):
        if isinstance(item, Instance) and item.type is info:
            if item.last_known_value is None:
                members |= declared
                may_be_open = True
            elif item.last_known_value.value in declared:
                members.add(str(item.last_known_value.value))
        elif (
            isinstance(item, LiteralType) and item.fallback.type is info and item.value in declared
        ):
            members.add(str(item.value))
    return members if may_be_open else None


def check_open_match(settings: Settings, info: TypeInfo, ctx: AttributeContext) -> None:
    """Report a match that handles every declared member of open ``info``, and no more.

    Such a match looks exhaustive and is not: members ``extend()`` adds
    match no case.  A match that leaves declared members out is visibly
    partial; mypy's ``exhaustive-match`` judges it as for a closed enum.
    mypy has no hook for match statements; value patterns (``case P.a:``)
    do go through the class attribute hook, whose context is the pattern's
    expression.  The match it belongs to is found in the scope being checked.
    """
    if not settings.enabled(errorcodes.OPEN_MATCH):
        return
    stmt = branches.enclosing_match(ctx.api, ctx.context)
    if stmt is None or branches.first_member_pattern(stmt, info) is not ctx.context:
        return  # judged once per match, from its first case naming a member
    for pattern, guard in zip(stmt.patterns, stmt.guards, strict=True):
        if guard is None and branches.covers(pattern, info):
            return
    members = _subject_members(ctx.api, stmt, info)
    if members is not None and members <= branches.handled(stmt, info):
        message = messages.OPEN_MATCH.format(enum=info.name)
        fail(ctx.api, settings, errorcodes.OPEN_MATCH, message, stmt)


def make_member_callback(
    settings: Settings, info: TypeInfo, attribute: str, inner: AttributeCallback | None
) -> AttributeCallback:
    """``P.a`` on an open enum or a Flag: ``Literal[P.a]?``, and the open-match check.

    mypy alone would type it by its value (``Literal[1]?``): the member's
    Var is not a member to mypy (see ``analyse_class``).
    """

    def open_member(ctx: AttributeContext) -> Type:
        if ctx.is_lvalue:
            return ctx.default_attr_type
        record = metadata.read(info)
        if record is not None and record.open is True:
            check_open_match(settings, info, ctx)
        if inner is not None:
            return inner(ctx)
        canonical = record.canonical(attribute) if record is not None else None
        return member_type(info, canonical) if canonical is not None else ctx.default_attr_type

    return open_member


# -- assert_never --------------------------------------------------------------


def make_assert_never_callback(settings: Settings) -> Callable[[FunctionSigContext], CallableType]:
    def assert_never_signature(ctx: FunctionSigContext) -> CallableType:
        """``assert_never(p)`` reached by members an open enum may gain.

        mypy reports ``Argument 1 to "assert_never" has incompatible type
        "P"``; with the plugin the error says that ``P`` is open (or a Flag),
        and when only such classes reach the call mypy's own error is left
        out (the signature takes the argument's type).  Precondition: the
        callee is ``assert_never``.
        """
        signature = ctx.default_signature
        if len(ctx.args) != 1 or len(ctx.args[0]) != 1 or len(signature.arg_types) != 1:
            return signature
        arg = ctx.args[0][0]
        if not isinstance(arg, RefExpr):
            return signature  # evaluating anything else twice could repeat its errors
        typ = ctx.api.get_expression_type(arg)
        typ, nested = membership.without_nested_classes(typ, ctx.api.options.python_version)
        if nested and isinstance(get_proper_type(typ), UninhabitedType):
            # Only classes nested in an enum reach it: no members from 3.13 on.
            return signature.copy_modified(arg_types=[ctx.api.get_expression_type(arg)])
        codes = (errorcodes.OPEN_MATCH, errorcodes.FLAG_COMBINATIONS)
        if not any(settings.enabled(code) for code in codes):
            return signature
        enums = _open_literals(typ)
        reported = True
        for info in enums:
            code, message = _assert_never_message(info)
            reported = reported and settings.enabled(code)
            fail(ctx.api, settings, code, message, ctx.context)
        if enums and reported and _only_open_literals(typ):
            return signature.copy_modified(arg_types=[ctx.api.get_expression_type(arg)])
        return signature

    return assert_never_signature


def _assert_never_message(info: TypeInfo) -> tuple[ErrorCode, str]:
    """An open enum's remainder is members extend() adds; a Flag's, combinations."""
    record = metadata.read(info)
    if record is not None and not record.open and flags.is_flag(info):
        return errorcodes.FLAG_COMBINATIONS, messages.FLAG_ASSERT_NEVER.format(enum=info.name)
    return errorcodes.OPEN_MATCH, messages.OPEN_ASSERT_NEVER.format(enum=info.name)
