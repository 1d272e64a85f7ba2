"""A module the running Python cannot parse: newer syntax, or a real syntax error.

A tree may be valid for a newer Python than the one running the tool (a file
with Python 3.12's ``type X = ...`` read on 3.11).  Such a module is not the
user's mistake: its note names the construct, the Python that reads it and
how to run the tool with that Python.  When the construct is not one this
module knows but the project's ``requires-python`` allows a newer Python, the
note says that a newer Python may read it.  Otherwise the note is the syntax
error's file and line.  No case stops the check: the other modules are
compared, and the run's exit status says the check was incomplete
(``INCOMPLETE``).
"""

from __future__ import annotations

import re
import sys
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from typed_enum.check.snapshot import Snapshot

__all__ = [
    "INCOMPLETE",
    "allowed_newer",
    "explain",
    "newer_construct",
    "requires_python",
    "set_aside",
]

#: The exit status of a check that compared what it could read, found nothing breaking,
#: but could not read every module (1 stays "something breaks", 2 "cannot run").
INCOMPLETE: Final = 3

#: (pattern on the failing line, what it is, the first Python that reads it), newest first.
_CONSTRUCTS: Final = (
    (
        re.compile(r"^\s*except\s+[^\s(:][^:]*,[^:]*:"),
        "an except clause without parentheses",
        (3, 14),
    ),
    (
        re.compile(r"(?<![\w'\"])[tT][rR]?['\"]|(?<![\w'\"])[rR][tT]['\"]"),
        'a template string (t"...")',
        (3, 14),
    ),
    (
        re.compile(r"^\s*(?:(?:async\s+)?def|class)\s+\w+\s*\[[^\]]*=|^\s*type\s+\w+\s*\[[^\]]*="),
        "a type parameter default ([T = int])",
        (3, 13),
    ),
    (re.compile(r"^\s*type\s+[A-Za-z_]\w*\s*(?:\[[^\]]*\])?\s*="), "the type statement", (3, 12)),
    (re.compile(r"^\s*(?:async\s+)?def\s+\w+\s*\["), "a generic function (def f[T])", (3, 12)),
    (re.compile(r"^\s*class\s+\w+\s*\["), "a generic class (class C[T])", (3, 12)),
)
#: Error messages of an f-string that Python 3.12 reads (PEP 701: the same quotes, a
#: backslash or a comment inside a replacement field).
_FSTRING: Final = re.compile(r"^f-string")


def _version(version: tuple[int, ...]) -> str:
    return ".".join(map(str, version))


def newer_construct(
    text: str, line: int | None, message: str, running: tuple[int, int] | None = None
) -> tuple[str, tuple[int, int]] | None:
    """The newer construct at ``line`` that the running Python cannot parse, and the
    first Python that can, or None (a real syntax error, or nothing known)."""
    running = running or (sys.version_info[0], sys.version_info[1])
    lines = text.splitlines()
    if line is None or not 1 <= line <= len(lines):
        return None
    written = lines[line - 1]
    for pattern, what, needs in _CONSTRUCTS:
        if needs > running and pattern.search(written):
            return what, needs
    if _FSTRING.match(message) and running < (3, 12):
        return "an f-string with quotes, backslashes or comments inside {} (PEP 701)", (3, 12)
    return None


def requires_python(root: Path) -> str | None:
    """``[project] requires-python`` of the ``pyproject.toml`` at ``root``, if any."""
    try:
        data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    spec = data.get("project", {}).get("requires-python")
    return spec if isinstance(spec, str) else None


_CLAUSE: Final = re.compile(r"^\s*(~=|==|!=|<=|>=|<|>)\s*([0-9]+(?:\.[0-9]+)*)(\.\*)?\s*$")


