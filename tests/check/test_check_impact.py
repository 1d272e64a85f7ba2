"""Member-added impact (issue 55): the sites a new member reaches through a catch-all.

Each case writes an old and a new tree by hand, reads both from the source
(``revision.read``) and runs the finder; the command-line cases run
``typed-enum check`` on a git repository as a user does.
"""

from __future__ import annotations

import json
import re
import textwrap
import warnings
from pathlib import Path
from typing import Any

import pytest
from check_helpers import Repo
from mypy import api as mypy_api

from typed_enum.check.impact import find_impact
from typed_enum.check.revision import read as read_source

OLD_ENUM = """
from enum import Enum
class Color(Enum):
    red = 1
    green = 2
"""
NEW_ENUM = OLD_ENUM + "    blue = 3\n"


def _impact(
    tmp_path: Path, use: str, new_enum: str = NEW_ENUM, files: dict[str, str] | None = None
) -> list[tuple[Any, ...]]:
    """(line, kind, what) of each site (with its path when ``files`` adds modules)."""
    for side, enum in (("old", OLD_ENUM), ("new", new_enum)):
        app = tmp_path / side / "app"
        app.mkdir(parents=True)
        (app / "__init__.py").write_text("")
        (app / "colors.py").write_text(textwrap.dedent(enum).lstrip("\n"))
        (app / "use.py").write_text(textwrap.dedent(use).lstrip("\n"))
        for name, text in (files or {}).items():
            (tmp_path / side / name).write_text(textwrap.dedent(text).lstrip("\n"))
    old = read_source(tmp_path / "old", ["app"], "old")
    new = read_source(tmp_path / "new", ["app"], "new")
    impact = find_impact(old, new, tmp_path / "new", ["app"])
    if files:
        return [(site.line, site.kind, site.what, site.path) for site in impact.sites]
    return [(site.line, site.kind, site.what) for site in impact.sites]


def test_a_wildcard_arm_after_arms_naming_members_is_listed_with_its_first_statement(
    tmp_path: Path,
) -> None:
    use = """
    from app.colors import Color
    def f(x: Color) -> int:
        match x:
            case Color.red:
                return 1
            case other:
                raise ValueError(other)
    """
    assert _impact(tmp_path, use) == [(6, "wildcard-raises", "raise ValueError(other)")]


def test_a_class_pattern_of_the_enum_is_a_catch_all(tmp_path: Path) -> None:
    use = """
    from app.colors import Color
    def f(x: Color) -> int:
        match x:
            case Color.red:
                return 1
            case Color() as other:
                return 2
    """
    assert _impact(tmp_path, use) == [(6, "wildcard", "return 2")]


#: Catch-alls that name no member: the syntax cannot tell they take a Color.
NO_MEMBER_NAMED = """
from app.colors import Color
def by_class(x: Color) -> int:
    match x:
        case Color() if x.value == 1:
            return 1
        case _:
            return 0
def by_value(x: Color) -> int:
    if x.value == 1:
        return 1
    elif x.value == 2:
        return 2
    else:
        return 0
def named(x: Color) -> int:
    match x:
        case Color.red:
            return 1
        case _:
            return 0
"""


def test_the_plugin_sees_no_catch_all_the_syntax_misses(tmp_path: Path) -> None:
    """mypy's plugin API has no statement hook: the plugin's type-aware wildcard
    check runs from the attribute hook of a member the statement names, so it
    judges only the statements the syntactic finder reads too (issue 55's
    "type information where syntax is not enough": not available that way)."""
    found = _impact(tmp_path, NO_MEMBER_NAMED)
    assert found == [(19, "wildcard", "return 0")]
    config = tmp_path / "mypy.ini"
    # The plugin's own switch too: mypy before 1.19 drops an enable_error_code it does not
    # know yet when it reads the file, before it loads the plugin (mypy_plugin/config.py).
    config.write_text(
        "[mypy]\nplugins = typed_enum.mypy\nstrict = true\n"
        "enable_error_code = typed-enum-wildcard-arm\n\n[mypy.plugins.typed_enum]\nwildcard-arm = true\n"
    )
    out, _, _ = mypy_api.run(
        ["--config-file", str(config), "--no-incremental", str(tmp_path / "new" / "app")]
    )
    reported = re.findall(r"use\.py:(\d+): error: .*\[typed-enum-wildcard-arm\]", out)
    assert reported == ["19"], out


