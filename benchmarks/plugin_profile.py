"""The plugin's own CPU time in one mypy run, from cProfile.

    python benchmarks/plugin_profile.py [--top N] -- <mypy arguments>

Runs mypy's ``main()`` in this process under cProfile, on a CPU-time
clock, and prints one JSON object: ``cpu`` (the whole run), ``plugin`` (the
self time of every function in ``mypy_plugin/``, less the profiler's own
cost per call, calibrated on an empty function) and ``top`` (the largest of
those, as ``[name, calls, self seconds]``).  A wall-clock profile is
useless on a shared machine: a function is charged for the time the
process was not running, and for garbage collections that merely started
in it (that is how ``get_method_signature_hook`` once showed 0.6 s).  mypy is compiled, so only Python
functions show: the plugin's, and stdlib helpers mypy calls.  Compiled
mypy's own time is the self time of ``mypy.main.main``, also printed
(``mypy``); comparing it between a run with and one without the plugin
shows what mypy does more because of the plugin.  Read ``plugin`` as an
estimate (a profiled run is slower), and compare runs of one machine.

benchmarks/realcode.py and benchmarks/typecheck.py run this as a child
process; it is also handy alone, with any mypy arguments.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import resource
import sys
import time
from typing import Any


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _empty() -> None:
    pass


def overhead_per_call() -> float:
    """What the profiler adds to one call's self time (the median of 5 tries)."""
    tries = []
    for _ in range(5):
        profiler = cProfile.Profile(time.process_time)
        profiler.enable()
        for _ in range(20_000):
            _empty()
        profiler.disable()
        stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
        own: float = next(v[2] for k, v in stats.items() if k[2] == "_empty")
        tries.append(own / 20_000)
    return sorted(tries)[2]


def profile(mypy_args: list[str], top: int) -> dict[str, Any]:
    from mypy.main import main

    overhead = overhead_per_call()
    profiler = cProfile.Profile(time.process_time)
    start = _cpu()
    profiler.enable()
    try:
        main(args=mypy_args, clean_exit=True)
    except SystemExit:
        pass
    finally:
        profiler.disable()
    cpu = _cpu() - start
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    plugin = 0.0
    mypy_self = 0.0
    rows = []
    # Profiler events inside each function's self time: its own calls and
    # every call it makes (builtins included), each costing ``overhead``.
    events: dict[Any, int] = {}
    for key, (_, calls, _, _, callers) in stats.items():
        events[key] = events.get(key, 0) + calls
        for caller, (_, caller_calls, _, _) in callers.items():
            events[caller] = events.get(caller, 0) + caller_calls
    for key, (_, calls, own, _, _) in stats.items():
        path, line, function = key
        if "mypy_plugin" in path.replace("\\", "/").split("/"):
            own = max(0.0, own - events[key] * overhead)
            plugin += own
            module = path.replace("\\", "/").rsplit("mypy_plugin/", 1)[-1]
            rows.append((f"{module}:{line}:{function}", calls, own))
        elif "mypy.main.main" in function:
            mypy_self += own
    rows.sort(key=lambda row: -row[2])
    return {
        "cpu": cpu,
        "plugin": plugin,
        "mypy": mypy_self,
        "overhead_per_call": overhead,
        "top": rows[:top],
    }


def arguments(argv: list[str], description: str, top: int) -> tuple[int, list[str]]:
    """``[--top N] -- <mypy arguments>``: N and mypy's arguments (also plugin_bytecodes.py)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--top", type=int, default=top, help="how many functions to list")
    parser.add_argument("mypy_args", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    mypy_args: list[str] = args.mypy_args
    return args.top, mypy_args[1:] if mypy_args[:1] == ["--"] else mypy_args


def main(argv: list[str]) -> int:
    top, mypy_args = arguments(argv, __doc__.split("\n\n")[0], 12)
    result = profile(mypy_args, top)
    # mypy may have printed diagnostics: the JSON is the last line.
    sys.stdout.write("\n" + json.dumps(result) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
