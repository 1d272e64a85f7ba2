"""Score files written in the typing conformance suite's format with mypy and the plugin.

The python/typing repository checks type checkers against ``conformance/tests``:
each file marks the lines where a checker must report an error (``# E``), may
report one (``# E?``), or must report exactly one of a tagged group of lines
(``# E[tag]``; ``# E[tag+]`` allows several); an error anywhere else fails the
file.  This package applies those rules to any directory of such files, with
mypy and ``plugins = mypy_plugin``, in two modes: as written (stdlib ``enum``)
and with the ``enum`` imports re-pointed at ``typed_enum``.

    python -m conformance PATH [--mode stdlib|typed_enum|both] [--pattern GLOB]

PATH is a checkout's ``conformance/tests`` or this package's own ``enums``
directory (written for this project from the typing specification's Enums
chapter).  Nothing from upstream is stored here: point PATH at a checkout.
"""

from conformance.score import (
    MODES,
    Expectations,
    FileResult,
    parse_expectations,
    repoint_source,
    score_directory,
)

__all__ = [
    "MODES",
    "Expectations",
    "FileResult",
    "parse_expectations",
    "repoint_source",
    "score_directory",
]
