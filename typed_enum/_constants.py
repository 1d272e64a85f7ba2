"""Named constants, as Michael Foord's proposal (python-dev, 2010) lists them.

A named constant is its value (``HTTP.OK == 200``, ``isinstance(HTTP.OK,
int)``) with a name and a readable repr (``<HTTP.OK: 200>``).  Constants are
grouped in a ``Constants`` class, looked up by name or value, tested by name
(``HTTP.has_name("OK")``) and iterated.  Unlike an enum, a group is open:
``HTTP.add("TEAPOT", 418)``.

Int constants combine like stdlib ``IntFlag`` members: ``O.WRONLY | O.CREAT``
is ``<O.WRONLY|CREAT: 65>``, still an ``int``; a result equal to a constant
is that constant.  ``@global_constants`` exports a group's constants into
its module, as ``enum.global_enum`` does for enums.
"""

from __future__ import annotations

import sys
import types

from typed_enum._lookup import _listing, did_you_mean
from typed_enum._static import TYPE_CHECKING, Generic, TypeVar, overload

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any, ClassVar, NoReturn, Self

__all__ = [
    "BytesConstant",
    "Constants",
    "ConstantsType",
    "FloatConstant",
    "IntConstant",
    "NamedConstant",
    "StrConstant",
    "constant",
    "global_constants",
]

_T = TypeVar("_T")
_G = TypeVar("_G", bound="type[Constants]")
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
    _te_group: str | None  # the group's __qualname__, for the repr
    _te_value: _V_co
    _te_owner: ConstantsType | None  # the group itself: combinations look names up in it

    @property
    def name(self) -> _N:
        """The constant's name."""
        return self._te_name

    @property
    def value(self) -> _V_co:
        """The plain value, an instance of the value's own type."""
        return self._te_value

    def __repr__(self) -> str:
        name, group = self._te_name, self._te_group
        owner = self._te_owner
        if owner is not None and "_te_global_" in owner.__dict__:
            # As enum.global_enum's reprs: the module stands for the group.
            module = owner.__module__.rpartition(".")[2]
            if not _is_named(name):
                return f"{module}.{owner.__name__}({self._te_value!r})"
            return "|".join(p if not _is_named(p) else f"{module}.{p}" for p in name.split("|"))
        if not _is_named(name):
            # No constant names any of its bits: stdlib shows <Perm: 8>.
            return f"<{group or type(self).__name__}: {self._te_value!r}>"
        return f"<{group + '.' if group else ''}{name}: {self._te_value!r}>"

    def __str__(self) -> str:
        return str(self._te_value)

    def __format__(self, spec: str) -> str:
        return format(self._te_value, spec)

    def __reduce__(self) -> tuple[object, ...]:
        owner = self._te_owner
        module = owner.__module__ if owner is not None else None
        return (_rebuild, (self._te_name, self._te_value, self._te_group, module))

    def __copy__(self) -> Self:
        return self  # constants are immutable, as enum members are

    def __deepcopy__(self, memo: object) -> Self:
        return self


class IntConstant(NamedConstant[_I, _N], int):
    """A named ``int``.

    ``|``, ``&`` and ``^`` with another constant of the group or a plain int
    give a named ``int`` too, as stdlib ``IntFlag`` does: the group's constant
    of that value if there is one, else a combination named by the
    constants whose bits it holds, in declaration order, and any bits
    left over as a number: ``<O.WRONLY|CREAT: 65>``, ``<O.WRONLY|1024: 1025>``;
    ``<O: 0>`` when no constant names any of its bits.  Other operators
    (``+``, ``~``, ``<<``, ...) give plain ints.
    """

    def __or__(self, other: int, /) -> IntConstant[int, str]:
        if not isinstance(other, int):
            return NotImplemented
        return _combine(self, other, "|", int.__or__)

    def __ror__(self, other: int, /) -> IntConstant[int, str]:
        if not isinstance(other, int):
            return NotImplemented
        return _combine(self, other, "|", int.__or__)

    def __and__(self, other: int, /) -> IntConstant[int, str]:
        if not isinstance(other, int):
            return NotImplemented
        return _combine(self, other, "&", int.__and__)

    def __rand__(self, other: int, /) -> IntConstant[int, str]:
        if not isinstance(other, int):
            return NotImplemented
        return _combine(self, other, "&", int.__and__)

    def __xor__(self, other: int, /) -> IntConstant[int, str]:
        if not isinstance(other, int):
            return NotImplemented
        return _combine(self, other, "^", int.__xor__)

    def __rxor__(self, other: int, /) -> IntConstant[int, str]:
        if not isinstance(other, int):
            return NotImplemented
        return _combine(self, other, "^", int.__xor__)


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


