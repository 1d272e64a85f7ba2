"""The supported Python and mypy ranges printed anywhere are pyproject.toml's, and tested.

pyproject.toml is the one source: its classifiers give the Python range, its
``mypy>=`` the oldest mypy, noxfile.py's ``MYPY`` the oldest and newest mypy
CI installs, and ``.ci/mypy-minors`` every minor between them.  Each
sentence of the README and the site that states a supported range must state
these (issue 38: a page said 3.11 to 3.13 long after 3.14 and 3.15 were in).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def _pythons() -> list[str]:
    found = [
        c.rsplit(" ", 1)[-1]
        for c in PYPROJECT["project"]["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    ]
    return sorted(found, key=_version)


def _nox_mypy() -> dict[str, str]:
    text = (ROOT / "noxfile.py").read_text()
    match = re.search(r'MYPY = \{"oldest": "([\d.]+)", "newest": "([\d.]+)"\}', text)
    assert match, "noxfile.py's MYPY = {...} line"
    return {"oldest": match.group(1), "newest": match.group(2)}


def _lower_bound(requirement: str) -> str | None:
    match = re.fullmatch(r"[A-Za-z0-9_.-]+(?:\[[^]]*\])?\s*>=\s*([\w.]+)", requirement.strip())
    return match.group(1) if match else None


PYTHONS = _pythons()
MYPY = _nox_mypy()
LOWEST, HIGHEST = PYTHONS[0], PYTHONS[-1]


def test_the_python_range_is_contiguous_and_matches_requires_python() -> None:
    minors = [_version(v)[1] for v in PYTHONS]
    assert minors == list(range(minors[0], minors[-1] + 1))
    assert PYPROJECT["project"]["requires-python"] == f">={LOWEST}"


def test_every_mypy_requirement_starts_at_the_oldest_tested_mypy() -> None:
    extras = PYPROJECT["project"]["optional-dependencies"]
    bounds = [
        _lower_bound(req)
        for reqs in extras.values()
        for req in reqs
        if re.match(r"mypy\b(?!-)", req)
    ]
    assert bounds, "no mypy requirement found"
    assert set(bounds) == {MYPY["oldest"]}


def test_every_lower_bound_is_a_full_version_the_lowest_leg_installs() -> None:
    """Each ``>=X`` is pinned by the oldest leg (noxfile.lower_bounds), so X must name a release."""
    extras = PYPROJECT["project"]["optional-dependencies"]
    for reqs in extras.values():
        for req in reqs:
            bound = _lower_bound(req)
            if bound is not None:
                assert re.fullmatch(r"\d+(\.\d+)+", bound), req


def test_mypy_minors_cover_every_minor_between_the_ends() -> None:
    text = (ROOT / ".ci" / "mypy-minors").read_text()
    match = re.search(r"^MINORS=\(([^)]*)\)", text, re.M)
    assert match
    minors = [_version(v) for v in match.group(1).split()]
    oldest, newest = _version(MYPY["oldest"]), _version(MYPY["newest"])
    # The major.minor pairs strictly between the ends, as mypy numbers them
    # (1.14 ... 1.20, then 2.0 ...): one release of each, no more.
    listed = [v[:2] for v in minors]
    assert len(listed) == len(set(listed))
    assert all(oldest[:2] < v < newest[:2] for v in listed)
    ones = [v for v in listed if v[0] == oldest[0]]
    twos = [v for v in listed if v[0] == newest[0]]
    assert [v[1] for v in ones] == list(range(oldest[1] + 1, ones[-1][1] + 1))
    assert [v[1] for v in twos] == list(range(newest[1]))


# -- What the pages say ------------------------------------------------------------

#: A sentence states a supported range when it says so.
_CLAIM = re.compile(r"\b(?:supports?|supported|needs?|requires?)\b", re.I)
_PYTHON_RANGE = re.compile(r"Python (3\.\d+)\s*(?:\u2013|-|to)\s*(3\.\d+)")
_MYPY_OLDEST = re.compile(r"mypy (\d+\.\d+(?:\.\d+)?)(?: or newer| \(| to )")
_NEWEST_TESTED = re.compile(r"(\d+\.\d+\.\d+),? (?:is )?the newest tested")
_MYPY_RANGE_END = re.compile(r"mypy \d+\.\d+(?:\.\d+)?(?: \([^)]*\))? to (\d+\.\d+\.\d+)")


def _sentences() -> Iterator[tuple[str, str]]:
    for page in PAGES:
        text = page.read_text()
        # Code blocks are examples, not claims.
        text = re.sub(r"```.*?```", "", text, flags=re.S)
        for sentence in re.split(r"(?<=\.)\s+", re.sub(r"\s*\n\s*", " ", text)):
            if _CLAIM.search(sentence):
                yield str(page.relative_to(ROOT)), sentence


def _claims() -> list[tuple[str, str, str, str]]:
    found = []
    for page, sentence in _sentences():
        for match in _PYTHON_RANGE.finditer(sentence):
            found.append((page, "python", f"{match.group(1)}-{match.group(2)}", sentence))
        for match in _MYPY_OLDEST.finditer(sentence):
            found.append((page, "mypy oldest", match.group(1), sentence))
        for match in [*_NEWEST_TESTED.finditer(sentence), *_MYPY_RANGE_END.finditer(sentence)]:
            found.append((page, "mypy newest", match.group(1), sentence))
    return found


CLAIMS = _claims()


def test_the_pages_state_the_ranges() -> None:
    """The check below reads real sentences: getting-started, the plugin page, versions."""
    pages = {page for page, *_ in CLAIMS}
    assert {"docs/getting-started.md", "docs/plugin.md", "docs/versions.md"} <= pages
    assert {kind for _, kind, *_ in CLAIMS} == {"python", "mypy oldest", "mypy newest"}


@pytest.mark.parametrize(("page", "kind", "stated", "sentence"), CLAIMS)
def test_a_stated_range_is_the_supported_one(
    page: str, kind: str, stated: str, sentence: str
) -> None:
    expected = {
        "python": f"{LOWEST}-{HIGHEST}",
        "mypy oldest": MYPY["oldest"],
        "mypy newest": MYPY["newest"],
    }[kind]
    assert stated == expected, f"{page}: {sentence!r} states {stated}, pyproject/nox say {expected}"
