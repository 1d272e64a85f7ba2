"""Lookups by value and by name: ``Color(1)``, ``from_value``, ``from_name``.

mypy alone types ``Color(1)``, ``Color.from_value(1)`` and
``Color.from_name("red")`` as ``Color``, and ``Color(99)`` is accepted though
it raises ``ValueError`` at run time.  With the plugin, a literal argument
that names a member gives that member's literal type (an alias gives its
canonical member), and a literal that names none is a
``typed-enum-bad-lookup`` error listing what is valid::

    Color(1)                  # Literal[Color.red]?
    Color.from_name("crimson")  # Literal[Color.red]?   (crimson = alias(red))
    Color(99)                 # E: 99 is not a valid "Color"; valid values are 1 (red), 2 (green)
    Color.from_name("rde")    # E: "rde" is not a member of "Color"; did you mean "red"?

A non-literal argument keeps ``Color``.  ``try_from_value`` /
``try_from_name`` keep their ``| None`` (or ``| default``) and narrow the
``Color`` part the same way; a literal that can never match is reported
too, since such a call always returns its default.

Nothing is reported where the run time may accept the value after all: a
lookup through a value of type ``type[Base]`` (or an instance) where
``Base`` has no members, since any subclass of it may be there (an enum
with members cannot be subclassed, so ``type[Color]`` is ``Color``); an
open enum (``extend()`` may add it), a class defining ``_missing_``, a
custom ``__new__``/``__init__`` (values are not what the body says), members
whose value the plugin could not evaluate, and Flag values made of member
bits (pseudo-members, typed ``Perm``) or any value when the boundary is not
STRICT (``IntFlag`` keeps unknown bits).  ``True`` finds the member whose
value is ``1``, as at run time.

``Color["red"]`` stays ``Color``: mypy types an index on an enum class in
``visit_enum_index_expr`` without asking any plugin hook.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from typing import Any

from mypy.nodes import ARG_POS, CallExpr, Context, RefExpr, TypeInfo
from mypy.plugin import ClassDefContext, FunctionContext, FunctionSigContext, MethodContext
from mypy.typeops import make_simplified_union
from mypy.types import (
    CallableType,
    FunctionLike,
    Instance,
    LiteralType,
    Type,
    TypeType,
    UnionType,
    get_proper_type,
)

from mypy_plugin import errorcodes, messages, metadata, names
from mypy_plugin.config import Settings
from mypy_plugin.features import membership, signatures, values
from mypy_plugin.features.aliases import member_type
from mypy_plugin.features.members import is_typed_enum
from mypy_plugin.metadata import EnumRecord, Value
from mypy_plugin.report import fail

#: How many valid values a message lists before it says "and N more".
MAX_LISTED = 12

_BOUNDARIES = ("STRICT", "CONFORM", "EJECT", "KEEP")

Literal = tuple[str, Any]
"""A literal argument as ``(kind, value)``: kind is int/str/bool/bytes, or
``member`` with ``(enum fullname, member name)``."""


# -- class analysis: the Flag boundary -------------------------------------


def analyse_class(settings: Settings, ctx: ClassDefContext, body: membership.ClassBody) -> None:
    """Record a Flag's boundary (``boundary=`` keyword, else inherited).

    Precondition: ``members.analyse_class`` has written the record.
    """
    info = ctx.cls.info
    record = metadata.read(info)
    if record is None or not any(b.fullname == names.STD_FLAG for b in info.mro):
        return
    record.boundary = _boundary(ctx)
    metadata.write(info, record)


def _boundary(ctx: ClassDefContext) -> str | None:
    keyword = ctx.cls.keywords.get("boundary")
    if keyword is not None:
        if isinstance(keyword, RefExpr):
            name = keyword.fullname.rpartition(".")[2]
            if name in _BOUNDARIES:
                return name
        return None
    if "_boundary_" in ctx.cls.info.names:
        return None
    return inherited_boundary(ctx.cls.info)


def inherited_boundary(info: TypeInfo) -> str | None:
    """The boundary ``info`` gets from its bases (STRICT for Flag, KEEP for IntFlag)."""
    for base in info.mro[1:]:
        if base.fullname == names.STD_INT_FLAG:
            return "KEEP"
        if base.fullname == names.STD_FLAG:
            return "STRICT"
        if signatures.library_class(base):
            continue
        record = metadata.read(base)
        return record.boundary if record is not None else None
    return None


# -- reading arguments -----------------------------------------------------


def literal_of(typ: Type) -> Literal | None:
    """The literal a type stands for (``Literal[1]?``, ``Literal["a"]``), or None."""
    proper = get_proper_type(typ)
    if isinstance(proper, Instance) and proper.last_known_value is not None:
        proper = proper.last_known_value
    if not isinstance(proper, LiteralType):
        return None
    fallback = proper.fallback.type
    if fallback.is_enum and isinstance(proper.value, str):
        return ("member", (fallback.fullname, proper.value))
    kind = fallback.fullname.removeprefix("builtins.")
    if kind in ("int", "str", "bool", "bytes"):
        return (kind, proper.value)
    return None


def _single_argument(arg_types: list[list[Type]], arg_kinds: list[list[Any]]) -> Type | None:
    """The type of the one positional argument given for the first parameter."""
    if not arg_types or len(arg_types[0]) != 1 or arg_kinds[0][0] != ARG_POS:
        return None
    if any(arg_types[1:]):
        return None
    return arg_types[0][0]


def _first_argument(arg_types: list[list[Type]], arg_kinds: list[list[Any]]) -> Type | None:
    if not arg_types or len(arg_types[0]) != 1:
        return None
    return arg_types[0][0]


# -- deciding ----------------------------------------------------------------


def user_defines(info: TypeInfo, name: str) -> bool:
    return any(name in base.names for base in info.mro if not signatures.library_class(base))


def _complete(info: TypeInfo, record: EnumRecord) -> bool:
    """Whether the record knows every member mypy sees (none from ``@member`` etc.)."""
    known = set(record.members) | set(record.aliases)
    return all(name in known for name in info.enum_members)


def _is_flag(info: TypeInfo) -> bool:
    return any(base.fullname == names.STD_FLAG for base in info.mro)


def shown(value: Value) -> str:
    if value is None:
        return "?"
    kind, raw = value
    if kind == "ellipsis":
        return "..."
    if kind == "bytes":
        return f"b{raw!r}"
    if kind == "tuple":
        return "(" + ", ".join(shown(v) for v in raw) + ("," if len(raw) == 1 else "") + ")"
    return repr(raw)


def _listing(items: list[str]) -> str:
    shown = ", ".join(items[:MAX_LISTED])
    rest = len(items) - MAX_LISTED
    return f"{shown} and {rest} more" if rest > 0 else shown


def _valid_values(record: EnumRecord) -> str:
    return _listing([f"{shown(record.values.get(m))} ({m})" for m in record.members])


class Lookup:
    """The outcome of a lookup: a member, an error message, or neither."""

    __slots__ = ("error", "member")

    def __init__(self, member: str | None = None, error: str | None = None) -> None:
        self.member = member
        self.error = error


UNKNOWN = Lookup()


def exact_receiver(typ: Type) -> bool:
    """Whether a classmethod's receiver is the class itself (``Color``), not ``type[Color]``."""
    proper = get_proper_type(typ)
    return isinstance(proper, FunctionLike) and proper.is_type_obj()


