"""``auto()`` in a Flag class body is the int it becomes, so ``~A`` type-checks.

At run time ``_EnumDict`` replaces ``A = auto()`` by its value as soon as it
is assigned, so later lines of the body see an ``int``: ``C = A | B`` and
``D = ~A`` compute with ints.  typeshed's ``auto`` has ``__or__``,
``__and__`` and ``__xor__`` for the first but no ``__invert__``, so mypy
(alone) reports ``D = ~A`` as ``Unsupported operand type for ~ ("auto")``
on every Python, and mypy asks no plugin hook for a missing operator
method.  In the body of a Flag (``IntFlag``) the plugin types the call
``auto()`` as ``int``, what the name is there (issue 26, defect 1).

What ``D`` then is follows the target version as stdlib does: up to 3.14 a
negative value is a member of its own (``X.D`` has value ``-2``); from 3.15
on it is the complement over the class's members (``X.D is X.B``, an alias
or a combination): with ``python_version = 3.15`` ``X.D`` is
``Literal[X.B]`` (``members`` records it as B's alias), up to 3.14
``Literal[X.D]``.

Example::

    class X(Flag):
        A = auto()
        B = auto()
        D = ~A          # accepted; 3.15: X.D is X.B
"""

from __future__ import annotations

from mypy.checker import TypeChecker
from mypy.plugin import FunctionContext
from mypy.types import Type

from mypy_plugin import names


def auto_callback(ctx: FunctionContext) -> Type:
    """``auto()`` directly in a Flag body is an ``int``; elsewhere unchanged."""
    api = ctx.api
    if not isinstance(api, TypeChecker) or any(ctx.args):
        return ctx.default_return_type
    info = api.scope.active_class()  # None inside a function, even in the body
    if info is None:
        return ctx.default_return_type
    if not any(base.fullname in (names.STD_FLAG, names.FLAG) for base in info.mro):
        return ctx.default_return_type
    return api.named_type("builtins.int")