def test_an_arm_reaching_assert_never_or_a_match_naming_the_new_member_is_not_listed(
    tmp_path: Path,
) -> None:
    use = """
    from typing import assert_never
    from app.colors import Color
    def f(x: Color) -> int:
        match x:
            case Color.red | Color.green:
                return 1
            case _:
                assert_never(x)
    def g(x: Color) -> int:
        match x:
            case Color.blue:
                return 1
            case _:
                return 0
    """
    assert _impact(tmp_path, use) == []


def test_the_else_of_a_chain_naming_every_old_member_is_listed_and_a_partial_one_is_not(
    tmp_path: Path,
) -> None:
    use = """
    from app import colors
    def f(x: colors.Color) -> int:
        if x is colors.Color.red:
            return 1
        elif x == colors.Color.green:
            return 2
        else:
            return 0
    def g(x: colors.Color) -> int:
        if x is colors.Color.red:
            return 1
        else:
            return 0
    def h(x: colors.Color) -> int:
        if x is colors.Color.red or x is colors.Color.green:
            return 1
        print(x)
        return 0
    """
    assert _impact(tmp_path, use) == [(8, "else", "return 0")]


def test_a_chain_without_else_falls_through(tmp_path: Path) -> None:
    use = """
    from app.colors import Color
    def f(x: Color) -> None:
        if x is Color.red:
            print(1)
        elif x is Color.green:
            print(2)
    """
    found = _impact(tmp_path, use)
    assert [(line, kind) for line, kind, _ in found] == [(3, "fall-through")]


def test_a_table_of_every_old_member_is_listed_where_it_is_read(tmp_path: Path) -> None:
    use = """
    from app.colors import Color
    from typed_enum import exhaustive_map
    LABELS = {Color.red: "Red", Color.green: "Green"}
    CHECKED = exhaustive_map(Color, {Color.red: "Red", Color.green: "Green"})
    PARTIAL = {Color.red: "Red"}
    def f(x: Color) -> str:
        return LABELS[x] + LABELS.get(x, "?") + CHECKED[x] + PARTIAL[x]
    """
    assert _impact(tmp_path, use) == [
        (7, "table", "LABELS[x] raises KeyError for blue"),
        (7, "table-default", "LABELS.get(x, '?') gives the default '?' for blue"),
    ]


def test_a_table_given_its_new_key_is_not_listed(tmp_path: Path) -> None:
    use = """
    from app.colors import Color
    LABELS = {Color.red: "Red", Color.green: "Green", Color.blue: "Blue"}
    def f(x: Color) -> str:
        return LABELS[x]
    """
    assert _impact(tmp_path, use) == []


def test_membership_in_a_collection_of_members_written_or_named(tmp_path: Path) -> None:
    use = """
    from app.colors import Color as C
    WARM = frozenset({C.red})
    def f(x: C) -> bool:
        return x in WARM or x not in [C.green]
    """
    assert _impact(tmp_path, use) == [
        (4, "membership", "x in WARM is False for blue"),
        (4, "membership", "x not in [C.green] is True for blue"),
    ]


def test_a_table_read_under_a_membership_test_of_it_is_not_a_keyerror(tmp_path: Path) -> None:
    use = """
    from app.colors import Color
    KINDS = {Color.red: int, Color.green: str}
    def f(x: Color) -> type | None:
        if x in KINDS:
            return KINDS[x]
        return None
    """
    assert _impact(tmp_path, use) == [(4, "membership", "x in KINDS is False for blue")]


def test_a_loop_over_a_tuple_of_members_skips_the_new_one(tmp_path: Path) -> None:
    use = """
    from app.colors import Color
    def f() -> None:
        for color in (Color.red, Color.green):
            print(color)
        for every in Color:
            print(every)
    """
    assert _impact(tmp_path, use) == [
        (3, "iteration", "the loop over (Color.red, Color.green) skips blue")
    ]


