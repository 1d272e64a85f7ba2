"""Which names of an enum class body are members, aliases, and their values.

Runs as a base-class hook after mypy has analysed the class body (2-3 times
per class: everything here is idempotent).  The result is the class's
``EnumRecord`` in ``info.metadata``; every other feature reads it.

Aliases (``crimson = alias(red)``, ``crimson = red``, and a stdlib member
whose value repeats an earlier one) are taken out of mypy's member list by
clearing their Var's ``has_explicit_value``: ``TypeInfo.enum_members`` (mypy
1.14+) then skips them, so exhaustiveness counts only real members.
``aliases.alias_type`` gives them the canonical member's type.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mypy.nodes import (
    BytesExpr,
    CallExpr,
    ComplexExpr,
    Context,
    DictExpr,
    Expression,
    FloatExpr,
    IntExpr,
    ListExpr,
    NameExpr,
    RefExpr,
    StrExpr,
    TupleExpr,
    TypeInfo,
    Var,
)
from mypy.plugin import ClassDefContext

from mypy_plugin import errorcodes, messages, metadata, names
from mypy_plugin.config import Settings
from mypy_plugin.features import membership, value_metaclasses, values
from mypy_plugin.metadata import EnumRecord, Value
from mypy_plugin.report import fail


def is_typed_enum(info: TypeInfo) -> bool:
    """Whether ``info`` derives from typed_enum's Enum (its runtime rules apply)."""
    return info.has_base(names.ENUM)


def _called(expr: Expression, fullname: str) -> CallExpr | None:
    if (
        isinstance(expr, CallExpr)
        and isinstance(expr.callee, RefExpr)
        and expr.callee.fullname == fullname
    ):
        return expr
    return None


def _alias_target(rvalue: Expression, record: EnumRecord) -> tuple[str | None, Expression | None]:
    """(target, None) for an alias; (None, bad target) for a broken one; (None, None).

    The target is canonical: an alias of an alias (``scarlet =
    alias(crimson)``) is the member ``crimson`` stands for, as at run time.
    """
    call = _called(rvalue, names.ALIAS)
    if call is not None:
        if len(call.args) != 1:
            return None, None
        arg = call.args[0]
        if isinstance(arg, NameExpr) and record.canonical(arg.name) is not None:
            return record.canonical(arg.name), None
        if isinstance(arg, StrExpr) and record.canonical(arg.value) is not None:
            return record.canonical(arg.value), None
        return None, arg
    if isinstance(rvalue, NameExpr) and record.canonical(rvalue.name) is not None:
        # ``crimson = red``: the typing spec and pyright read a bare member
        # name as an alias; the runtime agrees (TypedEnumDict).
        return record.canonical(rvalue.name), None
    return None, None


def analyse_class(settings: Settings, ctx: ClassDefContext, body: membership.ClassBody) -> None:
    """Record members, aliases and values of an enum class; report duplicates.

    Without the plugin mypy counts ``crimson = alias(red)``, ``crimson = red``
    and stdlib's ``crimson = 1`` (1 being red's value) as members of their
    own, so a match over the real members looks non-exhaustive (mypy #21117).
    With it they are aliases.  Precondition: ``ctx.cls.info`` is an enum.
    """
    info = ctx.cls.info
    typed = is_typed_enum(info)
    record = EnumRecord(
        typed=typed, open=_is_open(settings, ctx, typed), data_type=values.data_type(info)
    )
    evaluator = values.Evaluator(info, stub=ctx.api.is_stub_file)
    unique = value_metaclasses.unique_metaclass(info)
    # comparable(value) -> first member with it: O(1) per member (1,500-member enums).
    seen: dict[Any, str] = {}
    # The definitions of members or aliases, in order, by the typing spec's
    # rules (``membership.definitions``).  A name assigned in several
    # branches (``if flag: x = 1 else: x = 2``) appears once for each.
    statements = body.definitions
    record.ignored = list(body.ignored)
    assigned: set[str] = set()
    repeated: set[str] = set()
    for definition in statements:
        (repeated if definition.name in assigned else assigned).add(definition.name)
    done: set[str] = set()
    for definition in statements:
        name, rvalue, stmt = definition.name, definition.rvalue, definition.context
        if name in done:
            if name in record.reserved or _called(rvalue, names.RESERVED) is not None:
                _report_reserved_name(ctx, settings, record, name, evaluator, rvalue, stmt)
            continue  # assigned again in another branch
        done.add(name)
        retired = _called(rvalue, names.RESERVED)
        if retired is not None:
            # ``cancelled = reserved(4)``: no member, no alias (typed_enum._reserved).
            arg = retired.args[0] if len(retired.args) == 1 else None
            record.reserved[name] = evaluator.constant(arg) if arg is not None else None
            _unmember(info, name)
            continue
        target, bad = _alias_target(rvalue, record)
        if bad is not None:
            _report_bad_alias(
                ctx, settings, info.name, name, bad, [*record.members, *record.aliases], stmt
            )
            record.members.append(name)
            continue
        key = None
        if target is None:
            value = evaluator.evaluate(name, rvalue)
            if name in repeated:
                value = None  # which branch is taken is not known statically
            if value is not None:
                key = values.comparable(value)
                target = seen.get(key)
            if target is not None and typed:
                fail(
                    ctx.api,
                    settings,
                    errorcodes.DUPLICATE_VALUE,
                    messages.DUPLICATE_VALUE.format(name=name, enum=info.name, other=target),
                    stmt,
                )
            elif target is not None and unique is not None:
                message = messages.DUPLICATE_UNIQUE_VALUE.format(
                    name=name, enum=info.name, other=target, meta=unique
                )
                fail(ctx.api, settings, errorcodes.DUPLICATE_VALUE, message, stmt)
        if target is not None:
            record.aliases[name] = target
            _unmember(info, name)
            continue
        record.members.append(name)
        record.values[name] = value
        if key is not None:
            seen.setdefault(key, name)
    if evaluator.flag and ctx.api.options.python_version >= (3, 15):
        _complements(info, record, seen)
    if record.reserved:
        _report_reserved_values(ctx, settings, record, seen, statements)
    metadata.write(info, record)


