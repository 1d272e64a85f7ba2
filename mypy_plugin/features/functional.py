"""The functional API: ``Color = typed_enum.Enum("Color", "red green blue")``.

mypy understands functional calls of ``enum.Enum`` and its stdlib
subclasses only (``mypy.semanal_enum.ENUM_BASES``).  Without the plugin
``typed_enum.Enum("Color", "red green")`` is an error (``Too many arguments
for "Enum"``) and ``Color.red`` another.  With it the call defines the enum
class as mypy does for stdlib's (the same parser,
``EnumCallAnalyzer.parse_enum_call_args``, so the same forms: a string of
names, a list or tuple of names or of ``(name, value)`` pairs, a dict), and
writes the class's record, so member types, ``.value``, lookups,
exhaustiveness and ``exhaustive_map`` work as for a class statement::

    Color = Enum("Color", "red green")
    Color.red            # Literal[Color.red]?
    Color.red.value      # Literal[1]?
    Color(2)             # Literal[Color.green]?

Values are what the run time generates: ``start`` (default 1) counting up
for Enum/IntEnum, powers of two for Flag/IntFlag, the lower-cased name for
StrEnum, unknown where a base overrides ``_generate_next_value_``.  A
repeated value in the pairs or dict form is a ``typed-enum-duplicate-value``
error (the run time raises).  Supported at module and class level; inside a
function mypy's own error stays (mypy registers such classes under
version-specific names that the plugin does not reproduce).
"""

from __future__ import annotations

from mypy.nodes import (
    ARG_NAMED_OPT,
    ARG_OPT,
    ARG_POS,
    GDEF,
    MDEF,
    CallExpr,
    EnumCallExpr,
    Expression,
    IntExpr,
    RefExpr,
    SymbolTableNode,
    TypeInfo,
    Var,
)
from mypy.plugin import DynamicClassDefContext, FunctionSigContext
from mypy.semanal import SemanticAnalyzer
from mypy.semanal_enum import EnumCallAnalyzer
from mypy.types import AnyType, CallableType, TypeOfAny

from mypy_plugin import errorcodes, messages, metadata, names
from mypy_plugin.config import Settings
from mypy_plugin.features import lookups, values
from mypy_plugin.features.members import is_typed_enum
from mypy_plugin.metadata import EnumRecord, Value
from mypy_plugin.report import fail


def accepts(info: TypeInfo) -> bool:
    """Whether calls of ``info`` are typed_enum functional-API definitions.

    typed_enum's bases and user-defined member-less typed_enum enums: the
    run time builds a class from either.
    """
    if not (info.is_enum and is_typed_enum(info)):
        return False
    record = metadata.read(info)
    return record is None or not record.members


def _base_of(ctx: DynamicClassDefContext) -> TypeInfo | None:
    callee = ctx.call.callee
    if isinstance(callee, RefExpr) and isinstance(callee.node, TypeInfo):
        return callee.node
    return None


def define_enum(settings: Settings, ctx: DynamicClassDefContext) -> None:
    """Define the enum class a functional-API call creates.

    Precondition: the callee resolves to a class ``accepts`` is true for.
    """
    api = ctx.api
    base = _base_of(ctx)
    if not isinstance(api, SemanticAnalyzer) or base is None:
        return
    if isinstance(ctx.call.analyzed, EnumCallExpr) or api.is_nested_within_func_scope():
        return
    analyzer = EnumCallAnalyzer(api.options, api)
    _, items, exprs, ok = analyzer.parse_enum_call_args(_without_boundary(ctx.call), base.name)
    if not ok:
        items, exprs = [], []  # mypy has reported why; define a member-less class
    info = analyzer.build_enum_call_typeinfo(ctx.name, items, base.fullname, ctx.call.line)
    info.line = ctx.call.line
    ctx.call.analyzed = EnumCallExpr(info, items, exprs)
    ctx.call.analyzed.set_line(ctx.call)
    kind = MDEF if api.is_class_scope() else GDEF
    # No context: replace the Var the assignment defined, without a
    # "name already defined" error (the documented way for plugins).
    api.add_symbol_table_node(ctx.name, SymbolTableNode(kind, info))
    if ok:
        # Without a record its members are unknown, not absent: no lookup
        # is reported (``Enum("X", names())``).
        _write_record(settings, ctx, info, base, items, exprs)


