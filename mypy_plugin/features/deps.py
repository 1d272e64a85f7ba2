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
name of the class fires the class's own trigger when it is added, removed or
changed, and everything that mentions ``Color`` depends on that trigger.

Runs last among the class analysers, so it sees the names the others add;
idempotent.  Precondition: ``ctx.cls.info`` is an enum.

Only when mypy keeps fine-grained dependencies: under the daemon
(``fine_grained_incremental``) and when writing them for it
(``cache_fine_grained``).  Otherwise mypy never reads a module's plugin
dependencies (``State.update_fine_grained_deps`` in mypy/build.py, 1.14.1
and 2.4.1), and adding them was a tenth of the class hook's time.
"""

from __future__ import annotations

from mypy.nodes import Var
from mypy.plugin import ClassDefContext
from mypy.server.trigger import make_trigger

from mypy_plugin import metadata
from mypy_plugin.config import Settings
from mypy_plugin.features import membership


def analyse_class(settings: Settings, ctx: ClassDefContext, body: membership.ClassBody) -> None:
    """Make a change to any member of ``ctx.cls.info`` fire ``<Color>`` itself."""
    options = ctx.api.options
    if not (options.fine_grained_incremental or options.cache_fine_grained):
        return
    info = ctx.cls.info
    record = metadata.read(info)
    known = set(record.aliases) | set(record.members) if record is not None else set()
    whole_class = make_trigger(info.fullname)
    for name, sym in info.names.items():
        # An open enum's and a Flag's members are hidden from mypy's member
        # list (open_enums): the record still names them.
        member_like = isinstance(sym.node, Var) and (
            sym.node.has_explicit_value or sym.plugin_generated or name in known
        )
        if member_like:
            ctx.api.add_plugin_dependency(make_trigger(f"{info.fullname}.{name}"), whole_class)
