"""Where each enum is stored, read from the source (typed_enum.check.storage.find):
one section a library, then what the reader cannot read."""

from __future__ import annotations

import textwrap
from pathlib import Path

from typed_enum.check.storage import StorageMap, find

ENUMS = """
import enum
class Status(enum.Enum):
    open = "o"
    closed = "c"
class Color(enum.StrEnum):
    red = "r"
class Size(enum.IntEnum):
    small = 1
"""
KNOWN = ("shop.enums.Status", "shop.enums.Color", "shop.enums.Size")


def _find(tmp_path: Path, files: dict[str, str], enums: tuple[str, ...] = KNOWN) -> StorageMap:
    for name, source in {"shop/__init__.py": "", "shop/enums.py": ENUMS, **files}.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source).lstrip("\n"))
    return find(tmp_path, ["shop"], enums)


def _places(storage: StorageMap) -> set[tuple[str, str, str, str, str]]:
    """(enum, where, how, library, kind) of every place."""
    return {
        (p.enum, p.where, p.how, p.library, p.kind)
        for places in storage.places.values()
        for p in places
    }


# SQLAlchemy ------------------------------------------------------------------------------


def test_sqlalchemy_enum_columns_store_names(tmp_path: Path) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/models.py": """
            import sqlalchemy as sa
            from sqlalchemy import Column, Enum as SAEnum
            from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
            from shop.enums import Status, Color
            class Base(DeclarativeBase):
                pass
            class Order(Base):
                __tablename__ = "orders"
                id: Mapped[int] = mapped_column(primary_key=True)
                status = Column(SAEnum(Status))
                color: Mapped[Color] = mapped_column(sa.Enum(Color, native_enum=False))
            """
        },
    )
    assert _places(storage) == {
        ("shop.enums.Status", "shop.models.Order.status", "name", "SQLAlchemy", "Enum column"),
        (
            "shop.enums.Color",
            "shop.models.Order.color",
            "name",
            "SQLAlchemy",
            "Enum column, native_enum=False",
        ),
    }
    assert storage.how("shop.enums.Status") == "name"
    assert storage.how("shop.enums.Size") is None
    assert storage.unread == []


def test_sqlalchemy_values_callable_stores_values(tmp_path: Path) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/models.py": """
            from sqlalchemy import Column, Enum
            from sqlalchemy.orm import declarative_base
            from shop import enums
            Base = declarative_base()
            class Order(Base):
                __tablename__ = "orders"
                status = Column(Enum(enums.Status, values_callable=lambda e: [m.value for m in e]))
            """
        },
    )
    assert _places(storage) == {
        (
            "shop.enums.Status",
            "shop.models.Order.status",
            "value",
            "SQLAlchemy",
            "Enum column, values_callable",
        )
    }


def test_sqlalchemy_mapped_infers_an_enum_column_by_name(tmp_path: Path) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/models.py": """
            from typing import Optional
            from sqlalchemy import String, ForeignKey
            from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
            from shop.enums import Status, Color, Size
            class Base(DeclarativeBase):
                pass
            class Order(Base):
                __tablename__ = "orders"
                status: Mapped[Status]
                color: Mapped[Optional[Color]] = mapped_column(default=None)
                size: Mapped["Size | None"] = mapped_column("size_db")
                # A type given: no Enum inferred (a string column of its own).
                other: Mapped[Status] = mapped_column(String(10))
                # A list is no Enum column.
                many: Mapped[list[Size]] = mapped_column(default=list)
            """
        },
    )
    inferred = "Mapped[...] column (Enum inferred)"
    assert _places(storage) == {
        ("shop.enums.Status", "shop.models.Order.status", "name", "SQLAlchemy", inferred),
        ("shop.enums.Color", "shop.models.Order.color", "name", "SQLAlchemy", inferred),
        ("shop.enums.Size", "shop.models.Order.size", "name", "SQLAlchemy", inferred),
    }


def test_sqlalchemy_type_annotation_map_with_values_callable_stores_values(
    tmp_path: Path,
) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/base.py": """
            import enum
            import sqlalchemy
            from sqlalchemy.orm import DeclarativeBase
            class Base(DeclarativeBase):
                type_annotation_map = {
                    enum.Enum: sqlalchemy.Enum(enum.Enum, values_callable=lambda e: [m.value for m in e]),
                }
            """,
            "shop/models.py": """
            from sqlalchemy.orm import Mapped
            from shop.base import Base
            from shop.enums import Status
            class Order(Base):
                __tablename__ = "orders"
                status: Mapped[Status]
            """,
        },
    )
    assert _places(storage) == {
        (
            "shop.enums.Status",
            "shop.models.Order.status",
            "value",
            "SQLAlchemy",
            "Mapped[...] column (Enum inferred, values_callable in type_annotation_map)",
        )
    }


def test_sqlalchemy_table_columns_and_a_shared_type(tmp_path: Path) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/tables.py": """
            import sqlalchemy as sa
            from shop.enums import Status, Size
            metadata = sa.MetaData()
            size_type = sa.Enum(Size, name="size")
            orders = sa.Table(
                "orders",
                metadata,
                sa.Column("status", sa.Enum(Status)),
                sa.Column("size", size_type),
                sa.Column("kind", sa.Enum("a", "b", name="kind")),
            )
            """
        },
    )
    assert _places(storage) == {
        ("shop.enums.Status", "shop.tables.orders.status", "name", "SQLAlchemy", "Enum column"),
        ("shop.enums.Size", "shop.tables.orders.size", "name", "SQLAlchemy", "Enum column"),
    }


def test_sqlalchemy_postgresql_enum_and_an_enum_of_another_package(tmp_path: Path) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/models.py": """
            from sqlalchemy import Column, Integer
            from sqlalchemy.dialects import postgresql
            from sqlalchemy.orm import declarative_base
            from http import HTTPStatus
            from shop.enums import Status
            Base = declarative_base()
            class Order(Base):
                __tablename__ = "orders"
                id = Column(Integer, primary_key=True)
                status = Column(postgresql.ENUM(Status, name="status"))
                http = Column(postgresql.ENUM(HTTPStatus, name="http"))
            """
        },
    )
    assert _places(storage) == {
        ("shop.enums.Status", "shop.models.Order.status", "name", "SQLAlchemy", "Enum column"),
    }
    assert storage.unread == []


# Django ----------------------------------------------------------------------------------


def test_django_choices_fields_store_values(tmp_path: Path) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/models.py": """
            from django.db import models
            from shop.enums import Color
            class Ticket(models.Model):
                class Priority(models.IntegerChoices):
                    LOW = 1
                    HIGH = 2
                priority = models.IntegerField(choices=Priority.choices)
                again = models.IntegerField(choices=Priority)
                color: Color = models.CharField(max_length=1)
            """
        },
        (*KNOWN, "shop.models.Ticket.Priority"),
    )
    assert _places(storage) == {
        (
            "shop.models.Ticket.Priority",
            "shop.models.Ticket.priority",
            "value",
            "Django",
            "model field IntegerField(choices=)",
        ),
        (
            "shop.models.Ticket.Priority",
            "shop.models.Ticket.again",
            "value",
            "Django",
            "model field IntegerField(choices=)",
        ),
        (
            "shop.enums.Color",
            "shop.models.Ticket.color",
            "value",
            "Django",
            "model field CharField typed Color",
        ),
    }


def test_django_enum_fields_store_values_and_form_fields_store_nothing(tmp_path: Path) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/models.py": """
            from django import forms
            from django.db import models
            from django_enum import EnumField
            from django_choices_field import TextChoicesField
            from shop.enums import Status, Color
            class Order(models.Model):
                status = EnumField(Status)
                color = TextChoicesField(choices_enum=Color)
            class OrderForm(forms.Form):
                status = forms.ChoiceField(choices=Status)
            """
        },
    )
    assert _places(storage) == {
        (
            "shop.enums.Status",
            "shop.models.Order.status",
            "value",
            "Django",
            "model field EnumField",
        ),
        (
            "shop.enums.Color",
            "shop.models.Order.color",
            "value",
            "Django",
            "model field TextChoicesField",
        ),
    }


# pydantic --------------------------------------------------------------------------------


def test_pydantic_model_fields_store_values(tmp_path: Path) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/api.py": """
            from dataclasses import dataclass
            from typing import Annotated, ClassVar, Optional, TypedDict
            import pydantic
            from .enums import Status, Color, Size
            class Line(TypedDict):
                size: Size
            class Base(pydantic.BaseModel):
                pass
            class Order(Base):
                status: Optional[Status]
                colors: list[Color] = []
                lines: "dict[str, Line]"
                default: ClassVar[Status] = Status.open
            class Item(pydantic.BaseModel):
                color: Annotated[Color | None, pydantic.Field(default=None)]
                order: Order
            class NotAModel:
                status: Status
            """
        },
    )
    assert _places(storage) == {
        ("shop.enums.Status", "shop.api.Order.status", "value", "pydantic", "model field"),
        ("shop.enums.Color", "shop.api.Order.colors", "value", "pydantic", "model field"),
        # The nested TypedDict's field, stored with the model.
        ("shop.enums.Size", "shop.api.Order.lines.size", "value", "pydantic", "model field"),
        ("shop.enums.Color", "shop.api.Item.color", "value", "pydantic", "model field"),
    }


def test_pydantic_dataclasses_store_values(tmp_path: Path) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/api.py": """
            from pydantic.dataclasses import dataclass
            from shop.enums import Size
            @dataclass
            class Box:
                size: Size
            """
        },
    )
    assert _places(storage) == {
        ("shop.enums.Size", "shop.api.Box.size", "value", "pydantic", "model field")
    }


# msgspec ---------------------------------------------------------------------------------


def test_msgspec_struct_fields_store_values(tmp_path: Path) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/events.py": """
            from dataclasses import dataclass
            import msgspec
            from shop.enums import Status, Size
            @dataclass
            class Part:
                size: Size
            class Event(msgspec.Struct, frozen=True):
                status: Status | None
                parts: list[Part]
            """
        },
    )
    assert _places(storage) == {
        ("shop.enums.Status", "shop.events.Event.status", "value", "msgspec", "Struct field"),
        ("shop.enums.Size", "shop.events.Event.parts.size", "value", "msgspec", "Struct field"),
    }


# Re-exports, both ways, and what cannot be read ------------------------------------------


def test_an_enum_imported_through_a_re_export_is_found_under_its_own_path(
    tmp_path: Path,
) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/__init__.py": "from shop.enums import Status as Status\n",
            "shop/models.py": """
            from pydantic import BaseModel
            from sqlalchemy import Column, Enum, Integer
            from sqlalchemy.orm import declarative_base
            from shop import Status
            Base = declarative_base()
            class Order(BaseModel):
                status: Status
            class Row(Base):
                __tablename__ = "rows"
                id = Column(Integer, primary_key=True)
                status = Column(Enum(Status))
            """,
        },
    )
    assert storage.how("shop.enums.Status") == "both"
    assert [p.described for p in storage.of("shop.enums.Status")] == [
        "by value in shop.models.Order.status (pydantic model field)",
        "by name in shop.models.Row.status (SQLAlchemy Enum column)",
    ]


def test_what_cannot_be_read_is_named_never_stored_nowhere(tmp_path: Path) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/models.py": """
            from pydantic import BaseModel
            from sqlalchemy import Column, Enum
            from shop.enums import Status
            class Order(BaseModel):
                status: "list[Status"
            class Row:
                status = Column(Enum(pick_enum()))
            """,
            "shop/broken.py": "from sqlalchemy import Column\nclass Broken(:\n",
            "shop/plain_broken.py": "def f(:\n",
        },
    )
    assert _places(storage) == set()
    broken, *rest = storage.unread
    assert (broken.what, broken.file, broken.line) == ("shop.broken", "shop/broken.py", 1)
    # The parser's wording differs between Python versions.
    assert broken.why.startswith("cannot be read (SyntaxError: ")
    assert broken.why.endswith(
        "(line 2)): the models in it were not read, and where the enums they store are "
        "stored is unknown"
    )
    # A module that mentions no library of models is no model: not listed.
    assert [(u.what, u.file, u.line, u.why) for u in rest] == [
        (
            "shop.models.Order.status",
            "shop/models.py",
            5,
            "pydantic model field annotated 'list[Status', which does not parse",
        ),
        (
            "shop.models.Row.status",
            "shop/models.py",
            7,
            "SQLAlchemy Enum(pick_enum()): which enum it stores cannot be read from the source",
        ),
    ]


# SQLAlchemy by import ----------------------------------------------------------------------

FACTORY = """
import enum
from sqlalchemy import Column, Enum, Integer
from sqlalchemy.orm import DeclarativeBase, Mapped
from shop.enums import Status, Color, Size

