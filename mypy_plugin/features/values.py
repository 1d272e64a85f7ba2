"""Member values: evaluated from the class body, and the ``.value`` type.

mypy alone types ``Color.red.value`` from the assignment, ``auto()`` as the
generator's return type, and ``.value`` on a ``Color`` variable as ``Any``
when member value types differ.  With the plugin: ``auto()`` is the literal
stdlib would generate (``Literal[3]``, StrEnum ``Literal["red"]``, Flag
powers of two), and ``.value`` on the whole enum is the union of the
members' value types.
"""

from __future__ import annotations

from typing import Any, Final

from mypy.nodes import (
    BytesExpr,
    CallExpr,
    EllipsisExpr,
    Expression,
    FloatExpr,
    IntExpr,
    NameExpr,
    OpExpr,
    RefExpr,
    StrExpr,
    TupleExpr,
    TypeInfo,
    UnaryExpr,
    Var,
)
from mypy.plugin import AttributeContext
from mypy.plugins import enums as mypy_enums
from mypy.subtypes import is_subtype
from mypy.typeops import make_simplified_union
from mypy.types import (
    AnyType,
    Instance,
    LiteralType,
    ProperType,
    Type,
    TypeOfAny,
    get_proper_type,
)

from mypy_plugin import metadata, names
from mypy_plugin.features import signatures
from mypy_plugin.metadata import EnumRecord, Value

_STDLIB_GENERATORS = names.TYPED_ENUM_BASES | {
    names.STD_ENUM,
    names.STD_INT_ENUM,
    names.STD_STR_ENUM,
    names.STD_FLAG,
    names.STD_INT_FLAG,
}


def data_type(info: TypeInfo) -> str | None:
    """Fullname of the enum's data type (``builtins.int`` for IntEnum), or None."""
    for base in info.mro[1:]:
        if base.is_enum or base.fullname in ("builtins.object", names.STD_REPR_ENUM):
            continue
        return base.fullname
    return None


#: stdlib's enum bases whose ``__new__`` (declared in typeshed) keeps the value as written.
_STDLIB_NEW = frozenset(
    {names.STD_ENUM, names.STD_INT_ENUM, names.STD_STR_ENUM, names.STD_FLAG, names.STD_INT_FLAG}
)


def implements_new(info: TypeInfo) -> bool:
    """A custom ``__new__`` sets ``_value_`` in ways the plugin cannot follow.

    mypy's own test counts ``IntFlag``'s (typeshed declares one) as custom,
    so an ``IntFlag`` member's ``.value`` was ``int`` where a ``Flag``
    member's is its literal.
    """
    for base in info.mro:
        if "__new__" in base.names and not base.fullname.startswith("builtins."):
            return base.fullname not in _STDLIB_NEW
    return False


