"""Every enum class is moved or named, whatever import form reaches its base.

The tree is built like a Zigbee stack's: the enum bases live in
``zb/types/basic.py``, ``zb/types/__init__.py`` re-exports them with
``from .basic import *`` (it never mentions enum), and twenty modules derive
their enums from them through ``t.enum8`` after ``import zb.types as t`` and
every other way a module can reach a name: ``from zb import types as t``, a
relative ``from .. import types as t``, ``import zb.types`` then
``zb.types.enum8``, ``from zb.types import *`` then a bare ``enum8``, the
``basic`` module itself, a module alias another module bound, a class nested
in a class.  ``enum8`` shares its metaclass with a ``ReprEnum`` class, which
typed_enum has no counterpart of: the group stays stdlib, and each of its
classes must be named in the report.  ``status8`` (an ``IntEnum`` with no
such tie) moves, and with it every class derived from it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from migrate_helpers import Migrate, Tree, snapshot, summary, unaccounted

BASIC = """
import enum


class _Meta(enum.EnumMeta):
    def __call__(cls, value, *args, **kwargs):
        return super().__call__(value, *args, **kwargs)


class uint8_t(int):
    pass


class enum8(uint8_t, enum.Enum, metaclass=_Meta):
    pass


class bitmap8(uint8_t, enum.ReprEnum, metaclass=_Meta):
    pass


class status8(enum.IntEnum):
    pass
