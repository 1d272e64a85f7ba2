"""Whether the project's mypy configuration would hide typed_enum after the move.

With ``follow_imports = skip`` (or ``error``) applying to typed_enum, mypy
reads every ``from typed_enum import Enum`` as ``Any``: each migrated enum
becomes ``Any``, with or without the plugin (which then stops mypy with a
configuration error).  The migration report says so, with the fix.  Read
the way mypy finds its configuration: ``mypy.ini``, ``.mypy.ini``,
``pyproject.toml``, ``setup.cfg`` in the current directory, first found.
"""

from __future__ import annotations

import configparser
import fnmatch
import tomllib
from pathlib import Path

__all__ = ["hiding_setting"]

_HIDING = ("skip", "error")
_FIX = (
    "add [mypy-typed_enum.*] follow_imports = normal (in pyproject.toml: "
    '[[tool.mypy.overrides]] module = ["typed_enum.*"] follow_imports = "normal")'
)


def _covers(pattern: str) -> bool:
    return any(fnmatch.fnmatchcase(name, pattern) for name in ("typed_enum", "typed_enum._base"))


def _ini(path: Path) -> tuple[str | None, str | None] | None:
    parser = configparser.ConfigParser()
    try:
        parser.read(path)
    except configparser.Error:
        return None
    if not parser.has_section("mypy"):
        return None
    overall = parser.get("mypy", "follow_imports", fallback=None)
    own = None
    for section in parser.sections():
        if section.startswith("mypy-") and any(
            _covers(p.strip()) for p in section[len("mypy-") :].split(",")
        ):
            own = parser.get(section, "follow_imports", fallback=own)
    return overall, own


def _toml(path: Path) -> tuple[str | None, str | None] | None:
    try:
        data = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError):
        return None
    mypy = data.get("tool", {}).get("mypy")
    if not isinstance(mypy, dict):
        return None
    overall = mypy.get("follow_imports")
    own = None
    for override in mypy.get("overrides", []):
        modules = override.get("module", [])
        modules = [modules] if isinstance(modules, str) else modules
        if any(_covers(m) for m in modules) and "follow_imports" in override:
            own = override["follow_imports"]
    return overall, own


def hiding_setting(directory: Path) -> tuple[Path, str] | None:
    """(config file's name, message) when mypy's configuration there would hide typed_enum."""
    for name in ("mypy.ini", ".mypy.ini", "pyproject.toml", "setup.cfg"):
        path = directory / name
        if not path.is_file():
            continue
        found = _toml(path) if name == "pyproject.toml" else _ini(path)
        if found is None:
            continue  # not a mypy configuration: mypy looks further
        overall, own = found
        follow = own if own is not None else overall
        if follow in _HIDING:
            return Path(name), (
                f"mypy's follow_imports = {follow} applies to typed_enum here, so mypy will "
                f"read every migrated enum as Any; {_FIX}"
            )
        return None
    return None
