"""Retired names: ``cancelled = reserved(4)`` is no member, and reading it is an error.

mypy alone reads ``cancelled = reserved(4)`` as a member whose value is 4
(``reserved`` is typed ``(T) -> T``), so ``Status.cancelled`` type-checks and
a match must handle it.  With the plugin the name is no member
(``members.analyse_class`` takes it out), ``Status.cancelled`` is reported
under ``typed-enum-reserved`` (the run time raises AttributeError), and
literal lookups of the retired value or name under ``typed-enum-bad-lookup``
(``lookups``).
"""

from __future__ import annotations

from collections.abc import Callable

from mypy.nodes import TypeInfo
from mypy.plugin import AttributeContext
from mypy.types import Type

from mypy_plugin import errorcodes, messages, metadata
from mypy_plugin.config import Settings
from mypy_plugin.features.members import lookups_shown
from mypy_plugin.report import fail


def is_retired(info: TypeInfo, attribute: str) -> bool:
    record = metadata.read(info)
    return record is not None and attribute in record.reserved


def make_access_callback(
    settings: Settings, info: TypeInfo, attribute: str
) -> Callable[[AttributeContext], Type]:
    def retired_access(ctx: AttributeContext) -> Type:
        """``Status.cancelled`` -> an error; the type mypy gave it stays."""
        record = metadata.read(info)
        value = record.reserved.get(attribute) if record is not None else None
        message = messages.RESERVED_ACCESS.format(
            name=attribute, enum=info.name, value=lookups_shown(value)
        )
        fail(ctx.api, settings, errorcodes.RESERVED, message, ctx.context)
        return ctx.default_attr_type

    return retired_access
