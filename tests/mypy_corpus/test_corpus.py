"""mypy's own enum test cases, with and without the plugin (see ``__init__``).

One test per group of cases checked in one mypy build (both sides): it fails
on a crash, on a difference ``accepted.TABLE`` does not list for this mypy,
and on a listed difference that no longer occurs.  Cases not run
(incremental, ``-skip``) are reported skipped, each with its reason.
Without the registry (and no cached copy) the corpus test fails, saying so.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from . import accepted, compare, runner, sdist, testdata

MYPY = sdist.mypy_version()

# typecheck_cases/conftest.py's ``modernise``: mypy 1.x's ``Union[A, B]`` as ``A | B``.
_spec = importlib.util.spec_from_file_location(
    "_typecheck_rendering", Path(__file__).parents[2] / "typecheck_cases" / "conftest.py"
)
assert _spec is not None
assert _spec.loader is not None
_rendering = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_rendering)
normalise = _rendering.modernise

try:
    CASES = testdata.enum_cases(sdist.corpus_files(MYPY))
    UNAVAILABLE: str | None = None
except sdist.CorpusUnavailable as exc:
    CASES = []
    UNAVAILABLE = str(exc)

RUN = [case for case in CASES if case.not_run is None]
BATCHES = runner.batches(RUN)


def _batch_id(batch: tuple[testdata.Case, ...]) -> str:
    if len(batch) == 1:
        return batch[0].key
    flags = " ".join(batch[0].flags) or "no flags"
    return f"{len(batch)} cases, {flags}"


def test_corpus_available() -> None:
    """The installed mypy's test files were fetched (or cached) and hold the enum cases."""
    if UNAVAILABLE is not None:
        pytest.fail(f"mypy {MYPY}'s test corpus is unavailable: {UNAVAILABLE}", pytrace=False)
    by_file = {name: sum(case.file == name for case in CASES) for name in sdist.TEST_FILES}
    assert by_file["check-enum.test"] > 100, by_file
    assert by_file["check-narrowing.test"] > 5, by_file
    assert by_file["check-python310.test"] > 5, by_file


@pytest.mark.parametrize("case", [c for c in CASES if c.not_run], ids=lambda c: c.key)
def test_case_not_run(case: testdata.Case) -> None:
    pytest.skip(f"{case.key} not run: {case.not_run}")


@pytest.mark.parametrize("batch", BATCHES, ids=_batch_id)
def test_corpus(batch: tuple[testdata.Case, ...]) -> None:
    alone = runner.check(batch, plugin=False)
    plugin = runner.check(batch, plugin=True)
    problems: list[str] = []
    for case in batch:
        where = f"{case.key} ({case.file} line {case.line})"
        for side, outcome in (("without", alone[case.key]), ("with", plugin[case.key])):
            if outcome.crash:
                problems.append(f"{where}: mypy crashes {side} the plugin:\n{outcome.crash}")
        difference = compare.difference(alone[case.key], plugin[case.key])
        if accepted.between(MYPY):
            # A minor between the recorded ends: what an end accepts, if it occurs,
            # compared in the newest rendering (``Union[A, B]`` is ``A | B``).
            allowed = [normalise(line) for line in accepted.allowed(case.key)]
            new = compare.unmatched([normalise(line) for line in difference], allowed)[0]
            gone = []
        else:
            new, gone = compare.unmatched(difference, accepted.expected(case.key, MYPY))
        if new:
            problems.append(f"{where}: differences not in accepted.TABLE:\n  " + "\n  ".join(new))
        if gone:
            problems.append(
                f"{where}: accepted differences that no longer occur (remove them from "
                "accepted.TABLE):\n  " + "\n  ".join(gone)
            )
    assert not problems, (
        "\n\n".join(problems)
        + "\n\n(python -m tests.mypy_corpus prints the table as it must read for mypy "
        + MYPY
        + ")"
    )


def test_table_entries() -> None:
    """Every entry for this mypy names a case that is run, has a reason, and lines."""
    run = {case.key for case in RUN}
    for entry in accepted.TABLE:
        assert entry.reason in accepted.REASONS, f"{entry.case}: reason {entry.reason!r}"
        assert entry.why.strip(), f"{entry.case}: say why the difference is accepted"
        assert entry.lines, entry.case
        assert all(line[:2] in ("- ", "+ ") for line in entry.lines), entry.case
        if MYPY in entry.mypy and UNAVAILABLE is None:
            assert entry.case in run, f"{entry.case} is not a run case of mypy {MYPY}'s corpus"
