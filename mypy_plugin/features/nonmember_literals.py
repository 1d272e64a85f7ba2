"""``Literal[Color.helper]`` where ``helper`` is not a member: invalid on every supported mypy.

A method, a lambda, a ``staticmethod``, a ``nonmember()`` or an annotation without a
value is an attribute of the enum class but not a member (typing spec, "Defining
Members"), so it cannot be a literal.  mypy 2.x rejects it itself
(``Parameter 1 of Literal[...] is invalid [valid-type]``); mypy 1.14 accepted any
``Var`` of an enum class.  This reports the same error, in mypy's words and under its
code, on 1.14, so both versions agree.  Only what both the plugin's record and mypy's
``enum_members`` leave out is rejected: a member the record missed is never reported.
"""

from __future__ import annotations

from typing import TypeGuard

from mypy.errorcodes import VALID_TYPE
from mypy.nodes import SymbolNode, Var
from mypy.plugin import AnalyzeTypeContext
from mypy.types import AnyType, Type, TypeOfAny, UnboundType

from mypy_plugin import messages, metadata


def is_dotted_name(arg: Type) -> TypeGuard[UnboundType]:
    """A ``Literal[...]`` argument written as a dotted name (``Color.red``)."""
    return isinstance(arg, UnboundType) and "." in arg.name and not arg.args


def attribute_node(ctx: AnalyzeTypeContext, arg: Type) -> SymbolNode | None:
    """What a dotted ``Literal[...]`` argument (``Color.red``) names, or None."""
    if not is_dotted_name(arg):
        return None
    # The TypeAnalyser behind ctx.api has lookup_qualified; the plugin
    # interface does not declare it.
    lookup = getattr(ctx.api, "lookup_qualified", None)
    if lookup is None:
        return None
    try:
        sym = lookup(arg.name, ctx.context, suppress_errors=True)
    except Exception:  # a name mypy cannot resolve: it reports it itself
        return None
    return sym.node if sym is not None else None


def _names_non_member(ctx: AnalyzeTypeContext, arg: Type) -> bool:
    """``arg`` names an attribute of an analysed enum class that is not a member."""
    node = attribute_node(ctx, arg)
    # A Var outside any class has mypy's FakeInfo: falsy, and raises on any access.
    if not (isinstance(node, Var) and node.info):
        return False
    info = node.info
    if not info.is_enum or node.name.startswith("__"):
        return False  # private names: mypy rejects them itself
    record = metadata.read(info)
    if record is None or node.name in record.members or node.name in record.aliases:
        return False
    return node.name not in info.enum_members


def rejected(ctx: AnalyzeTypeContext) -> Type | None:
    """The error type after reporting a non-member argument of ``Literal[...]``, else None.

    Precondition: ``ctx.type`` is ``Literal[...]`` (the hook of ``typing.Literal``).
    """
    for index, arg in enumerate(ctx.type.args, start=1):
        if _names_non_member(ctx, arg):
            message = messages.LITERAL_NON_MEMBER.format(index=index)
            ctx.api.fail(message, ctx.context, code=VALID_TYPE)
            return AnyType(TypeOfAny.from_error)
    return None
