"""Small traps of enum class bodies that mypy alone lets through.

* ``typed-enum-bare-auto``: ``RED = auto`` (the class, not ``auto()``)
  makes a member whose value is the class ``auto`` itself; mypy alone says
  nothing (mypy #17650).
* ``typed-enum-order-mismatch``: ``_order_ = "b a"`` that does not list
  the members in definition order raises ``TypeError`` when the class is
  created; mypy alone says nothing (mypy #11715).  The run time's rules are
  followed: aliases may be listed or not, and for a Flag only single-bit
  members count.
* ``Literal[Color.crimson]`` where ``crimson`` is an alias: mypy alone types
  it ``Literal[Color.crimson]``, a member of its own (1.14), or rejects it
  as an invalid ``Literal`` parameter (2.4, once the plugin has taken the
  alias out of the member list).  With the plugin it is the canonical
  ``Literal[Color.red]`` (mypy #8657), through the type analysis hook of
  ``typing.Literal``.

(A member named ``value`` or ``name``, mypy #20247, is handled where
``.value``/``.name`` are typed: ``value_types``.)
"""

from __future__ import annotations

from collections.abc import Callable

from mypy.nodes import (
    AssignmentStmt,
    Decorator,
    FakeInfo,
    ListExpr,
    NameExpr,
    RefExpr,
    StrExpr,
    TupleExpr,
    Var,
)
from mypy.plugin import AnalyzeTypeContext, ClassDefContext
from mypy.types import (
    AnyType,
    Instance,
    LiteralType,
    Type,
    UnboundType,
    UnionType,
    get_proper_type,
)

from mypy_plugin import errorcodes, messages, metadata, names
from mypy_plugin.config import Settings
from mypy_plugin.features import flags, membership, nonmember_literals
from mypy_plugin.metadata import EnumRecord
from mypy_plugin.report import fail


def analyse_class(settings: Settings, ctx: ClassDefContext, body: membership.ClassBody) -> None:
    """Report ``x = auto`` and an ``_order_`` that disagrees with the members.

    Runs after ``members.analyse_class``.  Precondition: ``ctx.cls.info`` is
    an enum.
    """
    info = ctx.cls.info
    record = metadata.read(info)
    if record is None:
        return
    for definition in body.definitions:
        rvalue = definition.rvalue
        if isinstance(rvalue, RefExpr) and rvalue.fullname == names.AUTO:
            message = messages.BARE_AUTO.format(name=definition.name, enum=info.name)
            fail(ctx.api, settings, errorcodes.BARE_AUTO, message, definition.context)
    _check_order(settings, ctx, record, body.setting_assignments)


def _order(found: list[AssignmentStmt]) -> tuple[list[str], AssignmentStmt] | None:
    """The names ``_order_`` (or ``__order__``) lists, with its statement.

    ``found``: the body's setting assignments (``membership.setting_assignments``).
    """
    for stmt in found:
        lvalue = stmt.lvalues[0]
        if not (isinstance(lvalue, NameExpr) and lvalue.name in ("_order_", "__order__")):
            continue
        rvalue = stmt.rvalue
        if isinstance(rvalue, StrExpr):
            return rvalue.value.replace(",", " ").split(), stmt
        if isinstance(rvalue, (ListExpr, TupleExpr)) and all(
            isinstance(item, StrExpr) for item in rvalue.items
        ):
            return [item.value for item in rvalue.items if isinstance(item, StrExpr)], stmt
        return None
    return None


def _single_bit(record: EnumRecord, name: str) -> bool | None:
    value = record.values.get(name)
    if value is None or value[0] not in ("int", "bool"):
        return None
    raw = int(value[1])
    return raw > 0 and raw & (raw - 1) == 0


