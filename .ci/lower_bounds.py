"""Print pip constraints that pin every ``name>=X`` of pyproject.toml to X.

    python .ci/lower_bounds.py test            # the test extra's lower bounds
    python .ci/lower_bounds.py docs --build    # the docs extra's, and the build backend's

Used where CI tests the lower bounds themselves (issue 38: a lower bound is
tested, or raised to the lowest version that is): the oldest leg of the
matrix (noxfile.py, mypy 1.14.1 with every other test dependency at its
bound), the documentation build (.ci/docs) and the package build (.ci/package).
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"
_LOWER = re.compile(r"([A-Za-z0-9_.-]+)(?:\[[^]]*\])?\s*>=\s*([\w.]+)\s*(?:;.*)?")


def constraints(extras: list[str], build: bool) -> list[str]:
    data = tomllib.loads(PYPROJECT.read_text())
    requirements = list(data["build-system"]["requires"]) if build else []
    for extra in extras:
        try:
            requirements += data["project"]["optional-dependencies"][extra]
        except KeyError:
            raise SystemExit(f"lower_bounds.py: pyproject.toml has no extra {extra!r}") from None
    pins = {}
    for requirement in requirements:
        match = _LOWER.fullmatch(requirement.strip())
        if match:
            pins[match.group(1).lower()] = f"{match.group(1)}=={match.group(2)}"
    return sorted(pins.values())


if __name__ == "__main__":
    args = sys.argv[1:]
    build = "--build" in args
    print("\n".join(constraints([a for a in args if a != "--build"], build)))
