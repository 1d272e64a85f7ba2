"""Reporting: every diagnostic goes through here, with its code."""

from __future__ import annotations

from collections.abc import Callable

from mypy.errorcodes import ErrorCode
from mypy.nodes import Context
from mypy.plugin import CheckerPluginInterface, SemanticAnalyzerPluginInterface

from mypy_plugin.config import Settings
from mypy_plugin.links import add_link

#: ``fail`` or ``fail_past_operator_trial``.
Report = Callable[
    [CheckerPluginInterface, Settings, ErrorCode, str, Context],
    None,
]


def fail(
    api: CheckerPluginInterface | SemanticAnalyzerPluginInterface,
    settings: Settings,
    code: ErrorCode,
    message: str,
    context: Context,
) -> None:
    """Report ``message`` under ``code`` unless the check is switched off.

    With ``--show-error-code-links``, the code's page follows (``links``).
    """
    if settings.enabled(code):
        api.fail(message, context, code=code)
        add_link(api, code, context)


def fail_past_operator_trial(
    api: CheckerPluginInterface,
    settings: Settings,
    code: ErrorCode,
    message: str,
    context: Context,
) -> None:
    """Report from an operator method's signature hook without failing mypy's trial call.

    mypy checks ``a < b`` by trying ``a.__lt__(b)`` and then ``b.__gt__(a)``,
    each inside an error filter (``ExpressionChecker.check_op_reversible``):
    an error makes that trial fail, and when both fail the expression is
    ``Any``, so ``return a < b`` got ``[no-any-return]`` beside the plugin's
    error under ``--strict``.  The error is reported past the innermost
    filter (that trial's); an outer one (a speculative check of an enclosing
    expression) still sees it.  The trial passes, so the result keeps the
    operator's type (``bool``); the reflected trial is not run.
    """
    if not settings.enabled(code):
        return
    errors = getattr(getattr(api, "msg", None), "errors", None)
    watchers = getattr(errors, "_watchers", None)
    if not isinstance(watchers, list) or not watchers:
        api.fail(message, context, code=code)
        add_link(api, code, context)
        return
    # TODO: [mypy 2.4] no public way to report past a filter; _watchers is
    # the stack ErrorWatcher pushes (1.14 to 2.4).
    trial = watchers.pop()
    try:
        api.fail(message, context, code=code)
        add_link(api, code, context)
    finally:
        watchers.append(trial)
