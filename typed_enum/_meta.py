"""The metaclass: stdlib's ``EnumType`` plus typed_enum's rules.

Per-name work happens in ``TypedEnumDict`` while the class body runs (which
names are declared aliases); whole-class work in ``TypedEnumType.__new__``
(uniqueness, openness, comparison methods).  Value and name lookups get a
fast path and helpful errors.
"""

from __future__ import annotations

import enum
import sys
from typing import TYPE_CHECKING, Any

from typed_enum._alias import AliasMarker
from typed_enum._lookup import did_you_mean, name_error, value_error
from typed_enum._ordering import install_comparisons
from typed_enum._unique import check_unique

__all__ = ["TypedEnumDict", "TypedEnumType"]


class TypedEnumDict(enum._EnumDict):
    """stdlib's class-body namespace, which also records declared aliases.

    An alias is declared with ``alias(red)``, ``alias("red")``, or by naming
    the member bare (``crimson = red``, as the typing spec reads it).  The bare
    form is recognised by reading: the value assigned is the very object the
    previous read of a member name returned.
    """

    te_aliases: dict[str, str]
    te_last_read: tuple[str, object] | None
    # stdlib's own state, which typeshed does not declare.
    _member_names: dict[str, None] | list[str]
    _last_values: list[object]
    _cls_name: str

    def te_setup(self) -> None:
        self.te_aliases = {}
        self.te_last_read = None

    def __getitem__(self, key: str) -> Any:
        value = super().__getitem__(key)
        if key in self._member_names:
            self.te_last_read = (key, value)
        return value

    def __setitem__(self, key: str, value: Any) -> None:
        last, self.te_last_read = self.te_last_read, None
        if isinstance(value, AliasMarker):
            target = self._alias_target(key, value.target, last)
            self.te_aliases[key] = target
            value = dict.__getitem__(self, target)
        elif last is not None and value is last[1] and not key.startswith("_"):
            self.te_aliases[key] = last[0]
        else:
            super().__setitem__(key, value)
            return
        # An alias repeats a value: keep it out of the values auto() counts from.
        seen = len(self._last_values)
        super().__setitem__(key, value)
        del self._last_values[seen:]

    def _alias_target(self, key: str, target: object, last: tuple[str, object] | None) -> str:
        if last is not None and target is last[1]:
            return last[0]
        members = list(self._member_names)
        if isinstance(target, str) and target in members:
            return target
        matches = [name for name in members if dict.__getitem__(self, name) == target]
        if len(matches) == 1:
            return matches[0]
        hint = did_you_mean(target, members) or (
            f"; members so far are {', '.join(members)}" if members else ""
        )
        raise ValueError(
            f"alias {key!r} in {self._cls_name}: {target!r} is not a member defined above it; "
            f"write {key} = alias(name) after the member it names{hint}"
        )


def _members_of(base: type) -> list[str]:
    return [
        cls.__qualname__
        for cls in base.__mro__
        if isinstance(cls, enum.EnumType) and cls._member_names_
    ]


def _failing_member(exc: BaseException) -> str | None:
    """The member whose creation raised ``exc``, read from stdlib's frame.

    stdlib creates each member in ``_proto_member.__set_name__`` (3.11+), whose
    local ``member_name`` names it; an error there (``int("x")`` for an
    IntEnum member ``"x"``) says nothing about which member it was.
    """
    code = getattr(getattr(enum, "_proto_member", None), "__set_name__", None)
    code = getattr(code, "__code__", None)
    tb = exc.__traceback__
    while tb is not None:
        frame = tb.tb_frame
        if frame.f_code is code:
            name = frame.f_locals.get("member_name")
            return name if isinstance(name, str) else None
        tb = tb.tb_next
    return None


