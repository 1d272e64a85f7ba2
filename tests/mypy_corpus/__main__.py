"""``python -m tests.mypy_corpus [--write] [--verify-batching]``: for a developer, never CI.

Checks the corpus of the installed mypy with and without the plugin and
prints the table of accepted differences (``accepted.TABLE``) as it must
read for this mypy: entries that still hold keep their reasons and gain
this version, lines no entry covers become new ``TODO`` entries (which fail
the test until a reason is written), entries that no longer occur lose this
version.  ``--write`` puts it into accepted.py (then ``ruff format`` it).
Run it under each supported mypy (1.14.1 and the newest) after a change to
the plugin, and write the reasons.  ``--verify-batching`` checks every case
alone too and reports any case whose output differs from its grouped build.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from . import accepted, compare, runner, sdist, testdata


def differences(cases: list[testdata.Case]) -> dict[str, tuple[str, ...]]:
    """Each run case's difference (crashes raise SystemExit with their text)."""
    result: dict[str, tuple[str, ...]] = {}
    for batch in runner.batches(cases):
        alone = runner.check(batch, plugin=False)
        plugin = runner.check(batch, plugin=True)
        for case in batch:
            for side, outcome in (("alone", alone[case.key]), ("plugin", plugin[case.key])):
                if outcome.crash:
                    raise SystemExit(f"{case.key} crashes ({side}):\n{outcome.crash}")
            diff = compare.difference(alone[case.key], plugin[case.key])
            if diff:
                result[case.key] = diff
    return result


def merged(current: dict[str, tuple[str, ...]], mypy: str) -> list[accepted.Accepted]:
    table: list[accepted.Accepted] = []
    claimed: dict[str, Counter[str]] = {case: Counter() for case in current}
    for entry in accepted.TABLE:
        versions = tuple(v for v in entry.mypy if v != mypy)
        have = Counter(current.get(entry.case, ())) - claimed.get(entry.case, Counter())
        if entry.case in current and not Counter(entry.lines) - have:
            claimed[entry.case].update(entry.lines)
            versions = tuple(sorted({*versions, mypy}, key=_version))
        if versions:
            table.append(_replace(entry, versions))
    for case, lines in current.items():
        rest = Counter(lines) - claimed[case]
        left: list[str] = []
        for line in lines:  # in the difference's order
            if rest[line] > 0:
                rest[line] -= 1
                left.append(line)
        if left:
            table.append(accepted.Accepted(case, (mypy,), accepted.TODO, "", tuple(left)))
    # A stable order, whichever mypy wrote the table last: by case, then version.
    return sorted(table, key=lambda e: (e.case, [_version(v) for v in e.mypy]))


def _replace(entry: accepted.Accepted, versions: tuple[str, ...]) -> accepted.Accepted:
    return accepted.Accepted(entry.case, versions, entry.reason, entry.why, entry.lines)


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(".") if part.isdigit())


_CONSTANTS = {
    accepted.IMPROVEMENT: "IMPROVEMENT",
    accepted.OWN_CODE: "OWN_CODE",
    accepted.RULE: "RULE",
    accepted.KNOWN: "KNOWN",
    accepted.TODO: "TODO",
}


def render(table: list[accepted.Accepted]) -> str:
    out = ["TABLE: Final[tuple[Accepted, ...]] = ("]
    for entry in table:
        out.append("    Accepted(")
        out.append(f"        case={entry.case!r},")
        out.append(f"        mypy=({''.join(f'{v!r}, ' for v in entry.mypy).rstrip()}),")
        out.append(f"        reason={_CONSTANTS.get(entry.reason, repr(entry.reason))},")
        out.append(f"        why={entry.why!r},")
        out.append("        lines=(")
        out.extend(f"            {line!r}," for line in entry.lines)
        out.append("        ),")
        out.append("    ),")
    out.append(")")
    return "\n".join(out) + "\n"


def write(text: str) -> None:
    path = Path(accepted.__file__)
    source = path.read_text(encoding="utf-8")
    begin = source.index("# BEGIN TABLE")
    start = source.index("\n", begin) + 1
    end = source.index("# END TABLE")
    path.write_text(source[:start] + text + source[end:], encoding="utf-8")


def verify_batching(cases: list[testdata.Case]) -> int:
    wrong = 0
    for batch in runner.batches(cases):
        if len(batch) == 1:
            continue
        for plugin in (False, True):
            together = runner.check(batch, plugin)
            for case in batch:
                alone = runner.check([case], plugin)[case.key]
                if alone != together[case.key]:
                    wrong += 1
                    print(f"{case.key} (plugin={plugin}): grouped output differs", file=sys.stderr)
    print(f"batching verified: {wrong} case(s) differ", file=sys.stderr)
    return 1 if wrong else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.mypy_corpus", description=__doc__)
    parser.add_argument("--write", action="store_true", help="rewrite accepted.py's table")
    parser.add_argument("--verify-batching", action="store_true", help="check every case alone too")
    args = parser.parse_args(argv)
    mypy = sdist.mypy_version()
    cases = [case for case in testdata.enum_cases(sdist.corpus_files()) if case.not_run is None]
    if args.verify_batching:
        return verify_batching(cases)
    started = time.perf_counter()
    current = differences(cases)
    table = merged(current, mypy)
    text = render(table)
    print(text)
    print(
        f"mypy {mypy}: {len(cases)} cases run, {len(current)} differ "
        f"({sum(map(len, current.values()))} lines), {time.perf_counter() - started:.1f} s",
        file=sys.stderr,
    )
    if args.write:
        write(text)
        print(f"wrote {accepted.__file__}; run ruff format on it", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
