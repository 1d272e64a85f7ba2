"""A mistyped ``--option`` of either command: one line naming the closest one.

argparse would report it only after a missing required option, or take its value for a
PATH (``typed-enum migrate --dif src`` would say nothing of ``--diff``).
"""

from __future__ import annotations

import argparse
import difflib
from collections.abc import Sequence

__all__ = ["unknown_option"]


def unknown_option(parser: argparse.ArgumentParser, argv: Sequence[str]) -> str | None:
    """``unknown option --dif; did you mean --diff? (see PROG --help)``, or None."""
    known = [name for action in parser._actions for name in action.option_strings]
    for arg in argv:
        if arg == "--":
            break
        if not arg.startswith("--"):
            continue
        name = arg.partition("=")[0]
        if name in known or any(option.startswith(name) for option in known):
            continue
        close = difflib.get_close_matches(name, known, n=1)
        hint = f"; did you mean {close[0]}?" if close else ""
        return f"unknown option {name}{hint} (see {parser.prog} --help)"
    return None
