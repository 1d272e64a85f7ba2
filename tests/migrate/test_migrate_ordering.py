"""Ordering that stdlib gives and typed_enum refuses is kept, visibly (issue 45).

stdlib orders the members of a ``StrEnum`` and of a ``(str, Enum)`` by their
strings; typed_enum raises ``TypeError``.  By default the migration keeps
stdlib's ordering with ``ValueOrdered`` among the class's bases and reports
the class as ``kept``; ``--typed-enum-semantics`` adopts typed_enum's rule and
lists the uses mypy with the plugin finds.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from migrate_helpers import Migrate, Tree

_MODELS = """
import enum
from enum import Enum, IntEnum, StrEnum


class Mode(StrEnum):
    WRITE = "write"
    READ = "read"


class Kind(str, Enum):
    FILE = "file"
    DIR = "dir"


class Base(str, enum.Enum):
    pass


class Sub(Base):
    Z = "z"
    Y = "y"


class Level(IntEnum):
    LOW = 1


class Color(Enum):
    RED = 1


class Own(str, Enum):
    A = "a"

    def __lt__(self, other):
        return NotImplemented


class Mixin:
    def __lt__(self, other):
        return True


class Mixed(Mixin, str, Enum):
    B = "b"
    A = "a"
"""

# What stdlib does with these members, printed the same way before and after.
_PROBE = """
import pkg.models as m
print(sorted(m.Mode), m.Kind.DIR < m.Kind.FILE, max(m.Sub), m.Mode.READ <= "z")
print(m.Mixed.A < m.Mixed.B, m.Mixed.A >= m.Mixed.B, m.Own.A <= m.Own.A)
for probe in (lambda: m.Color.RED < m.Color.RED, lambda: m.Mode.READ < 1):
    try:
        probe()
    except TypeError as exc:
        print(type(exc).__name__)
