"""[tool.typed_enum.check] in pyproject.toml: ignore, storage, and its errors."""

from __future__ import annotations

from check_helpers import BEFORE, Repo


def test_without_policy_both_changes_break(repo: Repo) -> None:
    repo.rename_and_revalue({"pyproject.toml": "[project]\nname = 'app'\n"})
    result = repo.check("--against", "HEAD")
    assert (result.status, result.rules) == (1, ["member-renamed", "value-changed"])


def test_ignore_drops_matching_enums(repo: Repo) -> None:
    repo.rename_and_revalue(
        {"pyproject.toml": '[tool.typed_enum.check]\nignore = ["app.models.Lim*"]\n'}
    )
    result = repo.check("--against", "HEAD")
    assert (result.status, result.rules) == (1, ["member-renamed"])


def test_storage_value_still_reports_a_rename(repo: Repo) -> None:
    # Stored values load as the new name: whether it means the same, only the reviewer knows.
    repo.rename_and_revalue(
        {"pyproject.toml": '[tool.typed_enum.check.storage]\n"app.models.Color" = "value"\n'}
    )
    result = repo.check("--against", "HEAD")
    assert (result.status, result.rules) == (1, ["member-renamed", "value-changed"])
    assert result.verdicts == ["listed", "fails"]


def test_storage_name_makes_value_changes_compatible(repo: Repo) -> None:
    repo.rename_and_revalue({"pyproject.toml": '[tool.typed_enum.check]\nstorage = "name"\n'})
    result = repo.check("--against", "HEAD")
    assert (result.status, result.rules) == (1, ["member-renamed"])
    # Listed as compatible with --show-compatible, never failing.
    shown = repo.check("--against", "HEAD", "--show-compatible")
    assert list(zip(shown.rules, shown.verdicts, strict=True)) == [
        ("member-renamed", "fails"),
        ("value-changed", "compatible"),
    ]


def test_policy_that_allows_everything_exits_0(repo: Repo) -> None:
    repo.rename_and_revalue(
        {
            "pyproject.toml": '[tool.typed_enum.check]\nignore = ["app.models.Color"]\n'
            '[tool.typed_enum.check.storage]\n"app.*" = "name"\n'
        }
    )
    result = repo.check("--against", "HEAD")
    assert (result.status, result.out) == (0, "")


def test_an_unknown_setting_exits_2_with_a_suggestion(repo: Repo) -> None:
    repo.rename_and_revalue({"pyproject.toml": '[tool.typed_enum.check]\nignores = ["x"]\n'})
    result = repo.check("--against", "HEAD")
    assert result.status == 2
    assert result.err == (
        "typed-enum check: pyproject.toml: [tool.typed_enum.check] has no setting 'ignores'; "
        "did you mean 'ignore'? (the settings are accept, fail-on-impact, ignore, impact-types, paths, private, storage, unstored)\n"
    )


def test_an_unknown_storage_kind_exits_2_with_a_suggestion(repo: Repo) -> None:
    repo.rename_and_revalue({"pyproject.toml": '[tool.typed_enum.check]\nstorage = "names"\n'})
    result = repo.check("--against", "HEAD")
    assert result.status == 2
    assert result.err == (
        "typed-enum check: pyproject.toml: [tool.typed_enum.check] storage must be one of "
        "'value', 'name', 'both', not 'names'; did you mean 'name'?\n"
    )


def test_an_unknown_unstored_choice_exits_2_with_a_suggestion(repo: Repo) -> None:
    repo.rename_and_revalue({"pyproject.toml": '[tool.typed_enum.check]\nunstored = "lists"\n'})
    result = repo.check("--against", "HEAD")
    assert result.status == 2
    assert result.err == (
        "typed-enum check: pyproject.toml: [tool.typed_enum.check] unstored must be one of "
        "'fail', 'list', not 'lists'; did you mean 'list'?\n"
    )


# Folders the default paths leave out, and the policy's paths.

SCRIPT = """
import enum
class Job(enum.Enum):
    nightly = 1
    weekly = 2
"""


def test_a_folder_without_init_that_defines_enums_is_named_in_one_note(repo: Repo) -> None:
    repo.commit(
        {
            "app/__init__.py": "",
            "app/models.py": BEFORE,
            "scripts/jobs.py": SCRIPT,
            "tools/run.py": "print('no enum here')\n",
            "tests/test_x.py": SCRIPT,
        }
    )
    repo.write({"scripts/jobs.py": SCRIPT.replace("    weekly = 2\n", "")})
    result = repo.check("--against", "HEAD")
    assert (result.status, result.out) == (0, "")
    notes = [line for line in result.err.splitlines() if ": note: " in line]
    assert notes == [
        "scripts/: note: not checked: this folder defines enums but has no __init__.py, and the "
        "default paths are the packages and modules; to check it, give it as a PATH or set "
        'paths = ["app", "scripts"] in [tool.typed_enum.check]'
    ]
    # The line the note prints, pasted into pyproject.toml: the hook needs no PATH.
    repo.write({"pyproject.toml": '[tool.typed_enum.check]\npaths = ["app", "scripts"]\n'})
    fixed = repo.check("--against", "HEAD")
    assert fixed.status == 1
    assert [line.split(": ")[:3] for line in fixed.findings] == [
        ["scripts/jobs.py:2", "fails", "member-removed"]
    ]
    assert ": note: " not in fixed.err
    # From a subdirectory too: the policy's paths are from the repository's top.
    assert repo.check("--against", "HEAD", cwd=repo.root / "app").status == 1


def test_bad_paths_exit_2(repo: Repo) -> None:
    repo.rename_and_revalue({"pyproject.toml": '[tool.typed_enum.check]\npaths = "app"\n'})
    result = repo.check("--against", "HEAD")
    assert (result.status, result.err) == (
        2,
        "typed-enum check: pyproject.toml: [tool.typed_enum.check] paths must be a list of "
        'files or directories relative to the repository\'s top, such as ["src/shop", '
        '"scripts"]\n',
    )
