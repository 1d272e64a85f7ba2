"""Instruction counts of a command, from valgrind's callgrind.

    from instructions import count
    count([sys.executable, "-m", "mypy", ...], cwd=root, env=env)   # -> int

CPU time on a shared 2-core machine moves by ±10% from run to run, more than
the few per cent a plugin change is about.  The number of instructions a
process executes (callgrind's ``Ir``) does not depend on the machine's load:
the same command, inputs and ``PYTHONHASHSEED`` give the same count to about
0.05%, with the other core busy or not.  It is not time (a cache miss costs
more than an add), but for the same interpreter running mostly the same code
it tracks CPU time, and a ratio of two counts is a cost that one run settles.

Used by ``benchmarks/realcode.py --instructions`` and ``benchmarks/typecheck.py
--instructions``.  A run under callgrind is 30-60x slower than without.
"""

from __future__ import annotations

import compileall
import os
import shutil
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def available() -> bool:
    """Whether valgrind is installed (Debian's package ``valgrind``)."""
    return shutil.which("valgrind") is not None


def compile_checkout() -> None:
    """Write the bytecode of this checkout's ``typed_enum`` and ``mypy_plugin``.

    With ``PYTHONDONTWRITEBYTECODE`` set (as on this project's machines), a
    source edited since its ``.pyc`` was written is compiled again in every
    run, which the plugin's side would pay and mypy's not: a few ms, a
    measurable part of a small package's difference.
    """
    for package in ("typed_enum", "mypy_plugin"):
        compileall.compile_dir(REPO / package, quiet=1)


def count(command: Sequence[str], cwd: Path, env: Mapping[str, str] | None = None) -> int:
    """Instructions executed by ``command`` (and not its children), under callgrind.

    ``PYTHONHASHSEED`` is fixed, so set iteration orders (and so the work) are
    the same in every run.  Raises RuntimeError when the command fails (an
    exit status other than 0 or 1, mypy's "found errors") or leaves no count.
    """
    if not available():
        raise RuntimeError("valgrind is not installed (apt-get install valgrind)")
    environment = dict(os.environ if env is None else env, PYTHONHASHSEED="0")
    with tempfile.TemporaryDirectory(prefix="callgrind-") as tmp:
        out = Path(tmp) / "callgrind.out"
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *command],
            cwd=cwd,
            env=environment,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode not in (0, 1) or not out.exists():
            raise RuntimeError(
                f"{' '.join(command)} under callgrind failed ({done.returncode}):\n"
                f"{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
            )
        for line in out.read_text(errors="replace").splitlines():
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise RuntimeError(f"callgrind wrote no instruction count for {' '.join(command)}")
