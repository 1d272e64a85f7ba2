"""One reader for the on/off settings of both tools: the mypy plugin's
``[tool.typed_enum]`` and ``typed-enum check``'s ``[tool.typed_enum.check]``.

In TOML a setting is a TOML boolean, ``true`` or ``false``: a string such as
``"no"`` is refused, so that the same key means the same in both tables.  In
an ini file (mypy.ini, setup.cfg) every value is text, and mypy's own words
for a boolean are read there: true/false, yes/no, on/off, 1/0.
"""

from __future__ import annotations

from typing import Final

__all__ = ["boolean"]

_INI_TRUE: Final = frozenset({"true", "yes", "on", "1"})
_INI_FALSE: Final = frozenset({"false", "no", "off", "0"})


def boolean(value: object, *, ini: bool = False) -> bool:
    """``value`` as a boolean; ValueError ``must be true or false, not ...`` otherwise."""
    if isinstance(value, bool):
        return value
    if ini and isinstance(value, str):
        word = value.strip().lower()
        if word in _INI_TRUE | _INI_FALSE:
            return word in _INI_TRUE
    raise ValueError(f"must be true or false, not {value!r}")
