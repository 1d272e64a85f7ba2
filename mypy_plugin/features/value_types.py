"""Value and name types the typing spec asks for, and the declared ``_value_``.

* ``_value_: int`` declared in the class: mypy alone accepts ``GREEN =
  "green"`` (mypy #19334; conformance ``enums_member_values``).  With the
  plugin every member value whose type is known statically (a constant, a
  tuple of constants, ``auto()`` by ``_generate_next_value_``'s declared
  return type, ``member(...)``, a constructor call, a typed name) is checked
  against it under ``typed-enum-value-annotation``.  Values passed to the
  user's ``__init__``/``__new__`` are checked there instead (see
  ``constructors``).  ``X = ...`` (a stub) has the declared type.
* ``.value`` of a union of members (``Literal[Color.red, Color.blue]``) is
  ``Any`` for mypy alone (mypy #14092); with the plugin it is the union of
  their values' literals (``Literal[1, 3]``); a value that has no literal
  type (a float, a tuple) stays its type.  ``.name`` likewise
  (``Literal['red', 'blue']``; mypy alone: ``str``).

Every callback here is O(members of the receiver); mypy calls a ``.value``
hook once per item of a union receiver, each time with the whole union.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from mypy.messages import format_type_distinctly
from mypy.nodes import CallExpr, EllipsisExpr, Expression, RefExpr, TypeInfo, Var
from mypy.plugin import AttributeContext, ClassDefContext
from mypy.plugins import enums as mypy_enums
from mypy.semanal_shared import has_placeholder
from mypy.subtypes import is_subtype
from mypy.typeops import make_simplified_union
from mypy.types import (
    AnyType,
    CallableType,
    Instance,
    LiteralType,
    NoneType,
    ProperType,
    TupleType,
    Type,
    TypeOfAny,
    UnionType,
    get_proper_type,
)

from mypy_plugin import errorcodes, messages, metadata, names
from mypy_plugin.config import Settings
from mypy_plugin.features import flags, membership, signatures, values
from mypy_plugin.metadata import Value
from mypy_plugin.report import fail

_Callback = Callable[[AttributeContext], Type]

# -- .value and .name ------------------------------------------------------------


def _enum_of(typ: ProperType) -> TypeInfo | None:
    if isinstance(typ, LiteralType):
        typ = typ.fallback
    if isinstance(typ, Instance) and typ.type.is_enum:
        return typ.type
    return None


def _member_of(typ: ProperType) -> str | None:
    if isinstance(typ, LiteralType) and isinstance(typ.value, str):
        return typ.value
    if isinstance(typ, Instance) and typ.last_known_value is not None:
        raw = typ.last_known_value.value
        return raw if isinstance(raw, str) else None
    return None


def _as_literal(typ: Type) -> Type:
    """``Literal[1]?`` -> ``Literal[1]``: a union keeps every literal that way."""
    proper = get_proper_type(typ)
    if isinstance(proper, Instance) and proper.last_known_value is not None:
        return proper.last_known_value
    return typ


def _union_of(ctx: AttributeContext, union: UnionType, single: _Callback) -> Type:
    """The attribute over every enum item of ``union``, in one pass.

    mypy calls the hook once per union item, each time with the whole union,
    so this runs U times for a union of U members: each pass must be O(U),
    with O(1) work per plain literal member (``_fast_literal``).
    """
    kind = "name" if single is name_callback else "value"
    cached = _LAST.get(kind)
    if cached is not None and cached[0] is union and _unchanged(cached[1]):
        return cached[2]
    items: list[Type] = []
    fast: dict[TypeInfo, _Fast | None] = {}
    for item in union.relevant_items():
        proper = get_proper_type(item)
        info = _enum_of(proper)
        if info is None:
            continue
        if isinstance(proper, LiteralType) and isinstance(proper.value, str):
            if info not in fast:
                fast[info] = _Fast.of(ctx, info, single is name_callback)
            helper = fast[info]
            literal = helper.literal(proper.value) if helper is not None else None
            if literal is not None:
                items.append(literal)
                continue
        items.append(_as_literal(single(ctx._replace(type=proper))))
    if not items:
        return ctx.default_attr_type
    if len(items) > LITERAL_UNION_LIMIT:
        # Precise but ruinous: mypy checks an operator on a union item by
        # item, so ``e.value + e.name`` over 299 literals each took 7 s
        # (1 s without the plugin, which gives ``str``).  Widen to the
        # literals' own types, as mypy does for a whole enum.
        items = [_literal_fallback(item) for item in items]
    result = make_simplified_union(items)
    _LAST[kind] = (union, _records_of(union), result)
    return result


LITERAL_UNION_LIMIT: Final = values.LITERAL_UNION_LIMIT


def _literal_fallback(typ: Type) -> Type:
    proper = get_proper_type(typ)
    return proper.fallback if isinstance(proper, LiteralType) else typ


#: The last union answered, per attribute: (union, the records it was
#: computed from, result).  Only a memo of a pure function -- mypy asks the
#: same question once per item of the union (mypy #21997 sizes: 1,500 times),
#: and the answer depends only on the union and the enums' records.  Both
#: are compared by identity (the strong references keep the ids from being
#: reused; ``metadata.write`` stores a new dict on every change, daemon
#: updates included), so a stale answer cannot be returned.
_LAST: dict[str, tuple[UnionType, list[tuple[TypeInfo, object]], Type]] = {}


def _records_of(union: UnionType) -> list[tuple[TypeInfo, object]]:
    """Each enum of ``union`` with its metadata dict (not copied)."""
    seen: dict[TypeInfo, object] = {}
    for item in union.items:
        info = _enum_of(get_proper_type(item))
        if info is not None and info not in seen:
            seen[info] = info.metadata.get(names.METADATA_KEY)
    return list(seen.items())


def _unchanged(records: list[tuple[TypeInfo, object]]) -> bool:
    """O(enums): every record is still the very dict the answer was computed from."""
    return all(info.metadata.get(names.METADATA_KEY) is data for info, data in records)


class _Fast:
    """Literal values (or names) of one enum's members, straight from its record."""

    def __init__(self, ctx: AttributeContext, record: metadata.EnumRecord, names_: bool) -> None:
        self.ctx = ctx
        self.record = record
        self.members = set(record.members)
        self.names = names_
        self.fallbacks: dict[str, Instance] = {}

    @classmethod
    def of(cls, ctx: AttributeContext, info: TypeInfo, names_: bool) -> _Fast | None:
        record = metadata.read(info)
        if record is None:
            return None
        if not names_ and (signatures.declared_value(info) is not None or _shadowed(info, "value")):
            return None  # member_value_type weighs the declared type: slow path
        if names_ and _shadowed(info, "name"):
            return None
        return cls(ctx, record, names_)

    def _fallback(self, kind: str) -> Instance:
        if kind not in self.fallbacks:
            typ = get_proper_type(self.ctx.api.named_generic_type(f"builtins.{kind}", []))
            assert isinstance(typ, Instance)
            self.fallbacks[kind] = typ
        return self.fallbacks[kind]

    def literal(self, member: str) -> LiteralType | None:
        if member not in self.members:
            return None  # an alias mypy kept: the slow path knows
        if self.names:
            return LiteralType(member, self._fallback("str"))
        value = self.record.values.get(member)
        if value is None or value[0] not in ("int", "str", "bool"):
            return None
        return LiteralType(value[1], self._fallback(value[0]))


