"""The code-review scenario, end to end, on the project's ``examples/``.

The examples type-check clean under the recommended config.  Each test
copies them to a temporary directory, makes one edit to the enum module a
reviewer might see in a pull request, runs mypy with the plugin exactly as
the README says (``mypy --config-file examples/mypy.ini examples/``), and
asserts the exact diagnostics: every site that must change is named, and
nothing else is.

- adding a member: the ``match`` that returns (``[return]``), every match
  (``[exhaustive-match]``, mypy 1.17+), the ``assert_never`` of the if/elif
  chain and the exhaustive map;
- adding an alias: nothing (an alias is not a member);
- making the enum open: the matches and ``assert_never`` (the enum is never
  exhausted) and the exhaustive map (it cannot cover an open enum).

Lookups (``orders.py``), the match with ``case _:`` over the open
``Carrier`` (``shipping.py``) and the map over ``PaymentMethod`` never
change.  Sites are found by their source text, not by line number, so the
examples can be edited freely.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import mypy.errorcodes
import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

#: mypy 1.17+ has the ``exhaustive-match`` code the recommended config
#: enables; older releases warn that it is unknown and report the rest.
HAS_EXHAUSTIVE_MATCH = hasattr(mypy.errorcodes, "EXHAUSTIVE_MATCH")

STATUS = "examples/shop/status.py"
WORKFLOW = "examples/shop/workflow.py"
NOTIFICATIONS = "examples/shop/notifications.py"
LABELS = "examples/shop/labels.py"

EXHAUSTIVE_MATCH_NOTE = (
    "note: If match statement is intended to be non-exhaustive, add `case _: pass`"
)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of ``examples/`` in ``tmp_path``, as in the repository."""
    shutil.copytree(
        EXAMPLES,
        tmp_path / "examples",
        ignore=shutil.ignore_patterns(".mypy_cache", "__pycache__"),
    )
    return tmp_path


def edit(project: Path, old: str, new: str, module: str = STATUS) -> None:
    """Replace the one occurrence of ``old`` in ``module`` (the enum module by default)."""
    path = project / module
    text = path.read_text()
    assert text.count(old) == 1, f"{old!r} must occur once in {module}"
    path.write_text(text.replace(old, new))


def lines_of(project: Path, path: str, text: str) -> list[int]:
    """The line numbers (1-based) of the lines of ``path`` containing ``text``."""
    found = [
        number
        for number, line in enumerate((project / path).read_text().splitlines(), start=1)
        if text in line
    ]
    assert found, f"{text!r} not found in {path}"
    return found


def line_of(project: Path, path: str, text: str) -> int:
    (number,) = lines_of(project, path, text)
    return number


def run_mypy(project: Path) -> tuple[int, list[str]]:
    """``mypy --config-file examples/mypy.ini examples/`` in ``project``."""
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--config-file",
            "examples/mypy.ini",
            "--cache-dir",
            str(project / ".mypy_cache"),
            "--no-error-summary",
            "examples/",
        ],
        cwd=project,
        capture_output=True,
        text=True,
        check=False,
    )
    stderr = [
        line
        for line in proc.stderr.splitlines()
        if not (not HAS_EXHAUSTIVE_MATCH and "Invalid error code(s): exhaustive-match" in line)
    ]
    assert stderr == [], proc.stderr
    return proc.returncode, proc.stdout.splitlines()


def by_file(lines: list[str]) -> dict[str, list[str]]:
    """Diagnostics grouped by file, in mypy's order within each file.

    mypy's order across files follows its module scheduling, which is not
    part of the behaviour under test.
    """
    grouped: dict[str, list[str]] = {}
    for line in lines:
        grouped.setdefault(line.split(":", 1)[0], []).append(line)
    return grouped


def exhaustive_match(path: str, line: int, remainder: str) -> list[str]:
    """mypy's own report of a non-exhaustive match (none before mypy 1.17)."""
    if not HAS_EXHAUSTIVE_MATCH:
        return []
    return [
        f'{path}:{line}: error: Match statement has unhandled case for values of type "{remainder}"  [exhaustive-match]',
        f"{path}:{line}: {EXHAUSTIVE_MATCH_NOTE}",
    ]


