"""Members and non-members of an enum class body, as the typing spec says.

The typing spec (Enums, "Defining Members") and the run time (``EnumDict``)
agree on which names of a class body become members: an annotated name
without a value, a method, a lambda or other function, a descriptor
(``property(...)``, ``staticmethod(...)``, any object with ``__get__``,
``__set__`` or ``__delete__``), a nested class, a private ``__name``, a
``_sunder_``/``__dunder__`` name, ``nonmember(...)`` and every name listed in
``_ignore_`` are not; ``member(...)`` and ``@member`` make a member of
anything.

mypy alone gets several of these wrong, differently per version:

* 1.14 counts every assigned name as a member: ``converter = lambda x: x``,
  ``transform = some_function``, ``b = nonmember(2)``, ``sm =
  staticmethod(f)`` and the names in ``_ignore_`` each need a ``case`` of
  their own, and ``Pet.genus`` (declared ``genus: str``) is
  ``Literal[Pet.genus]``.  ``@member def c`` is *not* a member, so a match
  that forgets ``Pet.c`` is accepted.
* 2.4 gets lambdas and functions right (by their inferred type) but still
  counts descriptors such as ``staticmethod(f)`` and ``_ignore_`` names, and
  types ``Pet.c`` (``@member def c``) as ``member[...]`` instead of
  ``Literal[Pet.c]``.

With the plugin the class's record (``members``) lists exactly the spec's
members, and mypy's own member list (``TypeInfo.enum_members``, which
drives narrowing and exhaustiveness) is made to agree where it can be: a
non-member ``Var`` loses ``has_explicit_value`` (the flag aliases use, see
``members``), a non-member's class attribute keeps its own type, and a
``@member`` method is ``Literal[Pet.c]``.  ``Pet.DOG`` where ``DOG`` is in
``_ignore_`` is reported (``typed-enum-ignored-name``): the run time deletes
it.  An annotated member (``DOG: int = 2``) is reported under
``typed-enum-annotated-member``.

Example::

    class Pet(Enum):
        _ignore_ = "tmp"
        genus: str              # not a member
        CAT = 1
        tmp = 2                 # not a member (deleted)
        converter = lambda x: x # not a member
        @member
        def speak(self) -> None: ...   # a member

    # match p: case Pet.CAT | Pet.speak: ... is exhaustive

Limits (mypy internals, no hook reaches them): mypy 2.4 counts a nested
class as a member (``TypeInfo.enum_members`` lists every ``TypeInfo``
symbol; CPython 3.11/3.12 agree, 3.13 and the spec do not); on mypy 1.14 a
``@member`` method stays out of ``enum_members`` (it lists only ``Var``
symbols), so exhaustiveness there does not ask for it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mypy.nodes import (
    AssignmentStmt,
    CallExpr,
    ClassDef,
    Context,
    Decorator,
    Expression,
    FuncDef,
    IfStmt,
    LambdaExpr,
    ListExpr,
    NameExpr,
    OverloadedFuncDef,
    RefExpr,
    Statement,
    StrExpr,
    TempNode,
    TupleExpr,
    TypeInfo,
    Var,
)
from mypy.plugin import AttributeContext, ClassDefContext
from mypy.subtypes import find_member
from mypy.typeops import make_simplified_union
from mypy.types import (
    AnyType,
    FunctionLike,
    Instance,
    LiteralType,
    ProperType,
    Type,
    TypeOfAny,
    UnboundType,
    UnionType,
    get_proper_type,
)

from mypy_plugin import errorcodes, messages, metadata, names
from mypy_plugin.config import Settings
from mypy_plugin.report import fail

AttributeCallback = Callable[[AttributeContext], Type]

_DESCRIPTOR_METHODS = ("__get__", "__set__", "__delete__")


class Definition:
    """One name a class body binds that may be a member (or an alias).

    * ``name``: the bound name.
    * ``rvalue``: the value expression; a ``TempNode`` for ``@member def``.
    * ``context``: where to report about it.

    This module's records are plain slotted classes, not ``NamedTuple``s:
    building a ``NamedTuple`` class costs every mypy run about 0.6M
    instructions (callgrind, Python 3.11), incremental runs included.
    """

    __slots__ = ("context", "name", "rvalue")

    def __init__(self, name: str, rvalue: Expression, context: Context) -> None:
        self.name = name
        self.rvalue = rvalue
        self.context = context


class ClassBody:
    """One enum class body, read once for every class analyser (``class_body``).

    * ``statements``: the body with reachable ``if`` blocks flattened
      (``class_statements``).
    * ``definitions``: the member and alias definitions, in order (``definitions``).
    * ``ignored``: the names ``_ignore_`` lists (``ignored_names``).
    * ``setting_assignments``: the assignments of ``_ignore_``, ``_order_``
      and ``__order__``, in order (``setting_assignments``).
    """

    __slots__ = ("definitions", "ignored", "setting_assignments", "statements")

    def __init__(
        self,
        statements: list[Statement],
        definitions: list[Definition],
        ignored: list[str],
        setting_assignments: list[AssignmentStmt],
    ) -> None:
        self.statements = statements
        self.definitions = definitions
        self.ignored = ignored
        self.setting_assignments = setting_assignments


# -- names ---------------------------------------------------------------------


def is_dunder(name: str) -> bool:
    return len(name) > 4 and name[:2] == name[-2:] == "__" and name[2] != "_" and name[-3] != "_"


def is_sunder(name: str) -> bool:
    return len(name) > 2 and name[0] == name[-1] == "_" and name[1] != "_" and name[-2] != "_"


def is_private(name: str) -> bool:
    """``__name`` (mangled at run time); not a dunder."""
    return name.startswith("__") and not name.endswith("__")


def reserved(name: str) -> bool:
    """Names the run time never makes members, whatever their value.

    (Every one starts with ``_``: most names are decided by that first test.)
    """
    return name[:1] == "_" and (is_dunder(name) or is_sunder(name) or is_private(name))


# -- statements ----------------------------------------------------------------


def class_statements(body: list[Statement]) -> list[Statement]:
    """The body's statements, with those of ``if`` blocks mypy may take in place.

    Members under ``if TYPE_CHECKING:`` or ``if sys.version_info >= ...:`` are
    members to mypy too; the branches it knows are not taken are unreachable
    (mypy decides them from the target version and platform).
    """
    flat: list[Statement] = []
    for stmt in body:
        if isinstance(stmt, IfStmt):
            for block in [*stmt.body, stmt.else_body]:
                if block is not None and not block.is_unreachable:
                    flat.extend(class_statements(block.body))
        else:
            flat.append(stmt)
    return flat


#: The names whose assignments configure a class body at run time (``EnumDict``).
SETTING_NAMES = frozenset({"_ignore_", "_order_", "__order__"})


def setting_assignments(body: list[Statement]) -> list[AssignmentStmt]:
    """The body's assignments of one name in ``SETTING_NAMES``, in order.

    ``ignored_names`` and ``traps`` read ``_ignore_`` and ``_order_`` from
    these few instead of walking the whole body again.
    """
    found: list[AssignmentStmt] = []
    for stmt in body:
        if isinstance(stmt, AssignmentStmt) and len(stmt.lvalues) == 1:
            lvalue = stmt.lvalues[0]
            if isinstance(lvalue, NameExpr) and lvalue.name in SETTING_NAMES:
                found.append(stmt)
    return found


def ignored_names(assignments: list[AssignmentStmt]) -> list[str]:
    """The names ``_ignore_ = "a b"`` (or a list/tuple of strings) lists.

    ``assignments``: the body's setting assignments (``setting_assignments()``).
    """
    for stmt in assignments:
        lvalue = stmt.lvalues[0]
        if not (isinstance(lvalue, NameExpr) and lvalue.name == "_ignore_"):
            continue
        rvalue = stmt.rvalue
        if isinstance(rvalue, StrExpr):
            return rvalue.value.replace(",", " ").split()
        if isinstance(rvalue, (ListExpr, TupleExpr)):
            return [item.value for item in rvalue.items if isinstance(item, StrExpr)]
    return []


def _pairs(stmt: AssignmentStmt) -> Sequence[tuple[NameExpr, Expression]]:
    """(name, value) for each name bound: ``a = 1``, ``a = b = 1``, ``a, b = 1, 2``."""
    lvalues = stmt.lvalues
    if len(lvalues) == 1 and isinstance(lvalues[0], NameExpr):
        return ((lvalues[0], stmt.rvalue),)  # nearly every statement: no list to build
    found: list[tuple[NameExpr, Expression]] = []
    for lvalue in lvalues:
        if isinstance(lvalue, NameExpr):
            found.append((lvalue, stmt.rvalue))
        elif (
            isinstance(lvalue, TupleExpr)
            and isinstance(stmt.rvalue, TupleExpr)
            and len(lvalue.items) == len(stmt.rvalue.items)
        ):
            for item, value in zip(lvalue.items, stmt.rvalue.items, strict=True):
                if isinstance(item, NameExpr):
                    found.append((item, value))
    return found


def _has_descriptor_methods(info: TypeInfo) -> bool:
    return any(
        base.fullname != "builtins.object" and any(m in base.names for m in _DESCRIPTOR_METHODS)
        for base in info.mro
    )


def _is_descriptor_type(typ: Type | None) -> bool:
    """A function, or an instance of a class with ``__get__``/``__set__``/``__delete__``."""
    proper = get_proper_type(typ)
    if isinstance(proper, FunctionLike):
        return not proper.is_type_obj()
    return isinstance(proper, Instance) and _has_descriptor_methods(proper.type)


def _called_fullname(expr: Expression) -> str | None:
    if isinstance(expr, CallExpr) and isinstance(expr.callee, RefExpr):
        return expr.callee.fullname
    return None


def is_descriptor_value(expr: Expression) -> bool:
    """Whether the run time would see a descriptor (so: not a member).

    Decided from the expression alone, as far as semantic analysis knows it:
    a lambda, a reference to a function, a call of a class that defines
    ``__get__``/``__set__``/``__delete__`` (``property(f)``,
    ``staticmethod(f)``) or of a function declared to return a function or
    such an instance, and a name whose declared type is one of those.
    """
    if isinstance(expr, LambdaExpr):
        return True
    if isinstance(expr, RefExpr):
        node = expr.node
        if isinstance(node, (FuncDef, OverloadedFuncDef, Decorator)):
            return True
        return isinstance(node, Var) and _is_descriptor_type(node.type)
    if isinstance(expr, CallExpr) and isinstance(expr.callee, RefExpr):
        if expr.callee.fullname in (names.MEMBER, names.AUTO):
            return False
        callee = expr.callee.node
        if isinstance(callee, TypeInfo):
            return _has_descriptor_methods(callee)
        if isinstance(callee, FuncDef) and isinstance(callee.type, FunctionLike):
            returned = [item.ret_type for item in callee.type.items]
            return all(_is_descriptor_type(ret) for ret in returned)
    return False


def _is_member_decorator(decorator: Expression, fullname: str) -> bool:
    return isinstance(decorator, RefExpr) and decorator.fullname == fullname


def is_member_value(name: str, rvalue: Expression, ignored: list[str]) -> bool:
    """Whether ``name = rvalue`` in an enum body defines a member (or alias)."""
    if reserved(name) or name in ignored:
        return False
    if isinstance(rvalue, TempNode) and rvalue.no_rhs:
        return False  # ``genus: str``: a declaration, not a member
    if _called_fullname(rvalue) == names.NONMEMBER:
        return False
    return not is_descriptor_value(rvalue)


def _decorated_member(stmt: Decorator | ClassDef) -> bool:
    """``@member def speak`` / ``@member class Kind``: a member whatever it is."""
    decorators = stmt.original_decorators if isinstance(stmt, Decorator) else stmt.decorators
    return not reserved(stmt.name) and any(
        _is_member_decorator(d, names.MEMBER) for d in decorators
    )


def class_body(info: TypeInfo, body: list[Statement]) -> ClassBody:
    """Read an enum class body once: its statements, definitions and ``_ignore_``.

    Every class analyser gets this one reading (``main.class_analysers``);
    reading the body once per analyser was a sixth of the class hook's time.
    """
    statements = class_statements(body)
    found = setting_assignments(statements)
    ignored = ignored_names(found)
    return ClassBody(statements, definitions(info, statements, ignored), ignored, found)


def definitions(info: TypeInfo, body: list[Statement], ignored: list[str]) -> list[Definition]:
    """The member (and alias) definitions of ``body``, in order, the spec's way.

    ``body`` is the class body with reachable ``if`` blocks flattened
    (``class_statements``), ``ignored`` what its ``_ignore_`` lists.  Every
    other name the body assigns stays out: its ``Var`` loses
    ``has_explicit_value``, so ``TypeInfo.enum_members`` skips it too
    (idempotent: the flag is only ever cleared).
    """
    found: list[Definition] = []
    for stmt in body:
        if isinstance(stmt, AssignmentStmt):
            for lvalue, rvalue in _pairs(stmt):
                sym = info.names.get(lvalue.name)
                if sym is None or not isinstance(sym.node, Var):
                    continue
                if is_member_value(lvalue.name, rvalue, ignored):
                    found.append(Definition(lvalue.name, rvalue, stmt))
                elif not reserved(lvalue.name):
                    sym.node.has_explicit_value = False
        elif isinstance(stmt, (Decorator, ClassDef)) and _decorated_member(stmt):
            rvalue = TempNode(AnyType(TypeOfAny.special_form), context=stmt)
            found.append(Definition(stmt.name, rvalue, stmt))
    return found


# -- checks on the class body ----------------------------------------------------


def analyse_class(settings: Settings, ctx: ClassDefContext, body: ClassBody) -> None:
    """Report annotated members (``DOG: int = 2``).

    mypy alone reports them too, as ``Enum members must be left unannotated
    [misc]``, while it analyses the class body.  The plugin reports the same
    words under ``typed-enum-annotated-member`` one column earlier, so mypy's
    sorts after it and is dropped as a duplicate (mypy de-duplicates errors
    by line and text); mypy's note with the spec's link stays.  Runs after
    ``members.analyse_class``.  Precondition: ``ctx.cls.info`` is an enum.
    """
    info = ctx.cls.info
    record = metadata.read(info)
    if record is None:
        return
    members = set(record.members) | set(record.aliases)
    for stmt in body.statements:
        if not (isinstance(stmt, AssignmentStmt) and _annotated(stmt)):
            continue
        for lvalue, _ in _pairs(stmt):
            if lvalue.name in members:
                where = Context(line=lvalue.line, column=max(lvalue.column - 1, 0))
                fail(
                    ctx.api,
                    settings,
                    errorcodes.ANNOTATED_MEMBER,
                    messages.ANNOTATED_MEMBER,
                    where,
                )


def _annotated(stmt: AssignmentStmt) -> bool:
    """``DOG: int = 2`` (``DOG: Final = 2`` declares no type; mypy accepts it)."""
    annotation = stmt.unanalyzed_type
    if annotation is None or (isinstance(stmt.rvalue, TempNode) and stmt.rvalue.no_rhs):
        return False
    bare_final = (
        isinstance(annotation, UnboundType)
        and not annotation.args
        and annotation.name.rpartition(".")[2] == "Final"
    )
    return not bare_final


# -- class attribute access ------------------------------------------------------


def attribute_callback(
    settings: Settings, info: TypeInfo, attribute: str
) -> AttributeCallback | None:
    """The callback for ``Pet.attribute`` where mypy alone types it wrongly.

    * a ``@member`` method: mypy gives ``member[def (self) -> None]``; with
      the plugin it is ``Literal[Pet.speak]``, like any member;
    * a name in ``_ignore_``: reported, the run time deletes it;
    * another non-member ``Var`` that mypy types as a member literal (1.14:
      ``genus: str``, ``converter = lambda ...``, ``nonmember(...)``): its
      own type.

    None when nothing needs fixing.  Precondition: ``info`` is an enum.
    """
    sym = info.names.get(attribute)
    if sym is None or reserved(attribute):
        return None
    node = sym.node
    if isinstance(node, Decorator):
        return _member_literal_callback(info, attribute) if _decorated_member(node) else None
    if not isinstance(node, Var) or node.has_explicit_value:
        return None  # a member (this hook runs for every ``Color.red``: keep it cheap)
    record = metadata.read(info)
    if record is None:
        return None
    if attribute in record.ignored:
        return _ignored_callback(settings, info, attribute, node)
    if record.canonical(attribute) is None:
        return _nonmember_callback(info, node)
    return None


def _member_literal(info: TypeInfo, name: str) -> Instance:
    fallback = Instance(info, [])
    return fallback.copy_modified(last_known_value=LiteralType(name, fallback))


def _member_literal_callback(info: TypeInfo, name: str) -> AttributeCallback:
    def member_literal(ctx: AttributeContext) -> Type:
        """``Pet.speak`` (``@member def speak``) -> ``Literal[Pet.speak]``."""
        if ctx.is_lvalue:
            return ctx.default_attr_type
        return _member_literal(info, name)

    return member_literal


def _is_own_literal(typ: Type, info: TypeInfo, name: str) -> bool:
    proper = get_proper_type(typ)
    if isinstance(proper, Instance) and proper.type is info:
        return proper.last_known_value is not None and proper.last_known_value.value == name
    return isinstance(proper, LiteralType) and proper.fallback.type is info and proper.value == name


def _nonmember_callback(info: TypeInfo, var: Var) -> AttributeCallback:
    def nonmember_type(ctx: AttributeContext) -> Type:
        """A non-member mypy typed as ``Literal[Pet.genus]``: its own type."""
        if ctx.is_lvalue or not _is_own_literal(ctx.default_attr_type, info, var.name):
            return ctx.default_attr_type
        declared = get_proper_type(var.type)
        if declared is None:
            return AnyType(TypeOfAny.special_form)
        if isinstance(declared, Instance) and declared.type.fullname == names.NONMEMBER:
            return declared.args[0] if declared.args else AnyType(TypeOfAny.special_form)
        if isinstance(declared, Instance) and declared.type.get("__get__") is not None:
            return _class_get(declared)
        return declared

    return nonmember_type


def _class_get(descriptor: Instance) -> Type:
    """What ``descriptor.__get__(None, owner)`` returns (``staticmethod(f)`` -> ``f``)."""
    getter = get_proper_type(find_member("__get__", descriptor, descriptor, is_operator=True))
    if isinstance(getter, FunctionLike) and getter.items:
        return getter.items[0].ret_type
    return descriptor


def _ignored_callback(settings: Settings, info: TypeInfo, name: str, var: Var) -> AttributeCallback:
    def ignored(ctx: AttributeContext) -> Type:
        """``Pet.tmp`` with ``tmp`` in ``_ignore_``: the class has no such attribute.

        After the error the expression has the type of what the body
        assigned (``tmp = 2``: ``int``), as if it were a class attribute,
        which is what the code reading it expects: ``Any`` (mypy's type
        after its own ``[attr-defined]``) would add ``[no-any-return]`` under
        --strict, and mypy 1.14's default is a member literal.
        """
        message = messages.IGNORED_NAME.format(enum=info.name, name=name)
        fail(ctx.api, settings, errorcodes.IGNORED_NAME, message, ctx.context)
        return var.type if var.type is not None else ctx.default_attr_type

    return ignored


def without_nested_classes(typ: Type, python_version: tuple[int, int]) -> tuple[Type, bool]:
    """``typ`` less the literals of classes nested in an enum, where they are no members.

    A class defined in an enum body is a member on 3.11 and 3.12 and not
    from 3.13 on (CPython and the typing spec), but mypy 2.x lists it in
    ``TypeInfo.enum_members`` for every target, so after a ``match`` that
    names every member ``assert_never(e)`` is reached by
    ``Literal[E.Inner]``.  No hook changes that list (``enum_members`` takes
    any ``TypeInfo`` symbol), so ``open_enums``' ``assert_never`` hook asks
    this.  Returns the rest of ``typ`` (``Never`` when nothing is left) and
    whether any such literal was taken out.
    """
    if python_version < (3, 13):
        return typ, False
    proper = get_proper_type(typ)
    items = proper.items if isinstance(proper, UnionType) else [proper]
    kept = [item for item in items if not _nested_class_literal(get_proper_type(item))]
    if len(kept) == len(items):
        return typ, False
    return make_simplified_union(kept), True


def _nested_class_literal(item: ProperType) -> bool:
    if isinstance(item, Instance) and item.last_known_value is not None:
        item = item.last_known_value
    if not isinstance(item, LiteralType) or not isinstance(item.value, str):
        return False
    info = item.fallback.type
    sym = info.names.get(item.value)
    return info.is_enum and sym is not None and isinstance(sym.node, TypeInfo)
