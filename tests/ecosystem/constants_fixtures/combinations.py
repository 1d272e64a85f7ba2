"""Correct code using named-constant combinations, names and export.

Every checker must accept it as it is: mypy with the plugin (strict),
pyright, basedpyright, pyrefly and ty, from typed_enum's annotations alone.
"""

from __future__ import annotations

from typed_enum import Constants, IntConstant, constant, global_constants


@global_constants
class O(Constants):  # noqa: E742
    RDONLY = 0
    WRONLY = 1
    RDWR = 2
    CREAT = 64


class Words(Constants):
    YES = "NO"
    NO = "YES"


READ = constant("READ", 4)
WRITE = constant("WRITE", 2)


def open_flags(flags: int) -> int:
    return flags


# Group constants combine into ints, with each other and with plain ints.
flags: int = O.WRONLY | O.CREAT
flags = open_flags(O.WRONLY | O.CREAT)
flags = O.RDWR | 1024
flags = 64 | O.WRONLY
flags = (O.WRONLY | O.CREAT) & ~O.CREAT
flags = O.CREAT ^ O.CREAT
flags |= O.CREAT

# Constants made by constant() combine into named constants on every checker.
mode: IntConstant = READ | WRITE
mode = READ & 6
mode = READ ^ WRITE
mode |= WRITE
plain: int = 1 | READ  # IntConstant for mypy and ty; int for pyright and pyrefly
bits: int = (READ | WRITE).value
label: str = (READ | WRITE).name
text: str = f"{READ | WRITE:#x} {READ | WRITE!r} {mode!s}"

# Names are tested apart from values.
has_ok: bool = O.has_name("WRONLY")
has_yes: bool = Words.has_name("YES") and "NO" in Words
every: tuple[str, ...] = O.names()
first: str = O.names()[0]
