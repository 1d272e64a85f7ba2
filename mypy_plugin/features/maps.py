"""``exhaustive_map(Color, {...})``: the table must name every member, and only members.

mypy alone checks ``exhaustive_map(enum_cls: type[E], entries: Mapping[E, V])``
by its signature: a missing member is fine, a key of another enum widens
``E`` to ``enum.Enum`` silently, and a ``str`` key gives a puzzling ``Value
of type variable "_E" ... cannot be "object"``.  With the plugin, when the
entries are a dict literal:

* each member of ``Color`` without an entry is reported at the call, and
  each key that is not a ``Color`` member at the key, under
  ``typed-enum-exhaustive-map``;
* the result is ``Mapping[Color, V]``, ``V`` inferred from the values;
* on an open enum the call itself is an error
  (``typed-enum-open-exhaustive-map``): no table covers members that
  ``extend()`` adds later.

Example::

    exhaustive_map(Color, {Color.red: "r"})
    # E: exhaustive_map(Color, ...) has no entry for Color.green; ...

A key is a member when its type is that member's literal (``Color.red``,
an alias, a ``Final`` name, a ``Literal[Color.red]`` variable).  A key whose
type is plain ``Color`` (or ``Any``), a ``**`` entry, or entries that are
not a dict literal at all make the members present unknowable: then
nothing is reported as missing (the run-time check still applies).  Named
Flag combinations are optional extra keys, as at run time.
"""

from __future__ import annotations

from collections.abc import Callable

from mypy.messages import format_type
from mypy.nodes import DictExpr, Expression, RefExpr, TypeInfo
from mypy.plugin import CheckerPluginInterface, FunctionContext, FunctionSigContext
from mypy.types import (
    AnyType,
    CallableType,
    Instance,
    LiteralType,
    ProperType,
    Type,
    TypeType,
    TypeVarType,
    get_proper_type,
)

from mypy_plugin import errorcodes, messages, metadata, names
from mypy_plugin.config import Settings
from mypy_plugin.features import operands
from mypy_plugin.metadata import EnumRecord
from mypy_plugin.report import fail


def _enum_class(api: CheckerPluginInterface, expr: Expression) -> TypeInfo | None:
    """The enum class ``expr`` names (``Color`` in ``exhaustive_map(Color, ...)``)."""
    if not isinstance(expr, RefExpr):
        return None
    typ = get_proper_type(api.get_expression_type(expr))
    return _enum_of(typ)


def _enum_of(typ: ProperType) -> TypeInfo | None:
    """The enum class of ``Color`` (a class object) or of a ``type[Color]`` value."""
    info = None
    if isinstance(typ, CallableType) and typ.is_type_obj():
        info = typ.type_object()
    elif isinstance(typ, TypeType) and isinstance(typ.item, Instance):
        # An enum with members has no subclasses: type[Color] is Color itself
        # (but type[Base] of a member-less base may be any subclass).
        info = typ.item.type if operands.has_members(typ.item.type) else None
    return info if info is not None and info.is_enum else None


def _checked_call(
    args: list[list[Expression]], info: TypeInfo | None
) -> tuple[TypeInfo, EnumRecord, DictExpr] | None:
    """(enum, its record, the dict literal) when the call can be checked."""
    if info is None or len(args) != 2 or len(args[1]) != 1:
        return None
    entries = args[1][0]
    record = metadata.read(info)
    if record is None or not isinstance(entries, DictExpr):
        return None
    return info, record, entries


def make_signature_callback(settings: Settings) -> Callable[[FunctionSigContext], CallableType]:
    def exhaustive_map_signature(ctx: FunctionSigContext) -> CallableType:
        """Bind ``E`` to the enum named, and take any keys (they are checked after).

        Without this, a foreign key widens ``E`` or fails to solve it, and
        mypy's error then says nothing of the key.  Precondition: the callee
        is ``exhaustive_map``.
        """
        signature = ctx.default_signature
        if not settings.enabled(errorcodes.EXHAUSTIVE_MAP) or len(ctx.args) != 2:
            return signature
        if len(ctx.args[0]) != 1:
            return signature
        checked = _checked_call(ctx.args, _enum_class(ctx.api, ctx.args[0][0]))
        if checked is None or checked[1].open:
            return signature
        if any(key is None for key, _ in checked[2].items):
            return signature  # ``**other`` is checked against the declared signature
        return _bind_enum(ctx.api, signature, checked[0]) or signature

    return exhaustive_map_signature


