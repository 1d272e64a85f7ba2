"""What the user's ``__init__``/``__new__`` of an enum take, and how they set ``_value_``.

Plain AST reading, shared by ``constructors`` (the checks) and ``values``
(the value a member gets).  Only methods defined in the user's classes count
(not stdlib's, typed_enum's or builtins').  Precondition for every function:
``info`` is an enum.
"""

from __future__ import annotations

from mypy.nodes import (
    ARG_OPT,
    ARG_POS,
    ARG_STAR,
    AssignmentStmt,
    Block,
    Decorator,
    Expression,
    FuncDef,
    IfStmt,
    MemberExpr,
    NameExpr,
    Statement,
    TupleExpr,
    TypeInfo,
    Var,
)
from mypy.types import CallableType, Type

from mypy_plugin import names
from mypy_plugin.metadata import Value

_LIBRARY_MODULES = ("builtins", "enum", "typed_enum")


def library_class(info: TypeInfo) -> bool:
    """A class of stdlib's or typed_enum's, or a framework's enum base.

    A framework's bases (``names.FRAMEWORK_ENUM_MODULES``: Django's
    ``IntegerChoices``) declare an ``__init__`` that mirrors what their
    metaclass does to values (features/value_metaclasses.py), not a
    constructor that sets ``_value_``.
    """
    module = info.module_name
    return module.partition(".")[0] in _LIBRARY_MODULES or module in names.FRAMEWORK_ENUM_MODULES


def user_method(info: TypeInfo, name: str) -> FuncDef | None:
    """``name`` (``__init__``/``__new__``) as the user's classes define it, first in the MRO."""
    for base in info.mro:
        sym = base.names.get(name)
        if sym is None or library_class(base):
            continue
        node = sym.node.func if isinstance(sym.node, Decorator) else sym.node
        return node if isinstance(node, FuncDef) else None
    return None


class Parameter:
    """A positional parameter after ``self``/``cls``: its name, declared type, and
    whether it is required.  (Plain slotted classes here, not ``NamedTuple``s:
    see ``membership.Definition``.)"""

    __slots__ = ("name", "required", "type")

    def __init__(self, name: str, type: Type | None, required: bool) -> None:
        self.name = name
        self.type = type
        self.required = required


def parameters(func: FuncDef) -> tuple[list[Parameter], bool]:
    """The positional parameters after the first, and whether ``*args`` follows."""
    typ = func.type if isinstance(func.type, CallableType) else None
    found: list[Parameter] = []
    star = False
    for index, (name, kind) in enumerate(zip(func.arg_names, func.arg_kinds, strict=True)):
        if index == 0:
            continue
        if kind == ARG_STAR:
            star = True
        if kind not in (ARG_POS, ARG_OPT):
            continue
        declared = typ.arg_types[index] if typ is not None else None
        found.append(Parameter(name or "", declared, kind == ARG_POS))
    return found, star


def _statements(body: list[Statement]) -> list[Statement]:
    flat: list[Statement] = []
    for stmt in body:
        if isinstance(stmt, IfStmt):
            for block in [*stmt.body, stmt.else_body]:
                if isinstance(block, Block):
                    flat.extend(_statements(block.body))
        else:
            flat.append(stmt)
    return flat


def value_assignments(func: FuncDef) -> list[AssignmentStmt]:
    """``self._value_ = ...`` (``obj._value_ = ...`` in ``__new__``) in ``func``."""
    found = []
    for stmt in _statements(func.body.body):
        if isinstance(stmt, AssignmentStmt) and len(stmt.lvalues) == 1:
            lvalue = stmt.lvalues[0]
            if isinstance(lvalue, MemberExpr) and lvalue.name == "_value_":
                found.append(stmt)
    return found


class ValueSource:
    """Where a member's ``_value_`` comes from, when a method of the user's sets it.

    * ``position``: the position of the argument it is set from; None when set
      from anything else.
    * ``type``: that parameter's declared type.
    * ``fewest``/``most``: how many values the method takes (``most`` is None
      with ``*args``); a member passing another count raises ``TypeError``
      when the class is made, so it gets no value (issue 34, point 2).
    """

    __slots__ = ("fewest", "most", "position", "type")

    def __init__(
        self,
        position: int | None,
        type: Type | None,
        fewest: int = 0,
        most: int | None = None,
    ) -> None:
        self.position = position
        self.type = type
        self.fewest = fewest
        self.most = most


def value_source(info: TypeInfo) -> ValueSource | None:
    """How the user's ``__init__``/``__new__`` sets ``_value_``; None if neither does.

    ``__init__`` runs after ``__new__``: its assignment wins.
    """
    for method in ("__init__", "__new__"):
        func = user_method(info, method)
        if func is None:
            continue
        assignments = value_assignments(func)
        if not assignments:
            continue
        rvalue = assignments[-1].rvalue
        params, star = parameters(func)
        fewest = sum(1 for p in params if p.required)
        most = None if star else len(params)
        for index, param in enumerate(params):
            if isinstance(rvalue, NameExpr) and rvalue.name == param.name:
                return ValueSource(index, param.type, fewest, most)
        return ValueSource(None, None)
    return None


def arguments(rvalue: Expression) -> list[Expression]:
    """What a member value passes to ``__init__``: a tuple's items, else the value."""
    return list(rvalue.items) if isinstance(rvalue, TupleExpr) else [rvalue]


def member_value(source: ValueSource, raw: Value, rvalue: Expression) -> Value:
    """The ``_value_`` a member gets when the user's method sets it from ``source``."""
    if source.position is None:
        return None
    args = arguments(rvalue)
    if source.position >= len(args) or len(args) < source.fewest:
        return None
    if source.most is not None and len(args) > source.most:
        return None  # typed-enum-member-arguments reports it
    if raw is not None and raw[0] == "tuple" and isinstance(rvalue, TupleExpr):
        item: Value = raw[1][source.position]
        return item
    return raw if len(args) == 1 else None


def declared_value(info: TypeInfo) -> Type | None:
    """``_value_: T`` declared in the user's classes (``T``), or None."""
    for base in info.mro:
        if base.module_name.split(".")[0] in _LIBRARY_MODULES:
            break
        sym = base.names.get("_value_")
        if sym is not None and isinstance(sym.node, Var) and sym.node.type is not None:
            return sym.node.type
    return None
