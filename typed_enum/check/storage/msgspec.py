"""msgspec: a ``Struct`` encodes an enum field as its value (JSON, MessagePack, ...),
and decodes stored data by value.

Fields of ``msgspec.Struct`` subclasses (the project's own bases too): ``E``,
``Optional[E]``, ``E | None``, ``list[E]``, ``dict[str, E]``, and the fields of a
nested dataclass or TypedDict of the tree; a nested Struct is read on its own.

https://jcristharif.com/msgspec/supported-types.html#enum-intenum-strenum-intflag
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from typed_enum.check.storage.annotations import fields
from typed_enum.check.storage.places import Place, Unread
from typed_enum.check.storage.scope import Module, Tree

__all__ = ["LIBRARY", "read"]

LIBRARY: Final = "msgspec"
_STRUCTS: Final = frozenset({"msgspec.Struct", "msgspec.structs.Struct"})


def read(tree: Tree, module: Module) -> Iterator[Place | Unread]:
    """The places the module's msgspec structs store an enum."""
    structs = tree.memo.get(LIBRARY)
    if not isinstance(structs, frozenset):
        structs = frozenset(
            f"{m.name}.{q}"
            for m in tree.modules.values()
            for q in m.classes
            if tree.derives(m, q, _STRUCTS)
        )
        tree.memo[LIBRARY] = structs
    for qualname in module.classes:
        if f"{module.name}.{qualname}" in structs:
            yield from fields(tree, module, qualname, LIBRARY, "Struct field", structs)
