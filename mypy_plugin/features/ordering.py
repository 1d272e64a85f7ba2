"""Ordering: ``<``, ``<=``, ``>``, ``>=``, ``sorted()``, ``min()``, ``max()`` on enums.

PEP 435 meant ordering for IntEnum only.  Without the plugin mypy accepts
``Color.red < Color.blue`` on a StrEnum (or a str/float/bytes/other mixin
enum) because the mixin type has ``__lt__``: stdlib then silently compares
the strings, typed_enum raises TypeError.  It also accepts ordering members
of two different IntEnums (their ints are compared) and reports an
OrderedEnum compared with another one only as ``[operator]``.  With the
plugin:

* ``typed-enum-ordering``: a member/instance of a non-int data-type enum on
  either side of an ordering operator, or ordered by ``sorted()``,
  ``min()``, ``max()``, ``list.sort()`` without ``key=``;
* ``typed-enum-cross-enum-ordering``: members of two different ordered
  enums (IntEnum, IntFlag, OrderedEnum, ValueOrdered) compared with each other.

An enum deriving from ``typed_enum.ValueOrdered`` (``class Mode(ValueOrdered,
StrEnum)``, what ``typed-enum migrate`` writes to keep stdlib's behaviour)
orders as stdlib does, with its data type's signature: no error.

Example::

    class Mode(StrEnum):
        read = "read"
        write = "write"

    Mode.read < Mode.write  # E: "Mode" is not ordered: ... [typed-enum-ordering]

Plain Enum and Flag define no ``__lt__``: mypy reports ``[operator]`` (and
``[type-var]`` for ``sorted()``) before any hook runs.  That stays as it is:
giving them synthetic methods to report our own code would make them
satisfy ``SupportsRichComparison`` and lose the ``sorted()`` errors.

How: the operator hooks are *method signature* hooks, asked for every
``<``-family call (mypy names the method after the receiver class, so
``Mode.read < x`` asks ``t.Mode.__lt__`` and ``"x" < Mode.read`` asks
``builtins.str.__lt__``).  mypy tries the operator and its reflection, each
in an error filter, and keeps the first that passes; the decision below
depends only on the pair of operand types, so both directions fail together
and the error is reported once.  An error is reported only where mypy itself
accepts the call, so no expression gets ours beside an ``[operator]``.
"""

from __future__ import annotations

from enum import Enum, auto

from mypy.nodes import ARG_POS, CallExpr, Context, Expression, NameExpr, TypeInfo
from mypy.plugin import CheckerPluginInterface, FunctionSigContext, MethodSigContext
from mypy.subtypes import is_subtype
from mypy.typeops import make_simplified_union
from mypy.types import CallableType, Type, get_proper_type

from mypy_plugin import errorcodes, messages, names
from mypy_plugin.config import Settings
from mypy_plugin.features import operands
from mypy_plugin.features.members import is_typed_enum
from mypy_plugin.report import fail, fail_past_operator_trial

SYMBOLS = names.ORDERING_METHODS
_OPERATORS = frozenset(SYMBOLS.values())
_REFLECTED = {"__lt__": "__gt__", "__gt__": "__lt__", "__le__": "__ge__", "__ge__": "__le__"}


class Order(Enum):
    """How the members of an enum class compare under ``<``."""

    NONE = auto()
    """No ``__lt__`` at all (plain Enum, Flag): mypy reports ``[operator]``."""
    OWN = auto()
    """The user's own methods (in the enum, a member-less base or a mixin)."""
    VALUE = auto()
    """By value: IntEnum, IntFlag, int mixins, and ``ValueOrdered`` enums, which
    keep stdlib's ordering through any data type (the data type's signature)."""
    DECLARATION = auto()
    """By declaration order (typed_enum.OrderedEnum)."""
    REFUSED = auto()
    """Through a non-int data type: typed_enum raises, stdlib compares values."""


_ORDERED = (Order.VALUE, Order.DECLARATION)


def data_type(info: TypeInfo) -> TypeInfo | None:
    """The enum's data type as stdlib finds it: the first non-enum base with ``__new__``.

    A mixin without ``__new__`` (methods only) is not a data type, so its
    comparison methods are the user's own, as at run time.
    """
    for base in info.mro[1:]:
        if base.is_enum or base.fullname == names.OBJECT:
            continue
        if "__new__" in base.names or "__dataclass_fields__" in base.names:
            return base
    return None


def order_of(info: TypeInfo, method: str = "__lt__") -> Order:
    """How ``info``'s members compare, judged by where ``method`` comes from."""
    definer = next((base for base in info.mro if method in base.names), None)
    if definer is None or definer.fullname == names.OBJECT:
        return Order.NONE
    if definer.fullname == names.ORDERED_ENUM:
        return Order.DECLARATION
    data = data_type(info)
    if data is None or not data.has_base(definer.fullname):
        return Order.OWN
    if data.has_base(names.INT) or info.has_base(names.VALUE_ORDERED):
        return Order.VALUE
    return Order.REFUSED


def _data_name(info: TypeInfo) -> str:
    data = data_type(info)
    return data.name if data is not None else "data"


def _refused_message(info: TypeInfo, what: str, fix: str = "") -> str:
    if is_typed_enum(info):
        outcome = messages.ORDERING_RAISES
        ordered = "OrderedEnum"
    else:
        outcome = messages.ORDERING_SILENT.format(data=_data_name(info))
        ordered = "typed_enum.OrderedEnum"
    return messages.ORDERING.format(
        enum=info.name,
        what=what,
        outcome=outcome,
        fix=fix + messages.ORDERING_FIX.format(ordered=ordered),
    )


