"""Property tests: whatever members an enum is given, the rules hold."""

from __future__ import annotations

import contextlib
import enum
import itertools
import keyword
import pickle
import re
from collections.abc import Callable, Iterator

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import typed_enum as te

# Hypothesis runs each property many times; keep the whole file to a few seconds.
_settings = settings(max_examples=60, deadline=None, database=None)

_RESERVED = {"name", "value", "mro"} | set(dir(te.Enum)) | set(dir(te.Flag))

names = st.from_regex(r"[a-zA-Z][a-zA-Z0-9_]{0,7}", fullmatch=True).filter(
    lambda n: not keyword.iskeyword(n) and n not in _RESERVED
)
values = st.one_of(
    st.integers(-(10**6), 10**6),
    st.text(max_size=4),
    st.floats(allow_nan=False, allow_infinity=False),
    st.tuples(st.integers(0, 9), st.integers(0, 9)),
    st.binary(max_size=3),
)


@st.composite
def members(draw: st.DrawFn, min_size: int = 1, max_size: int = 8) -> list[tuple[str, object]]:
    """Distinct names with values no two of which are equal (1, 1.0 and True are equal)."""
    chosen_names = draw(st.lists(names, min_size=min_size, max_size=max_size, unique=True))
    chosen_values = draw(
        st.lists(values, min_size=len(chosen_names), max_size=len(chosen_names), unique=True)
    )
    return list(zip(chosen_names, chosen_values, strict=True))


_counter = itertools.count()


@contextlib.contextmanager
def module_globals() -> Iterator[Callable[[type[enum.Enum]], None]]:
    """Put generated enums in this module's namespace, where pickle looks, then remove them."""
    registered: list[str] = []

    def register(cls: type[enum.Enum]) -> None:
        globals()[cls.__qualname__] = cls
        registered.append(cls.__qualname__)

    try:
        yield register
    finally:
        for key in registered:
            globals().pop(key, None)


def _functional(kind: type[enum.Enum], pairs: list[tuple[str, object]]) -> type[enum.Enum]:
    name = f"Generated{next(_counter)}"
    return kind(name, pairs, module=__name__, qualname=name)  # type: ignore[call-overload, no-any-return]


def _class_statement(kind: type[enum.Enum], pairs: list[tuple[str, object]]) -> type[enum.Enum]:
    """What a class statement does, step by step: prepare, fill the namespace, create."""
    name = f"Generated{next(_counter)}"
    metaclass = type(kind)
    namespace = metaclass.__prepare__(name, (kind,))
    namespace["__module__"] = __name__
    namespace["__qualname__"] = name
    for member_name, value in pairs:
        namespace[member_name] = value
    return metaclass(name, (kind,), namespace)  # type: ignore[return-value]


_BUILDERS = {"functional": _functional, "class statement": _class_statement}


def _check_inverts(cls: type[enum.Enum], pairs: list[tuple[str, object]]) -> None:
    assert [(m.name, m.value) for m in cls] == pairs
    assert list(cls.__members__) == [name for name, _ in pairs]
    assert len(cls) == len(pairs)
    for name, value in pairs:
        found = cls[name]
        assert cls(value) is found
        assert cls(found) is found
        assert cls.from_value(value) is found  # type: ignore[attr-defined]
        assert cls.from_name(name) is found  # type: ignore[attr-defined]
        assert cls.try_from_value(value) is found  # type: ignore[attr-defined]
        assert getattr(cls, name) is found
        assert found.name == name
        assert found.value == value


# -- any unique members make an enum ------------------------------------------


@pytest.mark.parametrize("build", sorted(_BUILDERS))
@_settings
@given(pairs=members())
def test_any_unique_members_build_an_enum_whose_lookups_invert(
    build: str, pairs: list[tuple[str, object]]
) -> None:
    cls = _BUILDERS[build](te.Enum, pairs)
    assert isinstance(cls, te.TypedEnumType)
    _check_inverts(cls, pairs)


@pytest.mark.parametrize("build", sorted(_BUILDERS))
@_settings
@given(
    pairs=st.lists(names, min_size=1, max_size=8, unique=True).flatmap(
        lambda ns: st.lists(
            st.integers(-(10**9), 10**9), min_size=len(ns), max_size=len(ns), unique=True
        ).map(lambda vs: list(zip(ns, vs, strict=True)))
    )
)
def test_any_unique_ints_build_an_int_enum_whose_lookups_invert(
    build: str, pairs: list[tuple[str, object]]
) -> None:
    cls = _BUILDERS[build](te.IntEnum, pairs)
    _check_inverts(cls, pairs)
    assert all(isinstance(m, int) for m in cls)


