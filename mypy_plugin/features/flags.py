"""Flags are never exhausted by their members, and stay Flags after narrowing.

A ``Flag`` (``IntFlag``) value may be any combination of its members, and
``0``: ``Perm.R | Perm.W`` is none of ``Perm.R``, ``Perm.W``, ``Perm.X``.
The typing spec says so ("Enum Literal Expansion" does not apply to Flag).

mypy alone expands a Flag into its members when narrowing (mypy #21937):

* after ``if p == Perm.R: ... elif p == Perm.W: ... elif p == Perm.X: ...``
  the ``else`` branch is unreachable (``Never``), though ``Perm.R |
  Perm.W`` gets there; ``assert_never(p)`` there is accepted, and a
  ``match`` naming the three members counts as exhaustive (no "Missing
  return statement");
* after ``if p is Perm.NONE: return``, ``p`` is ``Literal[Perm.R, Perm.W,
  Perm.X]`` and ``Perm.W in p`` is an ``[operator]`` error, ``~p`` is
  ``Literal[Perm.R, ...]`` and iterating ``p`` yields those literals.

With the plugin:

* a Flag with members is not narrowed by elimination, as an open enum is
  not (``open_enums``; one mechanism for "never exhaustive").  Narrowing by
  ``==``/``is`` still works (``p == Perm.R`` is ``Literal[Perm.R]`` in its
  branch), but what remains is ``Perm`` itself, the spec's type.  A
  ``match`` needs ``case _:``; ``assert_never(p)`` reached by ``Perm`` is
  reported under ``typed-enum-flag-combinations`` (in place of mypy's
  ``[arg-type]`` error);
* ``x in p``, ``~p`` and ``iter(p)`` on a narrowed ``p`` take and give the
  Flag class, not the member literals (typeshed's ``Self`` bound to a
  literal).

Example::

    class Perm(Flag):
        R = 1
        W = 2

    def f(p: Perm) -> int:
        if p == Perm.R:
            return 1
        elif p == Perm.W:
            return 2
        assert_never(p)  # E: "Perm" is a Flag: combinations ... reach this

Precondition for every callback: the receiver is (a literal of) a Flag.
"""

from __future__ import annotations

from mypy.nodes import TypeInfo
from mypy.plugin import MethodContext, MethodSigContext
from mypy.typeops import make_simplified_union
from mypy.types import (
    CallableType,
    Instance,
    LiteralType,
    ProperType,
    Type,
    UnionType,
    get_proper_type,
)

from mypy_plugin import names
from mypy_plugin.metadata import EnumRecord

#: Flag methods whose ``Self`` mypy binds to the receiver's literal.
SELF_RETURNING: frozenset[str] = frozenset({"__invert__", "__iter__"})


def is_flag(info: TypeInfo) -> bool:
    """Whether ``info`` derives from ``enum.Flag`` (``IntFlag`` too)."""
    return info.has_base(names.STD_FLAG)


def every_value_named(record: EnumRecord) -> bool:
    """Whether a Flag's members name every value it can take.

    ``NONE = 0, R = 1, W = 2, RW = 3`` under the STRICT (or CONFORM)
    boundary: every combination of its bits is a member, so the members are
    exhaustive and mypy may narrow it by elimination.  Unknown values, a KEEP
    boundary (IntFlag's default: any int is a value) or an unknown boundary
    leave the Flag inexhaustible.
    """
    if record.boundary not in ("STRICT", "CONFORM"):
        return False
    seen: set[int] = set()
    for name in record.members:
        value = record.values.get(name)
        if value is None or value[0] != "int" or not isinstance(value[1], int) or value[1] < 0:
            return False
        seen.add(value[1])
    bits = 0
    for number in seen:
        bits |= number
    return len(seen) == 1 << bin(bits).count("1")


def _flag_literal(typ: ProperType) -> TypeInfo | None:
    if isinstance(typ, LiteralType) and typ.fallback.type.is_enum and is_flag(typ.fallback.type):
        return typ.fallback.type
    return None


def erase_flag_literals(typ: Type) -> Type:
    """``Literal[Perm.R, Perm.W] | int`` -> ``Perm | int``; other types unchanged."""
    proper = get_proper_type(typ)
    if isinstance(proper, UnionType):
        items = [erase_flag_literals(item) for item in proper.items]
        return make_simplified_union(items)
    if isinstance(proper, Instance) and proper.args:
        return proper.copy_modified(args=[erase_flag_literals(arg) for arg in proper.args])
    info = _flag_literal(proper)
    return Instance(info, []) if info is not None else typ


def _receiver_flag(typ: Type) -> bool:
    proper = get_proper_type(typ)
    items = proper.items if isinstance(proper, UnionType) else [proper]
    return any(_flag_literal(get_proper_type(item)) is not None for item in items)


def self_return_callback(ctx: MethodContext) -> Type:
    """``~p`` and ``iter(p)`` on a narrowed Flag: ``Perm``, not ``Literal[Perm.R]``.

    Without the plugin ``~p`` of ``p: Literal[Perm.R, Perm.W]`` is that same
    literal union (``~Perm.R`` is ``Perm.W | Perm.X``).
    """
    if not _receiver_flag(ctx.type):
        return ctx.default_return_type
    return erase_flag_literals(ctx.default_return_type)


def contains_signature(ctx: MethodSigContext) -> CallableType:
    """``x in p`` on a narrowed Flag takes any ``Perm`` (mypy #21937's repro).

    Without the plugin, ``Perm.W in p`` with ``p: Literal[Perm.R, Perm.X]``
    is an ``[operator]`` error: ``Flag.__contains__(self, other: Self)``
    with ``Self`` bound to the literal.
    """
    signature = ctx.default_signature
    if not _receiver_flag(ctx.type) or len(signature.arg_types) != 1:
        return signature
    return signature.copy_modified(arg_types=[erase_flag_literals(signature.arg_types[0])])
