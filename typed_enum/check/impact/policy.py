"""Which kinds of site fail the check: ``fail-on-impact`` in ``[tool.typed_enum.check]``
and ``--fail-on-impact KIND,...`` (the option replaces the file's list).

::

    [tool.typed_enum.check]
    fail-on-impact = ["table", "else-raises"]

``impact-types = "off"`` there (or ``--impact-types off``) finds the sites from
the syntax alone; ``"auto"`` (the default) asks mypy's types too when mypy is
installed.

A kind also names its ``-raises`` variant (``else`` fails ``else-raises`` too);
``all`` names every kind.  By default no kind fails: the sites are listed for
the reviewer and the exit status is the comparison's.
"""

from __future__ import annotations

import difflib
import tomllib
from pathlib import Path
from typing import Final

from typed_enum.check.impact.kinds import KINDS
from typed_enum.check.policy import PolicyError

__all__ = ["KEY", "TYPES", "TYPES_KEY", "fails", "parse_kinds", "read_kinds", "read_types"]

KEY: Final = "fail-on-impact"
TYPES_KEY: Final = "impact-types"
#: The values of ``impact-types`` and ``--impact-types``.
TYPES: Final = ("auto", "off")
_WHERE = "[tool.typed_enum.check]"


def parse_kinds(kinds: object, where: str) -> frozenset[str]:
    """The kinds of a list (the file) or a comma-separated string (the option)."""
    if isinstance(kinds, str):
        kinds = [k.strip() for k in kinds.split(",") if k.strip()]
    if not isinstance(kinds, list) or not all(isinstance(k, str) for k in kinds):
        raise PolicyError(f"{where} must be a list of site kinds ({', '.join(KINDS)} or all)")
    for kind in kinds:
        if kind != "all" and kind not in KINDS:
            close = difflib.get_close_matches(kind, [*KINDS, "all"], n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise PolicyError(
                f"{where}: no site kind {kind!r}{hint} (the kinds are {', '.join(KINDS)}, all)"
            )
    return frozenset(kinds)


def _table(path: Path | None) -> dict[str, object]:
    """``[tool.typed_enum.check]`` of the TOML file at ``path`` (none: no file)."""
    if path is None or not path.is_file():
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, OSError):
        return {}  # the policy's own reading says what is wrong with the file
    table = data.get("tool", {}).get("typed_enum", {}).get("check", {})
    return table if isinstance(table, dict) else {}


def read_kinds(path: Path | None, shown: str) -> frozenset[str]:
    """``fail-on-impact`` of the TOML file at ``path`` (none: no file)."""
    table = _table(path)
    if KEY not in table:
        return frozenset()
    return parse_kinds(table[KEY], f"{shown}: {_WHERE} {KEY}")


def read_types(path: Path | None, shown: str) -> str:
    """``impact-types`` of the TOML file at ``path``: ``auto`` unless it says ``off``."""
    value = _table(path).get(TYPES_KEY, "auto")
    if value not in TYPES:
        raise PolicyError(
            f"{shown}: {_WHERE} {TYPES_KEY} must be one of {', '.join(map(repr, TYPES))}, not "
            f"{value!r}"
        )
    return str(value)


def fails(kind: str, chosen: frozenset[str]) -> bool:
    """Whether a site of ``kind`` fails the check under the ``chosen`` kinds."""
    return "all" in chosen or kind in chosen or kind.removesuffix("-raises") in chosen
