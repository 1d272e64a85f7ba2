"""The storage map of real applications from the package index against maps made by hand
from their model source (issue 51), and the breaks it must not pass.

Each application's wheel is downloaded at test time (tests/check/history.py) and its
package committed into a throwaway repository; ``typed-enum check --format json``
gives the map (``storage``), read from the source only (``--no-import``: the
applications' dependencies are not installed) and, for the SQLAlchemy ones, with the
import step too (a module that cannot be imported keeps the source's reading).

The hand maps below were made by reading every model module of the release: each
place is (field, enum class, how its rows hold the enum).  Counted against them
(right / wrong how / missed / invented / left unknown):

- fittrackee 1.3.6 (Flask-SQLAlchemy, ``Mapped[...]`` with ``Enum(E)``): 17 / 0 / 0 / 0
  / 0.  Before: ``User.role``, an Integer column whose default is ``UserRole.USER.value``,
  was missed and UserRole taken for stored nowhere.
- ethyca-fides 2.78.2, its 64 SQLAlchemy enum columns: 56 / 0 / 0 / 0 / 0, and the 8
  columns of the enums it builds by calling ``Enum(...)`` (which the check does not
  compare from source) each named in a note.  Before: the 23 columns typed through
  the project's own ``EnumColumn`` (``fides.api.db.util``: ``sqlalchemy.Enum``
  re-exported under another name) and the 2 built by ``@declared_attr`` were missed.
- label-studio 1.23.2 (Django apps importing each other by short names, ``from
  fsm.state_choices import TaskStateChoices``; one pydantic model): 20 / 0 / 0 / 0 / 0
  (5 of them were missed before: the short-named imports).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from history import check, releases

#: (field, enum class, how) of every place of fittrackee 1.3.6, by hand.
FITTRACKEE = {
    *(
        (f"fittrackee.users.models.User.{field}", "VisibilityLevel", "name")
        for field in (
            "workouts_visibility",
            "map_visibility",
            "analysis_visibility",
            "hr_visibility",
            "calories_visibility",
            "media_visibility",
        )
    ),
    *(
        (f"fittrackee.workouts.models.Workout.{field}", "VisibilityLevel", "name")
        for field in (
            "workout_visibility",
            "map_visibility",
            "analysis_visibility",
            "media_visibility",
        )
    ),
    ("fittrackee.equipments.models.Equipment.visibility", "VisibilityLevel", "name"),
    ("fittrackee.comments.models.Comment.text_visibility", "VisibilityLevel", "name"),
    ("fittrackee.users.models.User.missing_elevations_processing", "ElevationDataSource", "name"),
    ("fittrackee.workouts.models.Workout.elevation_data_source", "ElevationDataSource", "name"),
    ("fittrackee.users.models.UserSportPreference.pace_speed_display", "PaceSpeedDisplay", "name"),
    ("fittrackee.workouts.models.Sport.pace_speed_display", "PaceSpeedDisplay", "name"),
    # Mapped[int] = mapped_column(..., default=UserRole.USER.value): the value.
    ("fittrackee.users.models.User.role", "UserRole", "value"),
}

_FIDES = "fides.api.models."
#: The columns typed with fides.api.db.util.EnumColumn in fides 2.78.2, by hand.
FIDES_HELPER = {
    (_FIDES + "asset.Asset.consent_status", "ConsentStatus", "name"),
    (
        _FIDES + "digest.conditional_dependencies.DigestCondition.digest_condition_type",
        "DigestConditionType",
        "name",
    ),
    (_FIDES + "digest.digest_config.DigestConfig.digest_type", "DigestType", "name"),
    (
        _FIDES + "digest.digest_config.DigestConfig.messaging_service_type",
        "MessagingMethod",
        "name",
    ),
    (_FIDES + "event_audit.EventAudit.status", "EventAuditStatus", "name"),
    # Enum(..., values_callable=lambda x: [i.value for i in x]): values.
    (_FIDES + "identity_definition.IdentityDefinition.type", "IdentityDefinitionType", "value"),
    (_FIDES + "manual_task.manual_task.ManualTask.task_type", "ManualTaskType", "name"),
    (
        _FIDES + "manual_task.manual_task.ManualTask.parent_entity_type",
        "ManualTaskParentEntityType",
        "name",
    ),
    (
        _FIDES + "manual_task.manual_task.ManualTaskInstance.entity_type",
        "ManualTaskEntityType",
        "name",
    ),
    (_FIDES + "manual_task.manual_task.ManualTaskInstance.status", "StatusType", "name"),
    (
        _FIDES + "manual_task.manual_task.ManualTaskReference.reference_type",
        "ManualTaskReferenceType",
        "name",
    ),
    (_FIDES + "manual_task.manual_task.ManualTaskConfig.config_type", "ActionType", "name"),
    (
        _FIDES + "manual_task.manual_task.ManualTaskConfig.execution_timing",
        "ManualTaskExecutionTiming",
        "name",
    ),
    (
        _FIDES + "manual_task.manual_task.ManualTaskConfigField.field_type",
        "ManualTaskFieldType",
        "name",
    ),
    (
        _FIDES + "manual_task.manual_task.ManualTaskConfigField.execution_timing",
        "ManualTaskExecutionTiming",
        "name",
    ),
    (_FIDES + "privacy_request.consent.ConsentRequest.source", "PrivacyRequestSource", "name"),
    (_FIDES + "privacy_request.execution_log.ExecutionLog.action_type", "ActionType", "name"),
    (
        _FIDES + "privacy_request.privacy_request.PrivacyRequest.status",
        "PrivacyRequestStatus",
        "name",
    ),
    (
        _FIDES + "privacy_request.privacy_request.PrivacyRequest.source",
        "PrivacyRequestSource",
        "name",
    ),
    (_FIDES + "privacy_request.request_task.RequestTask.async_type", "AsyncTaskType", "name"),
    (_FIDES + "property.Property.type", "PropertyType", "name"),
    # values_callable in both; TaskExecutionLog is a plain mixin of ExecutionLog.
    (_FIDES + "worker_task.WorkerTask.status", "ExecutionLogStatus", "value"),
    (_FIDES + "worker_task.TaskExecutionLog.status", "ExecutionLogStatus", "value"),
}
#: Every other SQLAlchemy enum column of fides 2.78.2's models, by hand: ``Enum(E)`` (imported
#: under its own name, as ``EnumColumn`` or ``SQLAlchemyEnum``); two built by a mixin's
#: ``@declared_attr`` method.
FIDES_OTHER = {
    (_FIDES + "attachment.AttachmentReference.reference_type", "AttachmentReferenceType", "name"),
    (_FIDES + "attachment.Attachment.attachment_type", "AttachmentType", "name"),
    (_FIDES + "audit_log.AuditLog.action", "AuditLogAction", "name"),
    (_FIDES + "comment.CommentReference.reference_type", "CommentReferenceType", "name"),
    (_FIDES + "comment.Comment.comment_type", "CommentType", "name"),
    (_FIDES + "connection_oauth_credentials.OAuthConfig.grant_type", "OAuthGrantType", "name"),
    (_FIDES + "connectionconfig.ConnectionConfig.access", "AccessLevel", "name"),
    (_FIDES + "connectionconfig.ConnectionConfig.connection_type", "ConnectionType", "name"),
    # ARRAY(Enum(ActionType, native_enum=False)): names.
    (_FIDES + "connectionconfig.ConnectionConfig.enabled_actions", "ActionType", "name"),
    (_FIDES + "custom_asset.CustomAsset.key", "CustomAssetType", "name"),
    (
        _FIDES + "detection_discovery.monitor_task.MonitorTaskExecutionLog.run_type",
        "TaskRunType",
        "name",
    ),
    (_FIDES + "fides_user.FidesUser.disabled_reason", "DisabledReason", "name"),
    (_FIDES + "messaging.MessagingConfig.service_type", "MessagingServiceType", "name"),
    (_FIDES + "openid_provider.OpenIDProvider.provider", "ProviderEnum", "name"),
    (_FIDES + "policy.policy.Policy.drp_action", "DrpAction", "name"),
    (_FIDES + "policy.policy.Rule.action_type", "ActionType", "name"),
    (_FIDES + "policy.policy.WebhookBase.direction", "WebhookDirection", "name"),
    (
        _FIDES + "privacy_experience.PrivacyExperienceConfigBase.component",
        "ComponentType",
        "name",
    ),
    (
        _FIDES + "privacy_experience.PrivacyExperienceConfigBase.layer1_button_options",
        "Layer1ButtonOption",
        "name",
    ),
    (
        _FIDES + "privacy_experience.PrivacyExperienceConfig.reject_all_mechanism",
        "RejectAllMechanism",
        "name",
    ),
    (
        _FIDES + "privacy_experience.PrivacyExperienceConfigHistory.reject_all_mechanism",
        "RejectAllMechanism",
        "name",
    ),
    (_FIDES + "privacy_notice.PrivacyNoticeBase.consent_mechanism", "ConsentMechanism", "name"),
    (_FIDES + "privacy_notice.PrivacyNoticeBase.enforcement_level", "EnforcementLevel", "name"),
    (
        _FIDES + "privacy_preference.ConsentReportingMixinV2.notice_mechanism",
        "ConsentMechanism",
        "name",
    ),
    (_FIDES + "privacy_preference.ConsentReportingMixinV2.request_origin", "RequestOrigin", "name"),
    (
        _FIDES + "privacy_preference.ServedNoticeHistory.serving_component",
        "ServingComponent",
        "name",
    ),
    (_FIDES + "privacy_preference.PrivacyPreferenceHistory.method", "ConsentMethod", "name"),
    (
        _FIDES + "privacy_preference.PrivacyPreferenceHistory.preference",
        "UserConsentPreference",
        "name",
    ),
    (_FIDES + "storage.StorageConfig.type", "StorageType", "name"),
    (_FIDES + "storage.StorageConfig.format", "ResponseFormat", "name"),
    (_FIDES + "system_group.SystemGroup.label_color", "CustomTaxonomyColor", "value"),
    (
        _FIDES + "tcf_publisher_restrictions.TCFPublisherRestriction.restriction_type",
        "TCFRestrictionType",
        "name",
    ),
    (
        _FIDES + "tcf_publisher_restrictions.TCFPublisherRestriction.vendor_restriction",
        "TCFVendorRestriction",
        "name",
    ),
}
#: Columns of enums built by calling Enum (``SupportedLanguage = Enum("SupportedLanguage",
#: ...)``, ``PrivacyNoticeRegion = StrEnum(...)``): the check does not compare those enums
#: from the source; the map names each column in a note instead of a place.
FIDES_NOTED = {
    _FIDES + "privacy_experience.ExperienceConfigTemplate.regions",
    _FIDES + "privacy_experience.ExperienceTranslationBase.language",
    _FIDES + "privacy_experience.ExperienceTranslation.language",
    _FIDES + "privacy_experience.PrivacyExperience.region",
    _FIDES + "privacy_notice.NoticeTranslationBase.language",
    _FIDES + "privacy_notice.NoticeTranslation.language",
    _FIDES + "privacy_notice.DeprecatedPrivacyNoticeHistoryFields.regions",
    _FIDES + "privacy_preference.ConsentReportingMixinV2.language",
}
FIDES_HELPER_FILES = {
    f"fides/api/models/{name}.py"
    for name in (
        "asset",
        "digest/conditional_dependencies",
        "digest/digest_config",
        "event_audit",
        "identity_definition",
        "manual_task/manual_task",
        "privacy_request/consent",
        "privacy_request/execution_log",
        "privacy_request/privacy_request",
        "privacy_request/request_task",
        "property",
        "worker_task",
    )
}

_LS = "label_studio."
#: Every place of label-studio 1.23.2 (Django choices fields, one pydantic model), by hand;
#: users/product_tours has no __init__.py: its module is "models" on its own.
LABEL_STUDIO = {
    (_LS + "data_export.models.ConvertedFormat.status", "Status", "value"),
    (_LS + "data_export.models.Export.status", "Status", "value"),
    (_LS + "data_manager.prepare_params.Filters.conjunction", "ConjunctionEnum", "value"),
    # from fsm.state_choices import ...: the apps folder on sys.path.
    (_LS + "fsm.state_models.TaskState.state", "TaskStateChoices", "value"),
    (_LS + "fsm.state_models.AnnotationState.state", "AnnotationStateChoices", "value"),
    (_LS + "fsm.state_models.ProjectState.state", "ProjectStateChoices", "value"),
    (_LS + "io_storages.base_models.StorageInfo.status", "Status", "value"),
    (_LS + "ml.models.MLBackend.state", "MLBackendState", "value"),
    (_LS + "ml.models.MLBackend.auth_method", "MLBackendAuth", "value"),
    (_LS + "ml_model_providers.models.ModelProviderConnection.provider", "ModelProviders", "value"),
    (
        _LS + "ml_model_providers.models.ModelProviderConnection.scope",
        "ModelProviderConnectionScopes",
        "value",
    ),
    # from ml_model_providers.models import ModelProviders
    (_LS + "ml_models.models.ThirdPartyModelVersion.provider", "ModelProviders", "value"),
    (_LS + "ml_models.models.ModelInterface.skill_name", "SkillNames", "value"),
    (_LS + "ml_models.models.ModelRun.project_subset", "ProjectSubset", "value"),
    (_LS + "ml_models.models.ModelRun.status", "ModelRunStatus", "value"),
    (_LS + "projects.models.Project.skip_queue", "SkipQueue", "value"),
    (_LS + "projects.models.ProjectImport.status", "Status", "value"),
    (_LS + "projects.models.ProjectReimport.status", "Status", "value"),
    # from tasks.choices import ActionType
    (_LS + "tasks.models.Annotation.last_action", "ActionType", "value"),
    ("models.UserProductTour.state", "ProductTourState", "value"),
}


def _repo(tmp: pytest.TempPathFactory, distribution: str, package: str, version: str) -> Path:
    base = tmp.mktemp(distribution)
    return releases(distribution, package, (version,), base / "repo", base / "wheels")


def _storage(root: Path, version: str, package: str, *options: str) -> dict[str, Any]:
    done = check(root, version, version, package, "--format", "json", *options)
    assert done.returncode in (0, 1), done.stderr
    storage: dict[str, Any] = json.loads(done.stdout)["storage"]
    return storage


def _places(storage: dict[str, Any], files: set[str] | None = None) -> set[tuple[str, str, str]]:
    """(field, enum class, how) of each place (in ``files`` only, if given)."""
    return {
        (place["where"], enum.rpartition(".")[2], place["how"])
        for enum, entry in storage["enums"].items()
        for place in entry["places"]
        if files is None or place["file"] in files
    }


def _unknown(storage: dict[str, Any]) -> dict[str, list[str]]:
    return {
        enum: [u["what"] for u in entry.get("unknown", [])]
        for enum, entry in storage["enums"].items()
        if entry["how"] == "unknown"
    }


def _commit(root: Path, tag: str, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    for args in (["add", "-A"], ["commit", "-q", "-m", tag], ["tag", f"v{tag}"]):
        subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)


# fittrackee ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def fittrackee(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _repo(tmp_path_factory, "fittrackee", "fittrackee", "1.3.6")


@pytest.mark.parametrize("options", [("--no-import",), ()])
def test_fittrackee_map_is_the_hand_map(fittrackee: Path, options: tuple[str, ...]) -> None:
    storage = _storage(fittrackee, "1.3.6", "fittrackee", *options)
    assert _places(storage) == FITTRACKEE
    assert _unknown(storage) == {}
    assert "fittrackee.constants.TaskPriority" not in storage["enums"]  # in no model


# ethyca-fides ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def fides(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _repo(tmp_path_factory, "ethyca-fides", "fides", "2.78.2")


def test_fides_columns_are_the_hand_map(fides: Path) -> None:
    storage = _storage(fides, "2.78.2", "fides", "--no-import")
    assert _places(storage, FIDES_HELPER_FILES) == FIDES_HELPER
    columns = {
        (place["where"], enum.rpartition(".")[2], place["how"])
        for enum, entry in storage["enums"].items()
        for place in entry["places"]
        if place["library"] == "SQLAlchemy"
    }
    assert columns == FIDES_HELPER | FIDES_OTHER
    noted = {u["what"] for u in storage["unread"] if u["why"].startswith("SQLAlchemy Enum(")}
    assert noted == FIDES_NOTED


@pytest.mark.parametrize("options", [("--no-import",), ()])
def test_fides_a_rename_behind_its_column_helper_fails(
    fides: Path, options: tuple[str, ...]
) -> None:
    # ConsentStatus is stored by name in Asset.consent_status (EnumColumn); rename one
    # member, its value kept: every stored row holding the old name breaks.
    path = fides / "fides/api/models/asset.py"
    old = '    pre_consent = "pre_consent"\n'
    if not (fides.parent / "renamed").exists():
        text = path.read_text(encoding="utf-8")
        assert old in text
        renamed = text.replace(old, '    before_consent = "pre_consent"\n')
        _commit(fides, "renamed", {"fides/api/models/asset.py": renamed})
        (fides.parent / "renamed").touch()
    done = check(fides, "2.78.2", "renamed", "fides", "--format", "json", *options)
    assert done.returncode == 1, done.stdout[-2000:] + done.stderr[-2000:]
    data = json.loads(done.stdout)
    found = [
        (f["rule"], f["member"], f["stored"])
        for f in data["findings"]
        if f["enum"] == "fides.api.models.asset.ConsentStatus"
    ]
    assert found == [("member-renamed", "pre_consent", "name")]
    stored = data["storage"]["enums"]["fides.api.models.asset.ConsentStatus"]
    assert stored["places"][0]["where"] == "fides.api.models.asset.Asset.consent_status"


# label-studio ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def label_studio(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _repo(tmp_path_factory, "label-studio", "label_studio", "1.23.2")


def test_label_studio_map_is_the_hand_map(label_studio: Path) -> None:
    storage = _storage(label_studio, "1.23.2", "label_studio", "--no-import")
    assert _places(storage) == LABEL_STUDIO
    assert _unknown(storage) == {}
    assert storage["unread"] == []


def test_label_studio_a_value_stored_removal_fails_under_unstored_list(
    label_studio: Path,
) -> None:
    # TaskStateChoices is stored by value in fsm.state_models.TaskState.state, whose
    # module imports it by its short name; remove a member, unstored = "list".
    path = label_studio / "label_studio/fsm/state_choices.py"
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if "class TaskStateChoices" in line)
    member = next(
        i for i in range(start + 1, len(lines)) if lines[i].startswith("    ") and " = " in lines[i]
    )
    name = lines[member].split("=")[0].strip()
    _commit(
        label_studio,
        "removed",
        {
            "label_studio/fsm/state_choices.py": "".join(lines[:member] + lines[member + 1 :]),
            "pyproject.toml": '[tool.typed_enum.check]\nunstored = "list"\n',
        },
    )
    done = check(
        label_studio, "1.23.2", "removed", "label_studio", "--format", "json", "--no-import"
    )
    assert done.returncode == 1, done.stdout[-2000:] + done.stderr[-2000:]
    data = json.loads(done.stdout)
    found = [
        (f["rule"], f["member"], f["stored"])
        for f in data["findings"]
        if f["enum"] == "label_studio.fsm.state_choices.TaskStateChoices"
    ]
    assert found == [("member-removed", name, "value")]
