"""Each change judged by where its enum is stored (typed_enum.check.storage.judge),
run as a user runs ``typed-enum check``."""

from __future__ import annotations

import json

from check_helpers import Repo

ENUMS = """
from enum import Enum
class Status(Enum):
    open = "o"
    closed = "c"
    held = "h"
    void = "v"
class Loose(Enum):
    a = 1
    b = 2
"""
#: Status: open's value changed, closed renamed to done, void removed and its value
#: taken by held (whose value changed); Loose: b renamed.
ENUMS_AFTER = """
from enum import Enum
class Status(Enum):
    open = "O"
    done = "c"
    held = "v"
class Loose(Enum):
    a = 1
    bee = 2
"""
SQLALCHEMY = """
from sqlalchemy import Column, Enum, Integer
from sqlalchemy.orm import declarative_base
from app.enums import Status
Base = declarative_base()
class Order(Base):
    __tablename__ = "orders"
    id = Column(Integer, primary_key=True)
    status = Column(Enum(Status))
"""
PYDANTIC = """
from pydantic import BaseModel
from app.enums import Status
class Order(BaseModel):
    status: Status
"""


def _setup(repo: Repo, models: dict[str, str], pyproject: str = "") -> None:
    files = {"app/__init__.py": "", "app/enums.py": ENUMS, **models}
    if pyproject:
        files["pyproject.toml"] = pyproject
    repo.commit(files)
    repo.write({"app/enums.py": ENUMS_AFTER})


def _found(out: str) -> list[tuple[str, str]]:
    """(rule, message) of each text line."""
    return [tuple(line.split(": ", 2)[1:]) for line in out.splitlines()]  # type: ignore[misc]


SQLA_WHERE = "stored by name in app.models.Order.status (SQLAlchemy Enum column)"
PYDANTIC_WHERE = "stored by value in app.models.Order.status (pydantic model field)"


def test_a_name_stored_enum_breaks_on_names_only(repo: Repo) -> None:
    _setup(repo, {"app/models.py": SQLALCHEMY})
    result = repo.check("--against", "HEAD")
    assert result.status == 1
    assert _found(result.out) == [
        (
            "member-renamed",
            "member Status.closed is gone and its value 'c' now belongs to the new "
            "Status.done: the value stayed, the name changed; stored 'c' (and pickles) now "
            "load as Status.done, stored names raise (Status['closed'], SQLAlchemy's Enum "
            "column); if done means what closed meant, keep the old name (closed = "
            "alias(done)); if not, retire the value (closed = reserved('c')) and give "
            "Status.done a value of its own; " + SQLA_WHERE,
        ),
        # void's value now belongs to held: for stored names, void is just gone.
        (
            "member-removed",
            "member Status.void was removed: Status['void'] raises on stored names; " + SQLA_WHERE,
        ),
        # Loose is stored nowhere: judged as before (names and values).
        (
            "member-renamed",
            "member Loose.b is gone and its value 2 now belongs to the new Loose.bee: the "
            "value stayed, the name changed; stored 2 (and pickles) now load as Loose.bee, "
            "stored names raise (Loose['b'], SQLAlchemy's Enum column); if bee means what b "
            "meant, keep the old name (b = alias(bee)); if not, retire the value (b = "
            "reserved(2)) and give Loose.bee a value of its own",
        ),
    ]
    # open's and held's value changes break no stored name: not reported.
    assert "value-changed" not in result.out


def test_a_value_stored_enum_breaks_on_values_only(repo: Repo) -> None:
    _setup(repo, {"app/models.py": PYDANTIC})
    result = repo.check("--against", "HEAD")
    assert result.status == 1
    rules = [(rule, message.split(":")[0]) for rule, message in _found(result.out)]
    assert rules == [
        ("value-changed", "member Status.open changed value from 'o' to 'O'"),
        (
            "member-renamed",
            "member Status.closed is gone and its value 'c' now belongs to the new Status.done",
        ),
        ("value-changed", "member Status.held changed value from 'h' to 'v'"),
        (
            "value-reused",
            "member Status.void was removed and its value 'v' now belongs to Status.held",
        ),
        (
            "member-renamed",
            "member Loose.b is gone and its value 2 now belongs to the new Loose.bee",
        ),
    ]
    # closed's rename to done breaks no stored value: listed for the reviewer, not failing.
    (closed,) = [m for _, m in _found(result.out) if "Status.closed" in m]
    assert closed.endswith(PYDANTIC_WHERE + ": listed, not failing, for the reviewer to decide")
    found = [m for _, m in _found(result.out) if "Status." in m and "Status.closed" not in m]
    assert all(message.endswith(PYDANTIC_WHERE) for message in found)