def test_references_go_through_reexports_class_aliases_and_cls(tmp_path: Path) -> None:
    use = """
    from app import colors
    class Shape:
        RED = colors.Color.red
        GREEN = colors.Color.green
        @classmethod
        def make(cls, kind: colors.Color) -> int:
            mapping = {cls.RED: 1, cls.GREEN: 2}
            return mapping[kind]
    """
    assert _impact(tmp_path, use) == [(8, "table", "mapping[kind] raises KeyError for blue")]


def test_a_collection_read_in_a_module_that_names_no_member_is_found(tmp_path: Path) -> None:
    """Modules that write no member name are read for their imports only, then whole
    once they name a table or collection found elsewhere."""
    use = """
    from app.colors import Color
    WARM = (Color.red,)
    """
    found = _impact(tmp_path, use, files={"app/check.py": CHECK, "app/__init__.py": INIT})
    assert found == [(3, "membership", "x in WARM is False for blue", "app/check.py")]


INIT = """
from app.use import WARM as WARM
"""
CHECK = """
from app import WARM
def f(x: object) -> bool:
    return x in WARM
"""


def test_a_module_that_does_not_import_the_enum_is_not_examined(tmp_path: Path) -> None:
    use = """
    class Color:
        red = 1
        green = 2
    def f(x: int) -> int:
        return {Color.red: 1, Color.green: 2}[x]
    """
    assert _impact(tmp_path, use) == []


def _repo(repo: Repo, pyproject: str = "") -> None:
    use = """
    from app.colors import Color
    def f(x: Color) -> int:
        match x:
            case Color.red:
                return 1
            case _:
                raise ValueError(x)
    def g(x: Color) -> str:
        return {Color.red: "r", Color.green: "g"}[x]
    """
    files = {"app/__init__.py": "", "app/colors.py": OLD_ENUM, "app/use.py": use}
    repo.commit({**files, **({"pyproject.toml": pyproject} if pyproject else {})})
    repo.write({"app/colors.py": NEW_ENUM})


def test_the_check_lists_sites_grouped_by_new_member_and_exits_0(repo: Repo) -> None:
    _repo(repo)
    result = repo.check("--against", "HEAD")
    assert result.status == 0, result.err
    assert result.lines == [
        "app/colors.py:5: impact: Color.blue is new; 2 sites now receive it through a catch-all:",
        "app/use.py:6: impact: wildcard-raises: raise ValueError(x)",
        "app/use.py:9: impact: table: {Color.red: 'r', Color.green: 'g'}[x] raises KeyError "
        "for blue",
    ]
    assert (
        "typed-enum check: impact: 2 sites reached by 1 new member through a catch-all (2 modules examined)\n"
        in result.err
    )
    assert "typed-enum check: note: impact: read from the syntax of the modules" in result.err


@pytest.mark.parametrize("form", ["json", "sarif", "github"])
def test_the_impact_summary_is_on_stderr_in_every_format(repo: Repo, form: str) -> None:
    _repo(repo)
    result = repo.check("--against", "HEAD", "--format", form)
    assert result.status == 0, result.err
    assert (
        "typed-enum check: impact: 2 sites reached by 1 new member through a catch-all (2 "
        "modules examined)\n" in result.err
    )
    assert "impact" in result.out  # the sites themselves are in the format's own output


@pytest.mark.parametrize(
    ("args", "pyproject", "failing"),
    [
        (("--fail-on-impact", "table"), "", ["table"]),
        (("--fail-on-impact", "wildcard"), "", ["wildcard-raises"]),
        ((), '[tool.typed_enum.check]\nfail-on-impact = ["all"]\n', ["wildcard-raises", "table"]),
    ],
)
def test_chosen_kinds_fail_the_check(
    repo: Repo, args: tuple[str, ...], pyproject: str, failing: list[str]
) -> None:
    _repo(repo, pyproject)
    result = repo.check("--against", "HEAD", "--format", "json", *args)
    assert result.status == 1, result.err
    sites = json.loads(result.out)["impact"]["sites"]
    assert [s["kind"] for s in sites if s["fails"]] == failing


