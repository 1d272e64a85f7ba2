"""Lint-neutral output (issue 39, point 3): a package whose own ``ruff check`` passes
before the migration passes after it, under its own configuration."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from migrate_helpers import Migrate, Tree

PYPROJECT = """
[project]
name = "shop"
version = "1.0"

[tool.ruff]
line-length = 72

[tool.ruff.lint]
select = ["E", "F", "I", "N", "W"]

[tool.ruff.lint.per-file-ignores]
"shop/__init__.py" = ["F403"]

[tool.ruff.lint.isort]
known-first-party = ["shop"]
"""

FILES = {
    "pyproject.toml": PYPROJECT,
    "shop/__init__.py": "from .levels import *\nfrom .status import *\n",
    "shop/levels.py": """
    from enum import IntEnum


    class Level(IntEnum):
        LOW = 1
    """,
    "shop/modes.py": """
    import sys
    from enum import auto

    if sys.version_info >= (3, 11):
        from enum import StrEnum
    else:
        from backports.strenum import StrEnum


    class Speed(StrEnum):
        FAST = auto()
    """,
    # mopipe 0.2.0's two modules: a conditional import that binds other names
    # too (auto; EnumMeta), and a metaclass on EnumMeta (pep8-naming's N805
    # knows a metaclass by its base's name only).
    "shop/experiment.py": """
    import sys
    import typing as t

    if sys.version_info >= (3, 11):
        from enum import StrEnum, auto
    else:
        from enum import auto

        from strenum import StrEnum

    from shop.levels import Level


    class Kind(StrEnum):
        ONE = auto()


    def first() -> t.Any:
        return Level.LOW, Kind.ONE
    """,
    "shop/meta.py": """
    import sys

    if sys.version_info >= (3, 11):
        from enum import EnumMeta, IntEnum, StrEnum
    else:
        from enum import EnumMeta, IntEnum

        from strenum import StrEnum


    class Rank(IntEnum):
        LOW = 1


    class ContainsMeta(EnumMeta):
        def __contains__(cls, item: object) -> bool:
            return item in cls.__members__

        @property
        def names(cls) -> list[str]:
            return list(cls.__members__)


    class Key(StrEnum, metaclass=ContainsMeta):
        NAME = "name"
    """,
    "shop/status.py": '''
    """Robot status codes."""

    import sys
    from enum import (
        Enum,
        auto,
        unique,
    )

    from shop.levels import Level

    if sys.version_info >= (3, 11):
        from enum import StrEnum
    else:
        from backports.strenum import StrEnum


    class Fault(Enum):
        F_511 = ("docking_error", 511)
        F_512 = (
            "docking_error_with_a_long_name_that_fills_the_line",
            512,
        )
        F_513 = ("docking_error", 513)

        def __new__(cls, name: str, code: int) -> "Fault":
            member = object.__new__(cls)
            member._value_ = name[:13]
            return member


    class Mode(StrEnum):
        FAST = auto()


    @unique
    class Color(Enum):
        RED = 1


    LEVEL = Level.LOW
    ''',
}


def _ruff(root: Path) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", "."],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    return [line for line in done.stdout.splitlines() if line.count(":") >= 3]


def test_ruff_passes_after_the_migration_as_before(tree: Tree, migrate: Migrate) -> None:
    root = tree(FILES)
    assert _ruff(root) == []
    result = migrate("shop")
    assert result.status == 0, result.out
    assert _ruff(root) == []
    status = (root / "shop/status.py").read_text()
    # typed_enum in a third-party section of its own, between stdlib and
    # first party; the star-imported module re-exports its stdlib names in
    # the form linters accept, in every branch of the conditional import.
    assert (
        "import sys\nfrom enum import Enum as Enum\nfrom enum import auto, unique\n\n"
        "import typed_enum\nfrom typed_enum import alias\n\nfrom shop.levels import Level\n"
    ) in status
    assert "    from backports.strenum import StrEnum as StrEnum\n" in status
    assert "class Mode(typed_enum.ValueOrdered, typed_enum.StrEnum):" in status
    # The dropped source is kept where it fits, reported always.
    assert '    F_513 = alias(F_511)  # was ("docking_error", 513)\n' in status
    assert "Fault.F_512 = alias(F_511)" in result.out
    assert '"docking_error_with_a_long_name_that_fills_the_line", 512' in result.out
    assert all(len(line) <= 72 for line in status.splitlines())
    assert (
        (root / "shop/modes.py")
        .read_text()
        .startswith(
            "from enum import auto\n\nfrom typed_enum import StrEnum, ValueOrdered\n\n\nclass Speed"
        )
    )
    levels = (root / "shop/levels.py").read_text()
    assert levels.startswith("from enum import IntEnum as IntEnum\n")
    # The conditional imports lost the moved names: meta.py's whole, the
    # other's branches, then alike, to their one import.
    assert (
        (root / "shop/experiment.py")
        .read_text()
        .startswith(
            "import typing as t\nfrom enum import auto\n\nfrom typed_enum import StrEnum, ValueOrdered\n\n"
            "from shop.levels import Level\n\n\nclass Kind(ValueOrdered, StrEnum):"
        )
    )
    meta = (root / "shop/meta.py").read_text()
    assert meta.startswith(
        "from typed_enum import IntEnum, StrEnum, TypedEnumType, ValueOrdered\n\n\n"
    )
    assert "    def __contains__(cls, item: object) -> bool:  # noqa: N805\n" in meta
    assert "    def names(cls) -> list[str]:  # noqa: N805\n" in meta
    assert (
        "shop/meta.py:15: note: # noqa: N805 added to __contains__, names: ruff's "
        "pep8-naming (selected in the project's configuration) knows a metaclass only by a "
        "base named type, ABCMeta, EnumMeta or EnumType in the same file, and this one's "
        "base is now TypedEnumType (astral-sh/ruff#20225)"
    ) in result.out.splitlines()


_META = """
from enum import EnumMeta, IntEnum


