"""--format json, github and sarif, and one order whatever PYTHONHASHSEED."""

from __future__ import annotations

import json

from check_helpers import Repo

import typed_enum
from typed_enum.check.output import SITE
from typed_enum.check.rule_records import RULES

BEFORE = """
from enum import Enum, IntEnum
class Color(Enum):
    red = 1
    green = 2
class Level(IntEnum):
    low = 1
"""
AFTER = """
from enum import Enum
class Color(Enum):
    red = 1
class Level(Enum):
    low = 1
"""


def _setup(repo: Repo) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": BEFORE})
    repo.write({"app/models.py": AFTER})


def test_json_has_one_record_per_finding(repo: Repo) -> None:
    _setup(repo)
    result = repo.check("--against", "HEAD", "--format", "json")
    assert result.status == 1
    log = json.loads(result.out)
    assert {key: value for key, value in log.items() if key != "findings"} == {
        "tool": "typed-enum check",
        "version": typed_enum.__version__,
        "old": {"revision": "HEAD", "enums": 2, "ignored": 0},
        "new": {"revision": "the working tree", "enums": 2, "ignored": 0},
        "read": "import",
        "policy": {
            "file": None,
            "revision": None,
            "command_line": [],
            "ignore": [],
            "storage": [],
            "unstored": "fail",
            "private": True,
        },
        "notes": [],
        # Where each enum is stored (typed_enum.check.storage): nowhere here.
        "storage": {"enums": {}, "unread": []},
    }
    assert {"findings": log["findings"]} == {
        "findings": [
            {
                "rule": "member-removed",
                "enum": "app.models.Color",
                "member": "green",
                "old": 2,
                "new": None,
                "path": "app/models.py",
                "line": 2,
                "message": "member Color.green was removed and no name accepts its value 2 any "
                "more: Color(2) and Color['green'] raise on stored data"
                "; keep it loading: restore it, or make its name an alias() of the member that now means the same",
                "stored": None,
            },
            {
                "rule": "base-changed",
                "enum": "app.models.Level",
                "member": None,
                "old": "IntEnum",
                "new": "Enum",
                "path": "app/models.py",
                "line": 4,
                "message": "Level changed from IntEnum to Enum: int behaviour (== with ints, "
                "ordering, arithmetic, int(x)) is gone"
                "; stored values still load, code that relied on it breaks: keep the base",
                "stored": None,
            },
        ],
    }


def test_github_annotates_the_lines(repo: Repo) -> None:
    _setup(repo)
    result = repo.check("--against", "HEAD", "--format", "github")
    assert result.status == 1
    assert result.lines == [
        "::error file=app/models.py,line=2,title=typed-enum member-removed::member "
        "Color.green was removed and no name accepts its value 2 any more: Color(2) and "
        "Color['green'] raise on stored data"
        "; keep it loading: restore it, or make its name an alias() of the member that now means the same",
        "::error file=app/models.py,line=4,title=typed-enum base-changed::Level changed from "
        "IntEnum to Enum: int behaviour (== with ints, ordering, arithmetic, int(x)) is gone"
        "; stored values still load, code that relied on it breaks: keep the base",
    ]


def test_sarif_lists_the_rules_and_locates_each_result(repo: Repo) -> None:
    _setup(repo)
    result = repo.check("--against", "HEAD", "--format", "sarif")
    assert result.status == 1
    log = json.loads(result.out)
    assert log["version"] == "2.1.0"
    (run,) = log["runs"]
    rules = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    assert rules[:8] == [
        "enum-removed",
        "member-removed",
        "member-renamed",
        "value-changed",
        "value-reused",
        "alias-removed",
        "open-changed",
        "base-changed",
    ]
    found = [
        (
            r["ruleId"],
            rules[r["ruleIndex"]],
            r["level"],
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            r["locations"][0]["physicalLocation"]["region"]["startLine"],
        )
        for r in run["results"]
    ]
    assert found == [
        ("member-removed", "member-removed", "error", "app/models.py", 2),
        ("base-changed", "base-changed", "error", "app/models.py", 4),
    ]
    removed = run["tool"]["driver"]["rules"][1]
    page = f"{SITE}check-rules/member-removed/"
    assert removed["helpUri"] == page
    assert removed["help"]["text"] == (
        f"{RULES['member-removed'].summary}. How to fix: {RULES['member-removed'].generic_fix}. "
        f"{page}"
    )
    assert f"[The rule's page]({page})" in removed["help"]["markdown"]
    # Nothing points at a path of this project's repository (the user's has no docs/).
    assert "docs/" not in result.out.replace(SITE, "")
    assert run["invocations"] == [{"executionSuccessful": True, "toolExecutionNotifications": []}]
    assert run["properties"]["old"] == {"revision": "HEAD", "enums": 2, "ignored": 0}


def test_the_order_does_not_depend_on_the_hash_seed(repo: Repo) -> None:
    classes = "".join(
        f"class E{i}(Enum):\n    a = frozenset({{'x{i}', 'y{i}', 'z{i}'}})\n    b = {i}\n"
        for i in range(8)
    )
    repo.commit({"app/__init__.py": "", "app/models.py": "from enum import Enum\n" + classes})
    repo.write(
        {"app/models.py": "from enum import Enum\n" + classes.replace("    b = ", "    c = ")}
    )
    first = repo.check("--against", "HEAD", "--format", "json", seed="1")
    second = repo.check("--against", "HEAD", "--format", "json", seed="4242")
    assert first.status == second.status == 1
    assert len(json.loads(first.out)["findings"]) == 8
    assert first.out == second.out
