"""An enum's annotations are what stdlib gives, on every interpreter (issue 38).

Each class is built from source text twice, on typed_enum and on stdlib
``enum``, with and without ``from __future__ import annotations`` (3.14+
keeps a class's annotations in ``__annotate_func__`` without it, in an
``__annotations__`` dict with it), and read by every accessor code uses:
the attribute, ``inspect.get_annotations``, ``typing.get_type_hints`` and,
on 3.14+, ``annotationlib.get_annotations`` in each format.  A metaclass's
own annotations once leaked into ``Color.__annotations__`` (``{}`` on 3.14+).
"""

from __future__ import annotations

import enum
import inspect
import sys
import typing
from collections.abc import Callable

import pytest

import typed_enum as te

BASES = ["Enum", "IntEnum", "StrEnum", "Flag", "IntFlag"]

#: Class bodies: (name, source with ``BASE`` for the base class).
BODIES = {
    "annotated": "class V(BASE):\n    _value_: int\n    x: int\n    a = VALUE\n",
    "plain": "class V(BASE):\n    a = VALUE\n",
    "forward": "class V(BASE):\n    x: Undefined\n    a = VALUE\n",
    "subclass of an annotated base": (
        "class Root(BASE):\n    x: int\n    def describe(self) -> str:\n        return 'x'\n"
        "class V(Root):\n    a = VALUE\n"
    ),
}


def _outcome(call: Callable[[], object]) -> tuple[str, str]:
    try:
        return "returned", repr(call())
    except Exception as exc:
        return type(exc).__name__, str(exc)


def _build(module: object, base: str, body: str, future: bool) -> type:
    value = "'a'" if base == "StrEnum" else "1"
    source = body.replace("BASE", f"M.{base}").replace("VALUE", value)
    if future:
        source = "from __future__ import annotations\n" + source
    namespace: dict[str, object] = {"M": module, "__name__": "built"}
    exec(compile(source, "<enum body>", "exec", dont_inherit=True), namespace)
    cls = namespace["V"]
    assert isinstance(cls, type)
    return cls


def _readers() -> dict[str, Callable[[type], object]]:
    readers: dict[str, Callable[[type], object]] = {
        "__annotations__": lambda cls: cls.__annotations__,
        "inspect.get_annotations": inspect.get_annotations,
        "inspect.get_annotations(eval_str=True)": lambda cls: inspect.get_annotations(
            cls, eval_str=True
        ),
        "typing.get_type_hints": typing.get_type_hints,
    }
    if sys.version_info >= (3, 14):
        import annotationlib  # type: ignore[import-not-found, unused-ignore]

        def reader(format: object) -> Callable[[type], object]:
            return lambda cls: annotationlib.get_annotations(cls, format=format)

        for name in ("VALUE", "FORWARDREF", "STRING"):
            readers[f"annotationlib.get_annotations({name})"] = reader(
                getattr(annotationlib.Format, name)
            )
    return readers


READERS = _readers()


@pytest.mark.parametrize("future", [False, True], ids=["plain annotations", "__future__"])
@pytest.mark.parametrize("body", list(BODIES))
@pytest.mark.parametrize("base", BASES)
@pytest.mark.parametrize("reader", list(READERS))
def test_annotations_as_stdlib(reader: str, base: str, body: str, future: bool) -> None:
    read = READERS[reader]
    # (Built inside: without __future__, 3.11-3.13 evaluate ``x: Undefined`` at once.)
    ours = _outcome(lambda: read(_build(te, base, BODIES[body], future)))
    assert ours == _outcome(lambda: read(_build(enum, base, BODIES[body], future)))


def test_annotations_are_read_from_the_class() -> None:
    """The comparison above would pass if both sides lost them: they do not."""
    cls = _build(te, "Enum", BODIES["annotated"], future=False)
    assert cls.__annotations__ == {"_value_": int, "x": int}
    assert typing.get_type_hints(cls) == {"_value_": int, "x": int}


@pytest.mark.parametrize("future", [False, True], ids=["plain annotations", "__future__"])
def test_constant_groups_keep_their_own_annotations(future: bool) -> None:
    """A group of named constants reads like a plain class with the same body."""
    body = "class G(BASE):\n    limit: int\n    LIMIT = 3\n"
    source = ("from __future__ import annotations\n" if future else "") + body
    groups = []
    for base in (te.Constants, object):
        namespace: dict[str, object] = {"BASE": base, "__name__": "built"}
        exec(compile(source, "<group body>", "exec", dont_inherit=True), namespace)
        groups.append(namespace["G"])
    for read in READERS.values():
        assert _outcome(lambda g=groups[0]: read(g)) == _outcome(lambda g=groups[1]: read(g))  # noqa: B023
