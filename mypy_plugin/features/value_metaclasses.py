"""Enums whose metaclass rewrites member values before ``enum`` sees them.

Some frameworks derive their own metaclass from ``enum.EnumType`` and change
what a member's value is while the class is made.  Django's ``ChoicesType``
takes the last item of a tuple as the member's label when it is a string (or
a lazy translation) and keeps the rest as the value::

    class Suit(models.IntegerChoices):
        DIAMOND = 1, "Diamond"      # value 1, label "Diamond"
        HEART = 3                   # value 3, label "Heart"

Read as written, ``DIAMOND``'s value is the tuple ``(1, "Diamond")``: a
false ``typed-enum-value-annotation`` (IntegerChoices declares ``_value_:
int``) and a false ``typed-enum-member-arguments`` (a ``datetime.date``
mixin gets one argument too many).  So before any value-based check runs,
each member's value expression is replaced by what the metaclass keeps
(``apply``), by the rule the metaclass is known for:

* ``LABEL_LAST`` (``names.VALUE_METACLASSES``: Django's ``ChoicesType``): a
  tuple or list of two or more items whose last item is a label (a string
  constant, or a call or name whose declared type is ``str`` or one of
  ``names.LABEL_TYPES``) loses that item; the rest is the value (the single
  item itself when the enum has a data type, as ``int(*(1,))`` is 1).  A
  last item whose type is not known statically leaves the value unknown.
* ``OPAQUE`` (enum-properties' metaclass, and every metaclass listed under
  ``value-metaclasses`` in the plugin's configuration): how values are
  rewritten is not known, so every member's value is unknown.

Django's metaclass also makes its enums unique: a repeated value is reported
as in a typed_enum enum (``unique_metaclass``).

An unknown value is a ``TempNode``: no value-based check (value type,
member arguments, duplicates, literal lookups, value literals) uses it, and
every check that does not depend on values (exhaustiveness, ordering,
names) stays.
"""

from __future__ import annotations

from mypy.nodes import (
    BytesExpr,
    CallExpr,
    ComplexExpr,
    Expression,
    FloatExpr,
    FuncDef,
    IntExpr,
    ListExpr,
    RefExpr,
    StrExpr,
    TempNode,
    TupleExpr,
    TypeInfo,
    Var,
)
from mypy.plugin import ClassDefContext
from mypy.types import AnyType, CallableType, Instance, Type, TypeOfAny, get_proper_type

from mypy_plugin import names
from mypy_plugin.config import Settings
from mypy_plugin.features import membership, values

#: Constants that are never a label.
_NOT_LABELS = (IntExpr, FloatExpr, ComplexExpr, BytesExpr)


def _metaclass_mro(info: TypeInfo) -> list[TypeInfo]:
    meta = info.metaclass_type or info.calculate_metaclass_type()
    return meta.type.mro if meta is not None else []


def rule(settings: Settings, info: TypeInfo) -> str | None:
    """The value rule of ``info``'s metaclass, or None when it keeps values as written."""
    for base in _metaclass_mro(info):
        if base.fullname in settings.value_metaclasses:
            return names.OPAQUE
        found = names.VALUE_METACLASSES.get(base.fullname)
        if found is not None:
            return found
    return None


def unique_metaclass(info: TypeInfo) -> str | None:
    """The name of ``info``'s metaclass when it rejects repeated values (Django's)."""
    return next(
        (base.name for base in _metaclass_mro(info) if base.fullname in names.UNIQUE_METACLASSES),
        None,
    )


def apply(settings: Settings, ctx: ClassDefContext, body: membership.ClassBody) -> None:
    """Replace each member's value expression by the value its metaclass keeps.

    Runs before every class analyser.  Precondition: ``ctx.cls.info`` is an enum.
    """
    info = ctx.cls.info
    found = rule(settings, info)
    if found is None:
        return
    has_data_type = values.data_type(info) is not None
    for definition in body.definitions:
        if isinstance(definition.rvalue, TempNode):
            continue  # ``@member def``: no value expression
        if found == names.LABEL_LAST:
            definition.rvalue = _without_label(definition.rvalue, has_data_type)
        else:
            definition.rvalue = _unknown(definition.rvalue)


def _unknown(rvalue: Expression) -> TempNode:
    return TempNode(AnyType(TypeOfAny.special_form), context=rvalue)


def _without_label(rvalue: Expression, has_data_type: bool) -> Expression:
    if not isinstance(rvalue, (TupleExpr, ListExpr)) or len(rvalue.items) < 2:
        return rvalue
    label = _is_label(rvalue.items[-1])
    if label is None:
        return _unknown(rvalue)
    if not label:
        return rvalue  # the whole tuple is the value
    rest = rvalue.items[:-1]
    if len(rest) == 1 and has_data_type:
        return rest[0]
    kept = TupleExpr(rest)
    kept.set_line(rvalue)
    return kept


def _is_label(expr: Expression) -> bool | None:
    """Whether ``expr`` is a label; None when its type is not known statically."""
    if isinstance(expr, StrExpr):
        return True
    if isinstance(expr, RefExpr) and isinstance(expr.node, Var):
        return _is_label_type(expr.node.type)
    if isinstance(expr, CallExpr) and isinstance(expr.callee, RefExpr):
        callee = expr.callee.node
        if isinstance(callee, TypeInfo):
            return _is_label_type(Instance(callee, []))
        if isinstance(callee, FuncDef) and isinstance(callee.type, CallableType):
            return _is_label_type(callee.type.ret_type)
        return None
    if isinstance(expr, RefExpr):
        return None
    # Another constant (a number, bytes) is never a label.
    return False if isinstance(expr, _NOT_LABELS) else None


def _is_label_type(typ: Type | None) -> bool | None:
    proper = get_proper_type(typ)
    if not isinstance(proper, Instance):
        return None
    if any(base.fullname in names.LABEL_TYPES for base in proper.type.mro):
        return True
    if proper.type.fullname == names.OBJECT or proper.type.is_protocol:
        return None  # may be a str at run time
    return False
