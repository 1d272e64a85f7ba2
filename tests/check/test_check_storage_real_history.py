"""The judgement of every enum change in real release histories of the applications whose
storage maps tests/check/test_check_storage_real.py holds (issue 51).

Consecutive releases are downloaded from the package index and committed into a
throwaway repository (tests/check/history.py); ``typed-enum check --no-import
--show-compatible --format json`` compares each pair forward.  Every finding below was
judged by hand from the two releases' source: the enum's diff, and how the new
release's models store it (rule, enum, member, verdict, storage).  The check's
findings must be exactly these, nothing missed and nothing extra; the (enum, member)
pairs that changed are also read independently (an ``ast`` reading of the enum class
bodies, nothing of ``typed_enum`` involved).

- fittrackee 0.8.13 -> 0.9.0: ``UserRole`` went from ``ADMIN = 'admin'``,
  ``AUTH_USER = 'auth_user'``, ``USER = 'user'`` to numbers (100 ``OWNER``, 50, 30
  ``MODERATOR``, 20, 10).  0.9.0 stores it in ``User.role = db.Column(db.Integer,
  CheckConstraint(f"role IN ({', '.join(UserRole.db_values())})"), default=UserRole.USER.value)``:
  by value by hand; the check cannot classify the ``CheckConstraint`` reference and
  says storage unknown (judged strictly).  Three ``value-changed`` fail (right under
  value storage: a stored 'admin' no longer loads), two ``member-added`` are
  compatible, and ``VisibilityLevel`` is a new enum (compatible, by name in its
  ``Enum(VisibilityLevel, ...)`` columns).  6 findings: 3 fails, 3 compatible.
- fittrackee 1.0.7 -> 1.1.0: ``ElevationDataSource`` and ``PaceSpeedDisplay`` are new
  (``Enum(E, name=...)`` columns: by name).  2 compatible.
- label-studio 1.21.0 -> 1.22.0: the ``fsm`` app's three ``TextChoices`` are new, each
  stored by value (``models.CharField(choices=E.choices)`` in ``fsm.state_models``,
  imported by its short name ``fsm.state_choices``).  3 compatible.
- label-studio 1.22.0 -> 1.23.0: ``AnnotationStateChoices`` lost ``SUBMITTED`` and
  ``COMPLETED`` and gained ``CREATED``; ``AnnotationState.state`` holds the values,
  so the rows holding 'SUBMITTED' or 'COMPLETED' no longer map to a member: two
  ``member-removed`` fail, one ``member-added`` is compatible.  3 findings: 2 fails,
  1 compatible.
- label-studio 1.23.0 -> 1.23.1 -> 1.23.2: no enum changed and no finding (run by hand;
  left out here: its wheels are 70 MB each).
- ethyca-fides 2.77.0 -> 2.77.1: ``ConditionalDependencyType`` and
  ``ManualTaskConfigurationType`` were deleted (both stored by name in 2.77.0, through
  the project's ``EnumColumn``; their rows were migrated to ``ActionType``): two
  ``enum-removed`` fail.  ``MessagingActionType`` gained
  ``PRIVACY_REQUEST_COMPLETE_CONSENT`` (compatible; stored by value, a pydantic field
  of ``FidesopsMessage``), and three new enums of
  ``task.conditional_dependencies.privacy_request.schemas`` are stored nowhere
  (compatible).  6 findings: 2 fails, 4 compatible.
- ethyca-fides 2.77.1 -> 2.78.0: ``models/policy.py`` became the package
  ``models/policy/`` whose ``__init__`` star-imports ``policy.policy``: ``WebhookDirection``
  keeps its import path and its members, no finding (the ``ast`` reading sees a class
  removed and one added; the move is excluded there by hand).  ``PrivacyNoticeRegion``
  went from ``Enum(...)`` to ``StrEnum(...)`` built from YAML: not compared from
  source, said in a note.
- ethyca-fides 2.78.0 -> 2.78.1: no enum changed.
- ethyca-fides 2.78.1 -> 2.78.2: five members added to three enums stored nowhere
  (``SupportedAuthenticationStrategies``, ``ConsentPrivacyRequestConvenienceFields``,
  ``ConsentPrivacyRequestFields``): 5 compatible.

In all: 25 findings, 7 fails, 18 compatible, 0 listed; no wrong verdict.  (fittrackee
0.9.0's ``User.role`` is read as storage unknown, not by value: ``db.Column`` of
Flask-SQLAlchemy's ``db = SQLAlchemy()`` is not taken for SQLAlchemy's ``Column``, so the
``default=UserRole.USER.value`` rule does not apply; 1.3.6's ``mapped_column`` is read as
by value.  Strict, so no break passes.)
"""

from __future__ import annotations

import ast
import json
import subprocess
import warnings
from pathlib import Path

