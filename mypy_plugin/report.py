"""Reporting: every diagnostic goes through here, with its code."""

from __future__ import annotations

from mypy.errorcodes import ErrorCode
from mypy.nodes import Context
from mypy.plugin import CheckerPluginInterface, SemanticAnalyzerPluginInterface

from mypy_plugin.config import Settings


def fail(
    api: CheckerPluginInterface | SemanticAnalyzerPluginInterface,
    settings: Settings,
    code: ErrorCode,
    message: str,
    context: Context,
) -> None:
    """Report ``message`` under ``code`` unless the check is switched off."""
    if settings.enabled(code):
        api.fail(message, context, code=code)