def _check_order(
    settings: Settings, ctx: ClassDefContext, record: EnumRecord, found: list[AssignmentStmt]
) -> None:
    found_order = _order(found)
    if found_order is None:
        return
    order, stmt = found_order
    info = ctx.cls.info
    known = set(record.members) | set(record.aliases)
    members = list(record.members)
    if flags.is_flag(info):
        # The run time keeps only single-bit members in _member_names_ and
        # drops the others from _order_ before comparing.
        bits = {name: _single_bit(record, name) for name in members}
        if any(bit is None for bit in bits.values()):
            return  # a value the plugin cannot evaluate: cannot tell
        members = [name for name in members if bits[name]]
        order = [name for name in order if name not in known or bits.get(name, False)]
    # Aliases may be listed; the run time removes them.
    order = [name for name in order if name not in record.aliases]
    if order != members:
        message = messages.ORDER_MISMATCH.format(
            enum=info.name, members=", ".join(members) or "none", order=", ".join(order) or "none"
        )
        fail(ctx.api, settings, errorcodes.ORDER_MISMATCH, message, stmt)


# -- Literal[Color.crimson] ---------------------------------------------------------


def _member_literal(ctx: AnalyzeTypeContext, arg: Type) -> LiteralType | None:
    """``Color.crimson`` -> ``Literal[Color.red]``, for any member or alias the record knows.

    mypy alone accepts only a ``Var`` it counts as a member: an alias it
    keeps as a member of its own (1.14) or rejects (2.4), and rejects a
    ``@member`` method and the members of an open enum or a Flag (their
    Vars are hidden from mypy's expansion, see ``open_enums``).  None for
    anything else, which mypy analyses as without the plugin.
    """
    node = nonmember_literals.attribute_node(ctx, arg)
    if node is None or not isinstance(arg, UnboundType):
        return None
    attribute = arg.name.rpartition(".")[2]
    if isinstance(node, Decorator):
        node = node.var  # its func's info is not set where the class is a placeholder
    # A variable or function outside any class (``os.sep``) carries mypy's
    # placeholder ``FakeInfo``, a TypeInfo subclass whose every attribute raises.
    if not isinstance(node, Var) or isinstance(node.info, FakeInfo):
        return None
    info = node.info
    if not info.is_enum:
        return None
    record = metadata.read(info)
    canonical = record.canonical(attribute) if record is not None else None
    if canonical is None:
        return None
    return LiteralType(canonical, Instance(info, []), line=arg.line, column=arg.column)


def make_literal_callback() -> Callable[[AnalyzeTypeContext], Type] | None:
    """The type analysis hook of ``typing.Literal``, or None if mypy lacks the API.

    Members and aliases of analysed enums become their canonical member's
    literal here; every other argument goes through mypy's own ``Literal``
    analysis (``TypeAnalyser.analyze_literal_type``), exactly as without the
    plugin.
    """
    from mypy.typeanal import TypeAnalyser

    if not hasattr(TypeAnalyser, "analyze_literal_type"):
        return None

    def literal_type(ctx: AnalyzeTypeContext) -> Type:
        """``Literal[Color.crimson]`` -> ``Literal[Color.red]`` (mypy #8657)."""
        t = ctx.type
        # ctx.api is the TypeAnalyser itself; calling analyze_type here would
        # ask this hook again.
        analyze: Callable[[UnboundType], Type] = getattr(ctx.api, "analyze_literal_type")  # noqa: B009
        if not any(nonmember_literals.is_dotted_name(arg) for arg in t.args):
            return analyze(t)  # Literal["r", 1]: no argument can name an enum member
        error = nonmember_literals.rejected(ctx)
        if error is not None:
            return error  # Literal[Color.helper] on mypy 1.14, as 2.x reports it
        ours = [_member_literal(ctx, arg) for arg in t.args]
        if all(member is None for member in ours):
            return analyze(t)
        items: list[Type] = []
        for arg, member in zip(t.args, ours, strict=True):
            if member is not None:
                items.append(member)
                continue
            analysed = get_proper_type(analyze(t.copy_modified(args=[arg])))
            if isinstance(analysed, AnyType):
                return analysed  # mypy rejected the argument (and said why)
            items.extend(analysed.items if isinstance(analysed, UnionType) else [analysed])
        return UnionType.make_union(items, t.line, t.column)

    return literal_type
