"""Where each enum of a revision is stored, and how: by name or by value.

The storage map is read from the revision's source with ``ast``, one module a
library (and, for SQLAlchemy, by importing the model modules where they can be
imported: ``imported``, ``_imported``):

- ``sqlalchemy``: ``Enum(E)`` columns (names; values with ``values_callable``),
  ``Mapped[E]`` (an inferred ``Enum(E)``);
- ``django``: model fields with ``choices=E.choices``, enum fields (values);
- ``pydantic``: model fields (values);
- ``msgspec``: ``Struct`` fields (values);

and the shared parts: ``places`` (the map), ``scope`` (the tree's modules and
what a name in one refers to, as Python resolves it: re-exports, star imports,
module aliases, apps imported by their short names), ``annotations`` (the enums an
annotation holds), ``references`` (every reference to an enum in a model-like class
that no reader classified), ``finder`` (the tree read, each reader run), ``judge``
(the findings judged by the map), ``report`` (``--show-storage``, the map in JSON
and SARIF).

An enum is judged "by name" or "by value" only on complete, positive evidence:
``StorageMap.how`` is ``"unknown"`` when a place that could store the enum was not
read (``StorageMap.unknown_because`` names each, with how to declare the storage in
``[tool.typed_enum.check.storage]``), and None (stored nowhere) only when no
model-like place names it and every module that could was read.
"""

from __future__ import annotations

from typed_enum.check.storage.finder import find
from typed_enum.check.storage.places import Place, StorageMap, Unread

__all__ = ["Place", "StorageMap", "Unread", "find"]