def exact_callee(call: Context) -> bool:
    """Whether ``call`` calls a class by its name (``Color(1)``), not a ``type[Color]`` value."""
    return (
        isinstance(call, CallExpr)
        and isinstance(call.callee, RefExpr)
        and isinstance(call.callee.node, TypeInfo)
    )


def may_be_subclass(record: EnumRecord, exact: bool) -> bool:
    """A member-less class reached through ``type[Base]``: any subclass may be there.

    Only a member-less enum can be subclassed, so the members of
    ``type[Color]`` are Color's own.
    """
    return not exact and not record.members and not record.aliases


def by_value(info: TypeInfo, argument: Type | None, exact: bool = True) -> Lookup:
    """What ``info(argument)`` gives, as far as the plugin can tell.

    ``exact``: the class is named itself, not reached through a ``type[...]`` value.
    """
    record = metadata.read(info)
    literal = literal_of(argument) if argument is not None else None
    if record is None or literal is None or may_be_subclass(record, exact):
        return UNKNOWN
    kind, raw = literal
    if kind == "member":
        enum, name = raw
        if enum != info.fullname:
            return UNKNOWN
        canonical = record.canonical(name)
        return Lookup(member=canonical) if canonical else UNKNOWN
    if values.implements_new(info) or user_defines(info, "__init__"):
        return UNKNOWN
    key = values.comparable([kind, raw])
    for name, retired in record.reserved.items():
        if retired is not None and values.comparable(retired) == key:
            text = shown(retired)
            return Lookup(
                error=messages.RETIRED_VALUE.format(value=text, enum=info.name, name=name)
            )
    for member in record.members:
        value = record.values.get(member)
        if value is not None and values.comparable(value) == key:
            return Lookup(member=member)
    certain = (
        record.open is False
        and not user_defines(info, "_missing_")
        and _complete(info, record)
        and all(record.values.get(m) is not None for m in record.members)
    )
    if not certain:
        return UNKNOWN
    text = shown([kind, raw])
    if not record.members:
        return Lookup(error=messages.BAD_VALUE_NO_MEMBERS.format(value=text, enum=info.name))
    if _is_flag(info) and kind in ("int", "bool"):
        return _flag_lookup(info, record, int(raw), text)
    return Lookup(
        error=messages.BAD_VALUE.format(value=text, enum=info.name, valid=_valid_values(record))
    )


