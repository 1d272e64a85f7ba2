"""Differential test: the same generated enum module, run with stdlib ``enum`` and with typed_enum.

Hypothesis writes a small module: one enum (Enum, IntEnum, StrEnum, Flag or
IntFlag; a class statement or the functional API) whose members have literal
values, ``auto()``, aliases, and sometimes a value that repeats another's.
The module runs twice, once on ``enum`` and once on ``typed_enum``; an alias
is written ``b = a`` for stdlib and ``b = a``, ``b = alias(a)`` or
``b = alias("a")`` for typed_enum.  Then both are observed alike: members and
values, ``__members__``, repr/str/format, value and name lookups (results and
exception types), pickling, ordering and, for flags, ``|``, ``&``, ``^``,
``~``, ``in``, iteration and ``len``; and the warnings class creation raised
(3.11/3.12 deprecate some ``auto()`` uses).

The observations must be equal except for README's "Deliberate differences
from stdlib", each allowed here by one named rule:

* ``DUPLICATE``: a repeated value that is not declared as an alias is a
  ValueError in typed_enum where stdlib makes an alias;
* ``LOOKUP_TEXT``: a failed lookup's message says more (same exception type;
  a value error starts with stdlib's words);
* ``ORDERING``: a StrEnum's members do not order (TypeError) where stdlib
  compares their strings.
"""

from __future__ import annotations

import enum
import itertools
import pickle
import sys
import types
import warnings
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import typed_enum

KINDS = ("Enum", "IntEnum", "StrEnum", "Flag", "IntFlag")
_modules = itertools.count()


@dataclass(frozen=True)
class Member:
    name: str
    #: "value" (``source`` is a literal), "auto", or "alias" (``source`` names
    #: the target; ``style`` is "bare", "alias" or "alias_str" for typed_enum).
    form: str
    source: str = ""
    style: str = ""


@dataclass(frozen=True)
class Spec:
    kind: str
    functional: bool
    members: tuple[Member, ...]

    def source(self, module: str) -> str:
        """The module's source, for ``module`` (``enum`` or ``typed_enum``)."""
        typed = module == "typed_enum"
        lines = [f"import {module} as E", "from enum import auto"]
        if typed:
            lines.append("from typed_enum import alias")
        if self.functional:
            pairs = []
            for m in self.members:
                if m.form == "alias":
                    value = f"alias({m.source!r})" if typed else f"_value_of({m.source!r})"
                elif m.form == "auto":
                    value = "auto()"
                else:
                    value = m.source
                pairs.append(f"({m.name!r}, {value})")
            # stdlib repeats the target's value: the value written for it
            # earlier in the list (an auto() object is the same object).
            lines.append("_pairs = []")
            lines.append("def _value_of(name): return dict(_pairs)[name]")
            for pair in pairs:
                lines.append(f"_pairs.append({pair})")
            lines.append(f"Gen = E.{self.kind}('Gen', _pairs)")
        else:
            lines.append(f"class Gen(E.{self.kind}):")
            for m in self.members:
                if m.form == "alias":
                    if typed and m.style == "alias":
                        value = f"alias({m.source})"
                    elif typed and m.style == "alias_str":
                        value = f"alias({m.source!r})"
                    else:
                        value = m.source
                elif m.form == "auto":
                    value = "auto()"
                else:
                    value = m.source
                lines.append(f"    {m.name} = {value}")
        return "\n".join(lines) + "\n"


def _literals(kind: str) -> st.SearchStrategy[str]:
    if kind in ("Flag", "IntFlag"):
        return st.sampled_from(["0", "1", "2", "3", "4", "8", "6", "16"])
    if kind == "IntEnum":
        return st.one_of(st.integers(-3, 12).map(str), st.sampled_from(["'7'", "True"]))
    if kind == "StrEnum":
        return st.sampled_from(["'a'", "'b'", "'c'", "'m1'", "''", "'Z'"])
    return st.one_of(
        st.integers(-2, 9).map(str), st.sampled_from(["'a'", "'b'", "1.0", "(1, 2)", "None"])
    )


@st.composite
def specs(draw: st.DrawFn) -> Spec:
    kind = draw(st.sampled_from(KINDS))
    functional = draw(st.booleans())
    members: list[Member] = []
    for i in range(draw(st.integers(1, 6))):
        forms = ["value", "auto"] + (["alias"] if members else [])
        form = draw(st.sampled_from(forms))
        name = f"m{i}"
        if form == "alias":
            target = draw(st.sampled_from([m.name for m in members]))
            style = draw(st.sampled_from(["alias", "alias_str"] + ([] if functional else ["bare"])))
            members.append(Member(name, "alias", target, style))
        elif form == "auto":
            members.append(Member(name, "auto"))
        else:
            members.append(Member(name, "value", draw(_literals(kind))))
    return Spec(kind, functional, tuple(members))


def _run(spec: Spec, module: str) -> tuple[Any, BaseException | None, str, list[str]]:
    """Run the spec's module: the enum (or None), the exception (or None), the
    module's name and the warnings it raised."""
    name = f"_differential_{'typed' if module == 'typed_enum' else 'std'}_{next(_modules)}"
    mod = types.ModuleType(name)
    sys.modules[name] = mod
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            exec(compile(spec.source(module), f"<{name}>", "exec"), mod.__dict__)
        except Exception as exc:
            return None, exc, name, []
    shown = [f"{w.category.__name__}: {w.message}" for w in caught]
    return mod.__dict__["Gen"], None, name, shown