def _member_error(
    metacls: type, cls: str, bases: tuple[type, ...], classdict: enum._EnumDict, exc: Exception
) -> Exception:
    """``exc`` worded with the member that caused it and the fix, else ``exc`` itself."""
    name = _failing_member(exc)
    if name is None or type(exc) not in (TypeError, ValueError):
        return exc
    value = dict.get(classdict, name)
    member_type: type
    try:
        member_type = metacls._get_mixins_(cls, bases)[0]  # type: ignore[attr-defined]
    except Exception:  # an odd base: word it without the data type
        member_type = object
    own = [f"{cls}.{method}" for method in ("__new__", "__init__") if method in classdict]
    if own:
        fix = f"a value that fits {' and '.join(own)}"
    elif member_type is not object:
        type_name = member_type.__qualname__
        fix = f"{'an' if type_name[0] in 'aeiouAEIOU' else 'a'} {type_name} value"
    else:
        fix = "a value the enum accepts"
    return type(exc)(
        f"member {name!r} of enum {cls}: invalid value {value!r}: {exc}; give {name!r} {fix}"
    )


class TypedEnumType(enum.EnumType):
    """Metaclass of every typed_enum enum; a subclass of ``enum.EnumType``."""

    _te_open_: bool
    _te_aliases_: frozenset[str]

    @classmethod
    def __prepare__(metacls, cls: str, bases: tuple[type, ...], **kwds: Any) -> TypedEnumDict:  # type: ignore[override]
        for base in bases:
            for owner in _members_of(base):
                raise TypeError(
                    f"{cls}: cannot subclass enum {owner!r}, which has members; put shared "
                    f"methods in a member-less base class and derive both enums from it"
                )
        namespace = super().__prepare__(cls, bases, **kwds)
        namespace.__class__ = TypedEnumDict
        assert isinstance(namespace, TypedEnumDict)
        namespace.te_setup()
        return namespace

    def __new__(
        metacls,
        cls: str,
        bases: tuple[type, ...],
        classdict: enum._EnumDict,
        /,
        *,
        open: bool | None = None,
        **kwds: Any,
    ) -> TypedEnumType:
        if open is not None and not isinstance(open, bool):
            raise TypeError(f"{cls}: open= must be True or False, not {open!r}")
        aliases = dict(getattr(classdict, "te_aliases", {}))
        try:
            enum_class = super().__new__(metacls, cls, bases, classdict, **kwds)
        except (TypeError, ValueError) as exc:
            raise _member_error(metacls, cls, bases, classdict, exc) from None
        check_unique(enum_class, aliases)
        if open is None:
            open = any(getattr(base, "_te_open_", False) for base in bases)
        type.__setattr__(enum_class, "_te_open_", open)
        type.__setattr__(enum_class, "_te_aliases_", frozenset(aliases))
        install_comparisons(enum_class, classdict, getattr(enum_class, "_te_ordered_", False))
        return enum_class

    if not TYPE_CHECKING:
        # Hidden from type checkers, which keep typeshed's precise EnumMeta
        # signatures; the logic lives in the typed helpers these call.

        def __call__(cls, value, *args, **kwds):
            if not args and not kwds:
                # Fast path: the first two things Enum.__new__ tries.
                if type(value) is cls:
                    return value
                try:
                    return cls._value2member_map_[value]
                except (KeyError, TypeError):
                    pass
            elif not cls._member_map_ and kwds.get("module") is None:
                # Functional API: stdlib guesses the module two frames up,
                # which is now this method; name the caller's module instead
                # (module=None asks stdlib to guess, so it is guessed here).
                kwds["module"] = sys._getframe(1).f_globals.get("__name__")
            try:
                return super().__call__(value, *args, **kwds)
            except ValueError as exc:
                if args or kwds or str(exc) != f"{value!r} is not a valid {cls.__qualname__}":
                    raise
                raise value_error(cls, value) from None

        def __getitem__(cls, name):
            try:
                return cls._member_map_[name]
            except KeyError:
                raise name_error(cls, name) from None
