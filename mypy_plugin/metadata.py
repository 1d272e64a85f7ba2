"""The one per-class record the plugin keeps, in ``TypeInfo.metadata``.

It is made only of what every supported cache format writes (None, int,
str, bool, lists and dicts of them), so it survives mypy's incremental
cache and the daemon; the plugin object keeps no state of its own.  Not
floats: the fixed-format cache of mypy 1.20-2.1 (the default in 2.0 and
2.1) stops mypy with an INTERNAL ERROR on one (issue 38), so a float value
is stored as its ``repr`` and read back with ``float()``, which gives the
same float (``inf`` and ``nan`` too).
"""

from __future__ import annotations

from typing import Any, Final

from mypy.nodes import TypeInfo

from mypy_plugin import names

#: Bump when the record's shape changes, so stale caches are re-derived.
VERSION: Final = 6

# A member value the plugin could evaluate statically, as [kind, value]:
# ["int", 1], ["str", "a"], ["bool", True], ["float", 1.5], ["bytes", "latin-1 text"],
# ["tuple", [...values...]], ["ellipsis", None] (``X = ...`` outside a stub); None when
# it is not known.  In the stored record a float is ["float", "1.5"] (see above).
Value = list[Any] | None


def _stored(value: Value) -> Value:
    """``value`` as the cache stores it: floats as their repr."""
    if value is None:
        return None
    kind, raw = value
    if kind == "float":
        return ["float", repr(float(raw))]
    if kind == "tuple":
        return ["tuple", [_stored(item) for item in raw]]
    return [kind, raw]


def _loaded(value: Value) -> Value:
    """A stored value as the plugin uses it: floats as floats."""
    if value is None:
        return None
    kind, raw = value
    if kind == "float":
        return ["float", float(raw)]
    if kind == "tuple":
        return ["tuple", [_loaded(item) for item in raw]]
    return [kind, raw]


class EnumRecord:
    """What the plugin knows of one enum class.

    * ``typed``: a typed_enum class (its runtime rules apply), not a stdlib one.
    * ``open``: declared ``open=True``; None when ``open=`` is an expression
      the plugin cannot read.
    * ``members``: canonical members, in declaration order.
    * ``aliases``: alias name -> canonical member name.
    * ``values``: canonical member name -> its statically known value.
    * ``data_type``: fullname of the mixin data type (``builtins.int``), or None.
    * ``boundary``: a Flag's boundary (``STRICT``, ``KEEP``, ...) as far as it
      is known, else None.
    * ``ignored``: names listed in ``_ignore_``, deleted from the class at run time.
    * ``reserved``: names retired with ``reserved()`` -> the value retired with them.

    A plain slotted class, not a dataclass: building a dataclass (exec of
    its generated methods) cost every mypy run about 0.5 ms.
    """

    __slots__ = (
        "aliases",
        "boundary",
        "data_type",
        "ignored",
        "members",
        "open",
        "reserved",
        "typed",
        "values",
    )

    def __init__(
        self,
        typed: bool,
        open: bool | None = False,
        members: list[str] | None = None,
        aliases: dict[str, str] | None = None,
        values: dict[str, Value] | None = None,
        data_type: str | None = None,
        boundary: str | None = None,
        ignored: list[str] | None = None,
        reserved: dict[str, Value] | None = None,
    ) -> None:
        self.typed = typed
        self.open = open
        self.members: list[str] = [] if members is None else members
        self.aliases: dict[str, str] = {} if aliases is None else aliases
        self.values: dict[str, Value] = {} if values is None else values
        self.data_type = data_type
        self.boundary = boundary
        self.ignored: list[str] = [] if ignored is None else ignored
        self.reserved: dict[str, Value] = {} if reserved is None else reserved

    def serialize(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "typed": self.typed,
            "open": self.open,
            "members": list(self.members),
            "aliases": dict(self.aliases),
            "values": {name: _stored(value) for name, value in self.values.items()},
            "data_type": self.data_type,
            "boundary": self.boundary,
            "ignored": list(self.ignored),
            "reserved": {name: _stored(value) for name, value in self.reserved.items()},
        }

    @classmethod
    def deserialize(cls, data: dict[str, Any]) -> EnumRecord | None:
        if data.get("version") != VERSION:
            return None
        return cls(
            typed=bool(data["typed"]),
            open=data["open"],
            members=list(data["members"]),
            aliases=dict(data["aliases"]),
            values={name: _loaded(value) for name, value in data["values"].items()},
            data_type=data["data_type"],
            boundary=data.get("boundary"),
            ignored=list(data.get("ignored", [])),
            reserved={name: _loaded(v) for name, v in data.get("reserved", {}).items()},
        )

    def canonical(self, name: str) -> str | None:
        """The member ``name`` stands for (itself or its alias target)."""
        if name in self.aliases:
            return self.aliases[name]
        return name if name in self.members else None


# Decoded records, by the identity of the JSON dict they were decoded from.
# Not state: write() stores a new dict, so a record is decoded again after
# any change, and the dict is kept here so its id cannot be reused.  It saves
# decoding a record for every member access and comparison (a 300-member
# if/elif chain asks ~90,000 times).
_DECODED: dict[int, tuple[dict[str, Any], EnumRecord]] = {}
_DECODED_MAX: Final = 20_000


def read(info: TypeInfo) -> EnumRecord | None:
    """The record of ``info``, or None for a class the plugin has not analysed.

    The same object for the same stored record: callers that change it
    must write() it back (which they do), and never keep it across a write.
    """
    data = info.metadata.get(names.METADATA_KEY)
    if not data:
        return None
    hit = _DECODED.get(id(data))
    if hit is not None and hit[0] is data:
        return hit[1]
    record = EnumRecord.deserialize(data)
    if record is None:
        return None
    _remember(data, record)
    return record


def write(info: TypeInfo, record: EnumRecord) -> None:
    """Store ``record``; the next ``read`` of ``info`` returns this same object.

    (Every class analyser after ``members`` reads the record just written:
    decoding it again each time was needless work.)
    """
    data = record.serialize()
    info.metadata[names.METADATA_KEY] = data
    _remember(data, record)


def _remember(data: dict[str, Any], record: EnumRecord) -> None:
    if len(_DECODED) >= _DECODED_MAX:
        _DECODED.clear()
    _DECODED[id(data)] = (data, record)


# -- Constants groups (features/constants.py) --------------------------------


def read_constants(info: TypeInfo) -> dict[str, Value] | None:
    """The constants a ``Constants`` group declares itself (name -> value), or None."""
    data = info.metadata.get(names.CONSTANTS_METADATA_KEY)
    if not data or data.get("version") != VERSION:
        return None
    return {name: _loaded(value) for name, value in data["constants"].items()}


def write_constants(info: TypeInfo, constants: dict[str, Value]) -> None:
    stored = {name: _stored(value) for name, value in constants.items()}
    info.metadata[names.CONSTANTS_METADATA_KEY] = {"version": VERSION, "constants": stored}
