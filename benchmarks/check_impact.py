"""Member-added impact on real history: sites found, missed, listed wrongly, and the cost.

python-telegram-bot adds members to ``telegram.constants`` in most releases, and
names them, in the same release, in the code that dispatches on them.  The pull
request that adds the members before the code catches up is rebuilt from the
releases: the old release's ``telegram/`` with the new release's
``constants.py``.  The impact found there (``typed_enum.check.impact``, read from
the source) is compared with ``HAND``: the catch-alls each release then changed
to name a new member, read by hand in the diff between the releases (every line
the diff adds that names a new member, outside constants.py: the others are new
classes, their constants and filters, no catch-all).

    python benchmarks/check_impact.py            # 21.0 ... 22.8, consecutive pairs
    python benchmarks/check_impact.py --types    # with mypy's types: each pair run twice
                                                 # (mypy's cache cold, then warm)
    python benchmarks/check_impact.py --types 22.6 22.7 22.8   # those releases only

Needs the network (pip download) and git.  CI holds 22.6 -> 22.8
(tests/check/test_check_impact_history.py).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from itertools import pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "check"))

from history import releases

from typed_enum.check.impact import find_impact
from typed_enum.check.revision import read as read_source

VERSIONS = tuple(f"21.{n}" for n in range(12)) + tuple(f"22.{n}" for n in range(9))

#: (old, new) -> the catch-alls the new release changed to name a new member, in the
#: old release's code: (file, first line, last line, member, what).  A site listed
#: between the lines counts as found.
HAND = {
    ("21.2", "21.3"): [
        ("telegram/_message.py", 4328, 4356, "EXPANDABLE_BLOCKQUOTE", "_parse_html chain's else"),
        ("telegram/_message.py", 4485, 4485, "EXPANDABLE_BLOCKQUOTE", "Markdown v1 refusal loop"),
        ("telegram/_message.py", 4533, 4582, "EXPANDABLE_BLOCKQUOTE", "_parse_markdown chain"),
    ],
    ("21.4", "21.5"): [("telegram/_reaction.py", 77, 77, "PAID", "de_json's dispatch")],
    ("21.6", "21.7"): [("telegram/_payment/stars.py", 264, 265, "TELEGRAM_API", "de_json")],
    ("21.8", "21.9"): [("telegram/_payment/stars.py", 269, 270, "AFFILIATE_PROGRAM", "de_json")],
    ("21.10", "21.11"): [
        ("telegram/_payment/stars/transactionpartner.py", 118, 119, "CHAT", "de_json")
    ],
    ("22.6", "22.7"): [
        ("telegram/_message.py", 5251, 5281, "DATE_TIME", "_parse_html chain's else"),
        ("telegram/_message.py", 5412, 5412, "DATE_TIME", "Markdown v1 refusal loop"),
        ("telegram/_message.py", 5461, 5512, "DATE_TIME", "_parse_markdown chain"),
    ],
    ("22.7", "22.8"): [("telegram/_paidmedia.py", 105, 106, "LIVE_PHOTO", "de_json")],
}


def _tree(root: Path, version: str, into: Path) -> Path:
    into.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "archive", f"v{version}", "telegram"], cwd=root, capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def main() -> int:
    types = "--types" in sys.argv[1:]
    versions = tuple(a for a in sys.argv[1:] if not a.startswith("--")) or VERSIONS
    work = Path(tempfile.mkdtemp(prefix="check-impact-"))
    os.environ["TYPED_ENUM_CACHE_DIR"] = str(work / "cache")  # mypy's cache starts cold
    root = releases("python-telegram-bot", "telegram", versions, work / "repo", work / "wheels")
    trees = {v: _tree(root, v, work / "trees" / v) for v in versions}
    totals = {"added": 0, "listed": 0, "hand": 0, "found": 0, "wrong": 0}
    print(
        "| release | members added | sites listed | changed by the release | found | missed "
        "| listed wrongly | impact s | modules |"
        + (" mypy s cold / warm | by types alone |" if types else "")
    )
    print("|---|---|---|---|---|---|---|---|---|" + ("---|---|" if types else ""))
    for old, new in pairwise(versions):
        mixed = work / "mixed" / new
        shutil.copytree(trees[old], mixed)
        shutil.copy(trees[new] / "telegram" / "constants.py", mixed / "telegram" / "constants.py")
        before = read_source(trees[old], ["telegram"], old)
        after = read_source(mixed, ["telegram"], f"{new}'s constants")
        start = time.perf_counter()
        impact = find_impact(before, after, mixed, ["telegram"], types=types, repo=work)
        spent = time.perf_counter() - start
        cold = impact.types_seconds
        if (
            types and impact.types != "none"
        ):  # again, with mypy's cache warm (none: no member added)
            warm = find_impact(before, after, mixed, ["telegram"], types=types, repo=work)
            assert warm.sites == impact.sites, (warm.sites, impact.sites)
            mypy = f" {cold:.1f} / {warm.types_seconds:.1f} | {impact.types_sites} |"
            assert impact.types == "used", impact.types_notes
        else:
            mypy = " | |" if types else ""
        added = sum(len(change.added) for change in impact.changes)
        hand = HAND.get((old, new), [])
        found = [
            h
            for h in hand
            if any(
                s.path == h[0] and h[1] <= s.line <= h[2] and s.member == h[3] for s in impact.sites
            )
        ]
        wrong = [
            s
            for s in impact.sites
            if not any(s.path == h[0] and h[1] <= s.line <= h[2] and s.member == h[3] for h in hand)
        ]
        for key, n in (
            ("added", added),
            ("listed", len(impact.sites)),
            ("hand", len(hand)),
            ("found", len(found)),
            ("wrong", len(wrong)),
        ):
            totals[key] += n
        if added:
            print(
                f"| {old} → {new} | {added} | {len(impact.sites)} | {len(hand)} | "
                f"{len(found)} | {len(hand) - len(found)} | {len(wrong)} | {spent:.2f} | "
                f"{impact.modules} |{mypy}"
            )
        for site in impact.sites:
            print(f"|   | {site.path}:{site.line} {site.kind}: {site.what} | | | | | | | |")
        for h in hand:
            if h not in found:
                print(f"|   | missed: {h[0]}:{h[1]}-{h[2]} {h[4]} ({h[3]}) | | | | | | | |")
    print(
        f"| total | {totals['added']} | {totals['listed']} | {totals['hand']} | "
        f"{totals['found']} | {totals['hand'] - totals['found']} | {totals['wrong']} | | |"
    )
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
