"""The storage map: for each enum, every place it is stored and how (by name or by value)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final, Literal

__all__ = ["HOW", "Place", "StorageMap", "Unread"]

How = Literal["name", "value"]
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


@dataclass
class StorageMap:
    places: dict[str, list[Place]] = field(default_factory=dict)
    """enum path -> the places it is stored, in file and line order."""
    unread: list[Unread] = field(default_factory=list)
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

    def how(self, enum: str) -> str | None:
        """``"name"``, ``"value"`` or ``"both"``; None when stored nowhere that was read."""
        kinds = {place.how for place in self.of(enum)}
        if not kinds:
            return None
        return kinds.pop() if len(kinds) == 1 else "both"

    def unknown_because(self, enum: str) -> list[Unread]:
        """The places that made ``how(enum)`` "unknown" (the interface of issue 51;
        this reading never answers "unknown" yet: none)."""
        return []

    def as_json(self) -> dict[str, Any]:
        return {
            "enums": {
                enum: {"how": self.how(enum), "places": [p.as_json() for p in places]}
                for enum, places in sorted(self.places.items())
            },
            "unread": [
                {"what": u.what, "file": u.file, "line": u.line, "why": u.why} for u in self.unread
            ],
        }
