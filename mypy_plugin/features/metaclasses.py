"""``typed-enum-metaclass-conflict``: a stdlib-only enum metaclass on a typed_enum enum.

At run time every typed_enum enum has the metaclass ``TypedEnumType`` (a
subclass of ``enum.EnumType``), but type checkers see ``enum.EnumType``:
``typed_enum/_base.py`` declares stdlib's metaclass under ``TYPE_CHECKING``
(pyright types every ``.value`` as ``Any`` otherwise).  So mypy alone accepts

    class HealthCheckMeta(enum.EnumMeta): ...
    class HealthCheck(typed_enum.Enum, metaclass=HealthCheckMeta): ...

which raises ``TypeError: metaclass conflict`` when the class is created:
``HealthCheckMeta`` is not a subclass of ``TypedEnumType``.  With the plugin
the class statement is reported; the fix is to derive the metaclass from
``typed_enum.TypedEnumType`` (what ``typed-enum migrate`` does).
"""

from __future__ import annotations

from mypy.nodes import TypeInfo
from mypy.plugin import ClassDefContext

from mypy_plugin import errorcodes, messages, names
from mypy_plugin.config import Settings
from mypy_plugin.features import membership
from mypy_plugin.features.members import is_typed_enum
from mypy_plugin.report import fail


def _stdlib_only(meta: TypeInfo) -> bool:
    """A custom enum metaclass that does not derive from TypedEnumType."""
    return (
        meta.fullname != names.ENUM_META
        and meta.has_base(names.ENUM_META)
        and not meta.has_base(names.TYPED_ENUM_TYPE)
    )


def analyse_class(settings: Settings, ctx: ClassDefContext, body: membership.ClassBody) -> None:
    """Report a typed_enum enum whose declared metaclass is stdlib-only.

    Precondition: ``ctx.cls.info`` is an enum.  The metaclass may be declared
    on the class or on a stdlib base; a typed_enum base that declares one was
    reported where it is defined, so it is not reported again here.
    """
    info = ctx.cls.info
    if not is_typed_enum(info):
        return
    for owner in info.mro:
        declared = owner.declared_metaclass
        if declared is None or not _stdlib_only(declared.type):
            continue
        if owner is not info and is_typed_enum(owner):
            return
        base = next(b for b in info.mro[1:] if b.fullname in names.TYPED_ENUM_BASES)
        message = messages.METACLASS_CONFLICT.format(
            meta=declared.type.name, enum=info.name, base=base.name
        )
        fail(ctx.api, settings, errorcodes.METACLASS_CONFLICT, message, ctx.cls)
        return
