"""Enums with their own ``__init__``/``__new__``: member arguments and ``_value_``.

A member's value is passed to the enum's own ``__init__`` (and ``__new__``),
unpacked when it is a tuple::

    class Planet(Enum):
        _value_: int

        def __init__(self, value: int, mass: float) -> None:
            self._value_ = value
            self.mass = mass

        MERCURY = (1, 3.3e23)
        MARS = (6.4e23,)        # E: passes 1 value, __init__ takes 2
        VENUS = (2, "heavy")    # E: "heavy" is not a float

mypy alone checks none of it (the typing spec allows a checker to), and
types ``Planet.MERCURY.value`` as the tuple ``tuple[int, float]`` although
``__init__`` sets ``_value_`` to its first argument.  With the plugin:

* ``typed-enum-member-arguments``: a member value whose arity or argument
  types do not fit the signature (positional parameters after
  ``self``/``cls``) is reported.  Arguments the plugin cannot evaluate
  statically (calls, names) are only counted, not typed;
* ``self._value_ = value`` in ``__init__`` (or ``obj._value_ = value`` in
  ``__new__``) makes ``.value`` of a member the argument passed for
  ``value`` (``Literal[1]``; the parameter's type when the argument is not
  a constant), and that argument is what lookups and duplicates compare;
* ``self._value_ = x`` where ``_value_`` is declared (``_value_: str``) and
  ``x`` is a parameter or a constant of another type is reported under
  ``typed-enum-value-annotation``, in the words of mypy's own
  ``[assignment]`` error (which is then dropped as a duplicate).

Only methods defined in the user's classes count (not stdlib's or
typed_enum's).  Precondition for every function: ``info`` is an enum.
"""

from __future__ import annotations

from mypy.messages import format_type_distinctly
from mypy.nodes import (
    CallExpr,
    Decorator,
    Expression,
    FuncDef,
    NameExpr,
)
from mypy.plugin import ClassDefContext
from mypy.semanal_shared import has_placeholder
from mypy.subtypes import is_subtype
from mypy.types import AnyType, Instance, Type, get_proper_type, has_type_vars

from mypy_plugin import errorcodes, messages, metadata
from mypy_plugin.config import Settings
from mypy_plugin.features import membership, signatures, values
from mypy_plugin.features.lookups import shown
from mypy_plugin.report import fail

# -- checks ----------------------------------------------------------------------


def analyse_class(settings: Settings, ctx: ClassDefContext, body: membership.ClassBody) -> None:
    """Report member values that do not fit ``__init__``/``__new__``, and bad ``_value_``.

    Runs after ``members.analyse_class``.  Precondition: ``ctx.cls.info`` is
    an enum.
    """
    info = ctx.cls.info
    record = metadata.read(info)
    if record is None:
        return
    for method in ("__new__", "__init__"):
        func = signatures.user_method(info, method)
        if func is not None:
            _check_members(settings, ctx, body, func, set(record.members))
            if func.info is info:
                _check_value_assignments(settings, ctx, func)


def _check_members(
    settings: Settings,
    ctx: ClassDefContext,
    body: membership.ClassBody,
    func: FuncDef,
    members: set[str],
) -> None:
    info = ctx.cls.info
    params, star = _analysed_parameters(ctx, func)
    evaluator = values.Evaluator(info)
    required = sum(1 for p in params if p.required)
    for definition in body.definitions:
        if definition.name not in members or isinstance(definition.context, Decorator):
            continue
        rvalue = definition.rvalue
        if isinstance(rvalue, CallExpr):
            continue  # auto(), member(...), a constructor: not a tuple literal
        args = signatures.arguments(rvalue)
        if len(args) < required or (len(args) > len(params) and not star):
            given = f"{len(args)} value{'s' if len(args) != 1 else ''}"
            message = messages.MEMBER_ARITY.format(
                name=definition.name,
                enum=info.name,
                given=given,
                method=func.name,
                signature=_signature(params, star),
                expected=_expected(params, star),
            )
            fail(ctx.api, settings, errorcodes.MEMBER_ARGUMENTS, message, definition.context)
            continue
        for arg, param in zip(args, params, strict=False):
            _check_argument(settings, ctx, evaluator, definition, func.name, arg, param)