@pytest.mark.parametrize("build", sorted(_BUILDERS))
@_settings
@given(
    pairs=st.lists(names, min_size=1, max_size=8, unique=True).flatmap(
        lambda ns: st.lists(
            st.text(max_size=5), min_size=len(ns), max_size=len(ns), unique=True
        ).map(lambda vs: list(zip(ns, vs, strict=True)))
    )
)
def test_any_unique_strs_build_a_str_enum_whose_lookups_invert(
    build: str, pairs: list[tuple[str, object]]
) -> None:
    cls = _BUILDERS[build](te.StrEnum, pairs)
    _check_inverts(cls, pairs)


@pytest.mark.parametrize("build", sorted(_BUILDERS))
@_settings
@given(pairs=members())
def test_generated_enums_pickle_round_trip(build: str, pairs: list[tuple[str, object]]) -> None:
    cls = _BUILDERS[build](te.Enum, pairs)
    assert cls.__module__ == __name__
    with module_globals() as register:
        register(cls)
        assert pickle.loads(pickle.dumps(cls)) is cls
        for found in cls:
            for protocol in (0, 2, pickle.HIGHEST_PROTOCOL):
                assert pickle.loads(pickle.dumps(found, protocol)) is found


# -- any duplicate is an error ------------------------------------------------


@pytest.mark.parametrize("build", sorted(_BUILDERS))
@_settings
@given(pairs=members(min_size=2), data=st.data())
def test_any_duplicate_value_raises_naming_both_members(
    build: str, pairs: list[tuple[str, object]], data: st.DataObject
) -> None:
    first = data.draw(st.integers(0, len(pairs) - 2), "first")
    second = data.draw(st.integers(first + 1, len(pairs) - 1), "second")
    canonical, value = pairs[first]
    duplicate = pairs[second][0]
    pairs = [*pairs[:second], (duplicate, value), *pairs[second + 1 :]]
    message = (
        re.escape(f"duplicate value {value!r} in enum Generated")
        + r"\d+"
        + re.escape(
            f": {duplicate!r} and {canonical!r}; declare {duplicate} = alias({canonical}) if "
            f"it is meant as the same member, give {duplicate} a value of its own, or use "
            f"typed_enum.Constants for separate constants that happen to be equal"
        )
    )
    with pytest.raises(ValueError, match=f"^{message}$"):
        _BUILDERS[build](te.Enum, pairs)


@_settings
@given(pairs=members(min_size=2), data=st.data())
def test_a_declared_alias_of_any_member_is_accepted(
    pairs: list[tuple[str, object]], data: st.DataObject
) -> None:
    target = data.draw(st.sampled_from([name for name, _ in pairs]), "target")
    alias_name = data.draw(names.filter(lambda n: n not in dict(pairs)), "alias")
    cls = _class_statement(te.Enum, [*pairs, (alias_name, te.alias(target))])
    assert [(m.name, m.value) for m in cls] == pairs
    assert list(cls.__members__) == [*(name for name, _ in pairs), alias_name]
    assert cls[alias_name] is cls[target]
    assert getattr(cls, alias_name) is cls[target]
    assert cls(dict(pairs)[target]) is cls[target]


# -- Flag combinations ------------------------------------------------------


@st.composite
def flag_members(draw: st.DrawFn) -> list[tuple[str, int]]:
    bits = draw(st.lists(st.integers(0, 20), min_size=1, max_size=7, unique=True))
    chosen_names = draw(st.lists(names, min_size=len(bits), max_size=len(bits), unique=True))
    return [(name, 1 << bit) for name, bit in zip(chosen_names, bits, strict=True)]


