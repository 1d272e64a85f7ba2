"""The site's hosting: .readthedocs.yaml builds mkdocs.yml, at the address the package prints."""

from __future__ import annotations

from pathlib import Path

import yaml

from typed_enum import _site

ROOT = Path(__file__).resolve().parents[2]


def test_read_the_docs_builds_mkdocs_at_the_printed_address() -> None:
    config = yaml.safe_load((ROOT / ".readthedocs.yaml").read_text())
    assert config["version"] == 2
    assert config["mkdocs"]["configuration"] == "mkdocs.yml"
    assert (ROOT / config["mkdocs"]["configuration"]).is_file()
    (install,) = config["python"]["install"]
    assert (install["method"], install["path"], install["extra_requirements"]) == (
        "pip",
        ".",
        ["docs"],
    )
    # Read the Docs serves a project's latest build at https://<project>.readthedocs.io/en/latest/:
    # the address every printed link starts with.
    assert _site.SITE_URL is not None
    assert _site.SITE_URL.startswith("https://")
    assert _site.SITE_URL.endswith(".readthedocs.io/en/latest/")


def test_wide_code_lines_wrap() -> None:
    mkdocs = yaml.safe_load((ROOT / "mkdocs.yml").read_text().split("\nnav:")[0])
    (css,) = mkdocs["extra_css"]
    text = (ROOT / "docs" / css).read_text()
    assert ".md-typeset pre > code" in text
    assert "white-space: pre-wrap" in text
