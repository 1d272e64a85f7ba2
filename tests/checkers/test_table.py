"""README.md's "What each checker sees" table is what the checkers report.

One test per checker, so each checker runs exactly once per pytest run, also
under pytest-xdist.  Besides comparing its README column, each test holds the
checker to the fixtures: no diagnostic in a faulty fixture away from a line
marked ``# mistake``, and none on correct code beyond ``KNOWN_FALSE_ERRORS``
(mypy without the plugin excepted: its column shows what it gets wrong,
false errors included).
Regenerate the table with ``python -m tests.checkers --update-readme``.
"""

from __future__ import annotations

import importlib.util

import pytest

from .run import CHECKERS, FIXTURES, Checker, CheckerDidNotRun, Diagnostic, run, version
from .table import SILENT, column, features, mistake_lines, readme_columns

#: False errors on correct code that typed_enum's annotations cannot remove,
#: and why: (checker, fixture, code) -> reason.  The README states each one.
KNOWN_FALSE_ERRORS: dict[tuple[str, str, str], str] = {
    ("basedpyright", "open_ok.py", "reportUnnecessaryComparison"): (
        "basedpyright counts the declared members as all there are; open=True is a class "
        "keyword, and the one enum that pyright-family checkers never expand is a Flag"
    ),
    **{
        (checker, "constants_ok.py", code): (
            "HTTP.OK is typed from its assignment (OK = 200: int); a checker consults no "
            "metaclass __getattr__/__getattribute__ for a name the class body assigns"
        )
        for checker, code in (
            ("pyright", "reportAttributeAccessIssue"),
            ("pyright", "reportUnknownMemberType"),
            ("basedpyright", "reportAttributeAccessIssue"),
            ("basedpyright", "reportUnknownMemberType"),
            ("pyrefly", "missing-attribute"),
            ("ty", "missing-attribute"),
        )
    },
    **{
        (checker, "functional_ok.py", code): (
            "pyrefly and ty build a class from the functional API of enum.Enum itself only, "
            "not of a subclass (stdlib's included): Color is an Enum instance to them"
        )
        for checker, code in (
            ("pyrefly", "missing-attribute"),
            ("ty", "missing-attribute"),
            ("ty", "invalid-type-form"),
        )
    },
}

#: The checker whose errors on correct code are only reported, not refused.
UNSUPPORTED = "mypy alone"
PLUGIN = "mypy + plugin"

_MODULES = {"mypy + plugin": "mypy", "mypy alone": "mypy"}


def _run(checker: Checker) -> list[Diagnostic]:
    module = _MODULES.get(checker.name, checker.distribution)
    if importlib.util.find_spec(module) is None:
        pytest.fail(f"{module} is not installed: pip install -e '.[test]' installs every checker")
    try:
        return run(checker)
    except CheckerDidNotRun as exc:
        pytest.fail(str(exc))


def _show(diagnostics: list[Diagnostic]) -> str:
    return "\n".join(f"  {d.file}:{d.line}: {d.code}: {d.message}" for d in diagnostics)


@pytest.mark.parametrize("checker", CHECKERS, ids=[c.name for c in CHECKERS])
def test_checker_sees_what_readme_says(checker: Checker) -> None:
    diagnostics = _run(checker)
    name = checker.name
    where = f"{name} ({checker.distribution} {version(checker)})"

    on_correct = [d for d in diagnostics if d.file.endswith("_ok.py")]
    if name != UNSUPPORTED:
        # A diagnostic beside the mistake is a false error too.
        stray = [
            d
            for d in diagnostics
            if d.file.endswith("_bad.py") and d.line not in mistake_lines(d.file)
        ]
        assert not stray, f"{where} reports lines not marked '# mistake':\n{_show(stray)}"
        false = [d for d in on_correct if (name, d.file, d.code) not in KNOWN_FALSE_ERRORS]
        assert not false, f"{where} reports errors on correct code:\n{_show(false)}"
        stale = {
            key
            for key in KNOWN_FALSE_ERRORS
            if key[0] == name and not any((d.file, d.code) == key[1:] for d in on_correct)
        }
        assert not stale, f"{where} no longer reports these: drop them from KNOWN_FALSE_ERRORS"

    measured = column(checker, diagnostics)
    if name == PLUGIN:
        missed = [f.name for f in features() if measured[f.name] == SILENT]
        assert not missed, f"the plugin catches no mistake in {missed}"

    stated = readme_columns()[name]
    differ = {
        feature: (stated.get(feature), cell)
        for feature, cell in measured.items()
        if stated.get(feature) != cell
    }
    assert stated.keys() == measured.keys(), f"README.md's rows are not the features: {stated}"
    assert not differ, (
        f"README.md's column {name!r} disagrees with {where} "
        f"(feature: (README, measured)): {differ}; "
        "if the checker is right, run: python -m tests.checkers --update-readme"
    )


def test_fixtures_are_the_features() -> None:
    """Each fixture belongs to a feature row; each faulty fixture marks its mistakes."""
    expected = {name for f in features() for name in (f.ok, f.bad)}
    present = {path.name for path in FIXTURES.glob("*.py")}
    assert present == expected, f"fixtures not in table.ORDER: {sorted(present - expected)}"
    for f in features():
        assert mistake_lines(f.bad), f"{f.bad} marks no line '# mistake'"
        assert not mistake_lines(f.ok), f"{f.ok} is correct code: it marks no mistake"


def test_every_page_shows_the_same_table() -> None:
    from .table import _block, pages_with_table

    blocks = {page.name: _block(page.read_text()) for page in pages_with_table()}
    assert len(set(blocks.values())) == 1, f"the checkers table differs between {sorted(blocks)}"
