"""The storage map: for each enum, every place it is stored and how (by name or by value),
and the places that could store it but could not be read (its storage is then unknown)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal

__all__ = ["HOW", "Place", "StorageMap", "Stored", "Unread", "declare"]

How = Literal["name", "value"]
#: What ``StorageMap.how`` says of an enum (None: stored nowhere).
Stored = Literal["name", "value", "both", "unknown"]
#: What a stored name or value means to the data: the word shown in messages.
HOW: Final = {"name": "by name", "value": "by value"}


@dataclass(frozen=True)
class Place:
    """One place an enum is stored: a column, a model field, a struct field."""

    enum: str
    """The enum's dotted path (where it is defined)."""
    where: str
    """Dotted path of the field: ``shop.models.Order.status``."""
    how: How
    library: str
    """``SQLAlchemy``, ``Django``, ``pydantic``, ``msgspec``."""
    kind: str
    """What declares it: ``Enum column``, ``Mapped[...] column``, ``model field``..."""
    file: str
    line: int

    @property
    def described(self) -> str:
        """``by name in shop.models.Order.status (SQLAlchemy Enum column)``."""
        return f"{HOW[self.how]} in {self.where} ({self.library} {self.kind})"

    def as_json(self) -> dict[str, Any]:
        keys = ("where", "how", "library", "kind", "file", "line")
        return {key: getattr(self, key) for key in keys}


@dataclass(frozen=True)
class Unread:
    """A model (or a module of models) the reader could not read: where an enum it
    stores is stored is unknown."""

    what: str
    """The model, field or module."""
    file: str
    line: int
    why: str
    enum: str = ""
    """The enum it concerns; ``""``: not known (every enum its file names is then
    unknown, ``StorageMap.unknown``)."""


def declare(enum: str) -> str:
    """How to say where ``enum`` is stored when the check cannot read it."""
    return (
        f'declare how it is stored in pyproject.toml: [tool.typed_enum.check.storage] "{enum}" '
        f'= "name" (or "value", "both")'
    )


@dataclass
class StorageMap:
    places: dict[str, list[Place]] = field(default_factory=dict)
    """enum path -> the places it is stored, in file and line order."""
    unread: list[Unread] = field(default_factory=list)
    unknown: dict[str, list[Unread]] = field(default_factory=dict)
    """enum path -> the places that could store it and could not be read: a
    reference in a model the readers could not classify, a column helper or a
    serializer they cannot follow, a model module that names it and does not parse."""
    aliases: dict[str, str] = field(default_factory=dict)
    """A path an enum is importable under (a re-export) -> the path it is defined at:
    a finding names the enum by its old path, which may be a re-export now."""

    def add(self, places: Iterable[Place]) -> None:
        for place in places:
            found = self.places.setdefault(place.enum, [])
            if place not in found:
                found.append(place)
                found.sort(key=lambda p: (p.file, p.line, p.where))

    def of(self, enum: str) -> list[Place]:
        return self.places.get(self.aliases.get(enum, enum), [])

    def note(self, unread: Unread) -> None:
        """``unread`` (whose ``enum`` is set) makes its enum's storage unknown; its
        ``why`` is told how to declare the storage."""
        unread = replace(unread, why=f"{unread.why}; {declare(unread.enum)}")
        found = self.unknown.setdefault(unread.enum, [])
        if unread not in found:
            found.append(unread)
            found.sort(key=lambda u: (u.file, u.line, u.what))

    def how(self, enum: str) -> Stored | None:
        """``"name"``, ``"value"`` or ``"both"`` when every place that could store the
        enum was read and says so; ``"unknown"`` when one could not be read
        (``unknown_because``); None when no model of the tree names the enum and
        every module that could was read."""
        if self.unknown_because(enum):
            return "unknown"
        kinds = {place.how for place in self.of(enum)}
        if not kinds:
            return None
        if len(kinds) > 1:
            return "both"
        return "name" if kinds == {"name"} else "value"

    def unknown_because(self, enum: str) -> list[Unread]:
        """The places that make the enum's storage unknown (empty: it is known), each
        with file, line, what it is and why it was not read, the ``why`` ending with
        how to declare the enum's storage in the policy."""
        return list(self.unknown.get(self.aliases.get(enum, enum), []))

    def as_json(self) -> dict[str, Any]:
        enums: dict[str, Any] = {}
        for enum in sorted({*self.places, *self.unknown}):
            entry = {"how": self.how(enum), "places": [p.as_json() for p in self.of(enum)]}
            if enum in self.unknown:
                entry["unknown"] = [_unread(u) for u in self.unknown[enum]]
            enums[enum] = entry
        return {"enums": enums, "unread": [_unread(u) for u in self.unread]}


def _unread(unread: Unread) -> dict[str, Any]:
    return {"what": unread.what, "file": unread.file, "line": unread.line, "why": unread.why}
