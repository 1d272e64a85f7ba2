"""Cross-enum equality: ``==``, ``!=``, ``in`` between members of two different enums.

Without the plugin, mypy reports ``A.x == B.y`` only under
``--strict-equality``, as ``[comparison-overlap]``, and nothing at all when
the operands' types overlap in mypy's eyes.  At run time the comparison is
always False for plain enums, and silently True for IntEnum/StrEnum members
whose values agree (googleapis/proto-plus-python#247).  With the plugin it
is a ``typed-enum-cross-enum-equality`` error, which replaces mypy's
``[comparison-overlap]`` (mypy shows the overlap error only when the
operator call itself had none), so each expression gets one error.

Example::

    class Level(IntEnum):
        low = 1

    class Size(IntEnum):
        small = 1

    Level.low == Size.small  # E: "==" compares members of two different enums ...

Reported when every item of each operand is an enum member or None, and no
enum on one side is (or derives from) one on the other: ``x: Level | Size``
compared with ``Size.small`` is fine, as is ``Level.low == 1`` (the mixin
type) and ``x: Level | None`` compared with None.

How: ``__eq__``/``__ne__`` are method signature hooks that look at the
whole comparison (``ctx.context``), so a union operand, which mypy splits
into one call per item, gets the same verdict for every item.  ``in`` is
harder: mypy checks ``__contains__`` in an error filter and, when that fails
on an iterable container, falls back to iterating it and drops the filtered
error.  So ``__contains__`` fails the call (that error is shown for
non-iterable containers), and the ``__iter__`` that mypy then calls with the
comparison as context reports it again, where it is kept.
"""

from __future__ import annotations

from mypy.maptype import map_instance_to_supertype
from mypy.nodes import ComparisonExpr, Context, TypeInfo
from mypy.plugin import CheckerPluginInterface, MethodSigContext
from mypy.subtypes import is_subtype
from mypy.types import CallableType, Instance, Type

from mypy_plugin import errorcodes, messages, names
from mypy_plugin.config import Settings
from mypy_plugin.features import operands
from mypy_plugin.features.ordering import data_type
from mypy_plugin.report import Report, fail, fail_past_operator_trial

SYMBOLS = names.EQUALITY_METHODS
_EQUALITY = frozenset(SYMBOLS.values())
_MEMBERSHIP = frozenset({"in", "not in"})
#: What the expression always gives when the members can never be equal.
_ALWAYS = {"==": "False", "!=": "True", "in": "False", "not in": "True"}


def _compare_by_value(left: TypeInfo, right: TypeInfo) -> TypeInfo | None:
    """The shared data type through which two enums' members compare, if any."""
    a, b = data_type(left), data_type(right)
    if a is None or b is None:
        return None
    if a.has_base(b.fullname):
        return b
    if b.has_base(a.fullname):
        return a
    return None


def _own_eq(info: TypeInfo) -> bool:
    """The enum's ``__eq__`` is the user's own (enum body, base or mixin): their choice.

    Not own: ``object``'s, stdlib's or typed_enum's, or the data type's
    (``int.__eq__`` of an IntEnum).
    """
    definer = next((base for base in info.mro if "__eq__" in base.names), None)
    if definer is None or definer.fullname == names.OBJECT:
        return False
    if definer.is_enum:
        return definer.module_name not in _LIBRARY
    data = data_type(info)
    return data is None or not data.has_base(definer.fullname)


_LIBRARY = frozenset({"enum", "typed_enum._base"})


def _message(operator: str, left: list[TypeInfo], right: list[TypeInfo], membership: bool) -> str:
    a, b = left[0], right[0]
    shared = _compare_by_value(a, b)
    if shared is not None:
        outcome = messages.CROSS_EQUALITY_VALUES.format(data=shared.name)
    else:
        outcome = messages.CROSS_EQUALITY_NEVER.format(result=_ALWAYS[operator])
    template = messages.CROSS_ENUM_MEMBERSHIP if membership else messages.CROSS_ENUM_EQUALITY
    return template.format(op=operator, left=_names(left), right=_names(right), outcome=outcome)


def _names(infos: list[TypeInfo]) -> str:
    return " | ".join(f'"{info.name}"' for info in infos)


def _check(
    api: CheckerPluginInterface,
    settings: Settings,
    operator: str,
    left: Type,
    right: Type | None,
    context: Context,
    membership: bool = False,
    report: Report = fail,
) -> bool:
    """Report when ``left`` and ``right`` can only be members of unrelated enums."""
    if right is None:
        return False
    # The smaller side first; the larger one stops at its first item related
    # to the smaller's enums (operands.enum_side).
    swapped = operands.union_size(right) < operands.union_size(left)
    first, second = (right, left) if swapped else (left, right)
    first_side = operands.enum_side(first)
    if not first_side:
        return False
    second_side = operands.enum_side(second, against=first_side)
    if not second_side:
        return False
    left_side, right_side = (second_side, first_side) if swapped else (first_side, second_side)
    if any(_own_eq(info) for info in left_side + right_side):
        return False
    message = _message(operator, left_side, right_side, membership)
    report(api, settings, errorcodes.CROSS_ENUM_EQUALITY, message, context)
    return True


