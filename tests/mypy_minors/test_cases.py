"""The batched runner reads cases as pytest-mypy-plugins does, and every case file parses."""

from __future__ import annotations

import configparser
from pathlib import Path

from .batch import merged_config
from .cases import collect, expected_lines

ROOT = Path(__file__).resolve().parent.parent.parent


def test_inline_comments_and_out_lines() -> None:
    main = "x = 1\na == b  # E: first  [code-a]  # N: a note\nc = '#'  # W: warned\n"
    assert expected_lines(main, "main:9: error: from out  [x]\n") == [
        "main:2: error: first  [code-a]",
        "main:2: note: a note",
        "main:3: warning: warned",
        "main:9: error: from out  [x]",
    ]


def test_a_case_config_overrides_the_base() -> None:
    parser = configparser.ConfigParser()
    parser.read_string(merged_config("[mypy.plugins.typed_enum]\nwildcard-arm = true\n"))
    assert parser["mypy"]["plugins"] == "mypy_plugin"
    assert parser["mypy.plugins.typed_enum"]["wildcard-arm"] == "true"
    parser.read_string(merged_config("plugins = other\nenable_error_code = exhaustive-match\n"))
    assert parser["mypy"]["plugins"] == "other"
    assert parser["mypy"]["enable_error_code"] == "exhaustive-match"


def test_every_case_file_parses_with_expectations() -> None:
    cases = collect([ROOT / "typecheck_cases"])
    assert len(cases) > 300
    assert len({case.name for case in cases}) == len(cases)
    assert sum(bool(case.expected) for case in cases) > 250