class Meta(EnumMeta):
    def plain(cls) -> None: ...

    def itself(self) -> None: ...  # noqa: N804

    def __new__(cls, *args: object, **kwargs: object) -> "Meta":  # noqa: ANN401
        return super().__new__(cls, *args, **kwargs)  # type: ignore[misc]

    @staticmethod
    def static(x: int) -> None: ...

    @classmethod
    def klass(cls) -> None: ...

    @cached
    def decorated(cls) -> None: ...

    def pragma(cls) -> None:  # pragma: no cover
        ...

    def listed(cls) -> None:  # noqa: D102
        ...

    def wrapped(
        cls,
        argument_with_a_long_name: int,
    ) -> None: ...


class Level(IntEnum, metaclass=Meta):
    LOW = 1
"""


def test_noqa_n805_only_where_ruff_would_flag_the_method_and_only_if_selected(
    tree: Tree, migrate: Migrate
) -> None:
    config = '[tool.ruff.lint]\nselect = ["N"]\n\n[tool.ruff.lint.pep8-naming]\n'
    config += 'classmethod-decorators = ["cached"]\n'
    root = tree({"pyproject.toml": config, "one/__init__.py": "", "one/meta.py": _META})
    assert _ruff(root) == []
    result = migrate("one")
    assert result.status == 0, result.out
    meta = (root / "one/meta.py").read_text()
    marked = [line.strip() for line in meta.splitlines() if "N805" in line]
    assert marked == [
        "def plain(cls) -> None: ...  # noqa: N805",
        "def pragma(cls) -> None:  # pragma: no cover  # noqa: N805",
        "def listed(cls) -> None:  # noqa: D102, N805",
        "cls,  # noqa: N805",
    ]
    assert _ruff(root) == []
    # Not selected: nothing added (an unused noqa is a finding of its own, RUF100).
    # (Another project root: the configuration is read once a directory.)
    config = '[tool.ruff.lint]\nselect = ["E", "F"]\n'
    root = tree({"two/pyproject.toml": config, "two/two/meta.py": _META})
    assert migrate("two/two").status == 0
    meta = (root / "two/two/meta.py").read_text()
    assert "class Meta(TypedEnumType):" in meta
    assert "noqa: N805" not in meta


# Issue 45: members written over several lines, with comments, in a project
# whose line length is 120; alias() joins each into one line.
# 100 characters: it fits each line as written, not after ``CODE_B = alias(CODE_A)  ``.
_LONG_COMMENT = "# " + "a reason for this code, " * 4 + "ok"
_MULTILINE = {
    "pyproject.toml": '[tool.ruff]\nline-length = 120\n\n[tool.ruff.lint]\nselect = ["E", "F", "W"]\n',
    "codes/__init__.py": "",
    "codes/errors.py": f"""
    from enum import Enum


    class Code(Enum):
        CODE_A = "a"
        CODE_B = (
            "a"
        )  {_LONG_COMMENT}
        CODE_C = (  {_LONG_COMMENT}
            "a"
        )
        CODE_D = (
            "a"  {_LONG_COMMENT}
        )
        CODE_E = (  # short
            "a"
        )
        CODE_F = (
            "a"
        )  # short too
    """,
}


def test_a_member_over_several_lines_keeps_its_comments_within_the_line_length(
    tree: Tree, migrate: Migrate
) -> None:
    root = tree(_MULTILINE)
    assert _ruff(root) == []
    result = migrate("codes")
    assert result.status == 0, result.out
    assert _ruff(root) == []
    body = (root / "codes/errors.py").read_text().split('CODE_A = "a"\n', 1)[1]
    # A comment that does not fit the joined line goes on its own line above;
    # one that fits stays trailing.
    assert body == (
        f"    {_LONG_COMMENT}\n"
        "    CODE_B = alias(CODE_A)\n"
        f"    {_LONG_COMMENT}\n"
        "    CODE_C = alias(CODE_A)\n"
        f"    {_LONG_COMMENT}\n"
        "    CODE_D = alias(CODE_A)\n"
        "    CODE_E = alias(CODE_A)  # short\n"
        "    CODE_F = alias(CODE_A)  # short too\n"
    )


def test_value_ordered_wraps_a_class_line_that_would_pass_the_line_length(
    tree: Tree, migrate: Migrate
) -> None:
    name = "AnExceptionallyLongEnumNameThatAlmostFillsTheLine"
    root = tree(
        {
            "pyproject.toml": '[tool.ruff]\nline-length = 79\n\n[tool.ruff.lint]\nselect = ["E", "F", "W"]\n',
            "codes/__init__.py": "",
            "codes/kinds.py": f"""
            import enum


            class {name}(str, enum.Enum):
                A = "a"
            """,
        }
    )
    assert _ruff(root) == []
    assert migrate("codes").status == 0
    assert _ruff(root) == []
    source = (root / "codes/kinds.py").read_text()
    assert (
        f"class {name}(\n    typed_enum.ValueOrdered,\n    str,\n    typed_enum.Enum,\n):\n"
    ) in source