def _symbol(context: Context, method: str) -> str:
    """The operator as written (mypy 1.14 names a reflected call after the original)."""
    pair = operands.comparison_pair(context, _OPERATORS)
    return pair[0] if pair is not None else SYMBOLS.get(method, method)


def comparison_signature(settings: Settings, method: str, ctx: MethodSigContext) -> CallableType:
    """``a < b`` (and ``<=``, ``>``, ``>=``) with an enum member on either side.

    Without the plugin mypy accepts ``Mode.read < Mode.write`` on a StrEnum
    and ``Level.low < Size.small`` across two IntEnums; with it they are
    ``typed-enum-ordering`` and ``typed-enum-cross-enum-ordering`` errors.
    IntEnum/IntFlag/OrderedEnum members compare cleanly with their own enum,
    IntEnum/IntFlag members with ints.  The signature is returned unchanged,
    except that an OrderedEnum's ``other: Self`` is widened for a member of
    another ordered enum, so our error replaces mypy's ``[operator]``.
    Precondition: ``ctx`` is a call of the comparison dunder ``method``.
    """
    signature = ctx.default_signature
    if len(signature.arg_types) != 1 or len(ctx.args) != 1 or len(ctx.args[0]) != 1:
        return signature
    receiver = operands.enum_of(ctx.type)
    actual = operands.expression_type(ctx.api, ctx.args[0][0])
    others = operands.enums_in(actual)
    if receiver is None and not others:
        return signature
    valid = is_subtype(actual, signature.arg_types[0])
    reflected = _REFLECTED[method]
    for info in ([receiver] if receiver else []) + others:
        if order_of(info, method) is Order.REFUSED:
            if valid:
                what = f'"{_symbol(ctx.context, method)}" on its members'
                # Past mypy's trial only when the reflected trial fails too
                # (else mypy keeps that one, as at run time with user methods).
                report = (
                    fail_past_operator_trial if order_of(info, reflected) is Order.REFUSED else fail
                )
                report(
                    ctx.api,
                    settings,
                    errorcodes.ORDERING,
                    _refused_message(info, what),
                    ctx.context,
                )
            return signature
    if receiver is None or order_of(receiver, method) not in _ORDERED:
        return signature
    for other in others:
        if not operands.related(receiver, other) and order_of(other, method) in _ORDERED:
            raises = Order.DECLARATION in (order_of(receiver, method), order_of(other, method))
            message = messages.CROSS_ENUM_ORDERING.format(
                op=_symbol(ctx.context, method),
                left=receiver.name,
                right=other.name,
                outcome=(
                    messages.ORDERING_RAISES
                    if raises
                    else messages.CROSS_ORDERING_VALUES.format(data=_data_name(receiver))
                ),
            )
            both_ways = order_of(receiver, reflected) in _ORDERED and (
                order_of(other, reflected) in _ORDERED
            )
            report = fail_past_operator_trial if both_ways else fail
            report(ctx.api, settings, errorcodes.CROSS_ENUM_ORDERING, message, ctx.context)
            return signature if valid else signature.copy_modified(arg_types=[actual])
    return signature


def _key_given(call: CallExpr) -> bool:
    for arg, name in zip(call.args, call.arg_names, strict=False):
        if name == "key" and not (isinstance(arg, NameExpr) and arg.fullname == names.NONE):
            return True
    return False


def _refused_among(typ: Type | None) -> TypeInfo | None:
    if typ is None:
        return None
    for info in operands.enums_in(typ):
        if order_of(info) is Order.REFUSED:
            return info
    return None


def _report_sorting(
    api: CheckerPluginInterface,
    settings: Settings,
    function: str,
    elements: Type | None,
    call: CallExpr,
) -> None:
    info = _refused_among(elements)
    if info is not None:
        message = _refused_message(info, f"{function}() of its members", messages.ORDERING_FIX_KEY)
        fail(api, settings, errorcodes.ORDERING, message, call)


def sorting_signature(settings: Settings, function: str, ctx: FunctionSigContext) -> CallableType:
    """``sorted(xs)``, ``min(xs)``, ``max(a, b)`` over members of a non-int data-type enum.

    Without the plugin mypy accepts ``sorted(Mode)`` on a StrEnum (str
    satisfies ``SupportsRichComparison``); with it that is a
    ``typed-enum-ordering`` error unless ``key=`` is given.  A signature
    hook, not a function hook: these functions are overloaded, and an error
    raised while mypy tries an overload would reject that overload instead of
    being shown.  The signature is returned unchanged.  Precondition: ``ctx``
    is a call of ``builtins.<function>``.
    """
    call = ctx.context
    if not isinstance(call, CallExpr) or _key_given(call):
        return ctx.default_signature
    positional = [
        arg for arg, kind in zip(call.args, call.arg_kinds, strict=False) if kind == ARG_POS
    ]
    elements: Type | None
    if len(positional) == 1:
        elements = operands.iterable_item(operands.expression_type(ctx.api, positional[0]))
    elif positional and function != "sorted":
        elements = _union(ctx.api, positional)
    else:
        return ctx.default_signature
    _report_sorting(ctx.api, settings, function, elements, call)
    return ctx.default_signature


def list_sort_signature(settings: Settings, ctx: MethodSigContext) -> CallableType:
    """``xs.sort()`` on a list of non-int data-type enum members: as ``sorted(xs)``."""
    call = ctx.context
    if isinstance(call, CallExpr) and not _key_given(call):
        _report_sorting(ctx.api, settings, "list.sort", operands.iterable_item(ctx.type), call)
    return ctx.default_signature


def _union(api: CheckerPluginInterface, exprs: list[Expression]) -> Type:
    return make_simplified_union([get_proper_type(operands.expression_type(api, e)) for e in exprs])
