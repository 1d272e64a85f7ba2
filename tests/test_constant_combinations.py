"""Named constants, the rest of Foord's list: int constants that combine with
``|``, ``&`` and ``^`` and keep names, name tests, and export into a module."""

from __future__ import annotations

import copy
import enum
import importlib
import pickle
import re
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import typed_enum as te
from typed_enum import constant, global_constants


class O(te.Constants):  # noqa: E742 - os.O_* flags, as Foord's examples spell them
    RDONLY = 0
    WRONLY = 1
    RDWR = 2
    CREAT = 64
    EXCL = 128
    ACCMODE = 3  # a mask: a constant of several bits, named when a value is exactly it


class Perm(enum.IntFlag):
    """stdlib's twin of the flags above, to compare conventions with."""

    WRONLY = 1
    RDWR = 2
    CREAT = 64
    EXCL = 128


class HTTP(te.Constants):
    OK = 200
    NOT_FOUND = 404


class Units(te.Constants):
    METRE = "m"
    PI = 3.14159


# -- combining int constants --------------------------------------------------


def test_or_of_two_constants_is_a_named_int() -> None:
    made = O.WRONLY | O.CREAT
    assert made == 65
    assert isinstance(made, int)
    assert isinstance(made, te.IntConstant)
    assert repr(made) == "<O.WRONLY|CREAT: 65>"
    assert made.name == "WRONLY|CREAT"
    assert made.value == 65
    assert type(made.value) is int
    assert hash(made) == hash(65)


def test_names_follow_declaration_order_as_stdlib_flags_do() -> None:
    assert repr(O.EXCL | O.CREAT | O.WRONLY) == "<O.WRONLY|CREAT|EXCL: 193>"
    assert repr(Perm.EXCL | Perm.CREAT | Perm.WRONLY) == "<Perm.WRONLY|CREAT|EXCL: 193>"


def test_and_and_xor_keep_names_too() -> None:
    both = O.WRONLY | O.CREAT | O.EXCL
    assert repr(both & ~O.EXCL) == "<O.WRONLY|CREAT: 65>"
    assert repr(both ^ O.CREAT) == "<O.WRONLY|EXCL: 129>"
    assert repr(both & (O.CREAT | O.EXCL)) == "<O.CREAT|EXCL: 192>"


def test_a_result_equal_to_a_constant_is_that_constant() -> None:
    assert (O.WRONLY | O.CREAT) & O.CREAT is O.CREAT
    assert O.WRONLY | O.RDWR is O.ACCMODE  # a declared mask, by its own name
    assert O.WRONLY & O.CREAT is O.RDONLY  # 0 is named in this group
    assert O.CREAT ^ O.CREAT is O.RDONLY
    assert O.WRONLY | O.WRONLY is O.WRONLY


def test_or_with_a_plain_int_looks_the_name_up() -> None:
    assert O.WRONLY | 2 is O.ACCMODE
    assert 1 | O.RDWR is O.ACCMODE  # the reflected operators too
    assert repr(O.WRONLY | 64) == "<O.WRONLY|CREAT: 65>"
    assert repr(64 | O.WRONLY) == "<O.WRONLY|CREAT: 65>"
    assert repr(0b11000001 & O.CREAT) == "<O.CREAT: 64>"
    assert repr(O.CREAT ^ 0b11000000) == "<O.EXCL: 128>"


def test_bits_no_constant_names_are_kept_as_a_number_like_int_flag() -> None:
    made = O.WRONLY | 1024
    assert repr(made) == "<O.WRONLY|1024: 1025>"
    assert made.name == "WRONLY|1024"
    assert repr(Perm.WRONLY | 1024) == "<Perm.WRONLY|1024: 1025>"


def test_a_value_none_of_whose_bits_is_named_shows_the_value_alone() -> None:
    made = HTTP.OK & 8
    assert made == 8
    assert isinstance(made, te.IntConstant)
    assert repr(made) == "<HTTP: 8>"
    assert made.name == "8"
    assert repr(Perm(1024)) == "<Perm: 1024>"  # stdlib's repr; its name is None
    assert repr(-1 | O.WRONLY) == "<O: -1>"  # negative: no bits to name


def test_other_int_operators_give_plain_ints() -> None:
    assert type(O.WRONLY + O.CREAT) is int
    assert type(~O.CREAT) is int
    assert type(O.CREAT << 1) is int
    flags = O.WRONLY
    flags |= O.CREAT
    assert repr(flags) == "<O.WRONLY|CREAT: 65>"


def test_str_and_format_are_the_ints_as_for_int_flag() -> None:
    made = O.WRONLY | O.CREAT
    stdlib = Perm.WRONLY | Perm.CREAT
    for spec in ("", "d", "x", "#o", "08b", ">6"):
        assert format(made, spec) == format(stdlib, spec) == format(65, spec)
    assert str(made) == str(stdlib) == "65"
    assert f"{made}" == "65"


