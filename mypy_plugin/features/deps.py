"""Daemon dependencies: a change to any member re-checks every user of the enum.

mypy's daemon (``dmypy``) re-checks a function when a name it refers to
changes.  A ``match`` or ``if/elif`` chain over ``Color``, ``.value`` of a
``Color`` and ``exhaustive_map(Color, ...)`` depend on *all* members but
name only some, so without this, adding ``Color.blue`` (or changing its
value, or making the enum open) leaves them stale: under dmypy a match that
no longer covers every member stays green until the user's own file changes
(mypy 1.14.1 and 2.4.1, with or without the rest of the plugin;
tests/test_incremental.py).  With it, every member (also those of an open
enum or a Flag, hidden from mypy's member list), alias and plugin-generated
name of the class fires the triggers of every other member and of the
attributes that read the member list (``analyse_class``) when it is added,
removed or changed.  (Until issue 29 they fired ``<Color>`` itself, so
everything that mentions ``Color`` was re-checked, imports and annotations
included: 1.23x a daemon's recheck on python-telegram-bot.)

Runs last among the class analysers, so it sees the names the others add;
idempotent.  Precondition: ``ctx.cls.info`` is an enum.

Only when mypy keeps fine-grained dependencies: under the daemon
(``fine_grained_incremental``) and when writing them for it
(``cache_fine_grained``).  Otherwise mypy never reads a module's plugin
dependencies (``State.update_fine_grained_deps`` in mypy/build.py, 1.14.1
and 2.4.1), and adding them was a tenth of the class hook's time.
"""

from __future__ import annotations

from typing import Final

from mypy.nodes import Var
from mypy.plugin import ClassDefContext
from mypy.server.trigger import make_trigger

from mypy_plugin import metadata
from mypy_plugin.config import Settings
from mypy_plugin.features import membership

#: A trigger of the plugin's own, per enum class: fired when any member is
#: added, removed or changed, and firing every member's trigger in turn.
MEMBERS: Final = "__typed_enum_members__"
#: Attributes whose type or result depends on the whole member list: ``.value``
#: and ``.name`` of a variable (a union of the members' literals), lookups by
#: value or name (``Color(1)``, ``Color.from_value(1)``).
_MEMBER_LIST_ATTRIBUTES: Final = (
    "value",
    "name",
    "_value_",
    "_name_",
    "__init__",
    "__new__",
    "__call__",
    "from_value",
    "from_name",
    "try_from_value",
    "try_from_name",
)


def analyse_class(settings: Settings, ctx: ClassDefContext, body: membership.ClassBody) -> None:
    """Make a change to any member of ``ctx.cls.info`` fire every member's trigger.

    A ``match`` or ``if/elif`` chain over ``Color`` names some member
    (``case Color.red:``, ``c is Color.red``), so mypy makes it depend on
    ``<Color.red>``; ``.value`` of a ``Color`` depends on ``<Color.value>``.
    Each member's trigger fires ``<Color.__typed_enum_members__>``, which
    fires every member's and those attributes' triggers: what reads the
    member list is re-checked, and what merely mentions ``Color`` (an import,
    an annotation) is not.  An enum with at most one member also fires
    ``<Color>`` itself: code written for the empty class (``assert_never(c)``)
    names no member.
    """
    options = ctx.api.options
    if not (options.fine_grained_incremental or options.cache_fine_grained):
        return
    info = ctx.cls.info
    record = metadata.read(info)
    known = set(record.aliases) | set(record.members) if record is not None else set()
    members = make_trigger(f"{info.fullname}.{MEMBERS}")
    count = 0
    for name, sym in info.names.items():
        # An open enum's and a Flag's members are hidden from mypy's member
        # list (open_enums): the record still names them.
        member_like = isinstance(sym.node, Var) and (
            sym.node.has_explicit_value or sym.plugin_generated or name in known
        )
        if member_like:
            count += 1
            trigger = make_trigger(f"{info.fullname}.{name}")
            ctx.api.add_plugin_dependency(trigger, members)
            ctx.api.add_plugin_dependency(members, trigger)
    for attribute in _MEMBER_LIST_ATTRIBUTES:
        ctx.api.add_plugin_dependency(members, make_trigger(f"{info.fullname}.{attribute}"))
    if count <= 1:
        ctx.api.add_plugin_dependency(members, make_trigger(info.fullname))
