"""The metaclass: stdlib's ``EnumType`` plus typed_enum's rules.

Per-name work happens in ``TypedEnumDict`` while the class body runs
(``alias()`` declarations); whole-class work in ``TypedEnumType.__new__``
(bare-name aliases, uniqueness, openness, comparison methods).  Value and
name lookups get a fast path and errors that start with stdlib's words.
Where the README does not list a difference, this behaves as stdlib does:
``tests/cpython_enum`` runs CPython's own test_enum against it.
"""

from __future__ import annotations

import enum
import sys

from typed_enum._alias import AliasMarker
from typed_enum._lookup import (
    _safe_repr,
    did_you_mean,
    name_error,
    retired_value,
    value_error,
)
from typed_enum._ordering import install_comparisons
from typed_enum._reserved import ReservedMarker, RetiredName
from typed_enum._static import TYPE_CHECKING
from typed_enum._unique import check_unique

if TYPE_CHECKING:
    from types import CodeType
    from typing import Any, TypeVar

    # typeshed's EnumMeta.__new__ returns its ``metacls`` argument's type (a
    # TypeVar: mypy refuses ``Self`` in a metaclass); TypedEnumType's does too.
    _Meta = TypeVar("_Meta", bound="TypedEnumType")

__all__ = ["TypedEnumDict", "TypedEnumType"]

#: stdlib's own namespace methods, called directly (faster than super()).
_std_setitem = enum._EnumDict.__setitem__
_std_init = enum._EnumDict.__init__
_std_new = enum.EnumType.__new__
_std_setattr = enum.EnumType.__setattr__
_std_delattr = enum.EnumType.__delattr__
_type_setattr = type.__setattr__
_type_delattr = type.__delattr__
#: Whether stdlib's ``_get_mixins_`` checks the bases for members itself (3.11).
_MIXINS_CHECK_MEMBERS = sys.version_info < (3, 12)
_new_dict = dict.__new__
#: Whether ``value in Flag`` caches a pseudo-member, even in a member-less Flag (3.14+).
_CONTAINS_CACHES = sys.version_info >= (3, 14)


class _NoPseudoMembers(dict[object, object]):
    """The value map of a member-less Flag on 3.14+: it keeps nothing.

    3.14's ``0 in Empty`` calls ``Flag._missing_``, which stores the
    pseudo-member it makes in ``_value2member_map_``; stdlib still refuses
    ``Empty(0)`` (a class without members cannot be called), but the value
    lookup of ``TypedEnumType.__call__`` would find the stored one.  Where
    nothing is stored, the lookup misses and stdlib's call refuses, and the
    hot path of every other class has no check to pay (a class attribute
    lookup there cost ``Color(v)`` a third of its speed; issue 38).
    """

    def __setitem__(self, key: object, value: object) -> None:
        pass

    def setdefault(self, key: object, default: object = None) -> object:
        return default


def _loads_before_stores(code: CodeType, key: str) -> list[str | None]:
    """For each ``STORE_NAME key`` in ``code``: the name loaded right before it
    by ``LOAD_NAME``, else None.

    A class-body statement ``crimson = red`` compiles to ``LOAD_NAME red;
    STORE_NAME crimson``; anything else (``max(a, b)``, a literal, ``a = b =
    x``) puts another instruction before the store.  ``co_code`` shows inline
    caches as opcode 0.  Run only for a class that has an undeclared alias.
    """
    names = code.co_names
    if key not in names:
        return []
    # Imported here, not at the top: this runs for few classes, and
    # ``import opcode`` is 3.6 million instructions on 3.13 (issue 46).
    from opcode import opmap

    load_name, store_name, extended_arg = (
        opmap["LOAD_NAME"],
        opmap["STORE_NAME"],
        opmap["EXTENDED_ARG"],
    )
    raw = code.co_code
    found: list[str | None] = []
    loaded: str | None = None
    extended = 0
    for at in range(0, len(raw), 2):
        op = raw[at]
        if op == 0:  # CACHE
            continue
        if op == extended_arg:
            extended = (extended | raw[at + 1]) << 8
            continue
        arg = extended | raw[at + 1]
        extended = 0
        if op == store_name and names[arg] == key:
            found.append(loaded)
        loaded = names[arg] if op == load_name else None
    return found


