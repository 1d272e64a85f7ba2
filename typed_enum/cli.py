"""The ``typed-enum`` console script: ``typed-enum migrate ...``, ``typed-enum check ...``.

Each command keeps its own parser (``typed_enum.migrate.cli``,
``typed_enum.check.cli``); this module only picks one, so
``typed-enum migrate ...`` behaves exactly as ``python -m typed_enum.migrate ...``.
"""

from __future__ import annotations

import difflib
import sys
from collections.abc import Callable, Sequence

import typed_enum

__all__ = ["command"]


def _migrate(argv: list[str]) -> int:
    from typed_enum.migrate.cli import main

    return main(argv, prog="typed-enum migrate")


def _check(argv: list[str]) -> int:
    from typed_enum.check.cli import main

    return main(argv, prog="typed-enum check")


#: command name -> (what it does, its main)
COMMANDS: dict[str, tuple[str, Callable[[list[str]], int]]] = {
    "check": (
        "compare every enum with a git revision; report changes that break stored data",
        _check,
    ),
    "migrate": ("move a codebase from stdlib enum to typed_enum", _migrate),
}

_USAGE = "usage: typed-enum [--help] [--version] COMMAND [ARGS...]"


def _help() -> str:
    width = max(map(len, COMMANDS))
    lines = [
        _USAGE,
        "",
        "Enums a type checker can hold you to: the command-line tools.",
        "",
        "commands:",
        *(f"  {name:<{width}}  {summary}" for name, (summary, _) in COMMANDS.items()),
        "",
        "options:",
        "  -h, --help  show this help and exit",
        "  --version   print typed_enum's version and exit",
        "",
        "typed-enum COMMAND --help describes a command.",
    ]
    return "\n".join(lines) + "\n"


def command(argv: Sequence[str] | None = None) -> int:
    """Run ``typed-enum ARGS``; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        sys.stderr.write(f"{_USAGE}\ntyped-enum: give a command ({', '.join(COMMANDS)})\n")
        return 2
    first = args[0]
    if first in ("-h", "--help"):
        sys.stdout.write(_help())
        return 0
    if first == "--version":
        sys.stdout.write(f"typed-enum {typed_enum.__version__}\n")
        return 0
    if first in COMMANDS:
        return COMMANDS[first][1](args[1:])
    close = difflib.get_close_matches(first, COMMANDS, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    sys.stderr.write(
        f"{_USAGE}\ntyped-enum: unknown command {first!r}{hint} "
        f"(the commands are {', '.join(COMMANDS)}; see typed-enum --help)\n"
    )
    return 2
