"""Named constants: the first level of Michael Foord's proposal.

A named constant is its value (``HTTP.OK == 200``, ``isinstance(HTTP.OK,
int)``) with a name and a readable repr (``<HTTP.OK: 200>``).  Constants are
grouped in a ``Constants`` class, looked up by name or value and iterated.
Unlike an enum, a group is open: ``HTTP.add("TEAPOT", 418)``.
"""

from __future__ import annotations

import types
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NoReturn, TypeVar, overload

from typed_enum._lookup import _listing, did_you_mean

__all__ = [
    "BytesConstant",
    "Constants",
    "ConstantsType",
    "FloatConstant",
    "IntConstant",
    "NamedConstant",
    "StrConstant",
    "constant",
]

_T = TypeVar("_T")
_V_co = TypeVar("_V_co", covariant=True)

# A constant's type carries its value's type and its name's: the mypy plugin
# fills in literals (``IntConstant[Literal[200], Literal['OK']]``), so
# ``.value`` and ``.name`` are precise.  The defaults (PEP 696, which
# type checkers read from typing_extensions; 3.11's TypeVar has no default=)
# keep ``NamedConstant[int]`` and a bare ``IntConstant`` meaning what they did.
# All are covariant (constants are read-only), so a literal constant is
# accepted where ``IntConstant`` or ``NamedConstant[int]`` is expected.
if TYPE_CHECKING:
    from typing_extensions import TypeVar as _DefaultTypeVar

    _N = _DefaultTypeVar("_N", bound=str, default=str, covariant=True)
    _I = _DefaultTypeVar("_I", bound=int, default=int, covariant=True)
    _S = _DefaultTypeVar("_S", bound=str, default=str, covariant=True)
    _F = _DefaultTypeVar("_F", bound=float, default=float, covariant=True)
    _B = _DefaultTypeVar("_B", bound=bytes, default=bytes, covariant=True)
else:
    _N = TypeVar("_N", bound=str, covariant=True)
    _I = TypeVar("_I", bound=int, covariant=True)
    _S = TypeVar("_S", bound=str, covariant=True)
    _F = TypeVar("_F", bound=float, covariant=True)
    _B = TypeVar("_B", bound=bytes, covariant=True)


class NamedConstant(Generic[_V_co, _N]):
    """Mixin of every named constant: ``.name``, ``.value`` and the repr.

    A constant of value ``v`` is an instance of a subclass of ``type(v)``
    and of this class, so it is used wherever ``v`` would be.
    """

    __slots__ = ()

    _te_name: _N
    _te_group: str | None
    _te_value: _V_co

    @property
    def name(self) -> _N:
        """The constant's name."""
        return self._te_name

    @property
    def value(self) -> _V_co:
        """The plain value, an instance of the value's own type."""
        return self._te_value

    def __repr__(self) -> str:
        owner = f"{self._te_group}." if self._te_group else ""
        return f"<{owner}{self._te_name}: {self._te_value!r}>"

    def __str__(self) -> str:
        return str(self._te_value)

    def __format__(self, spec: str) -> str:
        return format(self._te_value, spec)

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self._te_name, self._te_value, self._te_group))


class IntConstant(NamedConstant[_I, _N], int):
    """A named ``int``."""


class StrConstant(NamedConstant[_S, _N], str):
    """A named ``str``."""


class FloatConstant(NamedConstant[_F, _N], float):
    """A named ``float``."""


class BytesConstant(NamedConstant[_B, _N], bytes):
    """A named ``bytes``."""


_CLASSES: dict[type, type[NamedConstant[Any]]] = {
    int: IntConstant,
    str: StrConstant,
    float: FloatConstant,
    bytes: BytesConstant,
}


def _constant_class(value_type: type) -> type[NamedConstant[Any]]:
    try:
        return _CLASSES[value_type]
    except KeyError:
        pass
    try:
        cls = types.new_class(
            f"{value_type.__name__.capitalize()}Constant", (NamedConstant, value_type)
        )
    except TypeError:
        raise TypeError(
            f"{value_type.__name__} values cannot be named constants: a constant is an "
            f"instance of a subclass of its value's type, and {value_type.__name__} cannot "
            f"be subclassed; use an Enum, or a value of another type"
        ) from None
    _CLASSES[value_type] = cls
    return cls


def _make(name: str, value: _T, group: str | None) -> NamedConstant[_T]:
    if isinstance(value, NamedConstant):
        value = value.value
    label = f"{group}.{name}" if group else name
    try:
        cls = _constant_class(type(value))
    except TypeError as exc:
        raise TypeError(f"{label}: {exc}") from None
    try:
        made: NamedConstant[_T] = cls(value)  # type: ignore[call-arg]
        # NaN is the one value that is not equal to itself.
        equal = bool(made == value or value != value)
    except Exception:
        equal = False
    if not equal:
        type_name = type(value).__name__
        raise TypeError(
            f"{label}: {value!r} cannot be a named constant: a constant is built as "
            f"{type_name}({value!r}), which does not give back an equal value; use a "
            f"value whose type copies it that way (int, str, float, bytes, tuple, ...), "
            f"or an Enum"
        )
    made.__dict__.update(_te_name=name, _te_group=group, _te_value=value)
    return made


def _rebuild(name: str, value: _T, group: str | None) -> NamedConstant[_T]:
    return _make(name, value, group)


