"""Named constants: ``Constants`` groups and ``constant()``, precisely typed.

A named constant is its value with a name: ``HTTP.OK == 200`` and
``HTTP.OK + 1`` work, and ``HTTP.OK.name == "OK"``.  mypy alone types
``class HTTP(Constants): OK = 200`` as ``HTTP.OK: int`` (``.name`` and
``.value`` are then attribute errors), and ``constant("OK", 200)`` as
``IntConstant`` whose ``.value`` is ``int``.  With the plugin both are
``IntConstant[Literal[200], Literal['OK']]``: usable as an ``int``, with
``.value`` ``Literal[200]`` and ``.name`` ``Literal['OK']``::

    class HTTP(Constants):
        OK = 200

    HTTP.OK                      # IntConstant[Literal[200], Literal['OK']]
    HTTP.from_name("OK")         # the same
    HTTP.from_value(404)         # E: 404 is not a value of "HTTP"; its values are 200 (OK)

The literal types live in the constant's type arguments (``NamedConstant``
is generic in its value and name, with defaults), so they survive
assignment, function boundaries and mypy's cache; no attribute hook is
needed for ``.value``/``.name``.  Values of other types than int, str,
float and bytes keep their own type in a group (a tuple constant is
still usable as a tuple); ``constant("P", (1, 2))`` is
``NamedConstant[tuple[int, int], Literal['P']]``, as it is declared.  ``from_value``/``from_name`` with a literal that
names no declared constant are ``typed-enum-bad-lookup`` errors, and so is
``has_name`` with such a literal (it is then False unless ``add()`` adds the
name); a constant added at run time with ``HTTP.add()`` is not known
statically.  Combinations (``O.WRONLY | O.CREAT``) need no hook: typed_enum
annotates ``IntConstant``'s ``|``, ``&`` and ``^`` as ``IntConstant[int,
str]``, which the literal constants above inherit.
"""

from __future__ import annotations

from collections.abc import Callable

from mypy.checker import TypeChecker
from mypy.nodes import AssignmentStmt, Expression, NameExpr, TypeInfo, Var
from mypy.plugin import (
    AttributeContext,
    CheckerPluginInterface,
    ClassDefContext,
    FunctionContext,
    MethodContext,
)
from mypy.types import (
    AnyType,
    FunctionLike,
    Instance,
    LiteralType,
    Type,
    TypeType,
    get_proper_type,
)

from mypy_plugin import errorcodes, messages, metadata, names
from mypy_plugin.config import Settings
from mypy_plugin.features import lookups, values
from mypy_plugin.metadata import Value
from mypy_plugin.report import fail

#: Value type -> the constant class a value of that type becomes.
_CLASSES = {
    "builtins.int": names.INT_CONSTANT,
    "builtins.str": names.STR_CONSTANT,
    "builtins.float": names.FLOAT_CONSTANT,
    "builtins.bytes": names.BYTES_CONSTANT,
}
_CONSTANT_CLASSES = frozenset(_CLASSES.values()) | {names.NAMED_CONSTANT}


def is_group(info: TypeInfo) -> bool:
    """A ``Constants`` subclass (or ``Constants`` itself)."""
    return info.has_base(names.CONSTANTS)


def analyse_group(ctx: ClassDefContext) -> None:
    """Record the public ``NAME = value`` statements of a group's body.

    Runs as a base-class hook (idempotent).  Precondition: ``ctx.cls.info``
    derives from ``Constants``.
    """
    info = ctx.cls.info
    evaluator = values.Evaluator(info)
    found: dict[str, Value] = {}
    for stmt in ctx.cls.defs.body:
        if not (isinstance(stmt, AssignmentStmt) and len(stmt.lvalues) == 1):
            continue
        lvalue = stmt.lvalues[0]
        if not isinstance(lvalue, NameExpr) or lvalue.name.startswith("_"):
            continue
        found[lvalue.name] = evaluator.evaluate(lvalue.name, stmt.rvalue)
    metadata.write_constants(info, found)


def group_constants(info: TypeInfo) -> dict[str, Value]:
    """Every constant of the group, inherited ones first, as the run time orders them."""
    merged: dict[str, Value] = {}
    for base in reversed(info.mro):
        merged.update(metadata.read_constants(base) or {})
    return merged


def _str_literal(api: CheckerPluginInterface, text: str) -> LiteralType:
    return LiteralType(text, api.named_generic_type("builtins.str", []))


