"""docs/check-impact.md: each kind's example lists the sites the page shows.

tests/docs runs each example (and mypy on the explicit ones).  Here the same
file is the old revision, the file with ``blue = 3`` added after ``green = 2`` the
new one, and the impact as ``typed-enum check`` prints it must be the page's
``typed-enum check`` block.  Each example lists the same with mypy's types as
without them, but ``lamps.py`` (what the types add): only with them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from typed_enum.check.impact import find_impact
from typed_enum.check.impact.render import Shown, extend
from typed_enum.check.revision import read as read_source

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "check-impact.md").read_text()
_EXAMPLE = re.compile(
    r'^```python title="(?P<file>[\w.]+)"\n(?P<code>(?:(?!```).)*?)^```\n\n'
    r'```text title="typed-enum check"\n(?P<shown>.*?)^```$',
    re.MULTILINE | re.DOTALL,
)
EXAMPLES = {m["file"]: (m["code"], m["shown"]) for m in _EXAMPLE.finditer(PAGE)}
_EXPLICIT = re.findall(r'^```python title="(explicit_\w+\.py)"\n(.*?)^```$', PAGE, re.M | re.S)


def _listed(file: str, code: str, tmp_path: Path, types: bool = False) -> str:
    for side, text in (
        ("old", code),
        ("new", code.replace("    green = 2\n", "    green = 2\n    blue = 3\n")),
    ):
        (tmp_path / side).mkdir(parents=True)
        (tmp_path / side / file).write_text(text)
    old = read_source(tmp_path / "old", [file], "old")
    new = read_source(tmp_path / "new", [file], "new")
    impact = find_impact(old, new, tmp_path / "new", [file], types=types)
    assert impact.types == ("used" if types else "off"), impact.types_notes
    return extend("", "text", Shown(impact))


def test_every_kind_has_an_example() -> None:
    assert sorted(EXAMPLES) == [
        "branches.py",
        "lamps.py",
        "members.py",
        "tables.py",
        "wildcard.py",
    ]
    kinds = set(re.findall(r": impact: ([\w-]+): ", "".join(s for _, s in EXAMPLES.values())))
    assert kinds == {
        "wildcard-raises",
        "else",
        "else-raises",
        "fall-through",
        "branch-raises",
        "table",
        "table-default",
        "membership",
        "iteration",
    }


@pytest.mark.parametrize("file", sorted(EXAMPLES))
def test_the_example_lists_what_the_page_shows(file: str, tmp_path: Path) -> None:
    code, shown = EXAMPLES[file]
    assert _listed(file, code, tmp_path / "typed", types=True) == shown
    syntax = _listed(file, code, tmp_path / "syntax")
    assert syntax == ("" if file == "lamps.py" else shown)


@pytest.mark.parametrize(("file", "code"), _EXPLICIT)
def test_an_explicit_site_is_not_listed(file: str, code: str, tmp_path: Path) -> None:
    assert _listed(file, code, tmp_path, types=True) == ""
