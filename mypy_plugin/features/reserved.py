"""Retired names: ``cancelled = reserved(4)`` is no member, and reading it is an error.

mypy alone reads ``cancelled = reserved(4)`` as a member whose value is 4
(``reserved`` is typed ``(T) -> T``), so ``Status.cancelled`` type-checks and
a match must handle it.  With the plugin the name is no member
(``members.analyse_class`` takes it out), ``Status.cancelled`` is reported
under ``typed-enum-reserved`` (the run time raises AttributeError), and
literal lookups of the retired value or name under ``typed-enum-bad-lookup``
(``lookups``).

After the error ``Status.cancelled`` is ``Status``: code that reads a
retired name meant a member of the enum, and mypy's own type for it (the
value's ``int`` on mypy 2.x, a member literal on 1.14) would add a second
error for the same fault wherever a ``Status`` is expected (``[arg-type]``,
``[return-value]``, ``[comparison-overlap]`` under --strict); ``Any``
(mypy's type after its own attribute errors) would too, in ``return`` and in
comparisons (``[no-any-return]``).  On an enum with one member mypy reads
the instance type as that member (``s is Status.cancelled`` is then always
true to it): the line carries this error, which is the fault to fix.
"""

from __future__ import annotations

from collections.abc import Callable

from mypy.nodes import TypeInfo
from mypy.plugin import AttributeContext
from mypy.types import Instance, Type

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
        """``Status.cancelled`` -> an error; the expression is ``Status`` (see the module)."""
        record = metadata.read(info)
        value = record.reserved.get(attribute) if record is not None else None
        message = messages.RESERVED_ACCESS.format(
            name=attribute, enum=info.name, value=lookups_shown(value)
        )
        fail(ctx.api, settings, errorcodes.RESERVED, message, ctx.context)
        if not settings.enabled(errorcodes.RESERVED):
            return ctx.default_attr_type  # no error: mypy's own type, as without the check
        return Instance(info, [])

    return retired_access
