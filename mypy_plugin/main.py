"""The plugin class: dispatch only; each feature lives in ``features/``."""

from __future__ import annotations

from typing import final

from mypy.plugin import Plugin


@final
class TypedEnumPlugin(Plugin):
    """Hooks look fullnames up in tables and hand over to feature modules."""
