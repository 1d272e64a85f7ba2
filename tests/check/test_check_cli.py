"""The command line: option names, policy options, --no-import, what the output says it read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from check_helpers import AFTER, BEFORE, Repo

from typed_enum.check.cli import main
from typed_enum.check.output import SITE, help_uri
from typed_enum.check.rule_records import RULES

ROOT = Path(__file__).resolve().parents[2]

NO_POLICY = "; policy: the defaults (no pyproject.toml in the working tree)"


def _usage_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exit:
        main(argv, prog="typed-enum check")
    assert exit.value.code == 2
    *_, last = capsys.readouterr().err.splitlines()
    return last


# Option names.


def test_base_is_refused_with_the_new_name(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--against", "v1", "--base", "v2"], ["--base=v2", "--against", "v1"]):
        assert _usage_error(argv, capsys) == (
            "typed-enum check: error: --base is now --new: --against REF is the old side, "
            "--new REF the new one (default: the working tree)"
        )


def test_a_misspelt_option_gets_a_suggestion(capsys: pytest.CaptureFixture[str]) -> None:
    # argparse alone says "the following arguments are required: --against" here, and
    # takes HEAD for a PATH.
    assert _usage_error(["--againts", "HEAD"], capsys) == (
        "typed-enum check: error: unknown option --againts; did you mean --against? "
        "(see typed-enum check --help)"
    )
    assert _usage_error(["--against", "HEAD", "--formt=json"], capsys) == (
        "typed-enum check: error: unknown option --formt; did you mean --format? "
        "(see typed-enum check --help)"
    )
    assert _usage_error(["--against", "HEAD", "--zzzzzz"], capsys) == (
        "typed-enum check: error: unknown option --zzzzzz (see typed-enum check --help)"
    )


def test_a_path_after_double_dash_is_not_taken_for_an_option(repo: Repo) -> None:
    repo.rename_and_revalue()
    repo.write({"--app.py": "x = 1\n"})
    result = repo.check("--against", "HEAD", "--", "--app.py")
    assert (result.status, result.out) == (0, "")
    assert result.err.startswith("typed-enum check: 0 breaking changes in 0 enums")


def test_new_names_the_new_side_and_the_summary_both(repo: Repo) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": BEFORE})
    repo.commit({"app/models.py": AFTER})
    repo.write({"app/models.py": BEFORE})  # the working tree is back: only --new sees it
    assert repo.check("--against", "HEAD~1").status == 0
    result = repo.check("--against", "HEAD~1", "--new", "HEAD", "--format", "json")
    assert result.status == 1
    log = json.loads(result.out)
    assert (log["old"]["revision"], log["new"]["revision"]) == ("HEAD~1", "HEAD")
    assert [f["rule"] for f in log["findings"]] == ["member-renamed", "value-changed"]


# Policy on the command line.


def test_storage_on_the_command_line_replaces_the_files(repo: Repo) -> None:
    repo.rename_and_revalue({"pyproject.toml": '[tool.typed_enum.check]\nstorage = "name"\n'})
    assert repo.check("--against", "HEAD").rules == ["member-renamed"]
    result = repo.check("--against", "HEAD", "--storage", "value")
    # Stored by value: the rename is listed (not failing), the changed value fails.
    assert (result.status, result.rules) == (1, ["member-renamed", "value-changed"])
    assert result.verdicts == ["listed", "fails"]
    assert result.findings[0].endswith("; stored by value (the policy)")
    assert result.err.splitlines()[-1].endswith(
        "; policy: pyproject.toml of the working tree and the command line (--storage value)"
    )


def test_ignore_on_the_command_line_adds_to_the_files(repo: Repo) -> None:
    repo.rename_and_revalue(
        {"pyproject.toml": '[tool.typed_enum.check]\nignore = ["app.models.Color"]\n'}
    )
    assert repo.check("--against", "HEAD").rules == ["value-changed"]
    result = repo.check("--against", "HEAD", "--ignore", "app.*.Lim*", "--format", "json")
    assert result.status == 0
    log = json.loads(result.out)
    assert log["findings"] == []
    assert log["old"] == {"revision": "HEAD", "enums": 0, "ignored": 2}
    assert log["policy"]["ignore"] == ["app.models.Color", "app.*.Lim*"]
    assert log["policy"]["command_line"] == ["--ignore app.*.Lim*"]


def test_an_unknown_storage_kind_on_the_command_line_exits_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    last = _usage_error(["--against", "HEAD", "--storage", "names"], capsys)
    assert last.startswith("typed-enum check: error: argument --storage: invalid choice: 'names'")


def test_config_reads_another_file_instead_of_the_pyproject(repo: Repo) -> None:
    repo.rename_and_revalue(
        {
            "pyproject.toml": '[tool.typed_enum.check]\nstorage = "name"\n',
            "ci/enums.toml": '[tool.typed_enum.check]\nstorage = "value"\n',
        }
    )
    result = repo.check("--against", "HEAD", "--config", "ci/enums.toml")
    assert (result.status, result.rules) == (1, ["member-renamed", "value-changed"])
    assert result.err.splitlines()[-1].endswith("; policy: ci/enums.toml (--config)")
    sarif = json.loads(
        repo.check("--against", "HEAD", "--config", "ci/enums.toml", "--format", "sarif").out
    )
    assert sarif["runs"][0]["properties"]["policy"]["file"] == "ci/enums.toml"
    assert sarif["runs"][0]["properties"]["policy"]["revision"] is None


def test_config_errors_name_the_file(repo: Repo) -> None:
    repo.rename_and_revalue({"ci/bad.toml": "[tool.typed_enum.check]\nignores = []\n"})
    missing = repo.check("--against", "HEAD", "--config", "ci/none.toml")
    assert (missing.status, missing.err) == (2, "typed-enum check: ci/none.toml: no such file\n")
    bad = repo.check("--against", "HEAD", "--config", "ci/bad.toml")
    assert (bad.status, bad.err) == (
        2,
        "typed-enum check: ci/bad.toml: [tool.typed_enum.check] has no setting 'ignores'; "
        "did you mean 'ignore'? (the settings are accept, fail-on-impact, ignore, impact-types, paths, private, storage, unstored)\n",
    )


def test_the_output_names_the_pyproject_of_the_new_side(repo: Repo) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": BEFORE})
    repo.commit({"app/models.py": AFTER, "pyproject.toml": '[project]\nname = "app"\n'})
    result = repo.check("--against", "HEAD~1", "--new", "HEAD", "--format", "json")
    assert json.loads(result.out)["policy"]["file"] == "pyproject.toml"
    assert json.loads(result.out)["policy"]["revision"] == "HEAD"
    text = repo.check("--against", "HEAD~1", "--new", "HEAD")
    assert text.err.splitlines()[-1].endswith("; policy: pyproject.toml of HEAD")
    # At HEAD~1 there is none.
    text = repo.check("--against", "HEAD", "--new", "HEAD~1")
    assert text.err.splitlines()[-1].endswith(
        "; policy: the defaults (no pyproject.toml in HEAD~1)"
    )


PRIVATE = {
    "app/__init__.py": "",
    "app/models.py": "from enum import Enum\nclass _Hidden(Enum):\n    a = 1\n"
    "class Shown(Enum):\n    a = 1\nclass Box:\n    class _Inner(Enum):\n        a = 1\n",
    "app/_impl.py": "from enum import Enum\nclass Mode(Enum):\n    a = 1\n",
}


def test_private_enums_can_be_left_out(repo: Repo) -> None:
    repo.commit(PRIVATE)
    repo.write({name: text.replace("a = 1", "b = 1") for name, text in PRIVATE.items()})
    every = repo.check("--against", "HEAD", "--format", "json")
    assert sorted(f["enum"] for f in json.loads(every.out)["findings"]) == [
        "app._impl.Mode",
        "app.models.Box._Inner",
        "app.models.Shown",
        "app.models._Hidden",
    ]
    public = repo.check("--against", "HEAD", "--no-private", "--format", "json")
    assert [f["enum"] for f in json.loads(public.out)["findings"]] == ["app.models.Shown"]
    assert json.loads(public.out)["old"] == {"revision": "HEAD", "enums": 1, "ignored": 3}
    # The same from the file, and the command line overriding it.
    repo.write({"pyproject.toml": "[tool.typed_enum.check]\nprivate = false\n"})
    assert repo.check("--against", "HEAD").rules == ["member-renamed"]
    assert len(repo.check("--against", "HEAD", "--private").findings) == 4
    repo.write({"pyproject.toml": '[tool.typed_enum.check]\nprivate = "no"\n'})
    bad = repo.check("--against", "HEAD")
    assert (bad.status, bad.err) == (
        2,
        "typed-enum check: pyproject.toml: [tool.typed_enum.check] private must be true or "
        "false, not 'no' (false leaves out enums under a module or class whose name starts "
        "with _)\n",
    )


# --no-import.


def _marking(marker: Path, body: str) -> str:
    return f"from pathlib import Path\nPath({str(marker)!r}).touch()\n{body}"


def test_no_import_runs_nothing_and_still_compares(repo: Repo, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    repo.commit(
        {
            "app/__init__.py": "",
            "app/models.py": _marking(marker, "from enum import Enum\nclass C(Enum):\n    a = 1\n"),
        }
    )
    repo.write(
        {"app/models.py": _marking(marker, "from enum import Enum\nclass C(Enum):\n    b = 2\n")}
    )
    result = repo.check("--against", "HEAD", "--no-import", "--format", "json")
    assert not marker.exists()
    assert result.status == 1
    log = json.loads(result.out)
    assert [(f["rule"], f["member"]) for f in log["findings"]] == [("member-removed", "a")]
    assert (log["read"], log["notes"]) == ("source", [])
    text = repo.check("--against", "HEAD", "--no-import")
    assert not marker.exists()
    assert text.err == (
        "typed-enum check: 1 breaking change in 1 enum (1 enum compared with HEAD, read from "
        f"the source only){NO_POLICY}\n"
    )
    # Without --no-import both revisions are imported: the module runs.
    assert repo.check("--against", "HEAD").status == 1
    assert marker.exists()


def test_no_import_follows_a_reexport_from_the_source(repo: Repo, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    enum = "from enum import Enum\nclass Color(Enum):\n    red = 1\n"
    repo.commit({"app/__init__.py": "", "app/models.py": _marking(marker, enum)})
    repo.write(
        {
            "app/models.py": "from app.colors import Color\n",
            "app/colors.py": _marking(marker, enum),
        }
    )
    result = repo.check("--against", "HEAD", "--no-import")
    assert (result.status, result.out) == (0, "")
    assert not marker.exists()


# What the JSON and SARIF carry besides findings.


def test_notes_are_in_the_json_and_the_sarif(repo: Repo) -> None:
    raising = "from enum import Enum\nraise RuntimeError('needs a database')\nclass C(Enum):\n"
    repo.commit({"app/__init__.py": "", "app/models.py": raising + "    a = 1\n    b = 2\n"})
    repo.write({"app/models.py": raising + "    a = 1\n"})
    log = json.loads(repo.check("--against", "HEAD", "--format", "json").out)
    # Both revisions give the note: it is printed once, naming both.
    assert [note["path"] for note in log["notes"]] == ["app/models.py"]
    assert log["notes"][0]["message"].startswith("HEAD and the working tree: ")
    assert all(
        "not imported (RuntimeError: needs a database)" in n["message"] for n in log["notes"]
    )
    sarif = json.loads(repo.check("--against", "HEAD", "--format", "sarif").out)
    (invocation,) = sarif["runs"][0]["invocations"]
    assert [n["message"]["text"] for n in invocation["toolExecutionNotifications"]] == [
        n["message"] for n in log["notes"]
    ]


def test_every_rule_has_a_fix_and_a_page_on_the_site() -> None:
    site_url = yaml.safe_load(
        "\n".join(
            line
            for line in (ROOT / "mkdocs.yml").read_text().splitlines()
            if line.startswith("site_url:")
        )
    )["site_url"]
    assert site_url == SITE
    for rule, record in RULES.items():
        assert record.id == rule
        assert record.fix
        assert record.generic_fix
        page = (help_uri(rule) or "").removeprefix(SITE).rstrip("/")
        assert page == record.page
        assert (ROOT / "docs" / f"{page}.md").is_file(), rule
        # Every rule has a page of its own.
        assert page == f"check-rules/{rule}"


def _shape(value: object) -> object:
    """The keys of ``value``, nested (the first item of a list stands for all)."""
    if isinstance(value, dict):
        return {key: _shape(item) for key, item in value.items()}
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return [_shape(value[0])]
    return None


def test_the_json_example_of_the_check_page_has_the_keys_of_a_real_report(repo: Repo) -> None:
    page = (ROOT / "docs" / "check.md").read_text()
    start = page.index("```json\n") + len("```json\n")
    shown = json.loads(page[start : page.index("```", start)])
    raising = "from enum import Enum\nimport missing_dependency\nclass C(Enum):\n"
    repo.commit({"app/__init__.py": "", "app/models.py": raising + "    a = 1\n    b = 2\n"})
    repo.write({"app/models.py": raising + "    a = 1\n"})
    real = json.loads(repo.check("--against", "HEAD", "--format", "json").out)
    assert _shape(shown) == _shape(real)
    assert shown["version"] == real["version"]