class TypedEnumDict(enum._EnumDict):
    """stdlib's class-body namespace, which also records declared aliases.

    An alias is declared with ``alias(red)``, ``alias("red")``, or by naming
    the member bare (``crimson = red``, as the typing spec reads it).  The bare
    form is recognised, after the class is built and only for the names stdlib
    made aliases, from the class body's bytecode: every assignment to the name
    must load a member by name (``crimson = max(red, blue)``, ``blue = 1``
    after ``red = 1`` or ``a = b = auto()`` are not the bare form).
    """

    te_aliases: dict[str, str]
    #: Names retired with ``reserved()``, and their values (see _reserved.py).
    te_reserved: dict[str, object]
    #: The class body's code (``None`` for a namespace filled otherwise, as
    #: the functional API does), read to recognise bare-name aliases.
    te_code: CodeType | None
    # stdlib's own state, which typeshed does not declare.
    _member_names: dict[str, None]
    _last_values: list[object]
    _ignore: list[str]
    _cls_name: str

    def __init__(self) -> None:
        _std_init(self)
        self.te_aliases = {}
        self.te_reserved = {}
        self.te_code = None

    def __setitem__(self, key: str, value: Any) -> None:
        # Runs for every name a class body binds.  The usual member, a plain
        # name bound to an int or a str, takes the path stdlib's __setitem__
        # takes for it (3.11-3.15 alike) without its eight tests and five
        # helper calls: such a name is not private, sunder or dunder (no
        # leading underscore), such a value is no descriptor, nonmember,
        # member, auto or class, and a name not yet bound is neither a member
        # nor in _ignore_ (checked).  Everything else goes to stdlib's.
        kind = type(value)
        if (
            (kind is int or kind is str)
            and type(key) is str
            and key[:1] != "_"
            and not dict.__contains__(self, key)
            and key not in self._ignore
            and key not in self.te_reserved
        ):
            self._member_names[key] = None
            self._last_values.append(value)
            dict.__setitem__(self, key, value)
            return
        if kind is AliasMarker:
            target = self._alias_target(key, value.target)
            # stdlib's own alias path, ``crimson = <red's value>``, which also
            # counts the value in the last_values auto() is given.
            _std_setitem(self, key, dict.__getitem__(self, target))
            self.te_aliases[key] = target
            return
        if kind is ReservedMarker:
            self._reserve(key, value.value)
            return
        if key in self.te_reserved:
            raise TypeError(
                f"{self._cls_name}: {key!r} was retired ({key} = "
                f"reserved({_safe_repr(self.te_reserved[key])})); a member cannot take its "
                f"name: give the member another name"
            )
        if key == "__module__":
            # A class body's first statement: keep its code for later.
            self.te_code = sys._getframe(1).f_code
        _std_setitem(self, key, value)

    def _reserve(self, key: str, value: object) -> None:
        """``key = reserved(value)``: recorded, not bound (neither member nor alias)."""
        if dict.__contains__(self, key):
            raise TypeError(
                f"{self._cls_name}: {key!r} is defined above and retired by "
                f"{key} = reserved({_safe_repr(value)}); retire a name once, instead of the member"
            )
        self.te_reserved[key] = value

    def te_declared_aliases(self, enum_class: enum.EnumType) -> dict[str, str]:
        """Every declared alias: ``alias()`` ones and bare names (see above)."""
        declared = dict(self.te_aliases)
        code = self.te_code
        if code is None:
            return declared
        members: dict[str, enum.Enum] = enum_class._member_map_
        is_flag = issubclass(enum_class, enum.Flag)
        for name, member in members.items():
            if member._name_ == name or name in declared:
                continue
            raw = dict.get(self, name)
            if is_flag and type(raw) is int and raw < 0:
                # 3.15+: a negative value in a Flag body is the complement
                # over the members (``D = ~A``), which may be a member
                # already: computed from the class's own members, like
                # ``C = A | B``, so meant as it comes out.
                declared[name] = member._name_
                continue
            loads = _loads_before_stores(code, name)
            # Each assignment names a member bare; the one that ran named this one.
            if (
                loads
                and all(load is not None and load != name and load in members for load in loads)
                and any(members[load] is member for load in loads)  # type: ignore[index]
            ):
                declared[name] = member._name_
        return declared

    def _alias_target(self, key: str, target: object) -> str:
        """The canonical member ``alias(target)`` names; ValueError if none."""
        aliases = self.te_aliases
        if isinstance(target, str) and target in self._member_names:
            return aliases.get(target, target)
        if isinstance(target, enum.auto):
            # The functional API passes the auto() object itself.
            target = target.value
        for name in self._member_names:
            # alias(red) in a class body passes the object stored for red.
            if dict.__getitem__(self, name) is target and name not in aliases:
                return name
        members = [name for name in self._member_names if name not in aliases]
        for name in members:
            try:
                if dict.__getitem__(self, name) == target:
                    return name
            except Exception:  # a value that cannot compare with it is not it
                continue
        hint = did_you_mean(target, members) or (
            f"; members so far are {', '.join(members)}" if members else ""
        )
        raise ValueError(
            f"alias {key!r} in {self._cls_name}: {_safe_repr(target)} is not a member defined "
            f"above it; write {key} = alias(name) after the member it names{hint}"
        )


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