def _make(
    name: str, value: _T, group: str | None, owner: ConstantsType | None = None
) -> NamedConstant[_T]:
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
    made.__dict__.update(_te_name=name, _te_group=group, _te_value=value, _te_owner=owner)
    return made


def _group_by_name(module: str | None, qualname: str | None) -> ConstantsType | None:
    """The group ``module.qualname``, or None (defined in a function, gone, ...)."""
    if module is None or qualname is None or "<locals>" in qualname:
        return None
    try:
        # Imported here: unpickling is rare, and importlib is not loaded at start-up.
        from importlib import import_module

        found: object = import_module(module)
        for part in qualname.split("."):
            found = getattr(found, part)
    except Exception:
        return None
    return found if isinstance(found, ConstantsType) else None


def _rebuild(
    name: str, value: _T, group: str | None, module: str | None = None
) -> NamedConstant[_T]:
    """Unpickle: the group's own constant when it still has it, else an equal one."""
    owner = _group_by_name(module, group)
    if owner is not None:
        known = owner._te_constants_.get(name)
        if known is not None and known.value == value and type(known.value) is type(value):
            return known
    return _make(name, value, group, owner)


# -- combinations of int constants ---------------------------------------------


def _is_named(name: str) -> bool:
    """False for a combination no constant names (``"0"``, ``"-3"``)."""
    return not (name[:1].isdigit() or name[:1] == "-")


def _atoms(made: IntConstant[Any, Any]) -> tuple[IntConstant[Any, Any], ...]:
    """What a group-less constant combines from: itself, or its combination's parts."""
    atoms: tuple[IntConstant[Any, Any], ...] = made.__dict__.get("_te_atoms", (made,))
    return atoms


def _combine(
    left: IntConstant[Any, Any], right: int, op: str, apply: Callable[[int, int], int]
) -> IntConstant[int, str]:
    owner, group = left._te_owner, left._te_group
    atoms = _atoms(left) if owner is None else ()
    if isinstance(right, NamedConstant):
        assert isinstance(right, IntConstant)  # the only constants that are ints
        other = right._te_owner
        if owner is None or other is None:
            related = owner is other and group == right._te_group
        else:
            related = issubclass(owner, other) or issubclass(other, owner)
            if issubclass(other, owner) and other is not owner:
                owner, group = other, right._te_group  # the subgroup has both
        if not related:
            raise TypeError(
                f"unsupported operand for {op}: {_label(left)} and {_label(right)} are "
                f"constants of different groups ({_group_label(left)} and "
                f"{_group_label(right)}); combine constants of one group, or their "
                f".value if plain ints are meant"
            )
        if owner is None:
            atoms += tuple(a for a in _atoms(right) if all(a is not b for b in atoms))
    return _named(apply(left._te_value, int(right)), owner, group, atoms)


def _label(made: NamedConstant[Any, Any]) -> str:
    return f"{made._te_group}.{made._te_name}" if made._te_group else made._te_name


def _group_label(made: NamedConstant[Any, Any]) -> str:
    return made._te_group or "no group"