def _allows(spec: str, version: tuple[int, int, int]) -> bool | None:
    """Whether ``version`` meets every clause of ``spec`` (None: a clause not understood)."""
    for clause in spec.split(","):
        if not clause.strip():
            continue
        found = _CLAUSE.match(clause)
        if found is None:
            return None
        op, number, star = found.groups()
        wanted = tuple(int(p) for p in number.split("."))
        have = version[: len(wanted)] if star or op in ("==", "!=") else version
        padded = wanted + (0,) * (len(have) - len(wanted))
        if op == "~=":
            ok = version >= padded[:3] and version[: len(wanted) - 1] == wanted[:-1]
        else:
            ok = {
                "==": have == padded,
                "!=": have != padded,
                "<=": have <= padded,
                ">=": have >= padded,
                "<": have < padded,
                ">": have > padded,
            }[op]
        if not ok:
            return False
    return True


def allowed_newer(spec: str, running: tuple[int, int] | None = None) -> tuple[int, int] | None:
    """The first Python 3 minor version newer than ``running`` that ``spec`` allows."""
    running = running or (sys.version_info[0], sys.version_info[1])
    for minor in range(running[1] + 1, running[1] + 10):
        if any(_allows(spec, (3, minor, patch)) for patch in range(30)):
            return 3, minor
    return None


def _how(needs: tuple[int, int]) -> str:
    version = _version(needs)
    return (
        f"run the check with Python {version} or newer "
        f"(python{version} -m typed_enum check ..., typed-enum installed for it; "
        f"or uvx --python {version} typed-enum check ...)"
    )


def explain(why: str, text: str, line: int | None, message: str, spec: str | None) -> str:
    """What a note says of a module the running Python cannot parse (``why``: the
    error as the snapshot gives it, ``SyntaxError: invalid syntax (line 12)``)."""
    running = (sys.version_info[0], sys.version_info[1])
    here = f"Python {_version(running)}"
    construct = newer_construct(text, line, message, running)
    if construct is not None:
        what, needs = construct
        return (
            f"cannot be read by {here}: line {line} uses {what}, which Python "
            f"{_version(needs)} reads; {_how(needs)}"
        )
    newer = allowed_newer(spec, running) if spec else None
    if newer is not None:
        return (
            f"cannot be read by {here} ({why}); the project's requires-python "
            f"({spec}) allows newer Pythons, which may read it: {_how(newer)}, or fix line {line}"
        )
    return f"cannot be read ({why})"


def error_line(why: str) -> tuple[int | None, str]:
    """The line and message of a snapshot's ``SyntaxError: MSG (line N)``."""
    found = re.match(r"SyntaxError: (.*) \(line (\d+)\)$", why)
    if found is None:
        return None, why
    return int(found.group(2)), found.group(1)


def read_text(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8", "replace")
    except OSError:
        return ""


def notes(label: str, unreadable: Iterable[tuple[str, str]], root: Path) -> list[tuple[str, str]]:
    """One note per module of one revision that could not be read: ``(file, why)``."""
    spec = requires_python(root)
    found = []
    for file, why in unreadable:
        line, message = error_line(why)
        said = (
            explain(why, read_text(root / file), line, message, spec)
            if why.startswith("SyntaxError")
            else f"cannot be read ({why})"
        )
        found.append((file, f"{label}: {said}; its enums there were not compared"))
    return found


def set_aside(old: Snapshot, new: Snapshot, old_root: Path, new_root: Path) -> bool:
    """Turn each revision's unreadable modules into notes (on the snapshots, so that a
    note both revisions give is said once), and leave out of the comparison the enums
    of a file the other revision could not read; True when any module was unreadable."""
    for snapshot, root in ((old, old_root), (new, new_root)):
        unread = sorted(snapshot.unreadable.values())
        snapshot.notes.extend(notes(snapshot.label, unread, root))
    for snapshot, other in ((old, new), (new, old)):
        files = {file for file, _ in other.unreadable.values()}
        for path in [p for p, record in snapshot.enums.items() if record.file in files]:
            del snapshot.enums[path]
    return bool(old.unreadable or new.unreadable)
