"""``reserved()`` as ``typed-enum check`` reads it: a declared retirement, and its reuse.

A member turned ``reserved()`` is listed as ``member-retired`` (exit 0 unless
``--strict``), not as ``member-removed``; a ``reserved()`` that is dropped is
listed as ``reserved-removed``, and when its value or name is taken again it
is ``value-reused`` (exit 1).  Each case also holds when the new revision is
read from its source (a module that raises at import).
"""

from __future__ import annotations

import pytest
from check_helpers import Repo

INIT = {"app/__init__.py": ""}

BEFORE = """
from typed_enum import Enum, reserved


class Status(Enum):
    active = 1
    paused = 2
    cancelled = 4
    old = reserved(9)
"""

RETIRED = (
    "app/models.py:{line}: {verdict}: member-retired: member Status.cancelled was retired "
    "(cancelled = reserved(4)): stored 4 and the name 'cancelled' now raise an error that "
    "says so, and no member may take them again; stored nowhere the check found (judged as "
    "stored both ways)"
)
RETIRED_FIX = (
    "    fix: nothing to fix if the retirement is intended: convert the stored data before "
    "deploying, or restore the member to keep it loading (--strict fails on it, for a review "
    "of every retirement)"
)
#: The fix of a value-reused reservation.
REUSED_FIX = (
    "    fix: restore the removed member (or its reserved() line), or retire its value with "
    "reserved() and give fresh a value (or name) of its own"
)
NOWHERE = "stored nowhere the check found (judged as stored both ways)"


def _two(repo: Repo, after: str, *, raising: bool = False) -> None:
    repo.commit({**INIT, "app/models.py": BEFORE}, "old")
    if raising:
        after = 'raise RuntimeError("not importable")\n' + after.lstrip("\n")
    repo.write({"app/models.py": after})


RETIRE = """
from typed_enum import Enum, reserved


class Status(Enum):
    active = 1
    paused = 2
    cancelled = reserved(4)
    old = reserved(9)
"""


@pytest.mark.parametrize("raising", [False, True], ids=["imported", "from-source"])
def test_a_member_turned_reserved_is_listed_and_passes(repo: Repo, raising: bool) -> None:
    _two(repo, RETIRE, raising=raising)
    result = repo.check("--against", "HEAD")
    assert result.lines == [RETIRED.format(line=7 + raising, verdict="listed"), RETIRED_FIX]
    assert result.status == 0
    assert result.err.splitlines()[-1] == (
        "typed-enum check: 0 breaking changes in 0 enums (1 enum compared with HEAD); "
        "1 declared with reserved(), listed only (--strict fails on it); "
        "policy: the defaults (no pyproject.toml in the working tree)"
    )


def test_strict_fails_on_a_retirement(repo: Repo) -> None:
    _two(repo, RETIRE)
    result = repo.check("--against", "HEAD", "--strict")
    assert result.lines == [RETIRED.format(line=7, verdict="fails"), RETIRED_FIX]
    assert result.status == 1


def test_the_same_removal_without_reserved_is_member_removed(repo: Repo) -> None:
    _two(repo, RETIRE.replace("    cancelled = reserved(4)\n", ""))
    result = repo.check("--against", "HEAD")
    assert result.rules == ["member-removed"]
    assert result.status == 1


@pytest.mark.parametrize("raising", [False, True], ids=["imported", "from-source"])
def test_a_dropped_reservation_whose_value_is_taken_is_value_reused(
    repo: Repo, raising: bool
) -> None:
    _two(repo, BEFORE.replace("old = reserved(9)", "fresh = 9"), raising=raising)
    result = repo.check("--against", "HEAD")
    assert result.lines == [
        f"app/models.py:{8 + raising}: fails: value-reused: Status.old = reserved(9) was "
        "dropped and its value 9 now belongs to Status.fresh: data stored before the "
        f"retirement now reads as Status.fresh; {NOWHERE}",
        REUSED_FIX,
    ]
    assert result.status == 1


def test_a_dropped_reservation_whose_name_is_taken_is_value_reused(repo: Repo) -> None:
    _two(repo, BEFORE.replace("old = reserved(9)", "old = 10"))
    result = repo.check("--against", "HEAD", "--format", "json")
    assert result.status == 1
    assert '"rule": "value-reused"' in result.out
    assert (
        '"message": "Status.old = reserved(9) was dropped and its name now belongs to '
        "Status.old: data stored before the retirement now reads as Status.old; "
        f'{NOWHERE}"'
    ) in result.out
    assert '"verdict": "fails"' in result.out


def test_a_dropped_reservation_left_unused_is_listed(repo: Repo) -> None:
    _two(repo, BEFORE.replace("    old = reserved(9)\n", ""))
    result = repo.check("--against", "HEAD")
    assert result.lines == [
        "app/models.py:4: listed: reserved-removed: Status.old = reserved(9) was dropped: its "
        f"value and name are no longer refused, and a later member may take them; {NOWHERE}",
        "    fix: keep the reserved() line (old = reserved(9)), so that the retired value and "
        "name cannot come back with another meaning",
    ]
    assert result.status == 0
    assert repo.check("--against", "HEAD", "--strict").status == 1


def test_a_kept_reservation_is_not_reported(repo: Repo) -> None:
    _two(repo, BEFORE.replace("    paused = 2\n", "    paused = 2\n    resumed = 3\n"))
    result = repo.check("--against", "HEAD", "--show-compatible")
    assert result.lines == [
        "app/models.py:7: compatible: member-added: Status.resumed was added (value 3)",
    ]
    assert result.status == 0


def test_a_reuse_with_the_reservation_kept_is_value_reused(repo: Repo) -> None:
    # The class refuses it at import (ValueError): the module is read from its source.
    _two(repo, BEFORE.replace("    old = reserved(9)\n", "    old = reserved(9)\n    fresh = 9\n"))
    result = repo.check("--against", "HEAD")
    assert result.lines == [
        "app/models.py:9: fails: value-reused: Status.old = reserved(9) is still declared, but "
        "its value 9 now belongs to Status.fresh: data stored before the retirement now reads "
        f"as Status.fresh; {NOWHERE}",
        REUSED_FIX,
    ]
    assert result.status == 1
    assert "not imported (ValueError: " in result.err
