"""A child Python process that imports the tree under review and answers in JSON.

``typed-enum check`` never imports a revision in its own process: the tree's
import-time side effects, ``sys.path`` and ``sys.modules`` stay out of the
run.  Each child is this interpreter running a source text (``python -c``)
that reads a JSON request on stdin and prints its JSON answer as the last
line of stdout.  It runs in the revision's tree, with this process's
environment less ``PYTHONPATH`` and less git's repository variables (inside
a hook, code that asks git at import time must see its own worktree), and
with a fixed hash seed, so two runs print the same.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from typed_enum.check.git import environment

__all__ = ["ChildFailed", "run"]

#: Seconds a child may take before the check gives up on it.
TIMEOUT = 600


class ChildFailed(Exception):
    """The child gave no answer: the message says why, in one line."""


def run(source: str, request: dict[str, Any], cwd: Path) -> Any:
    """The child's JSON answer to ``request``; ChildFailed when it gave none."""
    env = {k: v for k, v in environment().items() if k != "PYTHONPATH"}
    env.update(PYTHONHASHSEED="0", PYTHONDONTWRITEBYTECODE="1")
    try:
        done = subprocess.run(
            [sys.executable, "-c", source],
            input=json.dumps(request),
            capture_output=True,
            text=True,
            cwd=cwd,
            env=env,
            timeout=TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise ChildFailed(f"importing the tree took more than {TIMEOUT} s") from None
    try:
        return json.loads(done.stdout.rstrip().rpartition("\n")[2])
    except ValueError:
        tail = " ".join(done.stderr.split())[-200:]
        raise ChildFailed(f"the import process failed (exit {done.returncode}): {tail}") from None