def equality_signature(settings: Settings, method: str, ctx: MethodSigContext) -> CallableType:
    """``a == b`` / ``a != b`` between members of two different enums.

    Without the plugin: ``[comparison-overlap]`` under ``--strict-equality``
    when mypy finds the types disjoint, else nothing.  With it:
    ``typed-enum-cross-enum-equality`` (which suppresses mypy's).  The
    signature is returned unchanged.  Precondition: ``ctx`` is a call of
    ``method`` (``__eq__`` or ``__ne__``).
    """
    signature = ctx.default_signature
    if operands.enum_of(ctx.type) is None or len(ctx.args) != 1 or len(ctx.args[0]) != 1:
        return signature
    if signature.arg_types:
        # A user's __eq__ taking only some types: mypy's own error stands.
        actual = operands.expression_type(ctx.api, ctx.args[0][0])
        if not is_subtype(actual, signature.arg_types[0]):
            return signature
    pair = operands.comparison_pair(ctx.context, _EQUALITY)
    if pair is not None:
        operator, left_expr, right_expr = pair
        left = operands.expression_type(ctx.api, left_expr)
        right = operands.expression_type(ctx.api, right_expr)
    else:
        # An explicit ``a.__eq__(b)`` or a chain: judge this call alone.
        operator, left = SYMBOLS[method], ctx.type
        right = operands.expression_type(ctx.api, ctx.args[0][0])
    # An operator (a comparison as context) is checked in mypy's trial of
    # ``a.__eq__(b)`` and ``b.__eq__(a)``: reported inside it, the error
    # would fail both and make the comparison Any (``[no-any-return]`` beside
    # ours under --strict).  Past the trial, the comparison stays ``bool``.
    # An explicit ``a.__eq__(b)`` runs in no trial: a filter around it is a
    # speculative check's, and the error must stay inside that.
    report = fail_past_operator_trial if isinstance(ctx.context, ComparisonExpr) else fail
    _check(ctx.api, settings, operator, left, right, ctx.context, report=report)
    return signature


def contains_signature(settings: Settings, ctx: MethodSigContext) -> CallableType:
    """``a in c`` where ``c`` holds members of an enum unrelated to ``a``'s.

    Fails mypy's ``__contains__`` check.  On a non-iterable container this is
    the error shown; on an iterable one mypy drops it and iterates instead,
    where ``iter_signature`` reports it.  Precondition: ``ctx`` is a
    ``__contains__`` call.
    """
    signature = ctx.default_signature
    if len(ctx.args) != 1 or len(ctx.args[0]) != 1:
        return signature
    left = operands.expression_type(ctx.api, ctx.args[0][0])
    if not operands.enums_in(left):
        return signature
    pair = operands.comparison_pair(ctx.context, _MEMBERSHIP)
    if pair is None and isinstance(ctx.context, ComparisonExpr):
        # A chain (a in b in c): iter_signature could not tell the pairs
        # apart, and failing here alone would turn into mypy's [operator].
        return signature
    operator = pair[0] if pair is not None else "in"
    _check(ctx.api, settings, operator, left, _contained(ctx.type), ctx.context, membership=True)
    return signature


def iter_signature(settings: Settings, ctx: MethodSigContext) -> CallableType:
    """``__iter__`` called for an ``in`` test: the fallback that follows ``__contains__``.

    mypy iterates the container (with the comparison as context) when its
    ``__contains__`` check failed or it has none (``x in some_generator``).
    Any other ``__iter__`` call returns at the first check.
    """
    signature = ctx.default_signature
    pair = operands.comparison_pair(ctx.context, _MEMBERSHIP)
    if pair is None:
        return signature
    operator, left_expr, _ = pair
    left = operands.expression_type(ctx.api, left_expr)
    if operands.enums_in(left):
        _check(ctx.api, settings, operator, left, _contained(ctx.type), ctx.context, True)
    return signature


def _contained(container: Type) -> Type | None:
    """What ``in`` compares against: the iterated items (as mypy's fallback does)."""
    item = operands.iterable_item(container)
    if item is not None:
        return item
    # A container that is not iterable: the Container[T] argument.
    for proper in operands.items(container):
        if isinstance(proper, Instance):
            for base in proper.type.mro:
                if base.fullname == names.CONTAINER:
                    return map_instance_to_supertype(proper, base).args[0]
    return None
