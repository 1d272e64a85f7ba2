"""The typed_enum mypy plugin: ``plugins = typed_enum.mypy`` (or ``mypy_plugin``) in your mypy config."""

from __future__ import annotations

from mypy.plugin import Plugin

__all__ = ["plugin"]


def plugin(version: str) -> type[Plugin]:
    """mypy's entry point: the plugin class for this mypy ``version``."""
    from mypy_plugin.main import TypedEnumPlugin

    return TypedEnumPlugin