def _shadowed(info: TypeInfo, attribute: str) -> bool:
    sym = info.names.get(attribute)
    return sym is not None and isinstance(sym.node, Var)


def value_callback(ctx: AttributeContext) -> Type:
    """``.value`` (and ``._value_``): unions of members, then ``values``.

    Without the plugin ``.value`` of ``Literal[Color.red, Color.blue]`` is
    ``Any``; with it ``Literal[1, 3]``.  Precondition: the attribute is
    ``enum.Enum.value``/``_value_`` (or a member named ``value``, which
    shadows it), ``ctx.type`` its receiver.
    """
    proper = get_proper_type(ctx.type)
    if isinstance(proper, UnionType):
        return _union_of(ctx, proper, value_callback)
    return values.value_callback(ctx)


def name_callback(ctx: AttributeContext) -> Type:
    """``.name`` (and ``._name_``): unions of members, then mypy's.

    Without the plugin ``.name`` of ``Literal[Color.red, Color.blue]`` is
    ``str``; with it ``Literal['red', 'blue']``.  Precondition: the
    attribute is ``enum.Enum.name``/``_name_`` (or a member named ``name``).
    """
    proper = get_proper_type(ctx.type)
    if isinstance(proper, UnionType):
        return _union_of(ctx, proper, name_callback)
    info = _enum_of(proper)
    if info is not None and isinstance(proper, LiteralType):
        # mypy's callback reads the Instance form, Literal[...]? .
        member = proper.fallback.copy_modified(last_known_value=proper)
        return mypy_enums.enum_name_callback(ctx._replace(type=member))
    if info is not None and _member_of(proper) is not None:
        return mypy_enums.enum_name_callback(ctx)
    if info is not None:
        # A member named "name" shadows the property: mypy alone then gives
        # the member's value type.
        return _plain_name(ctx, info)
    return mypy_enums.enum_name_callback(ctx)


def _plain_name(ctx: AttributeContext, info: TypeInfo) -> Type:
    """``.name`` of an enum variable: its members' name literals (pyright's answer).

    mypy alone gives ``str``; a ``Literal``-typed parameter then rejects it.
    A Flag's may be None (a combination has no name), an open enum's any
    name ``extend()`` gives, and a big enum's is ``str`` (``LITERAL_UNION_LIMIT``).
    """
    str_type = ctx.api.named_generic_type("builtins.str", [])
    if flags.is_flag(info):
        return make_simplified_union([str_type, _none_type()])
    record = metadata.read(info)
    if (
        record is None
        or record.open is not False
        or not record.members
        or len(record.members) > LITERAL_UNION_LIMIT
        or _shadowed(info, "name")
    ):
        return str_type
    return make_simplified_union(
        [str_type.copy_modified(last_known_value=LiteralType(m, str_type)) for m in record.members]
    )