def _flag_lookup(info: TypeInfo, record: EnumRecord, value: int, shown: str) -> Lookup:
    if record.boundary != "STRICT" or value < 0:
        # KEEP/CONFORM/EJECT accept stray bits; negative values depend on
        # stdlib's inversion rules: do not guess.
        return UNKNOWN
    ints = [record.values[m] for m in record.members]
    if not all(v is not None and v[0] in ("int", "bool") for v in ints):
        return UNKNOWN
    mask = reduce(lambda a, b: a | b, (int(v[1]) for v in ints if v is not None), 0)
    stray = value & ~mask
    if not stray:
        return UNKNOWN  # a combination of members: a pseudo-member, typed as the class
    return Lookup(
        error=messages.BAD_FLAG_VALUE.format(
            value=shown, enum=info.name, bits=bin(stray), valid=_valid_values(record)
        )
    )


def by_name(info: TypeInfo, argument: Type | None, exact: bool = True) -> Lookup:
    """What ``info.from_name(argument)`` gives, as far as the plugin can tell."""
    record = metadata.read(info)
    literal = literal_of(argument) if argument is not None else None
    if record is None or literal is None or literal[0] != "str":
        return UNKNOWN
    if may_be_subclass(record, exact):
        return UNKNOWN
    name = literal[1]
    canonical = record.canonical(name)
    if canonical is not None:
        return Lookup(member=canonical)
    if name in record.reserved:
        text = shown(record.reserved[name]) if record.reserved[name] is not None else "..."
        return Lookup(error=messages.RETIRED_NAME.format(name=name, enum=info.name, value=text))
    if record.open is not False or not _complete(info, record):
        return UNKNOWN
    every = [*record.members, *record.aliases]
    hint = messages.did_you_mean(name, every)
    if not hint:
        hint = f"; members are {_listing(every)}" if every else "; it has no members"
    return Lookup(error=messages.BAD_NAME.format(name=name, enum=info.name, hint=hint))


# -- callbacks ---------------------------------------------------------------


def enum_of(typ: Type) -> TypeInfo | None:
    proper = get_proper_type(typ)
    if isinstance(proper, FunctionLike) and proper.is_type_obj():
        info = proper.type_object()
        return info if info.is_enum else None
    if isinstance(proper, TypeType):
        proper = get_proper_type(proper.item)
    if isinstance(proper, LiteralType):
        proper = proper.fallback
    if isinstance(proper, Instance) and proper.type.is_enum:
        return proper.type
    return None


def _narrow(default: Type, info: TypeInfo, member: str) -> Type:
    """``default`` with its ``info`` part replaced by ``Literal[info.member]``."""
    proper = get_proper_type(default)
    if isinstance(proper, Instance) and proper.type == info:
        return member_type(info, member)
    if isinstance(proper, UnionType):
        return make_simplified_union([_narrow(item, info, member) for item in proper.items])
    return default


def _apply(
    settings: Settings,
    api: Any,
    lookup: Lookup,
    info: TypeInfo,
    default: Type,
    context: Any,
) -> Type:
    if lookup.error is not None:
        fail(api, settings, errorcodes.BAD_LOOKUP, lookup.error, context)
        return default
    if lookup.member is not None:
        return _narrow(default, info, lookup.member)
    return default


def is_functional_call(call: Context) -> bool:
    """``Enum("Color", names, ...)``: a class name and names, by position or keyword."""
    if not isinstance(call, CallExpr):
        return False
    given = [name for name in call.arg_names if name in (None, "value", "names")]
    return len(given) >= 2