class Evaluator:
    """Evaluates member value expressions in declaration order (for ``auto()``).

    What ``evaluate`` needs to know of the class (the attributes below
    ``read_class``) is read at its first call, or by ``read_class()``: most
    evaluators only ever evaluate ``constant()`` expressions.
    """

    def __init__(self, info: TypeInfo, *, stub: bool | None = None) -> None:
        self.info = info
        #: Whether the class is in a stub; ``X = ...`` is a value (Ellipsis)
        #: only where this is known to be False: in a stub it stands for one.
        self.stub = stub
        self.ints: list[int] = []
        self.known: dict[str, Value] = {}
        self._read = False
        self.flag = self.str_enum = self.custom_auto = self.opaque = False
        self.source: signatures.ValueSource | None = None

    def read_class(self) -> None:
        """Read what ``auto()`` and the user's constructors make of values."""
        info = self.info
        self.flag = info.has_base(names.STD_FLAG)
        self.str_enum = info.has_base(names.STD_STR_ENUM)
        generator = next((b for b in info.mro if "_generate_next_value_" in b.names), None)
        self.custom_auto = generator is not None and generator.fullname not in _STDLIB_GENERATORS
        self.opaque = implements_new(info)
        # The user's __init__/__new__ setting _value_ from an argument.
        self.source = signatures.value_source(info)
        self._read = True

    def evaluate(self, name: str, expr: Expression) -> Value:
        if not self._read:
            self.read_class()
        if self.source is not None:
            value = signatures.member_value(self.source, self._evaluate(name, expr), expr)
        else:
            value = None if self.opaque else self._evaluate(name, expr)
        if value is not None and value[0] in ("int", "bool"):
            self.ints.append(int(value[1]))
        self.known[name] = value
        return value

    def _auto(self, name: str) -> Value:
        if self.custom_auto:
            return None
        if self.str_enum:
            return ["str", name.lower()]
        if self.flag:
            high = max(self.ints, default=0)
            return ["int", 1 if high <= 0 else 1 << high.bit_length()]
        if not self.ints:
            return ["int", 1]
        # 3.11 counts from the last value, 3.12+ from the largest: only say
        # what both agree on.
        if self.ints[-1] != max(self.ints):
            return None
        return ["int", self.ints[-1] + 1]

    def _evaluate(self, name: str, expr: Expression) -> Value:
        if isinstance(expr, CallExpr) and isinstance(expr.callee, RefExpr):
            if expr.callee.fullname == names.AUTO and not expr.args:
                return self._auto(name)
            if expr.callee.fullname == names.MEMBER and len(expr.args) == 1:
                return self._evaluate(name, expr.args[0])
            return None
        return self.constant(expr)

    def constant(self, expr: Expression) -> Value:
        if isinstance(expr, EllipsisExpr):
            return ["ellipsis", None] if self.stub is False else None
        if isinstance(expr, IntExpr):
            return ["int", expr.value]
        if isinstance(expr, StrExpr):
            return ["str", expr.value]
        if isinstance(expr, BytesExpr):
            return ["bytes", expr.value]
        if isinstance(expr, FloatExpr):
            return ["float", expr.value]
        if isinstance(expr, UnaryExpr) and expr.op == "-":
            inner = self.constant(expr.expr)
            if inner is not None and inner[0] in ("int", "float"):
                return [inner[0], -inner[1]]
            return None
        if isinstance(expr, UnaryExpr) and expr.op == "~":
            # ``D = ~A`` in a Flag body: A is an int there (``flag_bodies``).
            inner = self.constant(expr.expr)
            return ["int", ~inner[1]] if inner is not None and inner[0] == "int" else None
        if isinstance(expr, NameExpr):
            if expr.fullname in ("builtins.True", "builtins.False"):
                return ["bool", expr.fullname == "builtins.True"]
            return self.known.get(expr.name) if expr.name in self.known else None
        if isinstance(expr, TupleExpr):
            items = [self.constant(item) for item in expr.items]
            if any(item is None for item in items):
                return None
            return ["tuple", items]
        if isinstance(expr, OpExpr) and expr.op in ("|", "&", "^"):
            left, right = self.constant(expr.left), self.constant(expr.right)
            if left is None or right is None or left[0] != "int" or right[0] != "int":
                return None
            a, b = left[1], right[1]
            return ["int", a | b if expr.op == "|" else a & b if expr.op == "&" else a ^ b]
        return None


def comparable(value: Value) -> Any:
    """A hashable key that is equal where the run-time values are equal."""
    if value is None:
        return None
    kind, raw = value
    if kind == "tuple":
        return ("tuple", tuple(comparable(item) for item in raw))
    if kind in ("int", "bool", "float"):
        # 1 == 1.0 == True at run time: stdlib makes them aliases.
        return ("number", raw)
    return (kind, raw)


def literal_type(api: Any, value: Value) -> ProperType | None:
    """The literal type of a known value (``Literal[1]?``), or None."""
    if value is None:
        return None
    kind, raw = value
    # The checker's API, or the semantic analyser's (class analysers).
    named = api.named_generic_type if hasattr(api, "named_generic_type") else api.named_type
    if kind in ("int", "str", "bool"):
        fallback = named(f"builtins.{kind}", [])
        assert isinstance(fallback, Instance)
        return fallback.copy_modified(last_known_value=LiteralType(raw, fallback))
    if kind == "bytes":
        fallback = named("builtins.bytes", [])
        assert isinstance(fallback, Instance)
        # The value is kept as mypy's BytesExpr keeps it: the escaped text
        # (``\\x89PNG``), which is also how LiteralType spells bytes.
        return fallback.copy_modified(last_known_value=LiteralType(raw, fallback))
    if kind == "ellipsis":
        ellipsis = named("types.EllipsisType", [])
        assert isinstance(ellipsis, Instance)
        return ellipsis
    if kind == "float":
        result = named("builtins.float", [])
        assert isinstance(result, Instance)
        return result
    return None


def _member_name(typ: ProperType) -> str | None:
    if isinstance(typ, Instance) and typ.last_known_value is not None:
        raw = typ.last_known_value.value
        return raw if isinstance(raw, str) else None
    if isinstance(typ, LiteralType) and isinstance(typ.value, str):
        return typ.value
    return None


