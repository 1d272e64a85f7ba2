"""Operands of comparisons, seen as enums: shared by ordering and equality.

Everything here is cheap on purpose: the comparison hooks run for every
``<``, ``==`` and ``in`` of a codebase, and must decide "no enum here" in a
few ``isinstance`` checks.
"""

from __future__ import annotations

from collections.abc import Iterator

from mypy.checker import TypeChecker
from mypy.maptype import map_instance_to_supertype
from mypy.nodes import ComparisonExpr, Context, Expression, TempNode, TypeInfo
from mypy.plugin import CheckerPluginInterface
from mypy.typeops import make_simplified_union
from mypy.types import (
    CallableType,
    Instance,
    LiteralType,
    NoneType,
    ProperType,
    TupleType,
    Type,
    TypeType,
    TypeVarType,
    UnionType,
    get_proper_type,
)

from mypy_plugin import metadata, names


def items(typ: Type) -> Iterator[ProperType]:
    """The items of a (nested) union, or the type itself, as proper types."""
    proper = get_proper_type(typ)
    if not isinstance(proper, UnionType):
        yield proper
        return
    # A stack, not recursion: a union of a big enum's literals has hundreds.
    stack = list(reversed(proper.items))
    while stack:
        item = get_proper_type(stack.pop())
        if isinstance(item, UnionType):
            stack.extend(reversed(item.items))
        else:
            yield item


def enum_of(typ: Type) -> TypeInfo | None:
    """The enum class of a member or instance type (``Literal[...]`` too), else None.

    A type variable counts as its upper bound (``Self`` in an enum's methods).
    """
    proper = get_proper_type(typ)
    if isinstance(proper, TypeVarType):
        proper = get_proper_type(proper.upper_bound)
    if isinstance(proper, LiteralType):
        proper = proper.fallback
    if isinstance(proper, Instance) and proper.type.is_enum:
        return proper.type
    return None


def enums_in(typ: Type) -> list[TypeInfo]:
    """The enum classes among the items of ``typ`` (a union or one type)."""
    proper = get_proper_type(typ)
    if not isinstance(proper, UnionType):
        # The common case, without the generator: a plain int, str, member...
        info = enum_of(proper)
        return [info] if info is not None else []
    found = []
    for item in items(typ):
        info = enum_of(item)
        if info is not None and info not in found:
            found.append(info)
    return found


def enum_side(typ: Type, against: list[TypeInfo] | None = None) -> list[TypeInfo] | None:
    """The enums an operand can be, when it can only be enum members (or None).

    None when some item is anything else (``int``, ``object``, a protocol...):
    such an operand may legitimately equal a member of any enum.  A
    member-less enum (``enum.Flag``, a user's base) counts as anything else
    too: its subclasses may mix in a data type (an IntFlag equals an
    IntEnum member of the same value).

    With ``against`` (the other operand's enums), None as soon as an item's
    enum is related to one of them: the two sides may then be equal, which
    is all a caller asks.  ``e == E.m0`` with ``e`` narrowed to a union of a
    big enum's other literals stops at the first item instead of walking
    them all (mypy checks an if/elif chain's comparisons many times over).
    """
    found: list[TypeInfo] = []
    for item in items(typ):
        if isinstance(item, NoneType):
            continue
        if isinstance(item, LiteralType) and found and item.fallback.type is found[-1]:
            continue  # the common run of one enum's literals, decided already
        info = enum_of(item)
        if info is None:
            return None
        if info not in found:
            if against is not None and any(related(info, other) for other in against):
                return None
            if not has_members(info):
                return None
            found.append(info)
    return found


def has_members(info: TypeInfo) -> bool:
    """Whether the enum ``info`` has members: from its record when it has one.

    ``TypeInfo.enum_members`` walks the class's names, which for a big enum
    is hundreds; it is the fallback for classes the plugin did not analyse.
    """
    record = metadata.read(info)
    if record is not None:
        return bool(record.members)
    return bool(info.enum_members)


def union_size(typ: Type) -> int:
    """How many items ``typ`` has at its top level (1 for a non-union)."""
    proper = get_proper_type(typ)
    return len(proper.items) if isinstance(proper, UnionType) else 1


def related(a: TypeInfo, b: TypeInfo) -> bool:
    """One is the other or derives from it (a member-less base and its subclass)."""
    return a is b or a.has_base(b.fullname) or b.has_base(a.fullname)


def expression_type(api: CheckerPluginInterface, expr: Expression) -> Type:
    """The type mypy gave ``expr``: from the type map when it was checked already.

    Operator methods get their operands as expressions (or ``TempNode``s
    holding a type); both operands of a comparison are checked before the
    method is, so the type map has them.  Anything else is checked afresh.
    """
    if isinstance(expr, TempNode):
        return expr.type
    if isinstance(api, TypeChecker):
        known = api.lookup_type_or_none(expr)
        if known is not None:
            return known
    return api.get_expression_type(expr)


def iterable_item(typ: Type) -> Type | None:
    """What iterating over ``typ`` yields, when mypy's types say so, else None.

    Handles instances of ``Iterable`` subclasses (``list[B]`` gives ``B``,
    ``dict[B, int]`` gives ``B``), tuples (the union of their items) and enum
    classes (``B`` itself gives ``B``: iterating over an enum yields members).
    """
    proper = get_proper_type(typ)
    if isinstance(proper, TupleType):
        return make_simplified_union(proper.items)
    if isinstance(proper, CallableType) and proper.is_type_obj():
        instance = get_proper_type(proper.ret_type)
        return instance if enum_of(instance) is not None else None
    if isinstance(proper, TypeType):
        return proper.item if enum_of(proper.item) is not None else None
    if isinstance(proper, Instance):
        for base in proper.type.mro:
            if base.fullname == names.ITERABLE:
                mapped = map_instance_to_supertype(proper, base)
                return mapped.args[0] if mapped.args else None
    return None


def comparison_pair(
    context: Context, operators: frozenset[str]
) -> tuple[str, Expression, Expression] | None:
    """``(operator, left, right)`` when ``context`` is a comparison with one such pair.

    A chain (``a == b == c``) with several matching pairs gives None: the
    hook cannot tell which pair it is asked about.
    """
    if not isinstance(context, ComparisonExpr):
        return None
    found = None
    for index, operator in enumerate(context.operators):
        if operator in operators:
            if found is not None:
                return None
            found = (operator, context.operands[index], context.operands[index + 1])
    return found
