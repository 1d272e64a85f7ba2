"""SQLAlchemy 2 ``Enum`` columns of typed_enum enums over a real SQLite database.

``sqlalchemy.Enum(Color)`` (or a ``Mapped[Color]`` annotation) stores member
*names*, as for stdlib enums; ``values_callable`` stores values instead.  An
alias is stored under its canonical member's name.  The column type learns
the members when it is built: a member an open enum gains later is refused
(LookupError) unless the column stores values through a ``TypeDecorator``
that asks the enum itself (``EnumByValue`` below, the README's recipe).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from _enums import Color, Level, Mode
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from typed_enum import Enum, StrEnum


class Plugin(StrEnum, open=True):
    core = "core"


class EnumByValue(sa.types.TypeDecorator[Any]):
    """Store an enum member as its value, looked up in the enum on the way back.

    Unlike ``sqlalchemy.Enum`` it keeps no member list, so members that an
    open enum gains after the table is defined are stored and loaded too.
    """

    impl = sa.String(64)
    cache_ok = True

    def __init__(self, enum_cls: type[Enum]) -> None:
        super().__init__()
        self.enum_cls = enum_cls

    def process_bind_param(self, value: Any, dialect: sa.Dialect) -> Any:
        return None if value is None else self.enum_cls.from_value(value).value

    def process_result_value(self, value: Any, dialect: sa.Dialect) -> Any:
        return None if value is None else self.enum_cls.from_value(value)


class Base(DeclarativeBase):
    pass


class Item(Base):
    __tablename__ = "item"

    id: Mapped[int] = mapped_column(primary_key=True)
    color: Mapped[Color]
    level: Mapped[Level]
    mode: Mapped[Mode] = mapped_column(
        sa.Enum(Mode, values_callable=lambda kind: [member.value for member in kind])
    )
    plugin: Mapped[Plugin] = mapped_column(EnumByValue(Plugin), default=Plugin.core)


@pytest.fixture(params=["memory", "file"])
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[sa.Engine]:
    url = "sqlite://" if request.param == "memory" else f"sqlite:///{tmp_path / 'items.db'}"
    engine = sa.create_engine(url)
    Base.metadata.create_all(engine)
    yield engine
    engine.dispose()


def _add(engine: sa.Engine, *items: Item) -> None:
    with Session(engine) as session:
        session.add_all(items)
        session.commit()


def test_members_round_trip(engine: sa.Engine) -> None:
    _add(
        engine,
        Item(color=Color.red, level=Level.high, mode=Mode.write),
        Item(color=Color.green, level=Level.low, mode=Mode.read),
    )
    with Session(engine) as session:
        rows = session.execute(
            sa.select(Item.color, Item.level, Item.mode, Item.plugin).order_by(Item.id)
        ).all()
    assert [tuple(row) for row in rows] == [
        (Color.red, Level.high, Mode.write, Plugin.core),
        (Color.green, Level.low, Mode.read, Plugin.core),
    ]
    assert all(type(row.color) is Color and type(row.mode) is Mode for row in rows)


def test_names_are_stored_unless_values_are_asked_for(engine: sa.Engine) -> None:
    _add(engine, Item(color=Color.green, level=Level.high, mode=Mode.read))
    with engine.connect() as connection:
        stored = connection.execute(sa.text("SELECT color, level, mode, plugin FROM item")).one()
    assert tuple(stored) == ("green", "high", "r", "core")


def test_an_alias_is_stored_as_its_canonical_member(engine: sa.Engine) -> None:
    _add(engine, Item(color=Color.crimson, level=Level.low, mode=Mode.read))
    with engine.connect() as connection:
        assert connection.execute(sa.text("SELECT color FROM item")).scalar_one() == "red"
    with Session(engine) as session:
        assert session.scalars(sa.select(Item.color)).one() is Color.red


def test_filter_by_member(engine: sa.Engine) -> None:
    _add(
        engine,
        Item(color=Color.red, level=Level.low, mode=Mode.read),
        Item(color=Color.green, level=Level.high, mode=Mode.write),
        Item(color=Color.red, level=Level.high, mode=Mode.write),
    )
    with Session(engine) as session:
        reds = session.scalars(sa.select(Item.id).where(Item.color == Color.red)).all()
        writes = session.scalars(
            sa.select(Item.id).where(Item.mode == Mode.write, Item.level == Level.high)
        ).all()
        crimson = session.scalars(sa.select(Item.id).where(Item.color == Color.crimson)).all()
        either = session.scalars(
            sa.select(Item.id).where(Item.mode.in_([Mode.read, Mode.write]))
        ).all()
    assert sorted(reds) == [1, 3]
    assert sorted(writes) == [2, 3]
    assert sorted(crimson) == [1, 3]
    assert sorted(either) == [1, 2, 3]


def test_loaded_objects_compare_to_members(engine: sa.Engine) -> None:
    _add(engine, Item(color=Color.green, level=Level.high, mode=Mode.write))
    with Session(engine) as session:
        item = session.scalars(sa.select(Item)).one()
        assert item.color is Color.green
        assert item.level is Level.high
        assert item.mode is Mode.write
        item.color = Color.red
        session.commit()
    with Session(engine) as session:
        assert session.scalars(sa.select(Item.color)).one() is Color.red


def test_a_foreign_value_in_the_database_is_an_error(engine: sa.Engine) -> None:
    with engine.begin() as connection:
        connection.execute(
            sa.text(
                "INSERT INTO item (color, level, mode, plugin) VALUES ('blue', 'low', 'r', 'core')"
            )
        )
    with Session(engine) as session, pytest.raises(LookupError, match="blue"):
        session.scalars(sa.select(Item.color)).all()


def test_enum_column_refuses_members_an_open_enum_gains_later(engine: sa.Engine) -> None:
    class Kind(Enum, open=True):
        core = 1

    class Tag(StrEnum, open=True):
        core = "CORE"

    table = sa.Table(
        "kinds",
        sa.MetaData(),
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("kind", sa.Enum(Kind)),
        sa.Column("tag", sa.Enum(Tag)),
    )
    table.create(engine)
    late_kind = Kind.extend("late", 2)
    late_tag = Tag.extend("late", "LATE")
    with engine.begin() as connection, pytest.raises(sa.exc.StatementError, match="late"):
        connection.execute(table.insert(), {"kind": late_kind, "tag": Tag.core})
    # A str member SQLAlchemy does not know is written as the plain string (its
    # value, where known members are stored by name), then cannot be read back.
    with engine.begin() as connection:
        connection.execute(table.insert(), {"kind": Kind.core, "tag": late_tag})
        stored = connection.execute(sa.text("SELECT kind, tag FROM kinds")).one()
        assert tuple(stored) == ("core", "LATE")
        with pytest.raises(LookupError, match="'LATE' is not among the defined enum values"):
            connection.execute(sa.select(table.c.tag)).all()


def test_enum_by_value_stores_members_an_open_enum_gains_later(engine: sa.Engine) -> None:
    extra = Plugin.try_from_value("extra") or Plugin.extend("extra", "extra")
    _add(engine, Item(color=Color.red, level=Level.low, mode=Mode.read, plugin=extra))
    with engine.connect() as connection:
        assert connection.execute(sa.text("SELECT plugin FROM item")).scalar_one() == "extra"
    with Session(engine) as session:
        assert session.scalars(sa.select(Item.plugin)).one() is extra
        found = session.scalars(sa.select(Item.id).where(Item.plugin == extra)).all()
    assert found == [1]