def value_call_signature(ctx: FunctionSigContext) -> CallableType:
    """``Status(raw)``: a value lookup, whatever ``Status.__init__`` takes.

    mypy types a class call from ``__init__``/``__new__``, so on an enum
    with ``__init__(self, code, label)`` it reports ``Status(raw)`` (with
    ``raw: tuple[int, str]``) as missing an argument, though at run time
    ``EnumType.__call__(cls, value)`` looks ``raw`` up and returns a member;
    pyright accepts it.  With the plugin a one-argument call of an enum with
    members and its own ``__init__``/``__new__`` has the signature
    ``(value: object)``; ``call_callback`` then types and checks the lookup.
    """
    signature = ctx.default_signature
    call = ctx.context
    if not (
        isinstance(call, CallExpr)
        and len(call.args) == 1
        and call.arg_kinds[0] == ARG_POS
        and call.arg_names[0] is None
    ):
        return signature
    info = enum_of(signature.ret_type)
    record = metadata.read(info) if info is not None else None
    if info is None or record is None or not record.members:
        return signature
    if not (user_defines(info, "__init__") or values.implements_new(info)):
        return signature
    anything = ctx.api.named_generic_type(names.OBJECT, [])
    return signature.copy_modified(arg_types=[anything], arg_kinds=[ARG_POS], arg_names=["value"])


def call_callback(settings: Settings, ctx: FunctionContext) -> Type:
    """``Color(1)``: ``Literal[Color.red]?``; ``Color(99)`` is an error.

    Without the plugin the call is ``Color``, whatever the literal.
    Precondition: the callee is an enum class (or ``type[...]`` of one).
    """
    info = enum_of(ctx.default_return_type)
    if info is not None and is_functional_call(ctx.context) and is_typed_enum(info):
        # Enum(name, names) not assigned to a name (the dynamic class hook
        # defines those): a new class, typed as an instance without the plugin.
        record = metadata.read(info)
        if record is None or not record.members:
            return TypeType(Instance(info, []))
        call = ctx.context
        if (
            ctx.api.options.python_version >= (3, 12)
            and isinstance(call, CallExpr)
            and all(
                kind == ARG_POS and name is None
                for kind, name in zip(call.arg_kinds, call.arg_names, strict=True)
            )
        ):
            # 3.12+: on an enum with members, ``Point(1, 1)`` looks the value
            # (1, 1) up, as ``Point((1, 1))`` does.
            return ctx.default_return_type
        # The run time raises TypeError: "<enum 'X'> cannot extend <enum 'Color'>".
        message = messages.SUBCLASS_WITH_MEMBERS.format(base=info.name)
        fail(ctx.api, settings, errorcodes.SUBCLASS_WITH_MEMBERS, message, ctx.context)
        return ctx.default_return_type
    argument = _single_argument(ctx.arg_types, ctx.arg_kinds)
    if not isinstance(ctx.context, CallExpr) or len(ctx.context.args) != 1:
        argument = None  # a call mypy reports itself
    if info is None or argument is None:
        return ctx.default_return_type
    lookup = by_value(info, argument, exact_callee(ctx.context))
    return _apply(settings, ctx.api, lookup, info, ctx.default_return_type, ctx.context)


def _method(
    find: Callable[[TypeInfo, Type | None, bool], Lookup],
) -> Callable[[Settings, MethodContext], Type]:
    def callback(settings: Settings, ctx: MethodContext) -> Type:
        info = enum_of(ctx.type) or enum_of(ctx.default_return_type)
        argument = _first_argument(ctx.arg_types, ctx.arg_kinds)
        if info is None or argument is None:
            return ctx.default_return_type
        lookup = find(info, argument, exact_receiver(ctx.type))
        return _apply(settings, ctx.api, lookup, info, ctx.default_return_type, ctx.context)

    return callback


from_value_callback = _method(by_value)
"""``Color.from_value(1)`` / ``try_from_value(1)``: as ``Color(1)``."""

from_name_callback = _method(by_name)
"""``Color.from_name("red")`` / ``try_from_name("red")``: the member's literal.

Without the plugin ``Color``; ``from_name("rde")`` is an error with a
did-you-mean.  Precondition: the method is typed_enum's own.
"""

METHODS: dict[str, Callable[[Settings, MethodContext], Type]] = {
    names.FROM_VALUE: from_value_callback,
    names.TRY_FROM_VALUE: from_value_callback,
    names.FROM_NAME: from_name_callback,
    names.TRY_FROM_NAME: from_name_callback,
}
"""typed_enum's lookup classmethods, by bare name."""