def test_an_enum_stored_both_ways_keeps_every_finding(repo: Repo) -> None:
    _setup(repo, {"app/models.py": SQLALCHEMY, "app/api.py": PYDANTIC})
    result = repo.check("--against", "HEAD", "app/enums.py", "app/models.py", "app/api.py")
    rules = [rule for rule, _ in _found(result.out)]
    assert rules == [
        "value-changed",
        "member-renamed",
        "value-changed",
        "value-reused",
        "member-renamed",
    ]
    status = [m for _, m in _found(result.out) if "Status" in m]
    assert all(
        m.endswith(
            "stored by value in app.api.Order.status (pydantic model field) and by name in "
            "app.models.Order.status (SQLAlchemy Enum column)"
        )
        for m in status
    )


def test_show_compatible_lists_what_the_storage_makes_harmless(repo: Repo) -> None:
    _setup(repo, {"app/models.py": PYDANTIC})
    result = repo.check("--against", "HEAD", "--show-compatible")
    renamed = [m for rule, m in _found(result.out) if rule == "member-renamed" and "Status" in m]
    assert renamed == [
        "member Status.closed is gone and its value 'c' now belongs to the new "
        "Status.done: the value stayed, the name changed; stored 'c' (and pickles) now "
        "load as Status.done, stored names raise (Status['closed'], SQLAlchemy's Enum "
        "column); if done means what closed meant, keep the old name (closed = "
        "alias(done)); if not, retire the value (closed = reserved('c')) and give "
        "Status.done a value of its own; " + PYDANTIC_WHERE + ": listed, not failing, for "
        "the reviewer to decide"
    ]
    # Listed, not failing: the other findings fail the check.
    assert "notice" not in result.out


def test_unstored_list_lists_changes_of_enums_stored_nowhere(repo: Repo) -> None:
    _setup(repo, {"app/models.py": PYDANTIC}, '[tool.typed_enum.check]\nunstored = "list"\n')
    repo.write({"app/enums.py": ENUMS.replace("    b = 2", "    bee = 2")})
    result = repo.check("--against", "HEAD")
    assert result.status == 0, result.out
    assert _found(result.out) == [
        (
            "member-renamed",
            "member Loose.b is gone and its value 2 now belongs to the new Loose.bee: the "
            "value stayed, the name changed; stored 2 (and pickles) now load as Loose.bee, "
            "stored names raise (Loose['b'], SQLAlchemy's Enum column); if bee means what b "
            "meant, keep the old name (b = alias(bee)); if not, retire the value (b = "
            "reserved(2)) and give Loose.bee a value of its own; stored nowhere "
            'the check found (unstored = "list": listed, not failing)',
        )
    ]


def test_unstored_list_does_not_apply_when_a_model_cannot_be_read(repo: Repo) -> None:
    _setup(
        repo,
        {"app/models.py": PYDANTIC, "app/broken.py": "import pydantic\nclass Broken(:\n"},
        '[tool.typed_enum.check]\nunstored = "list"\n',
    )
    result = repo.check("--against", "HEAD", "app/enums.py", "app/models.py", "app/broken.py")
    assert result.status == 1
    assert "member Loose.b is gone and its value 2 now belongs to the new Loose.bee" in result.out
    assert (
        "app/broken.py: note: not read for storage: app.broken: cannot be read (SyntaxError"
        in result.err
    )


def test_the_policy_overrides_what_was_found(repo: Repo) -> None:
    _setup(
        repo,
        {"app/models.py": PYDANTIC},
        '[tool.typed_enum.check.storage]\n"app.enums.Status" = "both"\n',
    )
    result = repo.check("--against", "HEAD")
    rules = sorted(rule for rule, m in _found(result.out) if "Status" in m)
    assert rules == ["member-renamed", "value-changed", "value-changed", "value-reused"]
    # Judged by the policy alone: the place is not named.
    assert "stored by" not in result.out


def test_show_storage_prints_the_map(repo: Repo) -> None:
    _setup(repo, {"app/models.py": SQLALCHEMY, "app/api.py": PYDANTIC})
    repo.write({"app/enums.py": ENUMS})
    result = repo.check("--against", "HEAD", "--show-storage")
    assert result.status == 0
    assert result.lines == [
        "storage of the enums in the working tree (read from the source of its models):",
        "app.enums.Status: stored by name and by value",
        "  by value in app.api.Order.status (pydantic model field)  app/api.py:4",
        "  by name in app.models.Order.status (SQLAlchemy Enum column)  app/models.py:8",
        "stored nowhere the check found (1): app.enums.Loose",
    ]


