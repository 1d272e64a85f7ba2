"""No crash on odd enum code: generated modules through mypy --strict and the plugin.

``enum_fuzz.py`` generates the modules (see its docstring).  Each run checks a fresh
batch, seeded at random unless ``TYPED_ENUM_FUZZ_SEED`` is set, then edits part of it
and checks again on the warm cache.  A crash fails with the seed and the module, so
``python tests/enum_fuzz.py --seed N --count M`` reproduces it.  Longer runs:
``python tests/enum_fuzz.py --count 2000``.
"""

from __future__ import annotations

import os
import random
import subprocess
from pathlib import Path

import enum_fuzz
import pytest

#: Modules per run, and how many of them are edited for the warm rerun: about 5 s of CPU
#: with mypy 2.4.1 or 1.14.1 (measured: 4.5 s and 5.4 s; 23 s wall on a loaded 2-core box).
COUNT = int(os.environ.get("TYPED_ENUM_FUZZ_COUNT", "120"))
WARM = 30


def test_generated_enum_modules_do_not_crash_mypy() -> None:
    seed = int(os.environ.get("TYPED_ENUM_FUZZ_SEED", random.randrange(2**32)))
    crash = enum_fuzz.check_batch(seed, 0, COUNT, warm_subset=WARM)
    assert crash is None, crash.describe()


# --- the harness itself -------------------------------------------------------------


def test_generator_is_deterministic_valid_and_covers_the_odd_cases() -> None:
    sources = [enum_fuzz.generate(7, i) for i in range(300)]
    assert sources[:5] == [enum_fuzz.generate(7, i) for i in range(5)]
    assert len(set(sources)) == len(sources)
    text = "\n".join(sources)
    for needle in (
        "alias(",  # declared aliases, chains, bad arguments
        "open=anything",
        "open=True",
        "(Flag",
        "enum.IntFlag",
        "Literal[os.sep]",
        "Literal[missing_mod.C1.value]",
        "Literal[anything.y]",
        "match e:",
        "elif e",
        "member(",
        "nonmember(",
        "@member",
        "_ignore_ = ",
        "_order_ = ",
        "names())",  # functional API with non-literal names
        "module=__name__",
        "exhaustive_map(",
        "undefined_name",
        "from_value(",
        "import missing_mod",
    ):
        assert needle in text, needle
    for i in range(0, 300, 7):
        compile(enum_fuzz.edit(sources[i], 7, i), "edited.py", "exec")


def test_a_crash_is_reported_with_its_seed_and_module(tmp_path: Path) -> None:
    plugin = tmp_path / "crashing_plugin.py"
    plugin.write_text(
        "from mypy.plugin import Plugin\n"
        "class Crashing(Plugin):\n"
        "    def get_additional_deps(self, file):\n"
        "        raise RuntimeError('planted crash')\n"
        "def plugin(version):\n"
        "    return Crashing\n"
    )
    crash = enum_fuzz.check_batch(1234, 5, 2, plugins=str(plugin))
    assert crash is not None
    assert crash.module == 5
    report = crash.describe()
    assert "fuzz seed 1234" in report
    assert "--seed 1234 --count 6 --batch 6" in report
    assert "planted crash" in report
    assert crash.source == enum_fuzz.generate(1234, 5)


@pytest.mark.parametrize(
    ("returncode", "output", "crashed"),
    [
        (0, "Success: no issues found", False),
        (1, "m.py:1: error: boom  [misc]", False),
        (2, "m.py:1: error: INTERNAL ERROR -- Please try using mypy master", True),
        (1, "Traceback (most recent call last):", True),
        (2, "mypy: can't read file", True),
    ],
)
def test_what_counts_as_a_crash(returncode: int, output: str, crashed: bool) -> None:
    done = subprocess.CompletedProcess[str]([], returncode, output, "")
    assert enum_fuzz._crashed(done) is crashed
