"""``[tool.typed_enum.check]`` in pyproject.toml: which enums are checked, and how stored.

::

    [tool.typed_enum.check]
    ignore = ["shop.limits.*"]          # enum paths (fnmatch patterns) never reported
    private = false                     # leave out enums under a path segment starting with _
    storage = "both"                    # or a table: pattern -> "value" | "name" | "both"

    unstored = "list"                   # an enum stored nowhere the check found:
                                        # list its changes, do not fail ("fail": the default)

    [tool.typed_enum.check.storage]     # the first matching pattern wins;
                                        # it overrides where the check found it stored
    "shop.models.*" = "value"           # stored by value: renames listed, not failing
    "shop.cache.Kind" = "name"          # stored by name: value changes are compatible

    paths = ["shop", "scripts"]         # what is checked when no PATH is given

    [[tool.typed_enum.check.accept]]    # a break landed on purpose (typed_enum.check.accept)
    enum = "shop.models.Status"
    member = "paid"
    rule = "member-removed"
    reason = "rows converted by migration 0042"

The table is read from the new revision's pyproject.toml, or from a file
given with ``--config``; ``--ignore``, ``--storage`` and ``--private`` /
``--no-private`` on the command line take precedence (``override``).
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any, Final

from typed_enum._settings import boolean
from typed_enum.check.accept import Accept
from typed_enum.check.accept import parse as parse_accept

__all__ = ["STORAGE", "Policy", "PolicyError", "is_private", "load", "override", "read_file"]

# fail-on-impact and impact-types are read by typed_enum.check.impact.policy (issue 55).
_SETTINGS = (
    "accept",
    "fail-on-impact",
    "ignore",
    "impact-types",
    "paths",
    "private",
    "storage",
    "unstored",
)
_UNSTORED = ("fail", "list")
STORAGE: Final = ("value", "name", "both")
_WHERE = "[tool.typed_enum.check]"


class PolicyError(Exception):
    """The configuration cannot be used: the message is the one-line reason."""


def is_private(path: str) -> bool:
    """Whether the enum path has a module or class segment starting with ``_``."""
    return any(part.startswith("_") for part in path.split("."))


@dataclass(frozen=True)
class Policy:
    ignore: tuple[str, ...] = ()
    storage: tuple[tuple[str, str], ...] = ()
    """(pattern, kind) the user set; an enum no pattern matches is judged by where
    it is stored (typed_enum.check.storage), else as stored both ways."""
    unstored: str = "fail"
    private: bool = True
    """False: enums under a private module or class (``_x``) are left out."""
    file: str | None = None
    """The file the settings were read from (None: no file was read)."""
    paths: tuple[str, ...] = ()
    """What is checked when no PATH is given, relative to the repository's top
    (empty: the default packages and modules)."""
    accept: tuple[Accept, ...] = ()
    """The breaks this revision lands on purpose (typed_enum.check.accept)."""

    def ignored(self, path: str) -> bool:
        if not self.private and is_private(path):
            return True
        return any(fnmatchcase(path, pattern) for pattern in self.ignore)

    def storage_of(self, path: str) -> str:
        return next((kind for pattern, kind in self.storage if fnmatchcase(path, pattern)), "both")


def _suggest(word: str, choices: tuple[str, ...]) -> str:
    close = difflib.get_close_matches(word, choices, n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def _kind(where: str, kind: object) -> str:
    if not isinstance(kind, str) or kind not in STORAGE:
        hint = _suggest(kind, STORAGE) if isinstance(kind, str) else ""
        raise PolicyError(
            f"{where} must be one of {', '.join(map(repr, STORAGE))}, not {kind!r}{hint}"
        )
    return kind


def _patterns(where: str, value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
        raise PolicyError(f"{where} must be a list of enum path patterns (strings)")
    return tuple(value)


def parse(table: dict[str, Any], file: str = "pyproject.toml") -> Policy:
    """The policy ``table`` (the ``[tool.typed_enum.check]`` table) sets."""
    for key in table:
        if key not in _SETTINGS:
            raise PolicyError(
                f"{file}: {_WHERE} has no setting {key!r}{_suggest(key, _SETTINGS)} "
                f"(the settings are {', '.join(_SETTINGS)})"
            )
    ignore = _patterns(f"{file}: {_WHERE} ignore", table.get("ignore", []))
    unstored = table.get("unstored", "fail")
    if unstored not in _UNSTORED:
        hint = _suggest(unstored, _UNSTORED) if isinstance(unstored, str) else ""
        raise PolicyError(
            f"{file}: {_WHERE} unstored must be one of {', '.join(map(repr, _UNSTORED))}, "
            f"not {unstored!r}{hint}"
        )
    try:
        private = boolean(table.get("private", True))
    except ValueError as exc:
        raise PolicyError(
            f"{file}: {_WHERE} private {exc} (false leaves out enums under a module or class "
            f"whose name starts with _)"
        ) from None
    paths = table.get("paths", [])
    if not isinstance(paths, list) or not all(isinstance(p, str) and p for p in paths):
        raise PolicyError(
            f"{file}: {_WHERE} paths must be a list of files or directories relative to the "
            f'repository\'s top, such as ["src/shop", "scripts"]'
        )
    try:
        accept = parse_accept(table.get("accept", []))
    except ValueError as exc:
        raise PolicyError(f"{file}: {_WHERE} {exc}") from None
    storage = table.get("storage")
    if storage is None:
        rules: tuple[tuple[str, str], ...] = ()
    elif isinstance(storage, dict):
        rules = tuple(
            (pattern, _kind(f"{file}: {_WHERE} storage {pattern!r}", kind))
            for pattern, kind in storage.items()
        )
    else:
        rules = (("*", _kind(f"{file}: {_WHERE} storage", storage)),)
    return Policy(ignore, rules, unstored, private, file, tuple(paths), accept)


def read_file(path: Path, shown: str) -> Policy:
    """The policy of the TOML file ``path`` (a pyproject.toml or any file holding
    ``[tool.typed_enum.check]``), named ``shown`` in messages."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise PolicyError(f"{shown}: no such file") from None
    except IsADirectoryError:
        raise PolicyError(f"{shown} is a directory; give the TOML file itself") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, OSError) as exc:
        raise PolicyError(f"{shown} cannot be read: {exc}") from None
    tool = data.get("tool", {})
    section = tool.get("typed_enum", {}) if isinstance(tool, dict) else {}
    table = section.get("check", {}) if isinstance(section, dict) else {}
    if not isinstance(table, dict):
        raise PolicyError(f"{shown}: {_WHERE} must be a table")
    return parse(table, shown)


def load(root: Path) -> Policy:
    """The policy of the pyproject.toml at ``root``; the default without one."""
    path = root / "pyproject.toml"
    if not path.is_file():
        return Policy()
    return read_file(path, "pyproject.toml")


def override(
    policy: Policy, ignore: Sequence[str], storage: str | None, private: bool | None
) -> Policy:
    """``policy`` with the command line's settings: ``ignore`` patterns added,
    ``storage`` (one kind for every enum) and ``private`` replacing the file's."""
    return replace(
        policy,
        ignore=(*policy.ignore, *ignore),
        storage=policy.storage if storage is None else (("*", _kind("--storage", storage)),),
        private=policy.private if private is None else private,
    )
