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
what a name in one refers to), ``annotations`` (the enums an annotation holds),
``finder`` (the tree read, each reader run), ``report`` (``--show-storage``).
Each finding is judged by the map once, before it is made
(``typed_enum.check.decision``).
"""

from __future__ import annotations

from typed_enum.check.storage.finder import find
from typed_enum.check.storage.places import Place, StorageMap, Unread

__all__ = ["Place", "StorageMap", "Unread", "find"]