def test_sarif_and_github_locate_each_site(repo: Repo) -> None:
    _repo(repo)
    sarif = json.loads(repo.check("--against", "HEAD", "--format", "sarif").out)
    results = sarif["runs"][0]["results"]
    located = [
        (r["ruleId"], r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in results
    ]
    assert located == [("impact-wildcard-raises", 6), ("impact-table", 9)]
    rules = sarif["runs"][0]["tool"]["driver"]["rules"]
    assert all(rules[r["ruleIndex"]]["id"] == r["ruleId"] for r in results)
    github = repo.check("--against", "HEAD", "--format", "github").out.splitlines()
    assert github[0].startswith("::notice file=app/use.py,line=6,title=typed-enum impact")


def test_an_unknown_kind_is_a_one_line_error(repo: Repo) -> None:
    _repo(repo)
    result = repo.check("--against", "HEAD", "--fail-on-impact", "tabel")
    assert result.status == 2
    assert result.err == (
        "typed-enum check: --fail-on-impact: no site kind 'tabel'; did you mean 'table'? (the "
        "kinds are wildcard, wildcard-raises, else, else-raises, fall-through, branch, "
        "branch-raises, table, table-default, membership, iteration, all)\n"
    )


def test_a_module_that_cannot_be_parsed_is_named_in_a_note(repo: Repo) -> None:
    _repo(repo)
    repo.write({"app/broken.py": "from app.colors import Color\ndef f(:\n"})
    result = repo.check("--against", "HEAD")
    assert any(
        line.startswith(
            "app/broken.py: note: not examined for the impact of new members: "
            "cannot be parsed (SyntaxError"
        )
        for line in result.err.splitlines()
    ), result.err


def test_a_bad_fail_on_impact_in_the_pyproject_is_a_one_line_error(repo: Repo) -> None:
    _repo(repo, "[tool.typed_enum.check]\nfail-on-impact = 3\n")
    result = repo.check("--against", "HEAD")
    assert (result.status, result.err) == (
        2,
        "typed-enum check: pyproject.toml: [tool.typed_enum.check] fail-on-impact must be a "
        "list of site kinds (wildcard, wildcard-raises, else, else-raises, fall-through, "
        "branch, branch-raises, table, table-default, membership, iteration or all)\n",
    )


def test_a_removed_member_still_named_is_said_to_be_a_mypy_error(repo: Repo) -> None:
    use = """
    from app.colors import Color
    def f(x: Color) -> bool:
        return x is Color.green
    """
    repo.commit({"app/__init__.py": "", "app/colors.py": NEW_ENUM, "app/use.py": use})
    repo.write({"app/colors.py": NEW_ENUM.replace("    green = 2\n", "")})
    sarif = json.loads(repo.check("--against", "HEAD", "--format", "sarif").out)
    named = [r for r in sarif["runs"][0]["results"] if r["ruleId"] == "impact-removed-named"]
    assert [r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in named] == [3]
    result = repo.check("--against", "HEAD")
    assert result.lines[-1] == (
        "app/colors.py:2: impact: app.colors.Color.green was removed; the 1 site of the new "
        "revision that still names it is a mypy error ([attr-defined]): app/use.py:3"
    )


def test_the_users_code_is_read_without_the_parsers_warnings(tmp_path: Path) -> None:
    # "\\d" in a plain string: the parser warns (SyntaxWarning on 3.12+, DeprecationWarning
    # on 3.11) when it reads the code; the finder reads it and lets no warning out.
    use = r"""
    from app.colors import Color
    PATTERN = "\d+"
    def f(x: Color) -> int:
        match x:
            case Color.red:
                return 1
            case _:
                return 0
    """
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert _impact(tmp_path, use) == [(7, "wildcard", "return 0")]
    assert [str(w.message) for w in caught] == []