def _report_reserved_values(
    ctx: ClassDefContext,
    settings: Settings,
    record: EnumRecord,
    seen: dict[Any, str],
    statements: list[membership.Definition],
) -> None:
    """A member whose value a ``reserved()`` retired: ValueError when the class is made."""
    where = {definition.name: definition.context for definition in reversed(statements)}
    for retired, value in record.reserved.items():
        member = seen.get(values.comparable(value)) if value is not None else None
        if member is None:
            continue
        message = messages.RESERVED_VALUE.format(
            name=member, enum=ctx.cls.info.name, value=lookups_shown(value), retired=retired
        )
        fail(ctx.api, settings, errorcodes.RESERVED, message, where.get(member, ctx.cls))


def _report_reserved_name(
    ctx: ClassDefContext,
    settings: Settings,
    record: EnumRecord,
    name: str,
    evaluator: values.Evaluator,
    rvalue: Expression,
    stmt: Context,
) -> None:
    """A name both retired and bound otherwise in one body: TypeError when the class is made."""
    value = record.reserved.get(name)
    if name not in record.reserved:
        call = _called(rvalue, names.RESERVED)
        value = evaluator.constant(call.args[0]) if call is not None and call.args else None
    message = messages.RESERVED_NAME.format(
        name=name, enum=ctx.cls.info.name, value=lookups_shown(value)
    )
    fail(ctx.api, settings, errorcodes.RESERVED, message, stmt)


def lookups_shown(value: Value) -> str:
    """A retired value as the messages show it (``4``, ``'x'``), ``...`` when not known."""
    from mypy_plugin.features.lookups import shown  # (lookups imports this module)

    return "..." if value is None else shown(value)


def _complements(info: TypeInfo, record: EnumRecord, seen: dict[Any, str]) -> None:
    """3.15+: a negative value in a Flag body is its complement over the members.

    ``D = ~A`` is -2 in the body; stdlib 3.15 masks it with the class's
    members once the class is made (``X.D is X.B``; with a later ``E =
    auto()``, ``B|E``).  One that lands on a member is its alias, as the run
    time makes it; another is a combination, as ``C = A | B`` is.
    """
    mask = 0
    for value in record.values.values():
        if value is not None and value[0] == "int" and value[1] > 0:
            mask |= value[1]
    for name in list(record.members):
        value = record.values.get(name)
        if value is None or value[0] != "int" or value[1] >= 0:
            continue
        masked: Value = ["int", value[1] & mask]
        target = seen.get(values.comparable(masked))
        if target is not None and target != name:
            record.members.remove(name)
            del record.values[name]
            record.aliases[name] = target
            _unmember(info, name)
        else:
            record.values[name] = masked


#: Expressions whose value is never True, False or None: ``open=1`` raises.
_NOT_BOOL = (IntExpr, StrExpr, BytesExpr, FloatExpr, ComplexExpr, ListExpr, TupleExpr, DictExpr)


def _is_open(settings: Settings, ctx: ClassDefContext, typed: bool) -> bool | None:
    """``class P(Enum, open=True)``, or a member-less open base.

    None when ``open=`` is an expression the plugin cannot evaluate: the
    class may be open (``extend()`` and lookups are not reported) or closed
    (a match over its members is not asked for ``case _:``).
    """
    keyword = ctx.cls.keywords.get("open")
    if keyword is not None and not (
        isinstance(keyword, NameExpr) and keyword.fullname == names.NONE
    ):
        value = ctx.api.parse_bool(keyword)
        if value is not None:
            return value
        if typed and isinstance(keyword, _NOT_BOOL):
            message = messages.OPEN_KEYWORD.format(enum=ctx.cls.name, value=_shown(keyword))
            fail(ctx.api, settings, errorcodes.OPEN_KEYWORD, message, keyword)
            return False
        return None
    for base in ctx.cls.info.mro[1:]:
        if not base.is_enum:
            continue  # only enum classes have a record
        record = metadata.read(base)
        if record is not None and record.open is not False:
            return record.open
    return False


def _shown(expr: Expression) -> str:
    if isinstance(expr, (IntExpr, FloatExpr)):
        return str(expr.value)
    if isinstance(expr, StrExpr):
        return repr(expr.value)
    return "..."


def _report_bad_alias(
    ctx: ClassDefContext,
    settings: Settings,
    enum: str,
    name: str,
    bad: Expression,
    members: list[str],
    stmt: Context,
) -> None:
    if isinstance(bad, NameExpr):
        if bad.node is None:
            return  # mypy reports the undefined name itself
        word, shown = bad.name, bad.name
    elif isinstance(bad, StrExpr):
        word, shown = bad.value, f'"{bad.value}"'
    else:
        word, shown = "", "expression"
    hint = messages.did_you_mean(word, members) if word else ""
    message = messages.BAD_ALIAS.format(target=shown, enum=enum, name=name, hint=hint)
    fail(ctx.api, settings, errorcodes.BAD_ALIAS, message, stmt)


def _unmember(info: TypeInfo, name: str) -> None:
    sym = info.names.get(name)
    if sym is not None and isinstance(sym.node, Var):
        sym.node.has_explicit_value = False


AnalyseClass = Callable[[ClassDefContext], None]
