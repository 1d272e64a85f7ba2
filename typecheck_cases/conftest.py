"""Make typecheck cases version-independent without loosening them.

mypy renders some types differently across the supported range: 1.14 prints
``builtins.int`` and ``Union[int, str]``, newer releases ``int`` and
``int | str``; 1.14 also adds a note pointing into its bundled typeshed.  The
cases state the newest rendering; this rewrites mypy's actual output into
it before the exact comparison.  Nothing else is changed: messages, codes,
lines and columns must match as written.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest_mypy_plugins.item as item

_TYPESHED_NOTE = re.compile(r"^\S*typeshed[/\\]\S+\.pyi:\d+: note: ")
_BUILTINS = re.compile(r"\bbuiltins\.(?=[A-Za-z_])")
_SPECIAL = re.compile(r"\b(Union|Optional)\[")


def _split_args(text: str, start: int) -> tuple[list[str], int]:
    """Top-level comma-separated items from ``text[start:]`` up to the closing ``]``."""
    items: list[str] = []
    current: list[str] = []
    depth = 0
    i = start
    while i < len(text):
        ch = text[i]
        if ch == "[":
            depth += 1
        elif ch == "]":
            if depth == 0:
                items.append("".join(current).strip())
                return items, i + 1
            depth -= 1
        elif ch == "," and depth == 0:
            items.append("".join(current).strip())
            current = []
            i += 1
            continue
        current.append(ch)
        i += 1
    raise ValueError(text)


def modernise(line: str) -> str:
    """``Union[builtins.int, None]`` -> ``int | None``, recursively."""
    line = _BUILTINS.sub("", line)
    while match := _SPECIAL.search(line):
        try:
            args, end = _split_args(line, match.end())
        except ValueError:
            return line
        args = [modernise(a) for a in args]
        if match.group(1) == "Optional":
            args.append("None")
        line = line[: match.start()] + " | ".join(args) + line[end:]
    return line


_original = item.replace_fpath_with_module_name


def _replace(line: str, rootdir: Path) -> str:
    if _TYPESHED_NOTE.match(line):
        return ""
    return modernise(_original(line, rootdir=rootdir))


item.replace_fpath_with_module_name = _replace
