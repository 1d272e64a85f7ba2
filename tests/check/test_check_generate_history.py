"""Real history under a base with its own ``_generate_next_value_``: sqlglot 25 to 28 (issue 51).

sqlglot's ``TokenType`` and ``DataType.Type`` derive from ``sqlglot.helper.AutoName``,
whose ``_generate_next_value_`` returns the member's name: every ``auto()`` member's value
is its name (``TokenType.L_PAREN.value == "L_PAREN"``).  Read from the source as 1, 2, 3,
the four releases compared two by two in both directions gave 1,321 findings forward and
1,406 reverse with ``--no-import`` (almost all ``value-changed``, the removals as
``value-reused`` with invented numbers).  Read right, the findings are the real removals
only, the same whether the releases are imported or read from the source, and each
removed member's value is its name.

The removals, read by hand in the releases' source (``sqlglot/tokens.py`` and
``sqlglot/expressions.py``, ``class Type(AutoName)`` inside ``DataType``):

- 25.0.0 -> 26.0.0: ``DataType.Type.NULLABLE``;
- 26.0.0 -> 27.0.0: ``UNIQUEIDENTIFIER`` of both ``TokenType`` and ``DataType.Type``;
- 27.0.0 -> 28.0.0: ``TokenType.ALWAYS``, ``ILIKE_ANY`` and ``LIKE_ANY``.

Backwards (a downgrade), the members each release added are the removals; those are held
against the independent dump of every enum's ``__members__`` (tests/check/history.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from history import check, members, releases

DISTRIBUTION, PACKAGE = "sqlglot", "sqlglot"
VERSIONS = ("25.0.0", "26.0.0", "27.0.0", "28.0.0")
TOKENS, TYPES = "sqlglot.tokens.TokenType", "sqlglot.expressions.DataType.Type"

EXPECTED = {
    ("25.0.0", "26.0.0"): {(TYPES, "NULLABLE")},
    ("26.0.0", "27.0.0"): {(TOKENS, "UNIQUEIDENTIFIER"), (TYPES, "UNIQUEIDENTIFIER")},
    ("27.0.0", "28.0.0"): {(TOKENS, "ALWAYS"), (TOKENS, "ILIKE_ANY"), (TOKENS, "LIKE_ANY")},
}
MODES = {"import": (), "no-import": ("--no-import",)}


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("history")
    return releases(DISTRIBUTION, PACKAGE, VERSIONS, base / "repo", base / "wheels")


def _check(root: Path, old: str, new: str, mode: str) -> tuple[int, dict[str, Any], str]:
    done = check(root, old, new, PACKAGE, "--format", "json", *MODES[mode])
    return done.returncode, json.loads(done.stdout), done.stderr


def _removed(old: dict[str, Any], new: dict[str, Any]) -> set[tuple[str, str]]:
    """(enum, name) of every name gone, from the independent dumps (no value changes there)."""
    found = set()
    for path, names in old.items():
        assert path in new, path
        for name, (_, value) in names.items():
            assert name not in new[path] or new[path][name][1] == value, (path, name)
            if name not in new[path]:
                found.add((path, name))
    return found


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize(("old", "new"), list(EXPECTED))
def test_each_release_reports_its_removals_by_name_and_nothing_else(
    history: Path, old: str, new: str, mode: str
) -> None:
    status, data, err = _check(history, old, new, mode)
    found = {(f["rule"], f["enum"], f["member"], f["old"]) for f in data["findings"]}
    assert found == {("member-removed", enum, name, name) for enum, name in EXPECTED[(old, new)]}
    assert status == 1
    assert "_generate_next_value_" not in err


@pytest.mark.parametrize(("old", "new"), [(new, old) for old, new in EXPECTED])
def test_a_downgrade_reports_the_added_members_as_removed_and_nothing_else(
    history: Path, old: str, new: str
) -> None:
    status, data, _ = _check(history, old, new, "no-import")
    before, after = members(history, f"v{old}", PACKAGE), members(history, f"v{new}", PACKAGE)
    removed = _removed(before["enums"], after["enums"])
    assert removed
    assert {(f["enum"], f["member"]) for f in data["findings"]} == removed
    assert {f["rule"] for f in data["findings"]} == {"member-removed"}
    # Under AutoName each value is the member's name: no number invented.
    auto_named = [f for f in data["findings"] if f["enum"] in (TOKENS, TYPES)]
    assert auto_named
    assert all(f["old"] == f["member"] for f in auto_named)
    assert not any(isinstance(f["old"], int) for f in data["findings"])
    assert status == 1