@pytest.mark.parametrize("kind", [te.Flag, te.IntFlag], ids=lambda k: k.__name__)
@_settings
@given(pairs=flag_members(), data=st.data())
def test_flag_combinations_round_trip_through_int(
    kind: type[enum.Flag], pairs: list[tuple[str, int]], data: st.DataObject
) -> None:
    cls = _functional(kind, pairs)
    chosen = data.draw(st.lists(st.sampled_from([n for n, _ in pairs]), unique=True), "chosen")
    combo = cls(0)
    for name in chosen:
        combo |= cls[name]
    as_int = sum(dict(pairs)[name] for name in chosen)
    assert combo.value == as_int
    assert cls(as_int) is combo or cls(as_int) == combo
    assert cls(as_int).value == as_int
    assert {m.name for m in combo} == set(chosen)
    with module_globals() as register:
        register(cls)
        assert pickle.loads(pickle.dumps(combo)) == combo
    if kind is te.IntFlag:
        assert int(combo) == as_int
        assert combo == as_int


# -- open enums extended in any order -------------------------------------------


@_settings
@given(pairs=members(min_size=2, max_size=10), data=st.data())
def test_open_enum_extended_in_any_order_stays_consistent(
    pairs: list[tuple[str, object]], data: st.DataObject
) -> None:
    declared = data.draw(st.integers(0, len(pairs) - 1), "declared")
    order = data.draw(st.permutations(pairs[declared:]), "order")
    name = f"Generated{next(_counter)}"
    namespace = te.TypedEnumType.__prepare__(name, (te.Enum,), open=True)
    namespace["__module__"] = __name__
    namespace["__qualname__"] = name
    for member_name, value in pairs[:declared]:
        namespace[member_name] = value
    cls = te.TypedEnumType(name, (te.Enum,), namespace, open=True)
    expected = list(pairs[:declared])
    for member_name, value in order:
        if expected:
            taken_name, taken_value = data.draw(st.sampled_from(expected), "taken")
            with pytest.raises(ValueError, match="duplicate value"):
                cls.extend(member_name, taken_value)  # type: ignore[attr-defined]
            with pytest.raises(ValueError, match="already a member"):
                cls.extend(taken_name, value)  # type: ignore[attr-defined]
        added = cls.extend(member_name, value)  # type: ignore[attr-defined]
        expected.append((member_name, value))
        assert added is cls[member_name]
        _check_inverts(cls, expected)
    with module_globals() as register:
        register(cls)
        for found in cls:
            assert pickle.loads(pickle.dumps(found)) is found
    all_at_once = _functional(te.Enum, expected)
    assert [(m.name, m.value) for m in all_at_once] == [(m.name, m.value) for m in cls]


@pytest.mark.parametrize(
    ("kind", "std"), [(te.Flag, enum.Flag), (te.IntFlag, enum.IntFlag)], ids=["Flag", "IntFlag"]
)
@_settings
@given(pairs=flag_members(), data=st.data())
def test_open_flag_extended_in_any_order_matches_a_declared_flag(
    kind: type[enum.Flag], std: type[enum.Flag], pairs: list[tuple[str, int]], data: st.DataObject
) -> None:
    assume(len(pairs) >= 2)
    universe = sum(v for _, v in pairs)
    probes = st.integers(0, universe) | st.sampled_from([v for _, v in pairs])
    name = f"Generated{next(_counter)}"
    namespace = te.TypedEnumType.__prepare__(name, (kind,), open=True)
    namespace["__module__"] = __name__
    namespace[pairs[0][0]] = pairs[0][1]
    cls = te.TypedEnumType(name, (kind,), namespace, open=True)
    for added, (member_name, value) in enumerate(pairs[1:], start=2):
        # Lookups and ~ before each extend fill stdlib's caches.
        for probe in data.draw(st.lists(probes, max_size=4), "probes"):
            result = cls.try_from_value(probe)  # type: ignore[attr-defined]
            if result is not None:
                ~result  # noqa: B018
        cls.extend(member_name, value)  # type: ignore[attr-defined]
        reference = std("Reference", pairs[:added])
        assert [m.name for m in cls] == [m.name for m in reference]
        for probe in [0, *(v for _, v in pairs[:added]), *data.draw(st.lists(probes, max_size=4))]:
            mine = cls.try_from_value(probe)  # type: ignore[attr-defined]
            try:
                theirs = reference(probe)
            except ValueError:
                assert mine is None
                continue
            assert mine is not None
            assert mine._name_ == theirs._name_
            assert mine._value_ == theirs._value_
            assert (~mine)._name_ == (~theirs)._name_
            assert (~mine)._value_ == (~theirs)._value_
