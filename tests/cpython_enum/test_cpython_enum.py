"""CPython's own ``test.test_enum``, run against typed_enum (see ``loader.py``).

One pytest test per test_enum test.  A test passes here when it passes
there, except the deliberate differences in ``DEVIATIONS``, which must fail
(an entry that starts passing fails too, so the table stays honest).  A test
test_enum itself skips is reported skipped, with its reason.
"""

from __future__ import annotations

import sys
import unittest

import pytest

from cpython_enum import loader

#: The only test_enum tests allowed to fail, each with its reason; every
#: reason is one of README.md's "Deliberate differences from stdlib".
#: Keyed by ``Class.test_method``; a test absent from this Python's
#: test_enum is simply not collected.
DEVIATIONS: dict[str, str] = {
    "TestStdLib.test_pydoc": (
        "help() names the base class by its module: typed_enum._base.Enum, not enum.Enum"
    ),
    "TestStdLib.test_inspect_getmembers": (
        "typed_enum.Enum inherits name/value from enum.Enum: its own __dict__ has no 'name'"
    ),
    "TestStdLib.test_inspect_classify_class_attrs": (
        "typed_enum.Enum inherits name/value from enum.Enum: its own __dict__ has no 'name'"
    ),
    "MiscTestCase.test__all__": (
        "the substituted classes are defined in typed_enum, not in the module test_enum checks"
    ),
}

_MODULE = loader.load()
_TESTS = {test.id().removeprefix(f"{loader.MODULE_NAME}."): test for test in loader.tests(_MODULE)}


class _Result(unittest.TestResult):
    """Collects a test's outcome, subtests included."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []

    def addError(self, test: unittest.TestCase, err: object) -> None:
        super().addError(test, err)  # type: ignore[arg-type]
        self.problems.append(self.errors[-1][1])

    def addFailure(self, test: unittest.TestCase, err: object) -> None:
        super().addFailure(test, err)  # type: ignore[arg-type]
        self.problems.append(self.failures[-1][1])

    def addSubTest(self, test: unittest.TestCase, subtest: unittest.TestCase, err: object) -> None:
        super().addSubTest(test, subtest, err)  # type: ignore[arg-type]
        if err is not None:
            self.problems.append(f"{subtest.id()}:\n{self._exc_info_to_string(err, test)}")  # type: ignore[arg-type]


def test_test_enum_is_the_installed_one() -> None:
    """The harness read this interpreter's own test_enum and declared its aliases."""
    assert loader.source_path().startswith(sys.base_prefix)
    assert len(_TESTS) > 500
    assert _MODULE._typed_enum_rewrites_, "no duplicate value was declared with alias()"
    assert _MODULE.Enum is loader._SUBSTITUTES["Enum"]


@pytest.mark.parametrize("name", sorted(_TESTS))
def test_cpython_enum(name: str) -> None:
    result = _Result()
    _TESTS[name].run(result)
    if result.skipped and not result.problems:
        pytest.skip(f"test_enum skips it: {result.skipped[0][1]}")
    if name in DEVIATIONS:
        assert result.problems, f"expected deviation now passes, drop it from DEVIATIONS: {name}"
        return
    assert not result.problems, "\n".join(result.problems)


def test_rewritten_module_has_a_loader_for_linecache() -> None:
    """Source lines of the rewritten module come from the installed file, without a warning.

    linecache looks a module's source up through ``__spec__.loader`` of its
    globals, and 3.15 warns (``Module globals is missing a __spec__.loader``)
    when the rewritten module has none (issue 26).
    """
    import linecache
    import warnings

    module = loader.load()
    assert module.__spec__ is not None
    assert module.__spec__.loader is not None
    linecache.clearcache()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert linecache.lazycache(module.__file__ + ".absent", module.__dict__) is not None