def _member_note(
    metacls: type, cls: str, bases: tuple[type, ...], classdict: enum._EnumDict, exc: BaseException
) -> str | None:
    """A note naming the member whose creation raised ``exc``, or None.

    The exception itself is left as it is: it may be a bug in the user's
    ``__new__``/``__init__`` that only its own message describes.  Only when
    the data type's constructor refused the value (``int("x")`` for an
    IntEnum member), with no ``__new__``/``__init__`` of the enum's own, does
    the note say which value would fit.
    """
    name = _failing_member(exc)
    if name is None:
        return None
    note = (
        f"raised while creating member {name!r} of enum {cls} from the value "
        f"{_safe_repr(dict.get(classdict, name))}"
    )
    own = [f"{cls}.{method}" for method in ("__new__", "__init__") if method in classdict]
    if own:
        return f"{note}, by {' and '.join(own)}"
    if not isinstance(exc, TypeError | ValueError):
        return note
    try:
        member_type: type = metacls._get_mixins_(cls, bases)[0]  # type: ignore[attr-defined]
    except Exception:  # an odd base: say no more than the member
        return note
    if member_type is object:
        return note
    type_name = member_type.__qualname__
    article = "an" if type_name[0] in "aeiouAEIOU" else "a"
    return f"{note}; give {name!r} {article} {type_name} value"


def _is_stdlib_value_error(exc: ValueError, cls: type) -> bool:
    """Whether ``exc`` is stdlib's own "X is not a valid Cls" for a failed lookup.

    stdlib raises it from enum.py (``Enum.__new__``, ``Flag._missing_``); the
    same words raised by a user's ``_missing_`` are the user's and left alone.
    """
    args = exc.args
    if len(args) != 1 or not isinstance(args[0], str):
        return False
    if not args[0].endswith(f" is not a valid {cls.__qualname__}"):
        return False
    tb = exc.__traceback__
    if tb is None:
        return False
    while tb.tb_next is not None:
        tb = tb.tb_next
    return tb.tb_frame.f_code.co_filename == enum.__file__


if sys.version_info >= (3, 12):

    def _caller_module(depth: int) -> str | None:
        return sys._getframemodulename(depth + 1)  # type: ignore[attr-defined, no-any-return]

else:

    def _caller_module(depth: int) -> str | None:
        name = sys._getframe(depth + 1).f_globals.get("__name__")
        return name if isinstance(name, str) else None