def _without_boundary(call: CallExpr) -> CallExpr:
    """``call`` without ``boundary=``, which mypy's parser does not know (3.11+)."""
    if "boundary" not in call.arg_names:
        return call
    kept = [i for i, name in enumerate(call.arg_names) if name != "boundary"]
    trimmed = CallExpr(
        call.callee,
        [call.args[i] for i in kept],
        [call.arg_kinds[i] for i in kept],
        [call.arg_names[i] for i in kept],
    )
    trimmed.set_line(call)
    return trimmed


#: The functional API's parameters after the class name (``EnumType.__call__``).
_FUNCTIONAL_PARAMETERS = ("names", "module", "qualname", "type", "start", "boundary")


def call_signature(ctx: FunctionSigContext) -> CallableType:
    """A functional-API call not assigned to a name: ``return Enum(name, labels, module=m)``.

    mypy checks a call of a typed_enum class against ``Enum.__new__(cls,
    value)`` (only stdlib's own bases are let through), so without the
    plugin it reports "Too many arguments for "Enum"".  With it the call
    has stdlib's functional signature; ``lookups.call_callback`` types it
    ``type[Enum]``.  Precondition: the callee is an enum class.
    """
    signature = ctx.default_signature
    if not lookups.is_functional_call(ctx.context):
        return lookups.value_call_signature(ctx)
    if len(signature.arg_types) != 1:
        return signature
    info = lookups.enum_of(signature.ret_type)
    record = metadata.read(info) if info is not None else None
    if info is None or (record is not None and record.members and not is_typed_enum(info)):
        return signature  # mypy's own "Too many arguments" (the run time raises)
    anything = AnyType(TypeOfAny.special_form)
    str_type = ctx.api.named_generic_type("builtins.str", [])
    count = 1 + len(_FUNCTIONAL_PARAMETERS)
    return signature.copy_modified(
        # With members the call raises whatever it gets: call_callback says why.
        arg_types=[anything if record is not None and record.members else str_type]
        + [anything] * (count - 1),
        arg_kinds=[ARG_POS, ARG_OPT] + [ARG_NAMED_OPT] * (count - 2),
        arg_names=["value", *_FUNCTIONAL_PARAMETERS],
    )


def _start(ctx: DynamicClassDefContext) -> int | None:
    for name, arg in zip(ctx.call.arg_names, ctx.call.args, strict=False):
        if name == "start":
            return arg.value if isinstance(arg, IntExpr) else None
    return 1


def _generated(info: TypeInfo, items: list[str], start: int | None) -> list[Value]:
    evaluator = values.Evaluator(info)
    evaluator.read_class()
    if evaluator.custom_auto or start is None:
        return [None] * len(items)
    if evaluator.str_enum:
        return [["str", item.lower()] for item in items]
    if evaluator.flag:
        generated: list[Value] = []
        high = 0
        for count, _ in enumerate(items):
            value = start if count == 0 else 1 << high.bit_length()
            high = max(high, value)
            generated.append(["int", value])
        return generated
    return [["int", start + count] for count in range(len(items))]


def _write_record(
    settings: Settings,
    ctx: DynamicClassDefContext,
    info: TypeInfo,
    base: TypeInfo,
    items: list[str],
    exprs: list[Expression | None],
) -> None:
    base_record = metadata.read(base)
    record = EnumRecord(
        typed=True,
        open=base_record.open if base_record is not None else False,
        data_type=values.data_type(info),
    )
    if all(expr is None for expr in exprs):
        found = _generated(info, items, _start(ctx))
    else:
        evaluator = values.Evaluator(info)
        found = [evaluator.constant(expr) if expr is not None else None for expr in exprs]
    seen: dict[object, str] = {}
    for item, value in zip(items, found, strict=True):
        key = values.comparable(value) if value is not None else None
        other = seen.get(key) if key is not None else None
        if other is not None:
            message = messages.DUPLICATE_FUNCTIONAL_VALUE.format(
                name=item, enum=info.name, other=other
            )
            fail(ctx.api, settings, errorcodes.DUPLICATE_VALUE, message, ctx.call)
            record.aliases[item] = other
            sym = info.names.get(item)
            if sym is not None and isinstance(sym.node, Var):
                sym.node.has_explicit_value = False
            continue
        if key is not None:
            seen[key] = item
        record.members.append(item)
        record.values[item] = value
    if any(b.fullname == names.STD_FLAG for b in info.mro):
        record.boundary = lookups.inherited_boundary(info)
    metadata.write(info, record)