def _check_argument(
    settings: Settings,
    ctx: ClassDefContext,
    evaluator: values.Evaluator,
    definition: membership.Definition,
    method: str,
    arg: Expression,
    param: signatures.Parameter,
) -> None:
    expected = get_proper_type(param.type)
    if expected is None or isinstance(expected, AnyType):
        return
    value = evaluator.constant(arg)
    actual = values.literal_type(ctx.api, value) if value is not None else None
    if actual is None or _has_placeholder(expected):
        return
    if is_subtype(actual, expected):
        return
    # Distinct names where the short ones collide (a module's own "int").
    shown_actual, shown_expected = format_type_distinctly(
        _widened(actual), expected, options=ctx.api.options
    )
    message = messages.MEMBER_ARGUMENT.format(
        name=definition.name,
        enum=ctx.cls.info.name,
        value=shown(value),
        actual=shown_actual,
        param=param.name,
        method=f"{method}()",
        expected=shown_expected,
    )
    fail(ctx.api, settings, errorcodes.MEMBER_ARGUMENTS, message, arg)


def _analysed_parameters(
    ctx: ClassDefContext, func: FuncDef
) -> tuple[list[signatures.Parameter], bool]:
    """``parameters(func)`` with their types analysed.

    The class hook runs before mypy analyses the methods' signatures
    (``value: int`` is still ``int?``).  A type that is not ready, or that
    has type variables, becomes None: it is not checked.
    """
    params, star = signatures.parameters(func)
    return [signatures.Parameter(p.name, analysed(ctx, p.type), p.required) for p in params], star


def analysed(ctx: ClassDefContext, typ: Type | None) -> Type | None:
    """``typ`` analysed now (None when not ready, or when it has type variables)."""
    if typ is None:
        return None
    try:
        analysed = ctx.api.anal_type(typ, allow_unbound_tvars=True, report_invalid_types=False)
    except Exception:  # an odd annotation must never crash mypy
        return None
    if analysed is None or has_placeholder(analysed) or has_type_vars(analysed):
        return None
    return analysed


def _widened(typ: Type) -> Type:
    proper = get_proper_type(typ)
    if isinstance(proper, Instance) and proper.last_known_value is not None:
        return proper.copy_modified(last_known_value=None)
    return typ


def _has_placeholder(typ: Type) -> bool:
    return has_placeholder(typ)


def _signature(params: list[signatures.Parameter], star: bool) -> str:
    shown = [p.name if p.required else f"{p.name}=..." for p in params]
    if star:
        shown.append("*args")
    return "(" + ", ".join(["self", *shown]) + ")"


def _expected(params: list[signatures.Parameter], star: bool) -> str:
    required = sum(1 for p in params if p.required)
    if star:
        return f"at least {required}"
    if required == len(params):
        return str(required)
    return f"{required} to {len(params)}"


def _check_value_assignments(settings: Settings, ctx: ClassDefContext, func: FuncDef) -> None:
    """``self._value_ = value`` where ``value: int`` and ``_value_: str``."""
    declared = signatures.declared_value(ctx.cls.info)
    if declared is None or _has_placeholder(declared):
        return
    params, _ = _analysed_parameters(ctx, func)
    by_name = {p.name: p.type for p in params}
    evaluator = values.Evaluator(ctx.cls.info)
    for stmt in signatures.value_assignments(func):
        rvalue = stmt.rvalue
        actual: Type | None = None
        if isinstance(rvalue, NameExpr) and rvalue.name in by_name:
            actual = by_name[rvalue.name]
        else:
            value = evaluator.constant(rvalue)
            actual = values.literal_type(ctx.api, value) if value is not None else None
        if actual is None or _has_placeholder(actual) or is_subtype(actual, declared):
            continue
        if isinstance(get_proper_type(actual), AnyType):
            continue
        # mypy's own wording, so that its [assignment] error on this line is
        # dropped as a duplicate of this one.
        shown_actual, shown_declared = format_type_distinctly(
            actual, declared, options=ctx.api.options
        )
        message = messages.VALUE_ASSIGNMENT.format(actual=shown_actual, declared=shown_declared)
        fail(ctx.api, settings, errorcodes.VALUE_ASSIGNMENT, message, stmt)