def _named(
    value: int,
    owner: ConstantsType | None,
    group: str | None,
    atoms: tuple[IntConstant[Any, Any], ...],
) -> IntConstant[int, str]:
    """The constant of ``value``, or the combination that names its bits."""
    candidates = (
        [c for c in owner._te_constants_.values() if isinstance(c, IntConstant)]
        if owner is not None
        else list(atoms)
    )
    for known in candidates:
        if known._te_value == value:
            return known
    parts: list[str] = []
    if value > 0:
        covered = 0
        for known in candidates:
            bits = known._te_value
            if bits > 0 and bits & value == bits and bits & ~covered:
                parts.append(known._te_name)
                covered |= bits
        if value & ~covered:
            parts.append(str(value & ~covered))
    made = IntConstant(value)
    made.__dict__.update(
        _te_name="|".join(parts) or str(value), _te_group=group, _te_value=value, _te_owner=owner
    )
    if owner is None:
        made.__dict__["_te_atoms"] = atoms
    return made


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
        made = _make(name, value, cls.__qualname__, cls)
        if "_te_global_" in cls.__dict__:
            _export(cls, {name: made})
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


# The metaclass's own annotations would be every group's on 3.14+ (see _meta.py).
type.__delattr__(ConstantsType, "__annotations__")


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

    if TYPE_CHECKING:
        # (For type checkers only: every group's typing.get_type_hints would
        # list it, and evaluate it; the dict of annotations is removed below.)
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
    def has_name(cls, name: str) -> bool:
        """Whether the group has a constant called ``name``.

        ``in`` tests values (``200 in HTTP``); this tests names, so a str
        group's values and names cannot be confused.
        """
        if not isinstance(name, str):
            raise TypeError(
                f"{cls.__qualname__}.has_name() takes a constant's name (a str), not "
                f"{name!r}; test a value with {name!r} in {cls.__qualname__}"
            )
        return name in cls._te_constants_

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The constants' names, in declaration order (those added at run time last)."""
        return tuple(cls._te_constants_)

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


# A group's annotations are its own body's (see ConstantsType above).
type.__delattr__(Constants, "__annotations__")


def _export(group: ConstantsType, constants: dict[str, NamedConstant[Any]]) -> None:
    """Put ``constants`` into the group's module, refusing to replace other globals."""
    module = sys.modules.get(group.__module__)
    if module is None:
        raise ValueError(
            f"global_constants({group.__qualname__}): its module {group.__module__!r} is not "
            f"in sys.modules, so there is no module namespace to export into; define the "
            f"group in a module that is imported"
        )
    namespace = module.__dict__
    for name, made in constants.items():
        old = namespace.get(name, made)
        if old is made or (
            isinstance(old, NamedConstant)
            and old._te_group == group.__qualname__
            and old._te_name == name
        ):
            continue  # this constant, or the one a reload of the module replaces
        raise ValueError(
            f"global_constants({group.__qualname__}): module {group.__module__!r} already has "
            f"a global {name!r} ({old!r}); rename the constant or the global, or leave the "
            f"group unexported and use {group.__qualname__}.{name}"
        )
    namespace.update(constants)


def global_constants(group: _G) -> _G:
    """Class decorator: export the group's constants into its module.

    As stdlib ``enum.global_enum`` does for an enum (``re.IGNORECASE``): the
    constants become module globals, their repr follows the module
    (``os_flags.WRONLY|os_flags.CREAT``), and constants added later with
    ``add()`` are exported too.  A global of the same name that is not the
    constant is refused.  Type checkers do not see the exported names: spell
    them ``O.WRONLY`` where they must be typed, or re-declare them.
    """
    if not isinstance(group, ConstantsType) or group is Constants:
        raise TypeError(
            f"global_constants() takes a Constants group, not {group!r}; for an enum use "
            f"enum.global_enum"
        )
    _export(group, dict(group._te_constants_))
    type.__setattr__(group, "_te_global_", True)
    return group