import pytest
from history import check, releases

#: (rule, enum class, member, verdict, storage) of a finding; member is the added
#: member's name for member-added and None for enum-added; storage None where the new
#: release stores the enum nowhere (or has no such enum).
Finding = tuple[str, str, str | None, str, str | None]

FITTRACKEE = ("0.8.13", "0.9.0", "1.0.7", "1.1.0")
_ROLE = "fittrackee.users.roles.UserRole"
FITTRACKEE_FINDINGS: dict[tuple[str, str], set[Finding]] = {
    ("0.8.13", "0.9.0"): {
        ("value-changed", _ROLE, "ADMIN", "fails", "unknown"),
        ("value-changed", _ROLE, "AUTH_USER", "fails", "unknown"),
        ("value-changed", _ROLE, "USER", "fails", "unknown"),
        ("member-added", _ROLE, "OWNER", "compatible", "unknown"),
        ("member-added", _ROLE, "MODERATOR", "compatible", "unknown"),
        (
            "enum-added",
            "fittrackee.visibility_levels.VisibilityLevel",
            None,
            "compatible",
            "name",
        ),
    },
    ("1.0.7", "1.1.0"): {
        ("enum-added", "fittrackee.constants.ElevationDataSource", None, "compatible", "name"),
        ("enum-added", "fittrackee.constants.PaceSpeedDisplay", None, "compatible", "name"),
    },
}

LABEL_STUDIO = ("1.21.0", "1.22.0", "1.23.0")
_FSM = "label_studio.fsm.state_choices."
LABEL_STUDIO_FINDINGS: dict[tuple[str, str], set[Finding]] = {
    ("1.21.0", "1.22.0"): {
        ("enum-added", _FSM + "TaskStateChoices", None, "compatible", "value"),
        ("enum-added", _FSM + "AnnotationStateChoices", None, "compatible", "value"),
        ("enum-added", _FSM + "ProjectStateChoices", None, "compatible", "value"),
    },
    ("1.22.0", "1.23.0"): {
        ("member-removed", _FSM + "AnnotationStateChoices", "SUBMITTED", "fails", "value"),
        ("member-removed", _FSM + "AnnotationStateChoices", "COMPLETED", "fails", "value"),
        ("member-added", _FSM + "AnnotationStateChoices", "CREATED", "compatible", "value"),
    },
}

FIDES = ("2.77.0", "2.77.1", "2.78.0", "2.78.1", "2.78.2")
_CONDITIONS = "fides.api.task.conditional_dependencies.privacy_request.schemas."
_AUTH = "fides.api.service.authentication.authentication_strategy_factory."
FIDES_FINDINGS: dict[tuple[str, str], set[Finding]] = {
    ("2.77.0", "2.77.1"): {
        (
            "enum-removed",
            "fides.api.models.conditional_dependency.conditional_dependency_base."
            "ConditionalDependencyType",
            None,
            "fails",
            None,
        ),
        (
            "enum-removed",
            "fides.api.models.manual_task.manual_task.ManualTaskConfigurationType",
            None,
            "fails",
            None,
        ),
        (
            "member-added",
            "fides.api.schemas.messaging.messaging.MessagingActionType",
            "PRIVACY_REQUEST_COMPLETE_CONSENT",
            "compatible",
            "value",
        ),
        ("enum-added", _CONDITIONS + "ConsentPolicyFields", None, "compatible", None),
        ("enum-added", _CONDITIONS + "ConsentPrivacyRequestFields", None, "compatible", None),
        (
            "enum-added",
            _CONDITIONS + "ConsentPrivacyRequestConvenienceFields",
            None,
            "compatible",
            None,
        ),
    },
    ("2.77.1", "2.78.0"): set(),
    ("2.78.0", "2.78.1"): set(),
    ("2.78.1", "2.78.2"): {
        (
            "member-added",
            _AUTH + "SupportedAuthenticationStrategies",
            "google_cloud_service_account",
            "compatible",
            None,
        ),
        *(
            ("member-added", _CONDITIONS + enum, member, "compatible", None)
            for enum, member in (
                ("ConsentPrivacyRequestConvenienceFields", "location_country"),
                ("ConsentPrivacyRequestConvenienceFields", "location_groups"),
                ("ConsentPrivacyRequestConvenienceFields", "location_regulations"),
                ("ConsentPrivacyRequestFields", "location"),
            )
        ),
    },
}
#: Classes the ``ast`` reading sees removed and added that are one enum at one import
#: path: 2.78.0's ``fides.api.models.policy`` package star-imports ``.policy``.
FIDES_MOVED = {
    ("2.77.1", "2.78.0"): {
        ("fides.api.models.policy.WebhookDirection", None),
        ("fides.api.models.policy.policy.WebhookDirection", None),
    }
}


