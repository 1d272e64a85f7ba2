"""The enum classes an imported module defines, by qualified name (nested ones too).

One walk for ``typed-enum check`` and ``typed-enum migrate``: both import the
tree under review in a child process (``python -c``) and list its enums with
this.  The child imports no typed_enum (the tree may carry its own), so it
loads this file by its path; it uses the standard library only.

A class counts where the module defines it: its ``__module__`` is the module
and its ``__qualname__`` is the name it is reached by, so an enum imported
from elsewhere, or bound under a second name, is listed once, at home.  A
class whose ``__qualname__`` names nothing in the module (``Mode =
Enum("Modes", ...)``) is listed under the name it is bound to.
"""

from __future__ import annotations

import enum
from types import ModuleType

__all__ = ["enum_classes"]


def enum_classes(module: ModuleType) -> dict[str, type[enum.Enum]]:
    """The enum classes ``module`` defines: qualified name -> class, in definition order."""
    found: dict[str, type[enum.Enum]] = {}
    _walk(module, module, "", module.__name__, set(), found)
    return found


def _at(root: ModuleType, qualname: str) -> object:
    """What ``qualname`` names in ``root`` (None if nothing)."""
    found: object = root
    for part in qualname.split("."):
        found = getattr(found, part, None)
    return found


def _walk(
    root: ModuleType,
    owner: object,
    prefix: str,
    module: str,
    seen: set[int],
    found: dict[str, type[enum.Enum]],
) -> None:
    for name, value in list(vars(owner).items()):
        if not isinstance(value, type) or id(value) in seen:
            continue
        if getattr(value, "__module__", None) != module:
            continue
        qualname = prefix + name
        own = getattr(value, "__qualname__", None)
        if own != qualname and (not isinstance(own, str) or _at(root, own) is value):
            # A second name of a class listed under its own (``Colour = Color``).
            continue
        seen.add(id(value))
        if issubclass(value, enum.Enum):
            found[qualname] = value
        _walk(root, value, qualname + ".", module, seen, found)