def by_value(enum_class: type[enum.Enum]) -> Enum:
    return Enum(enum_class, values_callable=lambda members: [str(m.value) for m in members])

class Base(DeclarativeBase):
    type_annotation_map = {Size: by_value(Size)}

class Order(Base):
    __tablename__ = "orders"
    id = Column(Integer, primary_key=True)
    status = Column(by_value(Status))
    color = Column(Enum(Color))
    size: Mapped[Size]
"""


def test_sqlalchemy_columns_are_read_by_import_where_the_module_imports(tmp_path: Path) -> None:
    storage = _find(tmp_path, {"shop/models.py": FACTORY})
    # What SQLAlchemy built: the factory's values_callable, and the type map's (the
    # source, which follows the factory, said the same: its words are kept).
    assert _places(storage) == {
        (
            "shop.enums.Status",
            "shop.models.Order.status",
            "value",
            "SQLAlchemy",
            "Enum column, values_callable through by_value()",
        ),
        ("shop.enums.Color", "shop.models.Order.color", "name", "SQLAlchemy", "Enum column"),
        (
            "shop.enums.Size",
            "shop.models.Order.size",
            "value",
            "SQLAlchemy",
            "Mapped[...] column (Enum inferred, values_callable in type_annotation_map)",
        ),
    }
    assert [p.line for p in storage.of("shop.enums.Status")] == [15]
    assert storage.unread == []


def test_from_the_source_alone_the_factory_is_followed_into_its_body(
    tmp_path: Path,
) -> None:
    # The same module where it cannot be imported (here: reading by import switched off).
    for name, source in {"shop/__init__.py": "", "shop/enums.py": ENUMS}.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(textwrap.dedent(source).lstrip("\n"))
    (tmp_path / "shop/models.py").write_text(FACTORY.lstrip("\n"))
    storage = find(tmp_path, ["shop"], KNOWN, imports=False)
    # by_value()'s Enum(enum_class, values_callable=...): values, in the column and in
    # the type map's entry for Size.
    assert _places(storage) == {
        (
            "shop.enums.Status",
            "shop.models.Order.status",
            "value",
            "SQLAlchemy",
            "Enum column, values_callable through by_value()",
        ),
        ("shop.enums.Color", "shop.models.Order.color", "name", "SQLAlchemy", "Enum column"),
        (
            "shop.enums.Size",
            "shop.models.Order.size",
            "value",
            "SQLAlchemy",
            "Mapped[...] column (Enum inferred, values_callable in type_annotation_map)",
        ),
    }
    assert storage.unread == []
    assert storage.unknown == {}


def test_a_module_that_cannot_be_imported_keeps_the_source_reading(tmp_path: Path) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/models.py": "import not_installed_anywhere\n"
            + FACTORY.replace("values_callable=lambda members: [str(m.value) for m in members]", "")
        },
    )
    assert storage.how("shop.enums.Size") == "name"
    assert storage.how("shop.enums.Color") == "name"


def test_sqlmodel_tables_store_names_and_its_other_models_values(tmp_path: Path) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/models.py": """
            from typing import Optional
            from sqlmodel import Field, SQLModel
            from shop.enums import Status, Color
            class OrderBase(SQLModel):
                color: Color
            class Order(OrderBase, table=True):
                id: Optional[int] = Field(default=None, primary_key=True)
                status: Status
            """
        },
        # sqlmodel is not installed: read from the source.
    )
    assert _places(storage) == {
        ("shop.enums.Color", "shop.models.OrderBase.color", "value", "pydantic", "model field"),
        (
            "shop.enums.Status",
            "shop.models.Order.status",
            "name",
            "SQLAlchemy",
            "SQLModel table field (Enum)",
        ),
    }
