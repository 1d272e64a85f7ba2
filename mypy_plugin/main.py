"""The plugin class: dispatch only; each feature lives in ``features/``.

Hooks resolve the fullname they are asked about, decide from tables or from
the class's ``TypeInfo`` which feature owns it, and return that feature's
callback; no type logic lives here.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, final

from mypy.nodes import TypeInfo
from mypy.options import Options
from mypy.plugin import (
    AnalyzeTypeContext,
    AttributeContext,
    ClassDefContext,
    DynamicClassDefContext,
    FunctionContext,
    FunctionSigContext,
    MethodContext,
    MethodSigContext,
    Plugin,
    ReportConfigContext,
)
from mypy.types import CallableType, Type

from mypy_plugin import cache, config, names
from mypy_plugin.config import Settings
from mypy_plugin.features import (
    aliases,
    constants,
    constructors,
    definitions,
    deps,
    equality,
    flags,
    functional,
    lookups,
    maps,
    members,
    membership,
    metaclasses,
    open_enums,
    ordering,
    traps,
    value_types,
)

#: What runs for every enum class body, in order.  ``members.analyse_class``
#: writes the class's record first; the others read it.
CLASS_ANALYSERS: tuple[Callable[[Settings, ClassDefContext], None], ...] = (
    members.analyse_class,
    membership.analyse_class,
    constructors.analyse_class,
    value_types.analyse_class,
    traps.analyse_class,
    # A Flag's boundary (lookups) decides whether open_enums hides its members.
    lookups.analyse_class,
    open_enums.analyse_class,
    definitions.analyse_class,
    metaclasses.analyse_class,
    # Keep last: it sees every name the others add.
    deps.analyse_class,
)

#: typed_enum's classmethods whose calls a feature refines, by bare name.
ENUM_METHODS: dict[str, Callable[[Settings, MethodContext], Type]] = {
    **lookups.METHODS,
    names.EXTEND: definitions.extend_callback,
}

#: ``Constants`` classmethods whose calls are refined, by bare name.
GROUP_METHODS: dict[str, Callable[[Settings, MethodContext], Type]] = {
    names.FROM_VALUE: constants.from_value_callback,
    names.FROM_NAME: constants.from_name_callback,
    names.HAS_NAME: constants.has_name_callback,
}


def _flag_contains(settings: Settings, ctx: MethodSigContext) -> CallableType:
    """``x in c``: a narrowed Flag's own signature first, then the cross-enum check."""
    signature = flags.contains_signature(ctx)
    return equality.contains_signature(settings, ctx._replace(default_signature=signature))


def _analyse_enum_class(settings: Settings, ctx: ClassDefContext) -> None:
    for analyse in CLASS_ANALYSERS:
        analyse(settings, ctx)


