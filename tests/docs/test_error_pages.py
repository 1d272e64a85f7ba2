"""One page per error code, and one error code per page.

``docs/errors/<code>.md`` for every code in ``mypy_plugin/errorcodes.py``
(named by its suffix, the key that switches it off), listed in the site's
navigation and on the error-code index; each page shows the error in a
tested mypy run (``test_examples.py`` compares the output) and says how to
switch the check off.
"""

from __future__ import annotations

import re

import pytest

from mypy_plugin.config import CHECKS
from tests.docs.collect import DOCS, ROOT, examples

ERRORS = DOCS / "errors"
PAGES = {page.stem for page in ERRORS.glob("*.md")} - {"index"}


def test_every_code_has_a_page_and_every_page_a_code() -> None:
    assert set(CHECKS) - PAGES == set(), "codes without a page"
    assert PAGES - set(CHECKS) == set(), "pages without a code"


def test_the_navigation_and_the_index_list_every_code_page() -> None:
    nav = set(re.findall(r"errors/([a-z-]+)\.md", (ROOT / "mkdocs.yml").read_text()))
    assert nav - {"index"} == set(CHECKS)
    index = set(re.findall(r"\]\(([a-z-]+)\.md\)", (ERRORS / "index.md").read_text()))
    assert index == set(CHECKS)


@pytest.mark.parametrize("code", sorted(CHECKS))
def test_each_page_shows_its_error_and_how_to_switch_it_off(code: str) -> None:
    page = ERRORS / f"{code}.md"
    text = page.read_text()
    assert text.startswith(f"# `typed-enum-{code}`\n")
    shown = [
        line
        for example in examples(page)
        for command in example.commands
        if command.argv[0] == "mypy"
        for line in command.output
    ]
    assert any(line.endswith(f"[typed-enum-{code}]") for line in shown), (
        "the page shows no tested mypy run reporting its code"
    )
    assert f"{code} = false" in text
    assert f"# type: ignore[typed-enum-{code}]" in text
    for heading in (
        "## What it catches",
        "## Why",
        "## Example",
        "## The fix",
        "## Switching it off",
    ):
        assert heading in text
