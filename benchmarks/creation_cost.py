"""Class-creation cost in instructions (callgrind), not time: typed_enum vs stdlib vs the floor.

    python benchmarks/creation_cost.py                 # both rows, N=2000, this Python
    python benchmarks/creation_cost.py -n 500 --keep out/  # keep callgrind.out files

A timing of the small class-creation rows moves by ±10% from run to run on a
shared machine, as much as the 1.10x target leaves.  Instructions executed
(callgrind's ``Ir``) are repeatable to about 0.1%, so this script counts them.

For each row ("10 members", "2 members + 1 alias": the class statements
``runtime.py`` times, imported from there) and each variant, a fresh
interpreter runs under ``valgrind --tool=callgrind``: it compiles the class
statement, creates the class a few times (warm-up: specialisation, caches), then
``N`` times.  The same run with ``N`` = 0 is subtracted, which leaves the
``N`` creations alone, without start-up and imports.  ``PYTHONHASHSEED=0``
makes both runs hash (and so lay out dicts) the same way.

The variants:

``stdlib``
    ``enum.Enum``.
``typed_enum``
    ``typed_enum.Enum`` (the alias declared with ``alias()``).
``floor``
    ``class FloorType(enum.EnumType): pass`` and a member-less
    ``class FloorEnum(enum.Enum, metaclass=FloorType)`` as the base.  This is
    what any enum whose metaclass subclasses ``EnumType`` pays: a Python
    metaclass (so ``type.__call__`` goes through a Python ``__new__``
    lookup) and one more class in every MRO stdlib's ``__new__`` walks.
``floor+dict``
    The floor with stdlib's own ``__prepare__`` returning an empty subclass
    of stdlib's namespace class (as typed_enum's ``TypedEnumDict`` is).

Nothing here is a test or part of CI; it needs ``valgrind`` on ``PATH``.
"""

from __future__ import annotations

import argparse
import enum
import os
import platform
import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from runtime import aliased_source, enum_source  # noqa: E402

#: Creations before the counted ones (in both runs, so they cancel out).
WARMUP = 20
VARIANTS = ("stdlib", "floor", "floor+dict", "typed_enum")
#: Row label -> (class statement for stdlib-like variants, for typed_enum).
ROWS: dict[str, tuple[str, str]] = {
    "10 members": (enum_source("E.Enum", 10), enum_source("E.Enum", 10)),
    "2 members + 1 alias": (aliased_source("E.Enum", False), aliased_source("E.Enum", True)),
}

_TOTALS = re.compile(r"^(?:summary|totals):\s+(\d+)", re.MULTILINE)


def _floor(with_dict: bool) -> SimpleNamespace:
    """The structural floor: an empty EnumType subclass and a member-less base."""
    _EnumDict: Any = getattr(enum, "_EnumDict")  # noqa: B009

    class FloorDict(_EnumDict):  # type: ignore[misc]
        """stdlib's namespace, subclassed and nothing else."""

    class FloorType(enum.EnumType):
        """stdlib's metaclass, subclassed and nothing else."""

    if with_dict:

        def __prepare__(metacls: Any, /, cls: str, bases: tuple[type, ...], **kwds: Any) -> Any:
            # stdlib's __prepare__ (the same in 3.11-3.13) with the subclass.
            metacls._check_for_existing_members_(cls, bases)
            enum_dict = FloorDict()
            enum_dict._cls_name = cls
            first_enum = metacls._get_mixins_(cls, bases)[1]
            if first_enum is not None:
                enum_dict["_generate_next_value_"] = getattr(
                    first_enum, "_generate_next_value_", None
                )
            return enum_dict

        FloorType.__prepare__ = classmethod(__prepare__)  # type: ignore[assignment, method-assign]

    class FloorEnum(enum.Enum, metaclass=FloorType):
        """A member-less base, as typed_enum.Enum is to a user's enum."""

    return SimpleNamespace(Enum=FloorEnum)


def _module(variant: str) -> object:
    if variant == "stdlib":
        return enum
    if variant == "typed_enum":
        sys.path.insert(0, str(HERE.parent))
        import typed_enum

        return typed_enum
    return _floor(with_dict=variant == "floor+dict")


def child(variant: str, row: str, n: int) -> None:
    """What runs under callgrind: warm up, then create the class ``n`` times."""
    source = ROWS[row][variant == "typed_enum"]
    code = compile(source, "<class>", "exec")
    g = {"E": _module(variant)}
    for _ in range(WARMUP):
        exec(code, g)
    for _ in range(n):
        exec(code, g)


def _callgrind(variant: str, row: str, n: int, keep: Path | None) -> int:
    """Total Ir of one child run."""
    with tempfile.TemporaryDirectory() as tmp:
        tag = f"{variant}-{row}-{n}".replace(" ", "_").replace("+", "plus")
        out = (keep or Path(tmp)) / f"callgrind.{platform.python_version()}.{tag}.out"
        env = dict(os.environ, PYTHONHASHSEED="0")
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                __file__,
                "--child",
                variant,
                row,
                str(n),
            ],
            check=True,
            env=env,
            capture_output=True,
        )
        match = _TOTALS.search(out.read_text())
        if match is None:
            raise RuntimeError(f"no totals in {out}")
        return int(match[1])


def measure(n: int, keep: Path | None) -> dict[tuple[str, str], float]:
    """Ir per creation, by (row, variant)."""
    for variant in VARIANTS:  # write any missing .pyc before counting
        subprocess.run(
            [sys.executable, __file__, "--child", variant, next(iter(ROWS)), "0"], check=True
        )
    result = {}
    for row in ROWS:
        for variant in VARIANTS:
            full = _callgrind(variant, row, n, keep)
            empty = _callgrind(variant, row, 0, keep)
            result[row, variant] = (full - empty) / n
            print(".", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return result


def render(result: dict[tuple[str, str], float], n: int) -> str:
    lines = [
        f"Python {platform.python_version()}: instructions (Ir) per class creation, "
        f"callgrind, N={n}",
        "",
        "| row | stdlib | floor | floor+dict | typed_enum | floor / stdlib "
        "| floor+dict / stdlib | typed / stdlib | typed / floor+dict |",
        "|---|--:|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for row in ROWS:
        s, f, d, t = (result[row, v] for v in VARIANTS)
        lines.append(
            f"| {row} | {s:,.0f} | {f:,.0f} | {d:,.0f} | {t:,.0f} | {f / s:.3f}x "
            f"| {d / s:.3f}x | {t / s:.3f}x | {t / d:.3f}x |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=2000, help="creations counted per run")
    parser.add_argument("--keep", type=Path, help="directory to keep the callgrind.out files in")
    parser.add_argument("--child", nargs=3, metavar=("VARIANT", "ROW", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        variant, row, count = args.child
        child(variant, row, int(count))
        return 0
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    print(render(measure(args.n, args.keep), args.n))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
