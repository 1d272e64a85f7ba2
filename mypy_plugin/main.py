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
    AttributeContext,
    ClassDefContext,
    FunctionContext,
    FunctionSigContext,
    MethodSigContext,
    Plugin,
    ReportConfigContext,
)
from mypy.types import CallableType, Type

from mypy_plugin import cache, config, names
from mypy_plugin.config import Settings
from mypy_plugin.features import (
    aliases,
    deps,
    equality,
    maps,
    members,
    open_enums,
    ordering,
    values,
)

#: What runs for every enum class body, in order.  ``members.analyse_class``
#: writes the class's record first; the others read it.
CLASS_ANALYSERS: tuple[Callable[[Settings, ClassDefContext], None], ...] = (
    members.analyse_class,
    open_enums.analyse_class,
    # Keep last: it sees every name the others add.
    deps.analyse_class,
)


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
        self._attribute_hooks: dict[str, Callable[[AttributeContext], Type]] = dict.fromkeys(
            names.ENUM_VALUE_ACCESS, values.value_callback
        )
        self._function_hooks: dict[str, Callable[[FunctionContext], Type]] = {
            names.EXHAUSTIVE_MAP: maps.make_callback(self.settings),
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
            names.CONTAINS: partial(equality.contains_signature, self.settings),
            names.ITER: partial(equality.iter_signature, self.settings),
        }
        self._method_signature_hooks: dict[str, Callable[[MethodSigContext], CallableType]] = {
            names.LIST_SORT: partial(ordering.list_sort_signature, self.settings),
        }

    def _enum_info(self, fullname: str) -> TypeInfo | None:
        sym = self.lookup_fully_qualified(fullname)
        if sym is not None and isinstance(sym.node, TypeInfo) and sym.node.is_enum:
            return sym.node
        return None

    def get_base_class_hook(self, fullname: str) -> Callable[[ClassDefContext], None] | None:
        info = self._enum_info(fullname)
        if info is None:
            return None
        return partial(_analyse_enum_class, self.settings)

    def get_class_attribute_hook(self, fullname: str) -> Callable[[AttributeContext], Type] | None:
        owner, _, attribute = fullname.rpartition(".")
        info = self._enum_info(owner)
        if info is None:
            return None
        target = aliases.alias_target(info, attribute)
        callback = aliases.make_alias_callback(info, target) if target else None
        if open_enums.is_open_member(info, attribute):
            return open_enums.make_member_callback(self.settings, info, callback)
        return callback

    def get_attribute_hook(self, fullname: str) -> Callable[[AttributeContext], Type] | None:
        return self._attribute_hooks.get(fullname)

    def get_function_hook(self, fullname: str) -> Callable[[FunctionContext], Type] | None:
        return self._function_hooks.get(fullname)

    def get_function_signature_hook(
        self, fullname: str
    ) -> Callable[[FunctionSigContext], CallableType] | None:
        return self._function_signature_hooks.get(fullname)

    def get_method_signature_hook(
        self, fullname: str
    ) -> Callable[[MethodSigContext], CallableType] | None:
        hook = self._operator_signature_hooks.get(fullname.rpartition(".")[2])
        return hook if hook is not None else self._method_signature_hooks.get(fullname)

    def report_config_data(self, ctx: ReportConfigContext) -> Any:
        return cache.config_data(self.settings, self._fingerprint)