def _findings(root: Path, old: str, new: str, package: str) -> set[Finding]:
    done = check(root, old, new, package, "--no-import", "--show-compatible", "--format", "json")
    data = json.loads(done.stdout)
    found: set[Finding] = set()
    for f in data["findings"]:
        member = f["new"] if f["rule"] == "member-added" else f["member"]
        found.add((f["rule"], f["enum"], member, f["verdict"], f["stored"]))
    fails = sum(f["verdict"] == "fails" for f in data["findings"])
    assert data["verdicts"]["fails"] == fails
    assert done.returncode == (1 if fails else 0), done.stderr[-2000:]
    return found


def _enums(root: Path, tag: str, package: str) -> dict[str, dict[str, str]]:
    """Each enum class of ``package`` at ``tag``: its members' names and value source,
    read with ``ast``: a class with a base whose name holds ``Enum`` or ``Choices``
    (fides's ``EnumType`` too)."""
    listed = subprocess.run(
        ["git", "grep", "-l", "-e", "Enum", "-e", "Choices", f"v{tag}", "--", package],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    found: dict[str, dict[str, str]] = {}
    for file in (line.partition(":")[2] for line in listed):
        if not file.endswith(".py"):
            continue
        source = subprocess.run(
            ["git", "show", f"v{tag}:{file}"], cwd=root, capture_output=True, check=True
        ).stdout
        with warnings.catch_warnings():  # the application's own invalid escapes
            warnings.simplefilter("ignore")
            tree = ast.parse(source)
        module = file[:-3].replace("/", ".").removesuffix(".__init__")
        for node in ast.walk(tree):
            bases = [ast.unparse(base) for base in getattr(node, "bases", ())]
            if not isinstance(node, ast.ClassDef) or not any(
                "Enum" in base or "Choices" in base for base in bases
            ):
                continue
            found[f"{module}.{node.name}"] = {
                target.id: ast.unparse(statement.value)
                for statement in node.body
                if isinstance(statement, ast.Assign)
                for target in statement.targets
                if isinstance(target, ast.Name) and not target.id.startswith("_")
            }
    return found


def _changes(root: Path, old: str, new: str, package: str) -> set[tuple[str, str | None]]:
    """(enum, member) of each member added, removed or revalued, (enum, None) of each
    enum added or removed, from the ``ast`` reading."""
    before, after = _enums(root, old, package), _enums(root, new, package)
    changed: set[tuple[str, str | None]] = set()
    for enum in before.keys() | after.keys():
        if enum not in before or enum not in after:
            changed.add((enum, None))
            continue
        members = before[enum].keys() | after[enum].keys()
        changed |= {(enum, m) for m in members if before[enum].get(m) != after[enum].get(m)}
    return changed


def _history(
    tmp: pytest.TempPathFactory, distribution: str, package: str, versions: tuple[str, ...]
) -> Path:
    base = tmp.mktemp(distribution)
    return releases(distribution, package, versions, base / "repo", base / "wheels")


@pytest.fixture(scope="module")
def fittrackee(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _history(tmp_path_factory, "fittrackee", "fittrackee", FITTRACKEE)


@pytest.fixture(scope="module")
def label_studio(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _history(tmp_path_factory, "label-studio", "label_studio", LABEL_STUDIO)


@pytest.mark.parametrize(("old", "new"), list(FITTRACKEE_FINDINGS))
def test_fittrackee_history_is_judged_as_by_hand(fittrackee: Path, old: str, new: str) -> None:
    found = _findings(fittrackee, old, new, "fittrackee")
    assert found == FITTRACKEE_FINDINGS[(old, new)]
    assert {(f[1], f[2]) for f in found} == _changes(fittrackee, old, new, "fittrackee")


@pytest.mark.parametrize(("old", "new"), list(LABEL_STUDIO_FINDINGS))
def test_label_studio_history_is_judged_as_by_hand(label_studio: Path, old: str, new: str) -> None:
    found = _findings(label_studio, old, new, "label_studio")
    assert found == LABEL_STUDIO_FINDINGS[(old, new)]
    assert {(f[1], f[2]) for f in found} == _changes(label_studio, old, new, "label_studio")


@pytest.fixture(scope="module")
def fides(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _history(tmp_path_factory, "ethyca-fides", "fides", FIDES)


@pytest.mark.parametrize(("old", "new"), list(FIDES_FINDINGS))
def test_fides_history_is_judged_as_by_hand(fides: Path, old: str, new: str) -> None:
    found = _findings(fides, old, new, "fides")
    assert found == FIDES_FINDINGS[(old, new)]
    changed = _changes(fides, old, new, "fides") - FIDES_MOVED.get((old, new), set())
    assert {(f[1], f[2]) for f in found} == changed