def _outcome(call: Any) -> tuple[str, object]:
    """What ``call()`` gives, made comparable across the two runs."""
    try:
        result = call()
    except Exception as exc:
        return ("raises", type(exc).__name__)
    return ("gives", _plain(result))


def _plain(value: object) -> object:
    if isinstance(value, enum.Enum):
        return ("member", type(value).__name__, value._name_, repr(value._value_))
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return repr(value)


def _observe(cls: Any) -> dict[str, object]:
    members = list(cls)
    probes_v = [m._value_ for m in cls.__members__.values()] + [99, "zz", None, 3]
    probes_n = [*cls.__members__, "nope", "M0"]
    seen: dict[str, object] = {
        "repr(cls)": repr(cls),
        "len": len(cls),
        "members": [(m._name_, repr(m._value_)) for m in members],
        "__members__": [(k, v._name_) for k, v in cls.__members__.items()],
        "text": [(repr(m), str(m), format(m), f"{m!s:>8}") for m in members],
        "value lookups": [(repr(v), _outcome(lambda v=v: cls(v))) for v in probes_v],
        "name lookups": [(n, _outcome(lambda n=n: cls[n])) for n in probes_n],
        "pickle": [
            _outcome(lambda m=m, p=protocol: pickle.loads(pickle.dumps(m, p)) is m)
            for m in members
            for protocol in (2, pickle.HIGHEST_PROTOCOL)
        ],
        "contains": [_outcome(lambda m=m: m in cls) for m in members],
        "ordering": [
            _outcome(lambda a=a, b=b: a < b) for a, b in itertools.product(members[:3], repeat=2)
        ],
    }
    if issubclass(cls, enum.Flag):
        pairs = list(itertools.product(members[:4], repeat=2))
        seen["flag ops"] = [
            (
                _outcome(lambda a=a, b=b: repr(a | b)),
                _outcome(lambda a=a, b=b: repr(a & b)),
                _outcome(lambda a=a, b=b: repr(a ^ b)),
                _outcome(lambda a=a, b=b: a in b),
            )
            for a, b in pairs
        ]
        seen["flag unary"] = [
            (
                _outcome(lambda m=m: repr(~m)),
                _outcome(lambda m=m: [x._name_ for x in m]),
                _outcome(lambda m=m: len(m)),
                _outcome(lambda m=m: bool(m)),
            )
            for m in members
        ]
    return seen


def _undeclared_aliases(spec: Spec, cls: Any) -> list[str]:
    """Names stdlib made aliases that the spec wrote as members of their own."""
    own = {m.name for m in spec.members if m.form != "alias"}
    return [name for name, m in cls.__members__.items() if m._name_ != name and name in own]


def _compare_lookups(std: list[Any], typed: list[Any]) -> None:
    # LOOKUP_TEXT: the exception types are stdlib's; messages are compared in
    # tests/test_lookups.py and tests/test_stdlib_fidelity.py.
    assert std == typed


def _allow_ordering(kind: str, std: list[Any], typed: list[Any]) -> list[Any]:
    """ORDERING: where stdlib orders a StrEnum's members, typed_enum raises TypeError."""
    if kind != "StrEnum":
        return typed
    return [
        s if s[0] == "gives" and t == ("raises", "TypeError") else t
        for s, t in zip(std, typed, strict=True)
    ]


@settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(specs())
def test_typed_enum_behaves_as_stdlib(spec: Spec) -> None:
    std, std_error, std_name, std_warnings = _run(spec, "enum")
    typed, typed_error, typed_name, typed_warnings = _run(spec, "typed_enum")
    try:
        if typed_error is not None:
            if std_error is not None:
                assert type(typed_error) is type(std_error), (spec, std_error, typed_error)
                return
            # DUPLICATE: only a repeated value stdlib silently made an alias.
            assert isinstance(typed_error, ValueError), (spec, typed_error)
            assert "duplicate value" in str(typed_error), (spec, typed_error)
            assert _undeclared_aliases(spec, std), (spec, typed_error)
            return
        assert std_error is None, (spec, std_error)
        assert not _undeclared_aliases(spec, std), spec
        assert std_warnings == typed_warnings, spec
        seen_std, seen_typed = _observe(std), _observe(typed)
        seen_typed["ordering"] = _allow_ordering(
            spec.kind, seen_std["ordering"], seen_typed["ordering"]
        )
        _compare_lookups(seen_std.pop("value lookups"), seen_typed.pop("value lookups"))
        _compare_lookups(seen_std.pop("name lookups"), seen_typed.pop("name lookups"))
        assert seen_std == seen_typed, spec
    finally:
        sys.modules.pop(std_name, None)
        sys.modules.pop(typed_name, None)


def test_typed_enum_value_error_starts_with_stdlibs_words() -> None:
    # LOOKUP_TEXT, the value half: stdlib's message, then the valid values.
    class Std(enum.Enum):
        a = 1

    class Typed(typed_enum.Enum):
        a = 1

    def message(cls: Any) -> str:
        try:
            cls(2)
        except ValueError as exc:
            return str(exc).replace(cls.__qualname__, "X")
        raise AssertionError("no error")

    assert message(Typed).startswith(message(Std) + "; valid values are 1 (a)")