@final
class TypedEnumPlugin(Plugin):
    """Makes mypy understand typed_enum (and stdlib enums) exactly."""

    def __init__(self, options: Options) -> None:
        super().__init__(options)
        self.settings = config.load(options.config_file)
        self._fingerprint = cache.code_fingerprint()
        self._attribute_hooks: dict[str, Callable[[AttributeContext], Type]] = {
            **dict.fromkeys(names.ENUM_VALUE_ACCESS, value_types.value_callback),
            **dict.fromkeys(names.ENUM_NAME_ACCESS, value_types.name_callback),
        }
        self._function_hooks: dict[str, Callable[[FunctionContext], Type]] = {
            names.EXHAUSTIVE_MAP: maps.make_callback(self.settings),
            names.CONSTANT: constants.constant_callback,
        }
        self._function_signature_hooks: dict[str, Callable[[FunctionSigContext], CallableType]] = {
            names.EXHAUSTIVE_MAP: maps.make_signature_callback(self.settings),
            **dict.fromkeys(
                names.ASSERT_NEVER, open_enums.make_assert_never_callback(self.settings)
            ),
            **{
                fullname: partial(ordering.sorting_signature, self.settings, function)
                for fullname, function in (
                    (names.SORTED, "sorted"),
                    (names.MIN, "min"),
                    (names.MAX, "max"),
                )
            },
        }
        # Operator methods by bare name, for any receiver class: the enum may
        # be the argument ("x" < Mode.read asks builtins.str.__lt__) or a
        # Literal (asked under the class defining the method).  Each callback
        # returns at its first check when no enum is involved.
        self._operator_signature_hooks: dict[str, Callable[[MethodSigContext], CallableType]] = {
            **{
                method: partial(ordering.comparison_signature, self.settings, method)
                for method in names.ORDERING_METHODS
            },
            **{
                method: partial(equality.equality_signature, self.settings, method)
                for method in names.EQUALITY_METHODS
            },
            names.CONTAINS: partial(_flag_contains, self.settings),
            names.ITER: partial(equality.iter_signature, self.settings),
        }
        self._literal_hook = traps.make_literal_callback()
        self._method_signature_hooks: dict[str, Callable[[MethodSigContext], CallableType]] = {
            names.LIST_SORT: partial(ordering.list_sort_signature, self.settings),
        }

    def _enum_info(self, fullname: str) -> TypeInfo | None:
        sym = self.lookup_fully_qualified(fullname)
        if sym is not None and isinstance(sym.node, TypeInfo) and sym.node.is_enum:
            return sym.node
        return None

    def _group_info(self, fullname: str) -> TypeInfo | None:
        sym = self.lookup_fully_qualified(fullname)
        if sym is not None and isinstance(sym.node, TypeInfo) and constants.is_group(sym.node):
            return sym.node
        return None

    def get_base_class_hook(self, fullname: str) -> Callable[[ClassDefContext], None] | None:
        info = self._enum_info(fullname)
        if info is None:
            return constants.analyse_group if self._group_info(fullname) else None
        return partial(_analyse_enum_class, self.settings)

    def get_class_attribute_hook(self, fullname: str) -> Callable[[AttributeContext], Type] | None:
        owner, _, attribute = fullname.rpartition(".")
        info = self._enum_info(owner)
        if info is None:
            group = self._group_info(owner)
            if group is not None and attribute in constants.group_constants(group):
                return constants.make_attribute_callback(group, attribute)
            return None
        target = aliases.alias_target(info, attribute)
        callback = aliases.make_alias_callback(info, target) if target else None
        if open_enums.is_open_member(info, attribute):
            return open_enums.make_member_callback(self.settings, info, attribute, callback)
        if callback is None:
            return membership.attribute_callback(self.settings, info, attribute)
        return callback

    def get_type_analyze_hook(self, fullname: str) -> Callable[[AnalyzeTypeContext], Type] | None:
        return self._literal_hook if fullname in names.LITERAL else None

    def get_attribute_hook(self, fullname: str) -> Callable[[AttributeContext], Type] | None:
        hook = self._attribute_hooks.get(fullname)
        owner, _, attribute = fullname.rpartition(".")
        if hook is None and attribute in names.SHADOWED_ATTRIBUTES:
            # A member named value/name: instance access finds it, not Enum's.
            info = self._enum_info(owner)
            if info is not None and value_types.shadowing_member(info, attribute):
                return self._attribute_hooks.get(f"{names.STD_ENUM}.{attribute}")
        return hook

    def get_function_hook(self, fullname: str) -> Callable[[FunctionContext], Type] | None:
        hook = self._function_hooks.get(fullname)
        if hook is None and self._enum_info(fullname) is not None:
            return partial(lookups.call_callback, self.settings)
        return hook

    def get_dynamic_class_hook(
        self, fullname: str
    ) -> Callable[[DynamicClassDefContext], None] | None:
        sym = self.lookup_fully_qualified(fullname)
        if sym is not None and isinstance(sym.node, TypeInfo) and functional.accepts(sym.node):
            return functional.make_callback(self.settings)
        return None

    def get_method_hook(self, fullname: str) -> Callable[[MethodContext], Type] | None:
        owner, _, method = fullname.rpartition(".")
        callback = ENUM_METHODS.get(method)
        if callback is not None and self._typed_method(owner, method):
            return partial(callback, self.settings)
        callback = GROUP_METHODS.get(method)
        if callback is not None and self._group_method(owner, method):
            return partial(callback, self.settings)
        if method in flags.SELF_RETURNING:
            info = self._enum_info(owner)
            if info is not None and flags.is_flag(info):
                return flags.self_return_callback
        return None

    def _group_method(self, owner: str, method: str) -> bool:
        info = self._group_info(owner)
        sym = info.get(method) if info is not None else None
        return sym is not None and sym.fullname == f"{names.CONSTANTS}.{method}"

    def _typed_method(self, owner: str, method: str) -> bool:
        """Whether ``owner.method`` is typed_enum's own classmethod (not overridden)."""
        info = self._enum_info(owner)
        sym = info.get(method) if info is not None else None
        return sym is not None and sym.fullname == f"{names.ENUM}.{method}"

    def get_function_signature_hook(
        self, fullname: str
    ) -> Callable[[FunctionSigContext], CallableType] | None:
        hook = self._function_signature_hooks.get(fullname)
        if hook is None and self._enum_info(fullname) is not None:
            return functional.call_signature
        return hook

    def get_method_signature_hook(
        self, fullname: str
    ) -> Callable[[MethodSigContext], CallableType] | None:
        hook = self._operator_signature_hooks.get(fullname.rpartition(".")[2])
        return hook if hook is not None else self._method_signature_hooks.get(fullname)

    def report_config_data(self, ctx: ReportConfigContext) -> Any:
        return cache.config_data(self.settings, self._fingerprint)