def _value_literal(api: CheckerPluginInterface, value: Value) -> Type | None:
    literal = values.literal_type(api, value)
    proper = get_proper_type(literal) if literal is not None else None
    if isinstance(proper, Instance) and proper.last_known_value is not None:
        return proper.last_known_value
    if value is not None and value[0] == "bytes":
        return LiteralType(value[1], api.named_generic_type("builtins.bytes", []))
    return proper


def constant_type(
    api: CheckerPluginInterface, name: str, value: Value, declared: Type | None
) -> Type | None:
    """The type of constant ``name`` whose value is ``value`` (or of type ``declared``).

    None where the run time makes no constant (callables, bools) or nothing
    is known.
    """
    label = _str_literal(api, name)
    proper = get_proper_type(declared) if declared is not None else None
    if isinstance(proper, (FunctionLike, TypeType, AnyType)):
        return None
    if isinstance(proper, Instance) and proper.type.fullname in _CONSTANT_CLASSES:
        # ``X = constant("Y", 1)`` in a group: the group names it X.
        if len(proper.args) == 2:
            return proper.copy_modified(args=[proper.args[0], label])
        return None
    literal = _value_literal(api, value)
    if literal is None and isinstance(proper, Instance):
        literal = proper.last_known_value or proper
    if isinstance(proper, LiteralType):
        literal = proper
    literal_proper = get_proper_type(literal) if literal is not None else None
    if isinstance(literal_proper, LiteralType):
        fallback = literal_proper.fallback.type.fullname
    elif isinstance(literal_proper, Instance):
        fallback = literal_proper.type.fullname
    else:
        return None
    if fallback == "builtins.bool":
        return None  # the run time refuses bools: bool cannot be subclassed
    assert literal is not None
    if fallback not in _CLASSES:
        # A tuple, Decimal, ... constant is an instance of a subclass of its
        # value's type, which no static type expresses: keep the value's type.
        return None
    if fallback == "builtins.float":
        literal = api.named_generic_type("builtins.float", [])
    return _instance(api, _CLASSES[fallback], [literal, label])


def _instance(api: CheckerPluginInterface, fullname: str, args: list[Type]) -> Instance | None:
    """``fullname[args]``; typed_enum's private modules are not attributes of the
    package, so ``named_generic_type`` cannot find them."""
    if not isinstance(api, TypeChecker):
        return None
    module, _, name = fullname.rpartition(".")
    tree = api.modules.get(module)
    sym = tree.names.get(name) if tree is not None else None
    if sym is None or not isinstance(sym.node, TypeInfo):
        return None
    return Instance(sym.node, args)


def _declared_type(info: TypeInfo, name: str) -> Type | None:
    sym = info.get(name)
    if sym is not None and isinstance(sym.node, Var):
        return sym.node.type
    return None


def make_attribute_callback(info: TypeInfo, name: str) -> Callable[[AttributeContext], Type]:
    """``HTTP.OK``: ``IntConstant[Literal[200], Literal['OK']]``.

    Without the plugin ``int`` (the assignment's type).  Precondition:
    ``info`` is a group and ``name`` one of its recorded constants.
    """

    def constant_attribute(ctx: AttributeContext) -> Type:
        if ctx.is_lvalue:
            return ctx.default_attr_type
        value = group_constants(info).get(name)
        made = constant_type(ctx.api, name, value, ctx.default_attr_type)
        return made if made is not None else ctx.default_attr_type

    return constant_attribute


def _group_of(typ: Type) -> TypeInfo | None:
    proper = get_proper_type(typ)
    if isinstance(proper, FunctionLike) and proper.is_type_obj():
        return proper.type_object()
    if isinstance(proper, TypeType):
        item = get_proper_type(proper.item)
        return item.type if isinstance(item, Instance) else None
    return None


def _listing(items: list[str]) -> str:
    shown = ", ".join(items[: lookups.MAX_LISTED])
    rest = len(items) - lookups.MAX_LISTED
    return f"{shown} and {rest} more" if rest > 0 else shown or "none"


def from_value_callback(settings: Settings, ctx: MethodContext) -> Type:
    """``HTTP.from_value(200)``: the first constant with that value.

    Without the plugin ``NamedConstant[Any]``.  A literal that no declared
    constant has is an error.  Precondition: typed_enum's
    ``Constants.from_value``.
    """
    info = _group_of(ctx.type)
    argument = lookups.literal_of(ctx.arg_types[0][0]) if len(ctx.arg_types[0]) == 1 else None
    if argument is None and len(ctx.args[0]) == 1:
        argument = _float_argument(info, ctx.args[0][0])
    if info is None or argument is None or argument[0] == "member":
        return ctx.default_return_type
    constants = group_constants(info)
    key = values.comparable(list(argument))
    for name, value in constants.items():
        if value is not None and values.comparable(value) == key:
            made = constant_type(ctx.api, name, value, _declared_type(info, name))
            return made if made is not None else ctx.default_return_type
    if any(value is None for value in constants.values()):
        return ctx.default_return_type
    message = messages.BAD_CONSTANT_VALUE.format(
        value=lookups.shown(list(argument)),
        group=info.name,
        valid=_listing([f"{lookups.shown(v)} ({n})" for n, v in constants.items()]),
    )
    fail(ctx.api, settings, errorcodes.BAD_LOOKUP, message, ctx.context)
    return ctx.default_return_type