def _declared_value_type(info: TypeInfo) -> Type | None:
    """``_value_: T`` declared in the class (or a user-defined base)."""
    for base in info.mro:
        if base.module_name == "enum" or base.module_name.startswith("typed_enum"):
            break
        sym = base.names.get("_value_")
        if sym is not None and isinstance(sym.node, Var) and sym.node.type is not None:
            return sym.node.type
    return None


def member_value_type(
    ctx: AttributeContext, record: EnumRecord, info: TypeInfo, name: str, exact: bool = False
) -> Type:
    """The type of ``.value`` of member ``name`` (canonical); ``exact``: of the member itself."""
    declared = _declared_value_type(info)
    known = literal_type(ctx.api, record.values.get(name))
    if known is not None and (declared is None or is_subtype(known, declared)):
        return known
    value = record.values.get(name)
    if exact and known is not None and value is not None and value[0] == "ellipsis":
        # ``E.X.value`` with ``X = ...`` in a .py file: the run time keeps
        # Ellipsis whatever ``_value_`` declares (typed-enum-value-annotation
        # says so).  Not in the union: mypy checks ``_value_: int`` against
        # the class-wide ``_value_`` and would report the declaration.
        return known
    if declared is not None:
        return declared
    source = signatures.value_source(info)
    if source is not None:
        # The user's __init__/__new__ sets _value_: the argument's declared
        # type, not the tuple of arguments mypy infers.
        return source.type if source.type is not None else AnyType(TypeOfAny.special_form)
    return mypy_enums.enum_value_callback(ctx)


def value_callback(ctx: AttributeContext) -> Type:
    """``.value``: the member's literal, or the union over all members.

    Without the plugin, ``.value`` of a ``Color`` variable whose members have
    values of different types is ``Any``; with it, the union of the members'
    value literals (``Literal[1]? | Literal['x']?``), as pyright gives and as
    mypy alone gives where the values share a type, so a ``Literal``-typed
    parameter accepts it.  A Flag, an open enum and an enum of more than
    ``LITERAL_UNION_LIMIT`` members get the values' types (``int | str``).  ``Color.red.value`` with ``red = auto()`` is
    ``Literal[1]`` rather than ``int``.  Precondition: the attribute is
    ``enum.Enum.value`` (or a subclass's) and ``ctx.type`` is its receiver.
    """
    receiver = get_proper_type(ctx.type)
    if isinstance(receiver, LiteralType):
        receiver = receiver.fallback
    if not isinstance(receiver, Instance):
        return mypy_enums.enum_value_callback(ctx)
    info = receiver.type
    record = metadata.read(info)
    if record is None:
        return mypy_enums.enum_value_callback(ctx)
    name = _member_name(get_proper_type(ctx.type))
    if name is not None:
        canonical = record.canonical(name)
        if canonical is None:
            return mypy_enums.enum_value_callback(ctx)
        return member_value_type(ctx, record, info, canonical, exact=True)
    if not record.members:
        return mypy_enums.enum_value_callback(ctx)
    items = []
    for member in record.members:
        literal = LiteralType(member, receiver)
        member_ctx = ctx._replace(type=receiver.copy_modified(last_known_value=literal))
        items.append(member_value_type(member_ctx, record, info, member))
    if record.open and record.data_type is not None:
        # extend() may add any value of the data type.  Without one, the
        # run time asks for "a value of the kind its members have": the
        # declared members' value types stand for the added ones too.
        items.append(ctx.api.named_generic_type(record.data_type, []))
    if (
        len(record.members) > LITERAL_UNION_LIMIT
        or record.open is not False
        or info.has_base(names.STD_FLAG)
    ):
        # A Flag's value may be any combination of its members' bits, an
        # open enum's any value extend() gives: their members' literals do
        # not cover it.  A big enum's would, but at a cost: mypy checks an
        # operator on a union item by item (see LITERAL_UNION_LIMIT).
        items = [_widen(t) for t in items]
    return make_simplified_union(items)


#: Above this many members, ``.value``/``.name`` of an enum (or of a union of
#: its member literals) is the union of the values' types (``str``), not of
#: their literals: mypy checks an operator on a union item by item, and
#: ``e.value + e.name`` over 299 literals took 7 s (1 s with ``str``).
LITERAL_UNION_LIMIT: Final = 64


def _widen(typ: Type) -> Type:
    proper = get_proper_type(typ)
    if isinstance(proper, Instance) and proper.last_known_value is not None:
        return proper.copy_modified(last_known_value=None)
    return typ