def _bind_enum(
    api: CheckerPluginInterface, signature: CallableType, info: TypeInfo
) -> CallableType | None:
    """``(type[Color], Mapping[object, V]) -> Mapping[Color, V]``, or None if unexpected."""
    if len(signature.arg_types) != 2:
        return None
    entries = get_proper_type(signature.arg_types[1])
    result = get_proper_type(signature.ret_type)
    if not (isinstance(entries, Instance) and isinstance(result, Instance)):
        return None
    if len(entries.args) != 2 or len(result.args) != 2:
        return None
    key = get_proper_type(entries.args[0])
    if not isinstance(key, TypeVarType):
        return None
    enum_type = Instance(info, [])
    anything = api.named_generic_type("builtins.object", [])
    return signature.copy_modified(
        arg_types=[TypeType(enum_type), entries.copy_modified(args=[anything, entries.args[1]])],
        ret_type=result.copy_modified(args=[enum_type, result.args[1]]),
        variables=[v for v in signature.variables if v.id != key.id],
    )


def _member_name(typ: ProperType, info: TypeInfo) -> str | None:
    """``"red"`` for ``Literal[Color.red]`` (or ``Literal[Color.red]?``)."""
    if isinstance(typ, Instance) and typ.last_known_value is not None:
        typ = typ.last_known_value
    if isinstance(typ, LiteralType) and typ.fallback.type is info and isinstance(typ.value, str):
        return typ.value
    return None


def _required(info: TypeInfo, record: EnumRecord) -> list[str]:
    """The members a map must name: all, but only the single bits of a Flag."""
    if not info.has_base(names.STD_FLAG):
        return list(record.members)
    required = []
    for member in record.members:
        value = record.values.get(member)
        if value is not None and value[0] == "int" and isinstance(value[1], int):
            bits = value[1]
            if bits <= 0 or bits & (bits - 1):
                continue  # a named combination (or 0): not iterated, so optional
        required.append(member)
    return required


def _shown(typ: ProperType, api: CheckerPluginInterface) -> str:
    if isinstance(typ, Instance) and typ.last_known_value is not None:
        typ = typ.last_known_value
    return format_type(typ, api.options)


def make_callback(settings: Settings) -> Callable[[FunctionContext], Type]:
    def exhaustive_map_callback(ctx: FunctionContext) -> Type:
        """Report missing members and foreign keys; ``Mapping[Color, V]``.

        Precondition: the callee is ``exhaustive_map``.
        """
        if len(ctx.arg_types) != 2 or len(ctx.arg_types[0]) != 1:
            return ctx.default_return_type
        info = _enum_of(get_proper_type(ctx.arg_types[0][0]))
        checked = _checked_call(ctx.args, info)
        if checked is None:
            return ctx.default_return_type
        info, record, entries = checked
        if record.open:
            message = messages.MAP_OPEN.format(enum=info.name)
            fail(ctx.api, settings, errorcodes.OPEN_EXHAUSTIVE_MAP, message, ctx.context)
            return ctx.default_return_type
        if not settings.enabled(errorcodes.EXHAUSTIVE_MAP):
            return ctx.default_return_type
        present: set[str] = set()
        knowable = True
        for key, _ in entries.items:
            if key is None:
                knowable = False  # ``**other``
                continue
            typ = get_proper_type(ctx.api.get_expression_type(key))
            name = _member_name(typ, info)
            canonical = record.canonical(name) if name is not None else None
            if canonical is not None:
                present.add(canonical)
            elif isinstance(typ, AnyType) or (isinstance(typ, Instance) and typ.type is info):
                knowable = False  # some member of Color, unknown which
            else:
                message = messages.MAP_FOREIGN.format(enum=info.name, key=_shown(typ, ctx.api))
                fail(ctx.api, settings, errorcodes.EXHAUSTIVE_MAP, message, key)
        if knowable:
            for member in _required(info, record):
                if member not in present:
                    message = messages.MAP_MISSING.format(enum=info.name, member=member)
                    fail(ctx.api, settings, errorcodes.EXHAUSTIVE_MAP, message, ctx.context)
        return ctx.default_return_type

    return exhaustive_map_callback