def test_constants_of_two_groups_do_not_combine() -> None:
    message = (
        "unsupported operand for |: O.WRONLY and HTTP.OK are constants of different groups "
        "(O and HTTP); combine constants of one group, or their .value if plain ints are meant"
    )
    with pytest.raises(TypeError, match=f"^{re.escape(message)}$"):
        O.WRONLY | HTTP.OK
    with pytest.raises(TypeError, match=r"^unsupported operand for &: HTTP\.OK and O\.CREAT "):
        HTTP.OK & O.CREAT
    alone = constant("ALONE", 4)
    with pytest.raises(TypeError, match=r"\(O and no group\); "):
        O.WRONLY ^ alone
    assert O.WRONLY.value | HTTP.OK.value == 201  # the fix the message names


def test_non_int_operands_are_refused_as_int_refuses_them() -> None:
    with pytest.raises(TypeError, match=r"unsupported operand type\(s\) for \|: 'IntConstant'"):
        O.WRONLY | 1.5  # type: ignore[operator]
    with pytest.raises(TypeError, match=r"unsupported operand type\(s\) for &: 'str' and"):
        "x" & O.WRONLY  # type: ignore[operator]


def test_other_value_types_keep_their_own_operators() -> None:
    assert Units.METRE + "m" == "mm"
    assert type(Units.METRE + "m") is str
    assert pytest.approx(6.28318) == Units.PI * 2
    with pytest.raises(TypeError, match=r"unsupported operand type\(s\) for \|"):
        Units.METRE | Units.METRE  # type: ignore[operator]


def test_a_subgroup_combines_with_its_bases_constants() -> None:
    class More(O):
        DIRECTORY = 65536

    more = More.__qualname__
    made = O.CREAT | More.DIRECTORY
    assert repr(made) == f"<{more}.CREAT|DIRECTORY: 65600>"
    assert repr(More.DIRECTORY | O.WRONLY) == f"<{more}.WRONLY|DIRECTORY: 65537>"
    assert More.WRONLY | More.RDWR is O.ACCMODE


def test_constants_without_a_group_combine_by_their_own_names() -> None:
    a, b, c = constant("A", 1), constant("B", 2), constant("C", 4)
    assert repr(a | b) == "<A|B: 3>"
    assert repr((a | b) | c) == "<A|B|C: 7>"
    assert (a | b) & a is a
    assert repr(a | 8) == "<A|8: 9>"
    assert repr(a & b) == "<IntConstant: 0>"


def test_constants_added_at_run_time_name_combinations() -> None:
    class Mode(te.Constants):
        READ = 4

    mode = Mode.__qualname__
    assert repr(Mode.READ | 2) == f"<{mode}.READ|2: 6>"
    write = Mode.add("WRITE", 2)
    assert repr(Mode.READ | 2) == f"<{mode}.READ|WRITE: 6>"
    assert Mode.READ ^ 6 is write


# -- pickling and copying combinations -----------------------------------------


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_combinations_pickle_and_group_constants_come_back_as_themselves(protocol: int) -> None:
    made = O.WRONLY | O.CREAT | 1024
    restored = pickle.loads(pickle.dumps(made, protocol))
    assert restored == made
    assert type(restored) is te.IntConstant
    assert repr(restored) == "<O.WRONLY|CREAT|1024: 1089>"
    # The group is found again, so the restored value still combines by name.
    assert repr(restored & ~1024) == "<O.WRONLY|CREAT: 65>"
    assert pickle.loads(pickle.dumps(O.CREAT, protocol)) is O.CREAT
    loose = pickle.loads(pickle.dumps(constant("A", 1) | constant("B", 2), protocol))
    assert repr(loose) == "<A|B: 3>"


def test_pickles_of_the_earlier_format_still_load() -> None:
    from typed_enum._constants import _rebuild

    assert repr(_rebuild("OK", 200, "HTTP")) == "<HTTP.OK: 200>"


def test_copies_of_constants_and_combinations_are_themselves() -> None:
    made = O.WRONLY | O.CREAT
    for value in (made, O.CREAT, constant("A", 1), Units.METRE):
        assert copy.copy(value) is value
        assert copy.deepcopy(value) is value
    assert copy.deepcopy({"flags": made})["flags"] is made


# -- names ----------------------------------------------------------------------


def test_has_name_tests_names_and_in_tests_values() -> None:
    class Words(te.Constants):
        YES = "NO"
        NO = "YES"

    assert HTTP.has_name("OK")
    assert not HTTP.has_name("ok")
    assert not HTTP.has_name("WRONLY|CREAT")
    assert not HTTP.has_name("from_name")  # a method, not a constant
    assert Words.has_name("YES")
    assert "NO" in Words  # the value of YES
    assert not Words.has_name("MAYBE")
    assert "MAYBE" not in Words