def test_json_and_sarif_carry_the_map(repo: Repo) -> None:
    _setup(repo, {"app/models.py": SQLALCHEMY})
    data = json.loads(repo.check("--against", "HEAD", "--format", "json").out)
    assert [(f["rule"], f["enum"], f["stored"]) for f in data["findings"]] == [
        ("member-renamed", "app.enums.Status", "name"),
        ("member-removed", "app.enums.Status", "name"),
        ("member-renamed", "app.enums.Loose", None),
    ]
    assert data["storage"] == {
        "enums": {
            "app.enums.Status": {
                "how": "name",
                "places": [
                    {
                        "where": "app.models.Order.status",
                        "how": "name",
                        "library": "SQLAlchemy",
                        "kind": "Enum column",
                        "file": "app/models.py",
                        "line": 8,
                    }
                ],
            }
        },
        "unread": [],
    }
    log = json.loads(repo.check("--against", "HEAD", "--format", "sarif").out)
    (run,) = log["runs"]
    assert run["properties"]["storage"] == data["storage"]
    assert [r["properties"]["stored"] for r in run["results"]] == ["name", "name", None]


def test_an_enum_that_moved_is_judged_by_where_its_new_home_is_stored(repo: Repo) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": ENUMS})
    # Status moves to app/enums.py (app.models re-exports it) and closed is renamed.
    repo.write(
        {
            "app/enums.py": ENUMS.replace('closed = "c"', 'done = "c"'),
            "app/models.py": "from app.enums import Loose, Status\n"
            + PYDANTIC.replace("from app.enums import Status\n", "").replace(
                "class Order", "class Row"
            ),
        }
    )
    result = repo.check("--against", "HEAD", "--show-compatible")
    assert result.status == 0, result.out
    assert [line.split(": ")[1] for line in result.lines if "Status.closed" in line] == [
        "member-renamed"
    ]
    assert result.out.count("stored by value in app.models.Row.status (pydantic model field)") == 1


def test_models_outside_the_paths_checked_are_read(repo: Repo) -> None:
    _setup(repo, {"app/models.py": PYDANTIC}, '[tool.typed_enum.check]\nunstored = "list"\n')
    # Only the enums' module is checked: the model that stores Status is read all the same,
    # so Status is not taken for stored nowhere.
    result = repo.check("--against", "HEAD", "app/enums.py")
    assert result.status == 1
    assert [rule for rule, m in _found(result.out) if "Status" in m] == [
        "value-changed",
        "member-renamed",
        "value-changed",
        "value-reused",
    ]
    assert PYDANTIC_WHERE in result.out


UNFOLLOWED = """
from sqlalchemy import Column, Integer
from sqlalchemy.orm import declarative_base
from sqlalchemy_utils import ChoiceType
from app.enums import Status
Base = declarative_base()
class Order(Base):
    __tablename__ = "orders"
    id = Column(Integer, primary_key=True)
    status = Column(ChoiceType(Status))
"""


def test_an_unknown_storage_is_judged_strictly_with_the_place_named(repo: Repo) -> None:
    # A column type the check cannot read: neither "by value" (the rename listed) nor
    # "stored nowhere" (unstored = "list"): every change fails, and says why.
    _setup(repo, {"app/models.py": UNFOLLOWED}, '[tool.typed_enum.check]\nunstored = "list"\n')
    result = repo.check("--against", "HEAD", "--format", "json")
    assert result.status == 1
    data = json.loads(result.out)
    status = [f for f in data["findings"] if f["enum"] == "app.enums.Status"]
    assert {f["rule"] for f in status} == {"value-changed", "member-renamed", "value-reused"}
    assert {f["stored"] for f in status} == {"unknown"}
    assert not any("listed, not failing" in f["message"] for f in status)
    for finding in status:
        assert finding["message"].endswith(
            "; where it is stored is unknown: app/models.py:9: Order names app.enums.Status "
            "in `status = Column(ChoiceType(Status))`, which the check cannot read as stored "
            "by name or by value; declare how it is stored in pyproject.toml: "
            '[tool.typed_enum.check.storage] "app.enums.Status" = "name" (or "value", "both")'
        )
    assert data["storage"]["enums"]["app.enums.Status"]["how"] == "unknown"
    # Loose: named in no model, every model module read: unstored = "list" applies.
    loose = [f for f in data["findings"] if f["enum"] == "app.enums.Loose"]
    assert loose
    assert all(f["message"].endswith('(unstored = "list": listed, not failing)') for f in loose)


def test_an_unknown_storage_declared_in_the_policy_is_judged_by_the_policy(repo: Repo) -> None:
    # The note's advice followed: the declaration replaces the unknown storage.
    _setup(
        repo,
        {"app/models.py": UNFOLLOWED},
        '[tool.typed_enum.check.storage]\n"app.enums.Status" = "name"\n',
    )
    result = repo.check("--against", "HEAD", "--format", "json")
    data = json.loads(result.out)
    status = [f for f in data["findings"] if f["enum"] == "app.enums.Status"]
    assert "value-changed" not in {f["rule"] for f in status}
    assert not any("where it is stored is unknown" in f["message"] for f in status)