@overload
def constant(name: str, value: bool) -> NoReturn: ...
@overload
def constant(name: str, value: int) -> IntConstant: ...
@overload
def constant(name: str, value: str) -> StrConstant: ...
@overload
def constant(name: str, value: float) -> FloatConstant: ...
@overload
def constant(name: str, value: bytes) -> BytesConstant: ...
@overload
def constant(name: str, value: _T) -> NamedConstant[_T]: ...
def constant(name: str, value: object) -> object:
    """A single named constant: ``OK = constant("OK", 200)``."""
    if not isinstance(name, str) or not name.isidentifier():
        raise ValueError(f"constant(): name must be an identifier, not {name!r}")
    return _make(name, value, None)


def _is_constant(name: str, value: object) -> bool:
    if name.startswith("_"):
        return False
    return not (callable(value) or hasattr(type(value), "__get__"))


class ConstantsType(type):
    """Metaclass of constant groups: turns public class attributes into constants."""

    _te_constants_: dict[str, NamedConstant[Any]]

    def __new__(
        mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any], /, **kwds: Any
    ) -> ConstantsType:
        cls = super().__new__(mcls, name, bases, namespace, **kwds)
        found: dict[str, NamedConstant[Any]] = {}
        for base in reversed(cls.__mro__[1:]):
            found.update(getattr(base, "_te_constants_", {}))
        type.__setattr__(cls, "_te_constants_", found)
        for key, value in namespace.items():
            if _is_constant(key, value):
                mcls._te_add(cls, key, value)
        return cls

    def _te_add(cls, name: str, value: _T) -> NamedConstant[_T]:
        made = _make(name, value, cls.__qualname__)
        cls._te_constants_[name] = made
        type.__setattr__(cls, name, made)
        return made

    def __iter__(cls) -> Iterator[NamedConstant[Any]]:
        return iter(list(cls._te_constants_.values()))

    def __len__(cls) -> int:
        return len(cls._te_constants_)

    def __contains__(cls, item: object) -> bool:
        """A constant of the group, or a value one of them has."""
        return any(item == c for c in cls._te_constants_.values())

    def __setattr__(cls, name: str, value: object) -> None:
        if name in cls._te_constants_:
            raise AttributeError(
                f"cannot reassign constant {cls.__qualname__}.{name}; constants never "
                f"change: add one under a new name with {cls.__qualname__}.add(name, value)"
            )
        if _is_constant(name, value):
            raise AttributeError(
                f"cannot set {cls.__qualname__}.{name} by assignment; use "
                f"{cls.__qualname__}.add({name!r}, {value!r})"
            )
        super().__setattr__(name, value)

    def __delattr__(cls, name: str) -> None:
        if name in cls._te_constants_:
            raise AttributeError(f"cannot delete constant {cls.__qualname__}.{name}")
        super().__delattr__(name)

    def __repr__(cls) -> str:
        return f"<constants {cls.__qualname__!r}>"


class Constants(metaclass=ConstantsType):
    """A group of named constants.

    >>> class HTTP(Constants):
    ...     OK = 200
    ...     NOT_FOUND = 404
    >>> HTTP.OK
    <HTTP.OK: 200>
    >>> HTTP.from_value(404) is HTTP.NOT_FOUND
    True

    Values may repeat (``errno`` has ``EAGAIN == EWOULDBLOCK``); ``from_value``
    then gives the first constant declared with that value.
    """

    _te_constants_: ClassVar[dict[str, NamedConstant[Any]]]

    if not TYPE_CHECKING:
        # Hidden from type checkers: a class whose __new__ returns NoReturn is
        # no longer a class object to mypy, so ``HTTP.OK`` would not type-check.

        def __new__(cls, *args, **kwargs):
            raise TypeError(
                f"{cls.__qualname__} is a group of constants and is not instantiated; use its "
                f"constants, e.g. {cls.__qualname__}.{next(iter(cls._te_constants_), 'NAME')}"
            )

    @classmethod
    def from_name(cls, name: str) -> NamedConstant[Any]:
        """The constant called ``name``; ``KeyError`` with a did-you-mean."""
        try:
            return cls._te_constants_[name]
        except (KeyError, TypeError):
            names = list(cls._te_constants_)
            hint = did_you_mean(name, names) or (
                f"; its constants are {_listing(names)}" if names else "; it has no constants"
            )
            raise KeyError(f"{name!r} is not a constant of {cls.__qualname__}{hint}") from None

    @classmethod
    def from_value(cls, value: object) -> NamedConstant[Any]:
        """The first constant equal to ``value``; ``ValueError`` when none is."""
        for made in cls._te_constants_.values():
            if made == value:
                return made
        valid = ", ".join(f"{c.value!r} ({c.name})" for c in cls._te_constants_.values())
        raise ValueError(
            f"{value!r} is not a value of {cls.__qualname__}; its values are {valid or 'none'}"
        )

    @classmethod
    def add(cls, name: str, value: _T) -> NamedConstant[_T]:
        """Add a constant to the group at run time; the name must be new."""
        if not isinstance(name, str) or not name.isidentifier() or name.startswith("_"):
            raise ValueError(
                f"{cls.__qualname__}.add(): {name!r} is not a public identifier; constant "
                f"names cannot start with an underscore"
            )
        if name in cls._te_constants_ or hasattr(cls, name):
            raise ValueError(
                f"{cls.__qualname__}.add(): {cls.__qualname__}.{name} already exists; "
                f"choose another name"
            )
        return type(cls)._te_add(cls, name, value)
