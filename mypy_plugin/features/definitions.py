"""Definition checks: enum classes the run time would refuse, or silently coerce.

* ``typed-enum-member-value-type``: a member value of the wrong type for
  the enum's data type.  mypy alone accepts ``class X(IntEnum): x = "x"``
  (mypy #1555, open since 2016), which raises when the class is created;
  ``x = "1"`` or ``x = 1.5`` is silently turned into an int, and
  ``class S(str, Enum): a = 3`` into ``"3"``.  With the plugin each is an
  error at the member's line, for typed_enum and stdlib enums.  Only plain
  literal values are checked: ``auto()``, ``member(...)``, other calls and
  tuples (constructor arguments for the data type, or for a custom
  ``__init__``/``__new__``) are left alone, as are enums with a custom
  ``__new__``/``__init__`` or a data type other than int, str, float, bytes.
* ``typed-enum-subclass-with-members``: ``class Sub(Color)`` where
  ``Color`` has members raises ``TypeError`` at run time.  mypy already
  says so under ``[misc]``; the plugin reports the same words first under
  its own code, so mypy's duplicate on that line is dropped and one error
  remains.
* ``typed-enum-closed-extend``: ``Color.extend("blue", 3)`` on an enum not
  declared ``open=True`` raises ``TypeError``; mypy alone accepts it.
"""

from __future__ import annotations

from mypy.nodes import AssignmentStmt, CallExpr, NameExpr, TypeInfo
from mypy.plugin import ClassDefContext, MethodContext
from mypy.semanal_enum import ENUM_BASES
from mypy.types import Type

from mypy_plugin import errorcodes, messages, metadata, names
from mypy_plugin.config import Settings
from mypy_plugin.features import lookups, membership, values
from mypy_plugin.report import fail

#: Data type -> (value kinds it accepts, how messages name it).
_ACCEPTED: dict[str, tuple[frozenset[str], str]] = {
    "builtins.int": (frozenset({"int", "bool"}), "int"),
    "builtins.str": (frozenset({"str"}), "str"),
    "builtins.float": (frozenset({"int", "bool", "float"}), "float"),
    "builtins.bytes": (frozenset({"bytes"}), "bytes"),
}
_FLAG = (frozenset({"int", "bool"}), "int")


def analyse_class(settings: Settings, ctx: ClassDefContext, body: membership.ClassBody) -> None:
    """Report wrongly typed member values and subclassed enums with members.

    Precondition: ``members.analyse_class`` has written the record.
    """
    _check_member_values(settings, ctx)
    _check_bases(settings, ctx)


def _expected(info: TypeInfo, data_type: str | None) -> tuple[frozenset[str], str] | None:
    if data_type is not None:
        return _ACCEPTED.get(data_type)
    if any(base.fullname == names.STD_FLAG for base in info.mro):
        return _FLAG
    return None


def _check_member_values(settings: Settings, ctx: ClassDefContext) -> None:
    info = ctx.cls.info
    record = metadata.read(info)
    if record is None or values.implements_new(info) or lookups.user_defines(info, "__init__"):
        return
    expected = _expected(info, record.data_type)
    if expected is None:
        return
    accepted, type_name = expected
    evaluator = values.Evaluator(info, stub=ctx.api.is_stub_file)
    for stmt in ctx.cls.defs.body:
        if not (isinstance(stmt, AssignmentStmt) and len(stmt.lvalues) == 1):
            continue
        lvalue = stmt.lvalues[0]
        if not isinstance(lvalue, NameExpr) or lvalue.name not in record.members:
            continue
        if isinstance(stmt.rvalue, CallExpr):
            continue  # auto(), member(...), constructors: not a plain value
        value = evaluator.constant(stmt.rvalue)
        if value is None or value[0] == "tuple" or value[0] in accepted:
            continue
        flag = record.data_type is None
        message = messages.MEMBER_VALUE_TYPE.format(
            name=lvalue.name,
            enum=info.name,
            kind=value[0],
            value=lookups.shown(value),
            expected=type_name,
            why=" (Flag values are bits)" if flag else "",
            article="an" if type_name[0] in "aeiou" else "a",
        )
        fail(ctx.api, settings, errorcodes.MEMBER_VALUE_TYPE, message, stmt)


def _declared_members(info: TypeInfo) -> list[str]:
    record = metadata.read(info)
    if record is not None:
        return record.members
    return list(info.enum_members)


def _check_bases(settings: Settings, ctx: ClassDefContext) -> None:
    # The same bases mypy's checker looks at (TypeChecker.check_enum).
    for base in ctx.cls.info.mro[1:-1]:
        if base.is_enum and base.fullname not in ENUM_BASES and _declared_members(base):
            message = messages.SUBCLASS_WITH_MEMBERS.format(base=base.name)
            fail(ctx.api, settings, errorcodes.SUBCLASS_WITH_MEMBERS, message, ctx.cls)


def extend_callback(settings: Settings, ctx: MethodContext) -> Type:
    """``Color.extend(...)`` on a closed enum is an error.

    Without the plugin mypy accepts it; the run time raises ``TypeError``.
    Precondition: the method is typed_enum's ``Enum.extend``.
    """
    info = lookups.enum_of(ctx.type) or lookups.enum_of(ctx.default_return_type)
    record = metadata.read(info) if info is not None else None
    if (
        info is not None
        and record is not None
        and record.open is False
        and not lookups.may_be_subclass(record, lookups.exact_receiver(ctx.type))
    ):
        message = messages.CLOSED_EXTEND.format(enum=info.name)
        fail(ctx.api, settings, errorcodes.CLOSED_EXTEND, message, ctx.context)
    return ctx.default_return_type
