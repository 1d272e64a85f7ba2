"""Lookups by value and by name, and the errors they raise.

stdlib says ``99 is not a valid Color`` and ``KeyError: 'rde'``; these say
which values and names exist, with a did-you-mean for names.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

__all__ = ["closest_name", "did_you_mean", "name_error", "value_error"]

#: How many valid values an error message lists before it says "and N more".
_MAX_LISTED = 12


def closest_name(word: str, candidates: Iterable[str]) -> str | None:
    """The candidate ``word`` was most likely meant as: same letters in another
    case first, else the closest spelling; None when nothing is close.

    The mypy plugin's did-you-means use it too, so both halves suggest alike.
    """
    names = list(candidates)
    close = [n for n in names if n.casefold() == word.casefold()]
    if not close:
        import difflib  # here, on the error path: it costs ~10 ms at import time

        close = difflib.get_close_matches(word, names, n=1, cutoff=0.6)
    return close[0] if close else None


def did_you_mean(word: object, candidates: Iterable[str]) -> str:
    """``"; did you mean 'red'?"`` for the closest candidate, or ``""``."""
    close = closest_name(word, candidates) if isinstance(word, str) else None
    return f"; did you mean {close!r}?" if close is not None else ""


def _listing(items: list[str]) -> str:
    shown = ", ".join(items[:_MAX_LISTED])
    rest = len(items) - _MAX_LISTED
    return f"{shown} and {rest} more" if rest > 0 else shown


def _safe_repr(value: object) -> str:
    """``repr(value)``, or a placeholder when that raises (a broken ``__repr__``,
    an int past the int-to-str digit limit): an error message must not fail."""
    try:
        return repr(value)
    except Exception:
        return f"<{type(value).__qualname__} object>"


def value_error(enum_cls: type[enum.Enum], message: str) -> ValueError:
    """The error for ``Color(99)``: stdlib's ``message`` (``99 is not a valid
    Color``), then the valid values, the first ``_MAX_LISTED`` of them."""
    names = enum_cls._member_names_
    if not names:
        return ValueError(f"{message}: it has no members")
    members = enum_cls._member_map_
    valid = [f"{_safe_repr(members[name]._value_)} ({name})" for name in names[:_MAX_LISTED]]
    rest = len(names) - len(valid)
    listing = ", ".join(valid) + (f" and {rest} more" if rest > 0 else "")
    return ValueError(f"{message}; valid values are {listing}")


def name_error(enum_cls: type[enum.Enum], name: object) -> KeyError:
    """The error for ``Color["rde"]``: the bad name, a did-you-mean, the names."""
    names = list(enum_cls._member_map_)
    hint = did_you_mean(name, names)
    if not hint:
        hint = f"; members are {_listing(names)}" if names else "; it has no members"
    return KeyError(f"{name!r} is not a member of {enum_cls.__qualname__}{hint}")