class TypedEnumType(enum.EnumType):
    """Metaclass of every typed_enum enum; a subclass of ``enum.EnumType``."""

    if TYPE_CHECKING:
        # Declared for type checkers only: annotations in this class body
        # would be the metaclass's __annotations__, which ``Color.__annotations__``
        # finds for an enum without its own (all versions) and for every
        # enum on 3.14+, where a class keeps its annotations in __annotate__.
        _te_open_: bool
        _te_ordered_: bool

    @property
    def _te_aliases_(cls) -> frozenset[str]:
        """The names that are aliases, all declared: an undeclared one is an error.

        Computed, not stored, so a class's ``__dict__`` is what stdlib's is.
        """
        return frozenset(name for name, member in cls._member_map_.items() if member._name_ != name)

    @classmethod
    def __prepare__(metacls, cls: str, bases: tuple[type, ...], **kwds: Any) -> TypedEnumDict:  # type: ignore[override]
        # stdlib's __prepare__ (the same in 3.11-3.13), with typed_enum's namespace.
        if metacls is TypedEnumType and len(bases) == 1 and isinstance(bases[0], enum.EnumType):
            # The usual class statement, one enum base: stdlib's _get_mixins_
            # would return that base as first_enum and cannot raise (one
            # base's MRO gives at most one data type), so it is not called
            # here (issue 18; stdlib's __new__ calls it again anyway).  A
            # metaclass subclass may override it, and takes the path below.
            metacls._check_for_existing_members_(cls, bases)
            first_enum: type = bases[0]
        else:
            if not _MIXINS_CHECK_MEMBERS or not bases:
                # (3.11's _get_mixins_, called below, makes this check itself.)
                metacls._check_for_existing_members_(cls, bases)
            first_enum = metacls._get_mixins_(cls, bases)[1]
        # TypedEnumDict() without its __init__'s extra call (this runs per class).
        namespace = _new_dict(TypedEnumDict)
        _std_init(namespace)
        namespace.te_aliases = {}
        namespace.te_reserved = {}
        namespace.te_code = None
        namespace._cls_name = cls
        if first_enum is not None:
            _std_setitem(
                namespace,
                "_generate_next_value_",
                getattr(first_enum, "_generate_next_value_", None),
            )
        return namespace

    @classmethod
    def _get_mixins_(mcls, class_name: str, bases: tuple[type, ...]) -> tuple[type, type]:
        """stdlib's, inlined for the usual class statement: one enum base.

        stdlib's ``__new__`` calls it once per class, and it calls
        ``_find_data_type_``: two Python frames and two sets for one MRO walk.
        For one enum base the walk below is stdlib's (3.11-3.13 alike), in one
        frame (issue 18).  Any other bases, or a metaclass subclass (which may
        override ``_find_data_type_``), get stdlib's own.
        """
        if mcls is not TypedEnumType or len(bases) != 1:
            return super()._get_mixins_(class_name, bases)  # type: ignore[misc, no-any-return]
        first_enum = bases[0]
        if not isinstance(first_enum, enum.EnumType):
            return super()._get_mixins_(class_name, bases)  # type: ignore[misc, no-any-return]
        if _MIXINS_CHECK_MEMBERS:
            mcls._check_for_existing_members_(class_name, bases)
        candidate = None
        for base in first_enum.__mro__:
            if base is object:
                continue
            if isinstance(base, enum.EnumType):
                if base._member_type_ is not object:  # type: ignore[attr-defined]
                    return base._member_type_ or object, first_enum  # type: ignore[attr-defined]
            elif "__new__" in base.__dict__ or "__dataclass_fields__" in base.__dict__:
                return (candidate or base) or object, first_enum
            else:
                candidate = candidate or base
        return object, first_enum

    @classmethod
    def _check_for_existing_members_(mcls, class_name: str, bases: tuple[type, ...]) -> None:
        """stdlib's check and words, then how to share code between enums.

        stdlib walks each base's MRO; only the bases themselves need a look:
        an enum class with members cannot be subclassed, so no base has one
        in its MRO without having members itself, and a class that is not an
        enum has no enum in its MRO.
        """
        for base in bases:
            if isinstance(base, enum.EnumType) and base._member_names_:
                raise TypeError(
                    f"<enum {class_name!r}> cannot extend {base!r}; an enum with members "
                    f"cannot be subclassed: put shared methods in a member-less base class "
                    f"and derive both enums from it"
                )

    def __new__(
        metacls: type[_Meta],
        cls: str,
        bases: tuple[type, ...],
        classdict: enum._EnumDict,
        /,
        *,
        open: bool | None = None,
        **kwds: Any,
    ) -> _Meta:
        # As typeshed types EnumMeta.__new__: a subclass's ``__new__`` that
        # sets an attribute of its own and returns ``cls`` checks clean.
        if open is not None and not isinstance(open, bool):
            raise TypeError(f"{cls}: open= must be True or False, not {open!r}")
        try:
            if metacls is TypedEnumType and not kwds:
                # What super() finds for TypedEnumType itself, called without
                # building the super object and a copy of kwds (issue 18).
                # A subclass of TypedEnumType goes through super(): another
                # metaclass in its MRO may be next.
                enum_class = _std_new(metacls, cls, bases, classdict)
            else:
                enum_class = super().__new__(metacls, cls, bases, classdict, **kwds)
        except Exception as exc:
            note = _member_note(metacls, cls, bases, classdict, exc)
            if note is not None:
                exc.add_note(note)
            raise
        members = enum_class._member_map_
        if isinstance(classdict, TypedEnumDict) and classdict.te_reserved:
            _retire(enum_class, classdict.te_reserved)
        if _CONTAINS_CACHES and not members and issubclass(enum_class, enum.Flag):
            type.__setattr__(enum_class, "_value2member_map_", _NoPseudoMembers())
        if len(members) != len(enum_class._member_names_):
            # Aliases or Flag combinations: are the aliases all declared?
            if isinstance(classdict, TypedEnumDict):
                # One pass over the members settles the usual case, every
                # alias declared with alias(); the bytecode is read (and
                # check_unique run) only when stdlib made another alias.
                declared = classdict.te_aliases
                for name, member in members.items():
                    if member._name_ != name and name not in declared:
                        check_unique(enum_class, classdict.te_declared_aliases(enum_class))
                        break
            else:
                check_unique(enum_class, ())
        # Stored only where it differs from what the class inherits (at the
        # root, typed_enum.Enum: closed), so a typed_enum class's __dict__
        # holds what stdlib's does, and creation sets fewer attributes.
        if open is not None or len(bases) != 1 or not isinstance(bases[0], TypedEnumType):
            # (Otherwise, the usual class statement, the class inherits its
            # one base's value, a bool: every class made here has one.  It is
            # not looked up: on the new class, whose type-cache version is
            # new, a lookup walks the MRO's dicts, ~600 instructions on 3.12;
            # issue 18.)
            inherited = getattr(enum_class, "_te_open_", None)
            if open is None:
                if len(bases) == 1 and inherited is not None:
                    open = inherited
                else:
                    open = False
                    for base in bases:
                        if getattr(base, "_te_open_", False):
                            open = True
            if inherited is not open:
                type.__setattr__(enum_class, "_te_open_", open)
        ordered = getattr(enum_class, "_te_ordered_", False)
        if ordered or enum_class._member_type_ is not object:  # type: ignore[attr-defined]
            # A plain Enum or Flag needs no comparison methods (see there).
            install_comparisons(enum_class, classdict, ordered)
        return enum_class

    if not TYPE_CHECKING:
        # Hidden from type checkers, which keep typeshed's precise EnumMeta
        # signatures; the logic lives in the typed helpers these call.

        def __call__(cls, value, *args, **kwds):
            if not args and not kwds:
                # Fast path: the first two things Enum.__new__ tries.  (A
                # member-less class has no instance and, on 3.14+, a value map
                # that keeps none: see _NoPseudoMembers.)
                if type(value) is cls:
                    return value
                try:
                    return cls._value2member_map_[value]
                except (KeyError, TypeError):
                    pass
            elif not cls._member_map_ and kwds.get("module") is None:
                return _functional(cls, value, args, kwds, _caller_module(1))
            error = None
            try:
                return super().__call__(value, *args, **kwds)
            except ValueError as exc:
                if args or kwds or not _is_stdlib_value_error(exc, cls):
                    raise
                retired = retired_value(cls, value) if "_te_reserved_" in cls.__dict__ else None
                error = ValueError(retired) if retired else value_error(cls, str(exc))
            # Raised here, not in the except clause: stdlib's lookup error has
            # no __context__, and neither has this one.
            raise error

        # inspect.signature() follows __wrapped__: Color's signature is stdlib's.
        __call__.__wrapped__ = enum.EnumType.__call__

        # Without the super() call: stdlib's member creation deletes and sets
        # each member's name on the new class through these.  A name that is a
        # member goes to stdlib's own, which refuses it in its own words (so
        # does another metaclass, whose MRO may put a class between EnumType
        # and type: stdlib's calls it).
        def __setattr__(cls, name, value):
            if type(cls) is not TypedEnumType or name in cls.__dict__.get("_member_map_", ()):
                return _std_setattr(cls, name, value)
            _type_setattr(cls, name, value)

        def __delattr__(cls, attr):
            if type(cls) is not TypedEnumType or attr in cls._member_map_:
                return _std_delattr(cls, attr)
            _type_delattr(cls, attr)

        if sys.version_info < (3, 12):
            # 3.11's EnumType.__getattr__ answers when an attribute's descriptor
            # raises: a retired name (RetiredName) keeps its own message.
            def __getattr__(cls, name):
                if "_te_reserved_" in cls.__dict__ and name in cls._te_reserved_:
                    cls.__dict__[name].__get__(None, cls)
                return super().__getattr__(name)

        def __getitem__(cls, name):
            try:
                return cls._member_map_[name]
            except KeyError:
                pass
            raise name_error(cls, name)


