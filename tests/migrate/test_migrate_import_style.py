"""The imports migrate writes are those the project's own import sorter would.

For each of ruff's isort options, a package configured with it is sorted by
the real ruff first (``ruff check --select I --fix``: the project as its
formatter leaves it), migrated, and checked again: no I001.  Every module
adds typed_enum's imports in another shape: ``import typed_enum`` next to
``import``/``from`` imports of the third-party section, ``from typed_enum
import ...`` with an alias() and ``as`` names, one beside an existing
``from typed_enum import`` line, one in a module with a docstring only, and
the ``from enum import X as X`` re-exports of a star-imported module.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from migrate_helpers import Migrate, Tree

MODULES = {
    # a star-imported module: the enum names it binds stay bound (``X as X``)
    "shop/__init__.py": "from .reexp import *\n",
    "shop/reexp.py": """
    from enum import Enum, unique
    from enum import auto as auto_


    @unique
    class Tone(Enum):
        LOW = auto_()
    """,
    "shop/util.py": "def helper() -> None: ...\n",
    # issue 53: force-sort-within-sections put ``import typed_enum`` above
    # ``from cryptography... import``; lines-between-types lost its blank line
    "shop/keys.py": """
    import enum
    import os
    from cryptography.hazmat import backends
    import attr
    import zlib_extra
    from shop.util import helper


    class Curve(enum.Enum):
        P256 = 1
        SECP256R1 = 1


    print(os, backends, attr, zlib_extra, helper)
    """,
    "shop/levels.py": """
    from enum import IntEnum as IE, Enum, auto
    from attr import define
    import attr
    import yaml


    class Level(IE):
        LOW = 1
        BOTTOM = 1


    class Mode(Enum):
        ON = auto()


    print(define, attr, yaml)
    """,
    "shop/existing.py": """
    import enum
    from typed_enum import OpenEnum
    from zzz import last


    class Size(enum.IntEnum):
        S = 1


    print(OpenEnum, last)
    """,
    "shop/flags.py": """
    '''Flags.'''
    from enum import IntFlag, Flag, unique


    @unique
    class Perm(IntFlag):
        R = 4
        W = 2


    class Bits(Flag):
        A = 1
        B = 2
        C = 1
    """,
}

OPTIONS = {
    "defaults": "",
    "force-sort-within-sections": "force-sort-within-sections = true",
    "lines-between-types": "lines-between-types = 1",
    "force-single-line": "force-single-line = true",
    "order-by-type": "order-by-type = false",
    "combine-as-imports": "combine-as-imports = true",
    "known-first-party": 'known-first-party = ["typed_enum", "yaml"]',
    "known-third-party": 'known-third-party = ["shop"]',
    "sections": (
        'section-order = ["future", "standard-library", "typed", "third-party", '
        '"first-party", "local-folder"]\n'
        '[tool.ruff.lint.isort.sections]\ntyped = ["typed_enum", "attr"]'
    ),
    "all-together": (
        "force-sort-within-sections = true\nforce-single-line = true\n"
        "order-by-type = false\nknown-first-party = ['typed_enum']"
    ),
}


def _ruff(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--select", "I", *args, "."],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize("option", sorted(OPTIONS))
def test_the_new_imports_are_sorted_as_ruff_sorts_them(
    tree: Tree, migrate: Migrate, option: str
) -> None:
    pyproject = (
        '[project]\nname = "shop"\nversion = "1"\n\n[tool.ruff.lint]\nselect = ["I"]\n\n'
        f"[tool.ruff.lint.isort]\n{OPTIONS[option]}\n"
    )
    root = tree({"pyproject.toml": pyproject, **MODULES})
    _ruff(root, "--fix")
    before = _ruff(root)
    assert before.returncode == 0, before.stdout + before.stderr
    sources = {p: p.read_text() for p in root.glob("shop/*.py")}
    result = migrate("--no-progress", "--no-import", "shop")
    assert result.status == 0, result.out
    changed = [p for p, text in sources.items() if p.read_text() != text]
    assert len(changed) == 5, result.out
    after = _ruff(root, "--output-format", "concise")
    shown = "\n".join(
        f"--- {p.name}\n{textwrap.indent(p.read_text(), '    ')}" for p in sorted(changed)
    )
    assert after.returncode == 0, f"{after.stdout}\n{shown}"


def test_isort_options_are_read_where_ruff_is_not_configured(tmp_path: Path) -> None:
    from typed_enum.migrate.style import style_for

    (tmp_path / "setup.cfg").write_text(
        "[isort]\nforce_sort_within_sections = true\nlines_between_types = 1\n"
        "force_single_line = True\norder_by_type = false\ncombine_as_imports = true\n"
        "sections = FUTURE,STDLIB,TYPED,THIRDPARTY,FIRSTPARTY,LOCALFOLDER\n"
        "known_typed = typed_enum\nknown_local_folder = shop\n"
    )
    style = style_for(tmp_path)
    options = style.imports
    assert options.force_sort_within_sections
    assert options.lines_between_types == 1
    assert options.force_single_line
    assert not options.order_by_type
    assert options.combine_as_imports
    assert [style.section_name(m) for m in ("typed_enum", "enum", "attr", "shop.x")] == [
        "typed",
        "standard-library",
        "third-party",
        "local-folder",
    ]
    assert style.section("typed_enum") == 2
    # ruff's configuration, where there is one, is the one honoured
    (tmp_path / "ruff.toml").write_text("[lint.isort]\nforce-single-line = false\n")
    from typed_enum.migrate import style as module

    module._style_of.cache_clear()
    assert not style_for(tmp_path).imports.force_single_line