def test_examples_are_clean(project: Path) -> None:
    status, output = run_mypy(project)
    assert (status, output) == (0, [])


def test_adding_a_member_turns_every_site_red(project: Path) -> None:
    edit(project, '    paid = "paid"\n', '    paid = "paid"\n    on_hold = "on_hold"\n')
    first_match, second_match = lines_of(project, WORKFLOW, "match status:")
    new = "Literal[OrderStatus.on_hold]"
    expected = [
        f"{WORKFLOW}:{line_of(project, WORKFLOW, 'def next_status(')}: error: Missing return statement  [return]",
        *exhaustive_match(WORKFLOW, first_match, new),
        *exhaustive_match(WORKFLOW, second_match, new),
        f'{NOTIFICATIONS}:{line_of(project, NOTIFICATIONS, "assert_never(status)")}: error: Argument 1 to "assert_never" has incompatible type "{new}"; expected "Never"  [arg-type]',
        f'{LABELS}:{line_of(project, LABELS, "STATUS_LABELS = exhaustive_map(")}: error: exhaustive_map(OrderStatus, ...) has no entry for OrderStatus.on_hold; give every "OrderStatus" member exactly one entry  [typed-enum-exhaustive-map]',
    ]
    status, output = run_mypy(project)
    assert status == 1
    assert by_file(output) == by_file(expected)


def test_adding_an_alias_changes_nothing(project: Path) -> None:
    edit(
        project,
        '    cancelled = "cancelled"\n',
        '    cancelled = "cancelled"\n    canceled = alias(cancelled)\n',
    )
    status, output = run_mypy(project)
    assert (status, output) == (0, [])


def test_making_the_enum_open_turns_every_exhaustive_claim_red(project: Path) -> None:
    edit(project, "class OrderStatus(StrEnum):", "class OrderStatus(StrEnum, open=True):")
    first_match, second_match = lines_of(project, WORKFLOW, "match status:")
    is_open = '"OrderStatus" is open (declared with open=True)'
    open_match = (
        f"error: {is_open}, so extend() may add members that no case handles; "
        'add "case _:" to this match  [typed-enum-open-match]'
    )
    remainder = "OrderStatus"
    expected = [
        f"{WORKFLOW}:{line_of(project, WORKFLOW, 'def next_status(')}: error: Missing return statement  [return]",
        f"{WORKFLOW}:{first_match}: {open_match}",
        *exhaustive_match(WORKFLOW, first_match, remainder),
        f"{WORKFLOW}:{second_match}: {open_match}",
        *exhaustive_match(WORKFLOW, second_match, remainder),
        f"{NOTIFICATIONS}:{line_of(project, NOTIFICATIONS, 'assert_never(status)')}: error: {is_open}, so members added by extend() reach this assert_never() (with any member not handled above); handle them before it (raise, or return a default)  [typed-enum-open-match]",
        f"{LABELS}:{line_of(project, LABELS, 'STATUS_LABELS = exhaustive_map(')}: error: exhaustive_map(OrderStatus, ...): {is_open}, so no map covers all of its members; use a dict with a default for members added by extend()  [typed-enum-open-exhaustive-map]",
    ]
    status, output = run_mypy(project)
    assert status == 1
    assert by_file(output) == by_file(expected)


def _readme_demo_output() -> list[str]:
    """The diagnostics the README's "Install and try it" shows for demo.py."""
    readme = (EXAMPLES.parent / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Install and try it") :]
    start = section.index("```text\n") + len("```text\n")
    block = section[start : section.index("\n```", start)]
    return block.splitlines()


def test_readme_demo_output_is_what_mypy_prints(project: Path) -> None:
    """The README's demo edit (``refunded = "refunded"``) gives exactly the output it shows."""
    shipped = '    shipped = "shipped"\n'
    edit(project, shipped, shipped + '    refunded = "refunded"\n', module="examples/demo.py")
    status, output = run_mypy(project)
    assert status == 1
    expected = _readme_demo_output()
    if not HAS_EXHAUSTIVE_MATCH:  # mypy < 1.17: the README marks these lines as 1.17+
        expected = [
            line for line in expected if "exhaustive-match" not in line and "note:" not in line
        ]
    assert output == expected
