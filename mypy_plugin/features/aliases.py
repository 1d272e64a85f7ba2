"""Aliases are their canonical member, statically too.

mypy alone gives ``Color.crimson`` (``crimson = alias(red)`` or
``crimson = red``) the type ``Literal[Color.crimson]``, a member of its own
that a match must handle (mypy #21117).  With the plugin it is
``Literal[Color.red]``.
"""

from __future__ import annotations

from collections.abc import Callable

from mypy.nodes import TypeInfo
from mypy.plugin import AttributeContext
from mypy.types import Instance, LiteralType, Type

from mypy_plugin import metadata

AliasCallback = Callable[[AttributeContext], Type]


def member_type(info: TypeInfo, name: str) -> Instance:
    """``Literal[Color.red]?``: the type mypy gives the expression ``Color.red``."""
    fallback = Instance(info, [])
    return fallback.copy_modified(last_known_value=LiteralType(name, fallback))


def alias_target(info: TypeInfo, attribute: str) -> str | None:
    """The member ``info.attribute`` is an alias of, if it is one."""
    record = metadata.read(info)
    if record is None:
        return None
    return record.aliases.get(attribute)


def make_alias_callback(info: TypeInfo, target: str) -> AliasCallback:
    def alias_type(ctx: AttributeContext) -> Type:
        """``Color.crimson`` -> ``Literal[Color.red]``."""
        return member_type(info, target)

    return alias_type
