"""Lookups by value and by name, and the errors they raise.

stdlib says ``99 is not a valid Color`` and ``KeyError: 'rde'``; these say
which values and names exist, with a did-you-mean for names.
"""

from __future__ import annotations

import enum

from typed_enum._static import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

__all__ = [
    "NameTable",
    "closest_name",
    "did_you_mean",
    "name_error",
    "retired_name",
    "retired_value",
    "value_error",
]

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
    retired = retired_name(enum_cls, name)
    if retired is not None:
        return KeyError(retired)
    names = list(enum_cls._member_map_)
    hint = did_you_mean(name, names)
    if not hint:
        hint = f"; members are {_listing(names)}" if names else "; it has no members"
    return KeyError(f"{name!r} is not a member of {enum_cls.__qualname__}{hint}")


# -- retired values and names (reserved(), _reserved.py) ----------------------


def reserved_of(cls: type) -> dict[str, Any]:
    """The retired names of ``cls`` and their values (empty for most classes)."""
    found: dict[str, Any] = cls.__dict__.get("_te_reserved_", {})
    return found


def retired_value(cls: type, value: object) -> str | None:
    """The error text for a lookup of a retired value, or None when it is not one."""
    for name, old in reserved_of(cls).items():
        try:
            same = bool(old == value)
        except Exception:  # a value that cannot compare with it is not it
            same = False
        if same:
            return (
                f"{_safe_repr(value)} is not a valid {cls.__qualname__}: it was retired "
                f"({name} = reserved({_safe_repr(old)})) and no member may take it"
            )
    return None


def retired_name(cls: type, name: object) -> str | None:
    """The error text for a lookup of a retired name, or None when it is not one."""
    retired = reserved_of(cls)
    if isinstance(name, str) and name in retired:
        return (
            f"{name!r} is not a member of {cls.__qualname__}: it was retired "
            f"({name} = reserved({_safe_repr(retired[name])})) and no member may take it"
        )
    return None


# -- from_name's fast path ----------------------------------------------------


class NameTable(dict[str, "Any"]):
    """A copy of an enum's ``_member_map_`` whose missing name raises ``name_error``.

    ``Color.from_name(k)`` is a classmethod: finding it on the class binds a
    method, and its frame costs about what stdlib's whole ``Color[k]`` does.
    The first call on an enum with members stores this table's ``__getitem__``
    (C code, no binding) in the class as ``from_name``, so later calls cost
    a dict lookup; a miss calls ``__missing__``, which finds members added
    since (``extend()``, 3.13's ``_add_alias_``) or raises the error
    ``from_name`` always raised.
    """

    __slots__ = ("te_cls",)
    te_cls: type[enum.Enum]

    def __missing__(self, name: str) -> Any:
        cls = self.te_cls
        members = cls._member_map_
        if name in members:
            member = self[name] = members[name]
            return member
        raise name_error(cls, name)
