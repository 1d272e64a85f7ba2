"""Member-added impact with mypy's types (issue 55): the catch-alls the syntax cannot
tie to the enum, found by the blocks mypy reaches only once the new member exists.

Each case writes an old and a new tree by hand and runs the finder with and
without the types; the command-line cases run ``typed-enum check`` as a user
does, with mypy missing (a ``mypy`` package on PYTHONPATH that fails to import),
with a plugin of the repository under ``--no-import``, and with mypy failing.
"""

from __future__ import annotations

import json
import os
import textwrap
from pathlib import Path
from typing import Any

import pytest
from check_helpers import Repo

from typed_enum.check.impact import find_impact
from typed_enum.check.revision import read as read_source

OLD_ENUM = """
from enum import Enum
class Color(Enum):
    red = 1
    green = 2
"""
NEW_ENUM = OLD_ENUM + "    blue = 3\n"


@pytest.fixture(autouse=True)
def _shared_cache(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One cache directory for the module's cases: mypy's standard library comes from it."""
    root = tmp_path_factory.getbasetemp() / "impact-types-cache"
    root.mkdir(exist_ok=True)
    monkeypatch.setenv("TYPED_ENUM_CACHE_DIR", str(root))


def _impact(tmp_path: Path, use: str, types: bool = True) -> list[tuple[Any, ...]]:
    """(line, kind, what) of each site of ``app/use.py`` when ``blue`` is added."""
    for side, enum in (("old", OLD_ENUM), ("new", NEW_ENUM)):
        app = tmp_path / side / "app"
        app.mkdir(parents=True)
        (app / "__init__.py").write_text("")
        (app / "colors.py").write_text(textwrap.dedent(enum).lstrip("\n"))
        (app / "use.py").write_text(textwrap.dedent(use).lstrip("\n"))
    old = read_source(tmp_path / "old", ["app"], "old")
    new = read_source(tmp_path / "new", ["app"], "new")
    impact = find_impact(old, new, tmp_path / "new", ["app"], types=types)
    assert impact.types == ("used" if types else "off"), impact.types_notes
    return [(site.line, site.kind, site.what) for site in impact.sites]


def test_an_optional_subject_tested_for_none_first_has_its_else_found(tmp_path: Path) -> None:
    use = """
    from app.colors import Color
    def css(c: Color | None) -> str:
        if c is None:
            return "none"
        elif c is Color.red:
            return "#f00"
        elif c == Color.green:
            return "#0f0"
        else:
            raise ValueError(c)
    """
    assert _impact(tmp_path, use, types=False) == []  # the chain tests something else too
    assert _impact(tmp_path / "typed", use) == [(10, "else-raises", "raise ValueError(c)")]


def test_early_returns_of_a_parameter_of_any_name_fall_through(tmp_path: Path) -> None:
    use = """
    from app.colors import Color
    def paint(shade: Color | int) -> str:
        if isinstance(shade, int):
            return "grey"
        if shade is Color.red:
            return "warm"
        if shade is Color.green:
            return "cool"
        raise TypeError(shade)
    """
    assert _impact(tmp_path, use, types=False) == []  # separate ifs: no chain to read
    assert _impact(tmp_path / "typed", use) == [
        (
            7,
            "fall-through",
            "none of the branches runs (the chain ends at line 8); next: raise TypeError(shade)",
        )
    ]


def test_a_match_on_a_method_result_without_catch_all_falls_through(tmp_path: Path) -> None:
    use = """
    from app.colors import Color
    class Lamp:
        def color(self) -> Color:
            return Color.red
    def watts(lamp: Lamp) -> int:
        match lamp.color():
            case Color.red:
                return 40
            case Color.green:
                return 60
        return 0
    """
    assert _impact(tmp_path, use, types=False) == []
    assert _impact(tmp_path / "typed", use) == [
        (6, "fall-through", "none of the arms runs (the match ends at line 10); next: return 0")
    ]


def test_a_branch_no_old_member_took_is_listed(tmp_path: Path) -> None:
    use = """
    from app.colors import Color
    def check(c: Color) -> None:
        if c is not Color.red and c is not Color.green:
            raise ValueError(f"unknown color {c}")
        elif c is Color.red:
            print("warm")
    """
    assert _impact(tmp_path, use, types=False) == []
    assert _impact(tmp_path / "typed", use) == [
        (4, "branch-raises", "raise ValueError(f'unknown color {c}')")
    ]


def test_a_site_the_syntax_finds_too_is_listed_once(tmp_path: Path) -> None:
    use = """
    from app.colors import Color
    def price(c: Color) -> int:
        match c:
            case Color.red:
                return 10
            case _:
                return 0
    """
    expected = [(6, "wildcard", "return 0")]
    assert _impact(tmp_path, use, types=False) == expected
    assert _impact(tmp_path / "typed", use) == expected


def test_sites_naming_the_new_member_or_reaching_assert_never_are_not_listed(
    tmp_path: Path,
) -> None:
    use = """
    from typing import assert_never
    from app.colors import Color
    def price(c: Color) -> int:
        match c:
            case Color.red | Color.green:
                return 1
            case Color.blue:
                return 3
            case _:
                assert_never(c)
    def css(c: Color | None) -> str:
        if c is None:
            return ""
        elif c is Color.red or c is Color.green:
            return "old"
        elif c is Color.blue:
            return "new"
        else:
            assert_never(c)
    def label(c: Color) -> str:
        if c is Color.red:
            return "r"
        if c is Color.green:
            return "g"
        assert_never(c)
    """
    assert _impact(tmp_path, use) == []


def test_a_block_reached_before_the_change_is_not_listed(tmp_path: Path) -> None:
    use = """
    from app.colors import Color
    def warm(c: Color, urgent: bool) -> bool:
        if c is Color.red and urgent:
            return True
        else:
            return False
    """
    assert _impact(tmp_path, use) == []


# The command line ------------------------------------------------------------------

USE = """
from app.colors import Color
def f(x: Color) -> int:
    match x:
        case Color.red:
            return 1
        case _:
            raise ValueError(x)
def g(c: Color | None) -> str:
    if c is None:
        return ""
    elif c is Color.red or c is Color.green:
        return "old"
    else:
        return "other"
"""

SYNTAX_SITE = "app/use.py:6: impact: wildcard-raises: raise ValueError(x)"
TYPED_SITE = "app/use.py:14: impact: else: return 'other'"


def _repo(repo: Repo, files: dict[str, str] | None = None) -> None:
    base = {"app/__init__.py": "", "app/colors.py": OLD_ENUM, "app/use.py": USE}
    repo.commit({**base, **(files or {})})
    repo.write({"app/colors.py": NEW_ENUM})


def test_the_check_lists_the_sites_the_types_find_with_the_syntactic_ones(repo: Repo) -> None:
    _repo(repo)
    result = repo.check("--against", "HEAD", "--timings")
    assert result.status == 0, result.err
    assert result.lines == [
        "app/colors.py:5: impact: Color.blue is new; 2 sites now receive it through a catch-all:",
        SYNTAX_SITE,
        TYPED_SITE,
    ]
    assert (
        "typed-enum check: note: impact: read from the syntax of the modules that import "
        "the enum's module, and with mypy " in result.err
    )
    assert "(2 modules checked, 1 site found by types alone)" in result.err


def test_json_says_whether_the_types_were_used(repo: Repo) -> None:
    _repo(repo)
    used = json.loads(repo.check("--against", "HEAD", "--format", "json").out)["impact"]
    assert [s["line"] for s in used["sites"]] == [6, 14]
    assert used["types"]["used"] is True
    assert used["types"]["sites_by_types_alone"] == 1
    off = repo.check("--against", "HEAD", "--format", "json", "--impact-types", "off")
    impact = json.loads(off.out)["impact"]
    assert [s["line"] for s in impact["sites"]] == [6]
    assert impact["types"]["used"] is False
    assert impact["not_looked_at"].endswith("mypy's types were not asked for (--impact-types off)")


def test_without_mypy_the_syntax_runs_alone_and_says_so(
    repo: Repo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shim = tmp_path / "shim" / "mypy"
    shim.mkdir(parents=True)
    (shim / "__init__.py").write_text("raise ImportError('no mypy here')\n")
    _repo(repo)
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join([str(shim.parent), os.environ.get("PYTHONPATH", "")])
    )
    result = repo.check("--against", "HEAD")
    assert result.status == 0, result.err
    assert result.lines == [
        "app/colors.py:5: impact: Color.blue is new; 1 site now receives it through a catch-all:",
        SYNTAX_SITE,
    ]
    assert (
        "comparisons in helper functions (docs/check-impact.md); mypy's types were not used "
        "(mypy is not installed)\n" in result.err
    )


PLUGIN = """
from pathlib import Path
Path(__file__).with_name("plugin-ran").write_text("yes")
from mypy.plugin import Plugin
def plugin(version: str) -> type[Plugin]:
    return Plugin
"""


def test_no_import_loads_no_plugin_of_the_repository(repo: Repo) -> None:
    mypy_ini = "[mypy]\nplugins = local_plugin.py, typed_enum.mypy\n"
    _repo(repo, {"mypy.ini": mypy_ini, "local_plugin.py": PLUGIN})
    result = repo.check("--against", "HEAD", "--no-import")
    assert result.status == 0, result.err
    assert result.lines[1:] == [SYNTAX_SITE, TYPED_SITE]
    assert not (repo.root / "plugin-ran").exists()
    assert (
        "typed-enum check: note: impact: mypy ran without the plugins of the repository's "
        "mypy.ini (local_plugin.py): --no-import runs none of its code\n" in result.err
    )


def test_a_failing_mypy_is_a_note_and_the_syntax_stands(repo: Repo) -> None:
    broken = "raise RuntimeError('this plugin is broken')\n"
    _repo(repo, {"mypy.ini": "[mypy]\nplugins = local_plugin.py\n", "local_plugin.py": broken})
    result = repo.check("--against", "HEAD")  # the repository's code may run: it is loaded
    assert result.status == 0, result.err
    assert result.lines[1:] == [SYNTAX_SITE]
    assert "Traceback" not in result.err
    assert "; mypy's types were not used (mypy failed (" in result.err


def test_the_file_can_turn_the_types_off_and_the_option_back_on(repo: Repo) -> None:
    _repo(repo, {"pyproject.toml": '[tool.typed_enum.check]\nimpact-types = "off"\n'})
    assert repo.check("--against", "HEAD").lines[1:] == [SYNTAX_SITE]
    on = repo.check("--against", "HEAD", "--impact-types", "auto")
    assert on.lines[1:] == [SYNTAX_SITE, TYPED_SITE]


def test_a_wrong_impact_types_setting_is_a_one_line_error(repo: Repo) -> None:
    _repo(repo, {"pyproject.toml": '[tool.typed_enum.check]\nimpact-types = "no"\n'})
    result = repo.check("--against", "HEAD")
    assert result.status == 2
    assert result.err == (
        "typed-enum check: pyproject.toml: [tool.typed_enum.check] impact-types must be one of "
        "'auto', 'off', not 'no'\n"
    )
