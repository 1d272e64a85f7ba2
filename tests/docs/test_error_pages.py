"""One page per error code, and one error code per page.

``docs/errors/<code>.md`` for every code in ``mypy_plugin/errorcodes.py``
(named by its suffix, the key that switches it off), listed in the site's
navigation and on the error-code index; each page shows the error in a
tested mypy run (``test_examples.py`` compares the output) and says how to
switch the check off.

One fault, one error (issue 44): every mypy run a page shows is under
``--strict`` with the plugin, and ``test_examples.py`` runs it and expects
exactly the output shown.  Here: the codes a page's runs show are its own
code only, or codes the page explains.  A page states another code it shows
(mypy's own ``[return]`` beside ``typed-enum-open-match``, say) by naming
it as `` `[return]` `` in its text, outside the console blocks, where it
says why that error is shown too.
"""

from __future__ import annotations

import re

import pytest
from mypy.errorcodes import ErrorCode

from mypy_plugin import errorcodes, links
from mypy_plugin.config import CHECKS
from tests.docs.collect import DOCS, ROOT, Example, examples
from tests.docs.test_examples import CONFIG
from typed_enum import _site

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


_CODE = re.compile(r"  \[(?P<code>[a-z-]+)\]$")
_CONSOLE = re.compile(r"^```console\n.*?^```$", re.M | re.S)


def _mypy_runs(page_name: str) -> list[tuple[Example, tuple[str, ...], tuple[str, ...]]]:
    """Each mypy run the page shows: its example, its arguments and its output."""
    return [
        (example, command.argv, command.output)
        for example in examples(ERRORS / f"{page_name}.md")
        for command in example.commands
        if command.argv[0] == "mypy"
    ]


@pytest.mark.parametrize("code", sorted(CHECKS))
def test_each_page_runs_mypy_under_strict(code: str) -> None:
    """``$ mypy FILE`` is the recommended configuration (strict); a named one says strict too."""
    assert "strict = true" in CONFIG
    for example, argv, _ in _mypy_runs(code):
        if "--config-file" in argv:
            named = argv[argv.index("--config-file") + 1]
            files = dict(example.files)
            assert named in files, f"{named} is not shown right before the example"
            assert "strict = true" in files[named]
        else:
            assert not any(arg.startswith(("--config-file=", "--no-strict")) for arg in argv)


@pytest.mark.parametrize("code", sorted(CHECKS))
def test_each_page_shows_one_error_per_fault(code: str) -> None:
    """The codes a page's runs show: its own, and only codes the page explains."""
    text = (ERRORS / f"{code}.md").read_text()
    prose = _CONSOLE.sub("", text)
    shown = {
        match["code"]
        for _, _, output in _mypy_runs(code)
        for line in output
        if (match := _CODE.search(line)) is not None and ": error: " in line
    }
    assert f"typed-enum-{code}" in shown
    for other in shown - {f"typed-enum-{code}"}:
        assert f"`[{other}]`" in prose, (
            f"the example shows [{other}] beside [typed-enum-{code}] and the page does not say "
            f"why: one fault should give one error; if this error is a fault of its own, name "
            f"it on the page as `[{other}]`"
        )


def test_the_site_address_is_mkdocs_site_url() -> None:
    """Links to pages are built from one address: ``typed_enum._site.SITE_URL``, mkdocs.yml's
    ``site_url`` (None while mkdocs.yml names none: then nothing links to the site)."""
    match = re.search(r"^site_url:\s*(?P<url>\S+)\s*$", (ROOT / "mkdocs.yml").read_text(), re.M)
    assert (match["url"] if match else None) == _site.SITE_URL


def test_every_code_links_to_its_page() -> None:
    """The page ``--show-error-code-links`` names for a code is that code's page."""
    codes = [
        value
        for value in vars(errorcodes).values()
        if isinstance(value, ErrorCode) and value.code.startswith(errorcodes.PREFIX)
    ]
    assert {code.code.removeprefix(errorcodes.PREFIX) for code in codes} == set(CHECKS)
    for code in codes:
        assert (DOCS / f"{links.page(code)}.md").is_file()
    assert "use_directory_urls" not in (ROOT / "mkdocs.yml").read_text(), (
        "page_url builds mkdocs's directory URLs (errors/ordering/)"
    )
