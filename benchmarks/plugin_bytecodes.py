"""Bytecodes the plugin's Python executes in one mypy run, per function.

    python benchmarks/plugin_bytecodes.py [--top N] -- <mypy arguments>

Runs mypy's ``main()`` in this process with a trace function on the
plugin's frames only (``f_trace_opcodes``), and prints, for the functions
of ``mypy_plugin/``, how many bytecodes each executed itself (``self``) and
with the plugin functions it called (``incl``), and how often it was
called.  A count, not a time: the same run gives the same figures whatever
the machine is doing, and a small function is not charged for the
profiler's clock as under cProfile (where ``reserved()``, three string
tests, showed 11 us a call).  What it does not see: compiled mypy's
functions and C builtins the plugin calls (one bytecode each).  It answered
where issue 20's zigpy cost went (6.1M bytecodes, 70% in class analysis);
``instructions.py`` gives the total that includes what it does not see.

The run is slower than plain mypy only in the plugin's own code (compiled
mypy has no Python frames to trace): a clean zigpy run takes about 17 s.
"""

from __future__ import annotations

import sys
from collections import Counter
from types import FrameType
from typing import Any

import plugin_profile  # benchmarks/plugin_profile.py, beside this script

Key = tuple[str, int, str]
LocalTrace = Any  # the trace function protocol: (frame, event, arg) -> itself or None


class Counts:
    """Self and inclusive bytecode counts and calls per plugin function."""

    def __init__(self) -> None:
        self.own: Counter[Key] = Counter()
        self.inclusive: Counter[Key] = Counter()
        self.calls: Counter[Key] = Counter()
        self.total = 0

    def trace(self, frame: FrameType, event: str, arg: object) -> LocalTrace:
        """The global trace function: only the plugin's frames get a local one."""
        code = frame.f_code
        if "mypy_plugin" not in code.co_filename.replace("\\", "/").split("/"):
            return None
        frame.f_trace_opcodes = True
        path = code.co_filename.replace("\\", "/").rsplit("mypy_plugin/", 1)[-1]
        key = (path, code.co_firstlineno, code.co_name)
        self.calls[key] += 1
        start = self.total

        def local(frame: FrameType, event: str, arg: object) -> LocalTrace:
            if event == "opcode":
                self.own[key] += 1
                self.total += 1
            elif event == "return":
                # Recursion counts a frame's work once per active frame.
                self.inclusive[key] += self.total - start
            return local

        return local


def run(mypy_args: list[str]) -> Counts:
    from mypy.main import main

    counts = Counts()
    sys.settrace(counts.trace)
    try:
        main(args=mypy_args, clean_exit=True)
    except SystemExit:
        pass
    finally:
        sys.settrace(None)
    return counts


def render(counts: Counts, top: int) -> str:
    def row(key: Key) -> str:
        path, line, name = key
        return (
            f"| {path}:{line} {name} | {counts.own[key]:,} | {counts.inclusive[key]:,} "
            f"| {counts.calls[key]:,} |"
        )

    lines = [f"plugin bytecodes in all: {counts.total:,}", ""]
    for title, table in (("self", counts.own), ("with callees", counts.inclusive)):
        lines += [
            f"Largest {title}:",
            "",
            "| function | self | with callees | calls |",
            "|---|--:|--:|--:|",
        ]
        lines += [row(key) for key, _ in table.most_common(top)]
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    top, mypy_args = plugin_profile.arguments(argv, __doc__.split("\n\n")[0], 25)
    counts = run(mypy_args)
    # mypy printed its diagnostics to stdout; the tables go to stderr.
    sys.stderr.write(render(counts, top) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