def _float_argument(info: TypeInfo | None, expr: Expression) -> lookups.Literal | None:
    """``1.5`` (or ``-1.5``) written as the argument: mypy has no float literal type."""
    if info is None:
        return None
    value = values.Evaluator(info).constant(expr)
    return ("float", value[1]) if value is not None and value[0] == "float" else None


def _name_hint(name: str, every: list[str]) -> str:
    hint = messages.did_you_mean(name, every)
    if not hint:
        hint = f"; its constants are {_listing(every)}" if every else "; it has no constants"
    return hint


def _name_argument(ctx: MethodContext) -> tuple[TypeInfo, str] | None:
    """The group and the literal name of ``HTTP.from_name("OK")`` / ``has_name``, or None."""
    info = _group_of(ctx.type)
    argument = lookups.literal_of(ctx.arg_types[0][0]) if len(ctx.arg_types[0]) == 1 else None
    if info is None or argument is None or argument[0] != "str":
        return None
    return info, str(argument[1])


def from_name_callback(settings: Settings, ctx: MethodContext) -> Type:
    """``HTTP.from_name("OK")``: that constant's type; a typo is an error.

    Without the plugin ``NamedConstant[Any]``.  Precondition: typed_enum's
    ``Constants.from_name``.
    """
    found = _name_argument(ctx)
    if found is None:
        return ctx.default_return_type
    info, name = found
    constants = group_constants(info)
    if name in constants:
        made = constant_type(ctx.api, name, constants[name], _declared_type(info, name))
        return made if made is not None else ctx.default_return_type
    hint = _name_hint(name, list(constants))
    message = messages.BAD_CONSTANT_NAME.format(name=name, group=info.name, hint=hint)
    fail(ctx.api, settings, errorcodes.BAD_LOOKUP, message, ctx.context)
    return ctx.default_return_type


def has_name_callback(settings: Settings, ctx: MethodContext) -> Type:
    """``HTTP.has_name("OKK")``: a literal no declared constant has is an error.

    Without the plugin (and with it) the call is ``bool``; the plugin adds
    ``typed-enum-bad-lookup`` with a did-you-mean when the literal names no
    constant of the group, since the test is then False unless ``add()``
    adds that name at run time.  Precondition: typed_enum's
    ``Constants.has_name``.
    """
    found = _name_argument(ctx)
    if found is None:
        return ctx.default_return_type
    info, name = found
    constants = group_constants(info)
    if name not in constants:
        hint = _name_hint(name, list(constants))
        message = messages.BAD_CONSTANT_TEST.format(name=name, group=info.name, hint=hint)
        fail(ctx.api, settings, errorcodes.BAD_LOOKUP, message, ctx.context)
    return ctx.default_return_type


def constant_callback(ctx: FunctionContext) -> Type:
    """``constant("OK", 200)``: ``IntConstant[Literal[200], Literal['OK']]``.

    Without the plugin ``IntConstant`` (``.value`` ``int``, ``.name``
    ``str``).  Precondition: the callee is ``typed_enum.constant``.
    """
    default = get_proper_type(ctx.default_return_type)
    if not isinstance(default, Instance) or len(default.args) != 2:
        return ctx.default_return_type
    if len(ctx.arg_types) < 2 or len(ctx.arg_types[0]) != 1 or len(ctx.arg_types[1]) != 1:
        return ctx.default_return_type
    name = lookups.literal_of(ctx.arg_types[0][0])
    args = list(default.args)
    if name is not None and name[0] == "str":
        args[1] = _str_literal(ctx.api, name[1])
    value = get_proper_type(ctx.arg_types[1][0])
    if isinstance(value, Instance) and value.last_known_value is not None:
        value = value.last_known_value
    if isinstance(value, LiteralType) and _CLASSES.get(value.fallback.type.fullname) == (
        default.type.fullname
    ):
        args[0] = value
    return default.copy_modified(args=args)
