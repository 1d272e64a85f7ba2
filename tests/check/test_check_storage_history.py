"""Real history with models: django-tasks 0.4.0 to 0.12.0 from the package index (issue 47).

django-tasks keeps its task results in a Django model,
``DBTaskResult.status = models.CharField(choices=ResultStatus.choices)``: the
enum is stored by value.  Each release's ``django_tasks/`` is committed into a
throwaway repository (tests/check/history.py) and compared release to release
with ``typed-enum check``; the findings, and where each enum is stored, were
checked by hand in the releases' source (docs/check-storage.md, "On real history"):

- 0.4.0 -> 0.6.0: ``ResultStatus.COMPLETE = "COMPLETE"`` became ``SUCCEEDED =
  "SUCCEEDED"``: rows holding 'COMPLETE' no longer load (member-removed, kept);
- 0.7.0 -> 0.8.0: ``NEW = "NEW"`` became ``READY = "READY"``: the same;
- 0.8.0 -> 0.9.0: ``ResultStatus`` moved to ``django_tasks.base.TaskResultStatus``
  with no re-export in ``django_tasks.task`` (enum-removed);
- 0.11.0 -> 0.12.0: ``SUCCEEDED`` became ``SUCCESSFUL``, and the database backend
  left the package (for django-tasks-db): the enum is stored nowhere in 0.12.0,
  and the change is judged conservatively.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from history import check, releases

DISTRIBUTION, PACKAGE = "django-tasks", "django_tasks"
VERSIONS = ("0.4.0", "0.6.0", "0.7.0", "0.8.0", "0.9.0", "0.11.0", "0.12.0")
MODEL = "django_tasks.backends.database.models.DBTaskResult.status"

#: (rule, enum, member, stored) of each finding.
EXPECTED: dict[tuple[str, str], set[tuple[str, str, str | None, str | None]]] = {
    ("0.4.0", "0.6.0"): {("member-removed", "django_tasks.task.ResultStatus", "COMPLETE", "value")},
    ("0.6.0", "0.7.0"): set(),
    ("0.7.0", "0.8.0"): {("member-removed", "django_tasks.task.ResultStatus", "NEW", "value")},
    ("0.8.0", "0.9.0"): {("enum-removed", "django_tasks.task.ResultStatus", None, None)},
    ("0.9.0", "0.11.0"): set(),
    ("0.11.0", "0.12.0"): {
        ("member-removed", "django_tasks.base.TaskResultStatus", "SUCCEEDED", None)
    },
}
#: Where the enum is stored in the new release.
STORED = {
    "0.6.0": ("django_tasks.task.ResultStatus", "value"),
    "0.7.0": ("django_tasks.task.ResultStatus", "value"),
    "0.8.0": ("django_tasks.task.ResultStatus", "value"),
    "0.9.0": ("django_tasks.base.TaskResultStatus", "value"),
    "0.11.0": ("django_tasks.base.TaskResultStatus", "value"),
    "0.12.0": None,
}


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("history")
    return releases(DISTRIBUTION, PACKAGE, VERSIONS, base / "repo", base / "wheels")


def _check(root: Path, old: str, new: str) -> tuple[int, dict[str, Any]]:
    done = check(root, old, new, PACKAGE, "--format", "json")
    return done.returncode, json.loads(done.stdout)


@pytest.mark.parametrize(("old", "new"), list(EXPECTED))
def test_each_release_is_judged_by_where_its_enum_is_stored(
    history: Path, old: str, new: str
) -> None:
    status, data = _check(history, old, new)
    found = {(f["rule"], f["enum"], f["member"], f["stored"]) for f in data["findings"]}
    assert found == EXPECTED[(old, new)]
    assert status == (1 if found else 0)
    # Each of them fails (stored by value, or stored nowhere under unstored = "fail"), and
    # the counts per verdict say so.
    assert [f["verdict"] for f in data["findings"]] == ["fails"] * len(found)
    assert data["verdicts"]["fails"] == len(found)
    stored = STORED[new]
    if stored is None:
        assert data["storage"] == {"enums": {}, "unread": []}
    else:
        enum, how = stored
        assert list(data["storage"]["enums"]) == [enum]
        assert data["storage"]["enums"][enum]["how"] == how
        # The field's line moves from release to release: left out.
        places = [
            {key: value for key, value in place.items() if key != "line"}
            for place in data["storage"]["enums"][enum]["places"]
        ]
        assert places == [
            {
                "where": MODEL,
                "how": how,
                "library": "Django",
                "kind": "model field CharField(choices=)",
                "file": "django_tasks/backends/database/models.py",
            }
        ]
        assert data["storage"]["unread"] == []
    for finding in data["findings"]:
        if finding["stored"] == "value":
            assert finding["message"].endswith(
                f"; stored by value in {MODEL} (Django model field CharField(choices=))"
            )