def test_has_name_refuses_what_is_not_a_name() -> None:
    message = (
        "HTTP.has_name() takes a constant's name (a str), not 200; test a value with 200 in HTTP"
    )
    with pytest.raises(TypeError, match=f"^{re.escape(message)}$"):
        HTTP.has_name(200)  # type: ignore[arg-type]


def test_names_lists_the_names_in_declaration_order() -> None:
    class Codes(te.Constants):
        B = 2
        A = 1

    assert Codes.names() == ("B", "A")
    Codes.add("C", 3)
    assert Codes.names() == ("B", "A", "C")
    assert Codes.has_name("C")
    assert Codes.names() == tuple(c.name for c in Codes)


# -- export into a module --------------------------------------------------------

FLAGS_MODULE = """
    from typed_enum import Constants, global_constants

    @global_constants
    class O(Constants):
        RDONLY = 0
        WRONLY = 1
        CREAT = 64
"""


@pytest.fixture
def module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """An importable module ``te_osflags`` with a ``@global_constants`` group."""
    (tmp_path / "te_osflags.py").write_text(textwrap.dedent(FLAGS_MODULE))
    monkeypatch.syspath_prepend(str(tmp_path))
    imported = importlib.import_module("te_osflags")
    yield imported
    sys.modules.pop("te_osflags", None)


def test_global_constants_exports_into_the_module(module: Any) -> None:
    assert module.WRONLY is module.O.WRONLY
    assert module.CREAT is module.O.CREAT
    assert module.RDONLY == 0
    assert module.O.has_name("WRONLY")


def test_global_reprs_follow_the_module_as_global_enum_does(module: Any) -> None:
    import re as stdlib_re

    assert repr(module.WRONLY) == "te_osflags.WRONLY"
    assert repr(module.WRONLY | module.CREAT) == "te_osflags.WRONLY|te_osflags.CREAT"
    assert repr(module.WRONLY | 1024) == "te_osflags.WRONLY|1024"
    assert repr(module.CREAT & 8) == "te_osflags.RDONLY"
    assert repr(module.CREAT & 8 | 4) == "te_osflags.O(4)"
    # stdlib's: re.IGNORECASE, re.IGNORECASE|re.MULTILINE, re.RegexFlag(1024)
    assert repr(stdlib_re.I | stdlib_re.M) == "re.IGNORECASE|re.MULTILINE"
    assert repr(stdlib_re.RegexFlag(1024)) == "re.RegexFlag(1024)"
    assert str(module.WRONLY | module.CREAT) == "65"


def test_global_constants_added_later_are_exported(module: Any) -> None:
    made = module.O.add("EXCL", 128)
    assert module.EXCL is made
    assert repr(made | module.CREAT) == "te_osflags.CREAT|te_osflags.EXCL"


def test_global_combinations_pickle(module: Any) -> None:
    made = module.WRONLY | module.CREAT
    assert pickle.loads(pickle.dumps(module.WRONLY)) is module.WRONLY
    restored = pickle.loads(pickle.dumps(made))
    assert repr(restored) == "te_osflags.WRONLY|te_osflags.CREAT"


def test_reloading_the_module_exports_again(module: Any) -> None:
    reloaded = importlib.reload(module)
    assert reloaded.WRONLY is reloaded.O.WRONLY


def test_global_constants_refuses_to_replace_another_global(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "te_clash.py").write_text(
        textwrap.dedent(
            """
            from typed_enum import Constants, global_constants

            WRONLY = "a global of the module"

            @global_constants
            class O(Constants):
                WRONLY = 1
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    message = (
        "global_constants(O): module 'te_clash' already has a global 'WRONLY' ('a global of "
        "the module'); rename the constant or the global, or leave the group unexported and "
        "use O.WRONLY"
    )
    try:
        with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
            importlib.import_module("te_clash")
    finally:
        sys.modules.pop("te_clash", None)


def test_add_to_a_global_group_refuses_a_taken_global(module: Any) -> None:
    module.LATER = "taken"
    with pytest.raises(ValueError, match=r"already has a global 'LATER' \('taken'\)"):
        module.O.add("LATER", 2)
    assert not module.O.has_name("LATER")


def test_global_constants_needs_an_imported_module() -> None:
    message = (
        "global_constants(O): its module 'not_imported' is not in sys.modules, so there is no "
        "module namespace to export into; define the group in a module that is imported"
    )
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        exec(
            "@global_constants\nclass O(te.Constants):\n    A = 1\n",
            {"__name__": "not_imported", "global_constants": global_constants, "te": te},
        )


@pytest.mark.parametrize("target", [int, te.Constants, Perm])
def test_global_constants_takes_only_a_group(target: Any) -> None:
    message = f"global_constants() takes a Constants group, not {target!r}; for an enum use enum.global_enum"
    with pytest.raises(TypeError, match=f"^{re.escape(message)}$"):
        global_constants(target)