def _none_type() -> Type:
    return NoneType()


# -- a member named value or name --------------------------------------------------


def shadowing_member(info: TypeInfo, attribute: str) -> bool:
    """``value = auto()``: a member whose name is ``value`` or ``name`` (mypy #20247)."""
    if attribute not in ("value", "name"):
        return False
    record = metadata.read(info)
    return record is not None and record.canonical(attribute) is not None


def allow_shadowing(info: TypeInfo) -> None:
    """Let members named ``value``/``name`` differ from ``Enum.value``'s type.

    mypy alone reports ``name = 5`` (and on 2.4 ``value = auto()``) as an
    incompatible override of the ``Enum`` property; at run time the member
    is fine and ``.value``/``.name`` still work (``enum.property``).
    """
    for attribute in ("value", "name"):
        sym = info.names.get(attribute)
        if shadowing_member(info, attribute) and sym is not None and isinstance(sym.node, Var):
            sym.node.allow_incompatible_override = True


# -- _value_: T on member values ---------------------------------------------------


def analyse_class(settings: Settings, ctx: ClassDefContext, body: membership.ClassBody) -> None:
    """Check member values against a declared ``_value_``; allow members named value/name.

    Runs after ``members.analyse_class``.  Precondition: ``ctx.cls.info`` is
    an enum.
    """
    info = ctx.cls.info
    allow_shadowing(info)
    record = metadata.read(info)
    declared = signatures.declared_value(info)
    if record is None or declared is None or has_placeholder(declared):
        return
    if any(signatures.user_method(info, m) for m in ("__init__", "__new__")):
        return  # values are arguments; constructors checks them and _value_ = ...
    members = set(record.members)
    for definition in body.definitions:
        if definition.name not in members:
            continue
        actual = _static_type(ctx, info, definition.rvalue, record.values.get(definition.name))
        if actual is None or has_placeholder(actual) or is_subtype(actual, declared):
            continue
        shown_actual, shown_declared = format_type_distinctly(
            _widened(actual), declared, options=ctx.api.options
        )
        message = messages.VALUE_ANNOTATION.format(
            name=definition.name, enum=info.name, actual=shown_actual, declared=shown_declared
        )
        fail(ctx.api, settings, errorcodes.VALUE_ANNOTATION, message, definition.context)


def _widened(typ: Type) -> Type:
    proper = get_proper_type(typ)
    if isinstance(proper, Instance) and proper.last_known_value is not None:
        return proper.copy_modified(last_known_value=None)
    return typ


def _value_type(ctx: ClassDefContext, value: Value) -> Type | None:
    if value is not None and value[0] == "tuple":
        items = [_value_type(ctx, item) for item in value[1]]
        if any(item is None for item in items):
            return None
        fallback = ctx.api.named_type("builtins.tuple", [AnyType(TypeOfAny.special_form)])
        return TupleType([item for item in items if item is not None], fallback)
    return values.literal_type(ctx.api, value)


def _static_type(
    ctx: ClassDefContext, info: TypeInfo, rvalue: Expression, value: Value
) -> Type | None:
    """The type of a member value as far as semantic analysis can tell, or None."""
    if isinstance(rvalue, EllipsisExpr) and value is None:
        return None  # ``X = ...`` in a stub: the declared type
    if value is not None:
        return _value_type(ctx, value)
    if isinstance(rvalue, CallExpr) and isinstance(rvalue.callee, RefExpr):
        fullname = rvalue.callee.fullname
        if fullname == names.AUTO and not rvalue.args:
            # Class analysis only: constructors is imported on first use (main.py).
            from mypy_plugin.features.constructors import analysed

            return analysed(ctx, _generated_type(info))
        if fullname == names.MEMBER and len(rvalue.args) == 1:
            return _static_type(ctx, info, rvalue.args[0], None)
        callee = rvalue.callee.node
        if isinstance(callee, TypeInfo) and not callee.is_enum:
            return Instance(callee, [AnyType(TypeOfAny.special_form)] * len(callee.type_vars))
        return None
    if isinstance(rvalue, RefExpr) and isinstance(rvalue.node, Var):
        return rvalue.node.type
    return None


def _generated_type(info: TypeInfo) -> Type | None:
    """What the user's ``_generate_next_value_`` is declared to return."""
    for base in info.mro:
        if base.module_name.split(".")[0] in ("enum", "typed_enum", "builtins"):
            return None
        sym = base.names.get("_generate_next_value_")
        if sym is None:
            continue
        node = getattr(sym.node, "func", sym.node)
        typ = getattr(node, "type", None)
        return typ.ret_type if isinstance(typ, CallableType) else None
    return None