# ``from __future__ import annotations`` gives a class body with any annotation
# (even under ``if TYPE_CHECKING``) an ``__annotations__`` dict of its own.  On a
# metaclass that dict is what ``Color.__annotations__`` finds when Color keeps
# none in its ``__dict__``: a class without annotations on 3.11-3.13, and every
# class on 3.14+, which keeps them in ``__annotate_func__`` (issue 38).  Without
# it, type's own ``__annotations__`` descriptor answers, as for stdlib's enums.
type.__delattr__(TypedEnumType, "__annotations__")


def _retire(enum_class: TypedEnumType, retired: dict[str, object]) -> None:
    """Refuse a member that takes a retired value, and keep the retired names on the class."""
    for name, value in retired.items():
        for member_name, member in enum_class._member_map_.items():
            try:
                same = bool(member._value_ == value)
            except Exception:  # a value that cannot compare with it is not it
                same = False
            if same:
                raise ValueError(
                    f"{enum_class.__qualname__}: member {member_name!r} takes the value "
                    f"{_safe_repr(value)}, which {name} = reserved({_safe_repr(value)}) retired; "
                    f"give {member_name} a value of its own"
                )
    type.__setattr__(enum_class, "_te_reserved_", dict(retired))
    for name in retired:
        type.__setattr__(enum_class, name, RetiredName(name))


def _functional(
    cls: TypedEnumType,
    value: object,
    args: tuple[Any, ...],
    kwds: dict[str, Any],
    module: str | None,
) -> TypedEnumType:
    """The functional API, ``Enum("Color", "red green")``, named after the caller's module.

    stdlib guesses the module two frames up, which is now TypedEnumType.__call__;
    the caller's module is found as stdlib would (``sys._getframemodulename``
    on 3.12+, the frame's ``__name__`` on 3.11).  When there is none, stdlib
    makes the class unpicklable, and so does this.
    """
    kwds["module"] = module
    new_class: TypedEnumType = enum.EnumType.__call__(cls, value, *args, **kwds)  # type: ignore[arg-type]
    if module is None:
        enum._make_class_unpicklable(new_class)  # type: ignore[attr-defined]
    return new_class