"""

# (import statement, how a base is written: {base} is enum8 or status8)
FORMS = [
    ("import zb.types as t", "t.{base}"),
    ("from zb import types as t", "t.{base}"),
    ("from .. import types as t", "t.{base}"),
    ("import zb.types", "zb.types.{base}"),
    ("import zb", "zb.types.{base}"),
    ("from zb.types import *", "{base}"),
    ("from zb.types import basic", "basic.{base}"),
    ("from ..types import basic as b", "b.{base}"),
    ("from zb.types.basic import *", "{base}"),
    ("from zb.types import {base}", "{base}"),
    ("from zb.clusters import t", "t.{base}"),  # the alias bound in zb/clusters/__init__.py
    ("from zb.clusters import *", "t.{base}"),  # ... star-imported from there
]


def _module(index: int) -> str:
    statement, written = FORMS[index % len(FORMS)]
    if "{base}" in statement:
        imports = "\n".join(statement.format(base=b) for b in ("enum8", "status8"))
    else:
        imports = statement
    nested = index % 5 == 4
    lines = [imports, "", ""]
    enum8 = written.format(base="enum8")
    status8 = written.format(base="status8")
    if nested:
        lines += ["class Cluster:", f"    class Power{index}({enum8}):", "        a = 1", "", ""]
    else:
        lines += [f"class Power{index}({enum8}):", "    a = 1", "    b = 2", "", ""]
    lines += [f"class Status{index}({status8}):", "    ok = 0", "    failed = 1", ""]
    return "\n".join(lines)


FILES = {
    "zb/__init__.py": "from . import types\n",
    "zb/types/__init__.py": "from .basic import *  # noqa: F403\n",
    "zb/types/basic.py": BASIC,
    "zb/clusters/__init__.py": "import zb.types as t\n\n__all__ = ['t']\n",
    **{f"zb/clusters/c{i:02}.py": _module(i) for i in range(20)},
}


def _nested(index: int) -> bool:
    return index % 5 == 4


def test_every_enum_reached_through_any_import_form_is_moved_or_named(
    tree: Tree, migrate: Migrate
) -> None:
    root: Path = tree(FILES)
    before = snapshot(root, ("zb",))
    result = migrate("--no-progress", "zb")
    assert result.status == 0, result.out + result.err
    after = snapshot(root, ("zb",))
    assert after["imports"] == before["imports"]
    assert set(before["imports"].values()) == {"ok"}  # type: ignore[union-attr]
    classes = after["classes"]
    assert isinstance(classes, dict)
    # 20 Power, 20 Status and the 3 bases with members or not: 43 enum classes.
    assert len(classes) == 43
    assert unaccounted(after, result.out) == []
    lines = result.out.splitlines()
    for i in range(20):
        qualname = f"Cluster.Power{i}" if _nested(i) else f"Power{i}"
        # the enum8 group stays stdlib (bitmap8 derives from ReprEnum), and says so
        assert classes[f"zb.clusters.c{i:02}:{qualname}"] is False
        assert any(
            line.startswith(f"zb/clusters/c{i:02}.py:")
            and f": left alone: {qualname} stays a stdlib enum with bitmap8 (zb/types/basic.py:"
            in line
            for line in lines
        ), (i, result.out)
        # the status8 group moves: the base is rewritten, each subclass follows it
        assert classes[f"zb.clusters.c{i:02}:Status{i}"] is True
    assert classes["zb.types.basic:status8"] is True
    assert classes["zb.types.basic:enum8"] is False
    assert (root / "zb/types/basic.py").read_text().count("typed_enum.IntEnum") == 1
    # no module but basic.py needs rewriting: every subclass derives from it
    assert summary(result.out).startswith("1 of 24 files rewritten; ")


def test_a_stdlib_base_bound_by_a_star_import_is_named_with_the_import(
    tree: Tree, migrate: Migrate
) -> None:
    tree(
        {
            "pkg/__init__.py": "",
            "pkg/base.py": "from enum import IntEnum\n",
            "pkg/colors.py": "from .base import *\n\n\nclass Color(IntEnum):\n    red = 1\n",
        }
    )
    result = migrate("--no-progress", "--no-import", "pkg")
    assert result.out.splitlines()[0] == (
        "pkg/colors.py:4: left alone: Color stays a stdlib enum: its base IntEnum is "
        "enum.IntEnum, bound by from pkg.base import *; import IntEnum from enum by name in "
        "this module and run again"
    )


@pytest.mark.parametrize("restricted", [True, False])
def test_a_star_import_binds_only_the_names_of_all(
    tree: Tree, migrate: Migrate, restricted: bool
) -> None:
    # basic's __all__ leaves Base out: then ``from .basic import *``, the later
    # star import, does not rebind it, and ``t.Base`` is other.py's plain class;
    # without __all__ it is basic's enum, and Color stays stdlib with Base's
    # group (Sub's value is not evaluated without importing), named.
    root = tree(
        {
            "pkg/__init__.py": "",
            "pkg/types/__init__.py": "from .other import *\nfrom .basic import *\n",
            "pkg/types/other.py": "class Base:\n    pass\n",
            "pkg/types/basic.py": (
                "import enum\n\n"
                + ("__all__ = ['Other']\n\n\n" if restricted else "\n")
                + "class Base(enum.Enum):\n    pass\n\n\n"
                + "class Sub(Base):\n    x = len('ab')\n\n\n"
                + "class Other(enum.Enum):\n    pass\n"
            ),
            "pkg/use.py": "import pkg.types as t\n\n\nclass Color(t.Base):\n    red = 1\n",
        }
    )
    before = snapshot(root, ("pkg",))["classes"]
    assert isinstance(before, dict)
    assert ("pkg.use:Color" in before) is not restricted
    result = migrate("--no-progress", "--no-import", "pkg")
    assert result.status == 0
    named = [line for line in result.out.splitlines() if line.startswith("pkg/use.py")]
    assert named == (
        []
        if restricted
        else [
            "pkg/use.py:4: left alone: Color stays a stdlib enum with Sub "
            "(pkg/types/basic.py:8), which it shares a base or metaclass with"
        ]
    )
    after = snapshot(root, ("pkg",))
    assert unaccounted(after, result.out) == []
    assert after["classes"] == {
        "pkg.types.basic:Base": False,
        "pkg.types.basic:Sub": False,
        "pkg.types.basic:Other": True,
        **({} if restricted else {"pkg.use:Color": False}),
    }
