"""The plugin class: dispatch only; each feature lives in ``features/``.

Hooks resolve the fullname they are asked about, decide from tables or from
the class's ``TypeInfo`` which feature owns it, and return that feature's
callback; no type logic lives here.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import final

from mypy.nodes import TypeInfo
from mypy.options import Options
from mypy.plugin import AttributeContext, ClassDefContext, Plugin
from mypy.types import Type

from mypy_plugin import config, names
from mypy_plugin.config import Settings
from mypy_plugin.features import aliases, members, values

#: What runs for every enum class body, in order.  ``members.analyse_class``
#: writes the class's record first; the others read it.
CLASS_ANALYSERS: tuple[Callable[[Settings, ClassDefContext], None], ...] = (members.analyse_class,)


def _analyse_enum_class(settings: Settings, ctx: ClassDefContext) -> None:
    for analyse in CLASS_ANALYSERS:
        analyse(settings, ctx)


@final
class TypedEnumPlugin(Plugin):
    """Makes mypy understand typed_enum (and stdlib enums) exactly."""

    def __init__(self, options: Options) -> None:
        super().__init__(options)
        self.settings = config.load(options.config_file)
        self._attribute_hooks: dict[str, Callable[[AttributeContext], Type]] = dict.fromkeys(
            names.ENUM_VALUE_ACCESS, values.value_callback
        )

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
        return aliases.make_alias_callback(info, target) if target else None

    def get_attribute_hook(self, fullname: str) -> Callable[[AttributeContext], Type] | None:
        return self._attribute_hooks.get(fullname)