"""


def _probe(root: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE], cwd=root, capture_output=True, text=True, check=False
    )
    return done.stdout + done.stderr


def test_stdlib_ordering_is_kept_with_value_ordered_and_reported(
    tree: Tree, migrate: Migrate
) -> None:
    root = tree({"pkg/__init__.py": "", "pkg/models.py": _MODELS})
    before = _probe(root)
    result = migrate("pkg")
    assert result.status == 0, result.out
    assert _probe(root) == before
    source = (root / "pkg/models.py").read_text()
    assert source.startswith(
        "import typed_enum\nfrom typed_enum import Enum, IntEnum, StrEnum, ValueOrdered\n"
    )
    for line in (
        "class Mode(ValueOrdered, StrEnum):",
        "class Kind(ValueOrdered, str, Enum):",
        "class Base(ValueOrdered, str, typed_enum.Enum):",
        "class Sub(Base):",  # inherits it
        "class Level(IntEnum):",  # ints order under typed_enum too
        "class Color(Enum):",  # stdlib does not order it either
        # its own __lt__ stays first; <=, >, >= came from str
        "class Own(ValueOrdered, str, Enum):",
        # after the project's mixin, whose __lt__ keeps winning
        "class Mixed(Mixin, ValueOrdered, str, Enum):",
    ):
        assert f"\n{line}\n" in source, line
    kept = [
        line.split(": kept: ")[1].split(" keeps ")[0]
        for line in result.out.splitlines()
        if ": kept: " in line
    ]
    assert kept == ["Mode", "Kind", "Base", "Own", "Mixed"]
    assert (
        "pkg/models.py:15: kept: Base keeps stdlib's ordering (inherited by Sub): ValueOrdered "
        "is added to its bases, since stdlib orders its members by their str values (<, "
        "sorted(), min(), max()) and typed_enum would raise TypeError; once nothing orders "
        "them, remove ValueOrdered (mypy with the plugin then reports each use it can see as "
        "typed-enum-ordering; uses through Any it cannot)"
    ) in result.out
    assert "The 5 classes marked kept above keep a behaviour of stdlib enum" in result.out
    assert migrate("--check", "pkg").status == 0


def test_without_import_the_source_decides_and_an_unknown_mixin_is_left_as_is(
    tree: Tree, migrate: Migrate
) -> None:
    root = tree(
        {
            "pkg/__init__.py": "",
            "pkg/models.py": """
            from enum import Enum, StrEnum

            from pkg.other import Mixin


            class Mode(StrEnum):
                READ = "read"


            class Kind(str, Enum):
                FILE = "file"


            class Mixed(Mixin, str, Enum):
                A = "a"


            class Own(str, Enum):
                A = "a"

                def __lt__(self, other):
                    return NotImplemented
            """,
            "pkg/other.py": "class Mixin:\n    pass\n",
        }
    )
    assert migrate("--no-import", "pkg").status == 0
    source = (root / "pkg/models.py").read_text()
    assert "class Mode(ValueOrdered, StrEnum):" in source
    assert "class Kind(ValueOrdered, str, Enum):" in source
    # What a class of another module, or a method of its own, does to ordering
    # needs the import to tell: nothing is added without it.
    assert "class Mixed(Mixin, str, Enum):" in source
    assert "class Own(str, Enum):" in source


def test_typed_enum_semantics_adopts_the_refusal_and_lists_the_uses_mypy_finds(
    tree: Tree, migrate: Migrate
) -> None:
    root = tree(
        {
            "pkg/__init__.py": "",
            "pkg/models.py": """
            from enum import StrEnum
            from typing import Any


            class Mode(StrEnum):
                WRITE = "write"
                READ = "read"


            def first(modes: list[Mode]) -> Mode:
                return min(modes)


            def hidden(a: Any, b: Any) -> bool:
                return a < b
            """,
        }
    )
    result = migrate("--typed-enum-semantics", "pkg")
    assert result.status == 0, result.out
    source = (root / "pkg/models.py").read_text()
    assert "class Mode(StrEnum):" in source
    assert "ValueOrdered" not in source
    lines = result.out.splitlines()
    assert (
        "pkg/models.py:5: note: Mode's members no longer order: stdlib compares them by their "
        "values under <, <=, >, >=, sorted(), min() and max(); typed_enum raises TypeError "
        "(--typed-enum-semantics)"
    ) in lines
    uses = [line for line in lines if "ordering use (mypy" in line]
    assert len(uses) == 1
    assert uses[0].startswith(
        'pkg/models.py:12: note: ordering use (mypy, [typed-enum-ordering]): "Mode" is not '
        "ordered: min() of its members raises TypeError at run time"
    )
    assert (
        "pkg:1: note: --typed-enum-semantics: mypy with the plugin found 1 ordering use of "
        "members that no longer order (each listed in this report); uses through values typed Any (untyped "
        "helpers, containers of other libraries that sort, such as sortedcontainers) cannot be "
        "found statically: run the project's tests"
    ) in lines
    probe = textwrap.dedent(
        """
        import pkg.models as m
        try:
            m.first([m.Mode.READ, m.Mode.WRITE])
        except TypeError:
            print("refused")
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=root, capture_output=True, text=True, check=False
    )
    assert done.stdout == "refused\n", done.stderr


def test_a_tree_using_orjson_is_told_which_plain_enums_it_no_longer_serialises(
    tree: Tree, migrate: Migrate
) -> None:
    # orjson serialises stdlib's plain Enum members natively, typed_enum's
    # only with default= (it matches the metaclass exactly): no source change
    # can keep that, so the report names the classes.
    tree(
        {
            "pkg/__init__.py": "",
            "pkg/models.py": "from enum import Enum, StrEnum\n\n\nclass Color(Enum):\n"
            '    RED = 1\n\n\nclass Mode(StrEnum):\n    READ = "read"\n',
            "pkg/api.py": "import orjson\n\nfrom pkg.models import Color\n\n\n"
            "def dump(c: Color) -> bytes:\n    return orjson.dumps(c)\n",
        }
    )
    result = migrate("pkg")
    notes = [line for line in result.out.splitlines() if "orjson" in line]
    assert len(notes) == 1
    assert notes[0].startswith(
        "pkg/api.py:1: note: this module uses orjson, which serialises a stdlib Enum or Flag "
        "member by its value but raises TypeError for typed_enum's"
    )
    assert "the plain enums moved are Color:" in notes[0]
