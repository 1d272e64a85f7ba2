"""The storage map judges an enum by name or by value only on complete, positive evidence
(issue 51): every reference in a model-like place is read, or the enum's storage is
"unknown" with the place named; names are resolved as Python resolves them."""

from __future__ import annotations

import textwrap
import warnings
from pathlib import Path

import pytest

from typed_enum.check.storage import StorageMap, find

ENUMS = """
import enum
class Status(enum.Enum):
    open = "o"
    closed = "c"
class Color(enum.StrEnum):
    red = "r"
"""
KNOWN = ("shop.enums.Status", "shop.enums.Color")
DECLARE = (
    'declare how it is stored in pyproject.toml: [tool.typed_enum.check.storage] "{}" '
    '= "name" (or "value", "both")'
)


def _find(
    tmp_path: Path,
    files: dict[str, str],
    enums: tuple[str, ...] = KNOWN,
    imports: bool = False,
    paths: tuple[str, ...] = ("shop",),
) -> StorageMap:
    for name, source in {"shop/__init__.py": "", "shop/enums.py": ENUMS, **files}.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source).lstrip("\n"))
    return find(tmp_path, list(paths), enums, imports)


def _places(storage: StorageMap) -> set[tuple[str, str, str, str]]:
    """(enum, where, how, kind) of every place."""
    return {(p.enum, p.where, p.how, p.kind) for places in storage.places.values() for p in places}


def _because(storage: StorageMap, enum: str) -> list[tuple[str, str, int, str]]:
    return [(u.what, u.file, u.line, u.why) for u in storage.unknown_because(enum)]


# A project's own column helper -------------------------------------------------------------

HELPERS = """
from sqlalchemy import Column, Enum

def EnumColumn(enum_type, *args, **kwargs):
    return Column(Enum(enum_type, native_enum=True), *args, **kwargs)

def ValueEnum(enum_type, **kwargs):
    return Enum(enum_type, values_callable=lambda x: [m.value for m in x], **kwargs)

def Nested(kind, **kwargs):
    return EnumColumn(kind, nullable=False)
"""


@pytest.mark.parametrize("imports", [False, True])
def test_a_column_helper_of_another_module_is_followed_into_its_body(
    tmp_path: Path, imports: bool
) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/db/__init__.py": "",
            "shop/db/util.py": HELPERS,
            "shop/models.py": """
            from sqlalchemy import Column, Integer
            from sqlalchemy.orm import declarative_base
            from shop.db.util import EnumColumn, ValueEnum, Nested
            from shop.enums import Status, Color
            Base = declarative_base()
            class Order(Base):
                __tablename__ = "orders"
                id = Column(Integer, primary_key=True)
                status = EnumColumn(Status, nullable=False)
                color = Column(ValueEnum(Color))
            class Line(Base):
                __tablename__ = "lines"
                id = Column(Integer, primary_key=True)
                status = Nested(Status)
            """,
        },
        imports=imports,
    )
    source_words = {
        ("shop.enums.Status", "shop.models.Order.status", "name"),
        ("shop.enums.Color", "shop.models.Order.color", "value"),
        ("shop.enums.Status", "shop.models.Line.status", "name"),
    }
    assert {(e, w, h) for e, w, h, _ in _places(storage)} == source_words
    assert (
        "shop.enums.Status",
        "shop.models.Order.status",
        "name",
        "Enum column through EnumColumn()",
    ) in _places(storage)
    assert storage.how("shop.enums.Status") == "name"
    assert storage.how("shop.enums.Color") == "value"
    assert storage.unknown == {}


def test_a_helper_the_check_cannot_follow_makes_the_storage_unknown(tmp_path: Path) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/models.py": """
            from sqlalchemy import Column, Integer, JSON
            from sqlalchemy.orm import declarative_base
            from sqlalchemy_utils import ChoiceType
            from shop.enums import Status, Color
            Base = declarative_base()
            class Order(Base):
                __tablename__ = "orders"
                id = Column(Integer, primary_key=True)
                status = Column(ChoiceType(Status))
                data = Column(JSON, default={"color": Color.red})
            """,
        },
    )
    assert storage.places == {}
    assert storage.how("shop.enums.Status") == "unknown"
    assert _because(storage, "shop.enums.Status") == [
        (
            "shop.models.Order.status",
            "shop/models.py",
            9,
            "Order names shop.enums.Status in `status = Column(ChoiceType(Status))`, which the "
            "check cannot read as stored by name or by value; "
            + DECLARE.format("shop.enums.Status"),
        )
    ]
    assert storage.how("shop.enums.Color") == "unknown"
    assert "`data = Column(JSON, default={'color': Color.red})`" in (
        storage.unknown_because("shop.enums.Color")[0].why
    )


def test_an_enum_no_model_names_is_stored_nowhere(tmp_path: Path) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/models.py": """
            from sqlalchemy import Column, Enum, Integer
            from sqlalchemy.orm import declarative_base
            from shop.enums import Status, Color
            Base = declarative_base()
            class Order(Base):
                __tablename__ = "orders"
                id = Column(Integer, primary_key=True)
                status = Column(Enum(Status), default=Status.open)
                def paint(self) -> Color:  # a method: no storage
                    return Color.red
            class Painter:  # no model
                color = Color.red
            """,
        },
    )
    assert storage.how("shop.enums.Status") == "name"
    assert storage.how("shop.enums.Color") is None
    assert storage.unknown_because("shop.enums.Color") == []


def test_a_model_module_that_does_not_parse_makes_the_enums_it_names_unknown(
    tmp_path: Path,
) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/base.py": "from sqlalchemy.orm import declarative_base\n"
            "Model = declarative_base()\n",
            # No library named there: the project's own base; Status named, Color not.
            "shop/models.py": "from shop.base import Model\nfrom shop.enums import Status\n"
            "class Order(Model:\n    status = Status.open\n",
        },
    )
    assert storage.how("shop.enums.Status") == "unknown"
    assert storage.how("shop.enums.Color") is None
    [(what, file, line, why)] = _because(storage, "shop.enums.Status")
    assert (what, file, line) == ("shop.models", "shop/models.py", 1)
    assert why.startswith("cannot be read (SyntaxError: ")
    assert why.endswith(DECLARE.format("shop.enums.Status"))


# pydantic --------------------------------------------------------------------------------

PYDANTIC = """
from typing import ClassVar, Literal
from pydantic import BaseModel, PrivateAttr, field_serializer, model_serializer
from shop.enums import Status, Color

class Named(BaseModel):
    status: Status
    color: Color

    @field_serializer("status")
    def _status(self, value: Status) -> str:
        return value.name

    @field_serializer("color")
    def _color(self, value: Color) -> str:
        return f"{value.value}!"

class Whole(BaseModel):
    status: Status

    @model_serializer
    def _all(self) -> dict[str, str]:
        return {"s": self.status.name}

class Private(BaseModel):
    _status: Status = PrivateAttr(default=Status.open)
    hidden: Status = PrivateAttr()
    default: ClassVar[Status] = Status.open

class Picked(BaseModel):
    kind: Literal[Color.red]
"""


def test_pydantic_serializers_private_attributes_and_literal_members(tmp_path: Path) -> None:
    storage = _find(tmp_path, {"shop/api.py": PYDANTIC})
    assert _places(storage) == {
        (
            "shop.enums.Status",
            "shop.api.Named.status",
            "name",
            "model field, @field_serializer('status') _status()",
        ),
        ("shop.enums.Color", "shop.api.Picked.kind", "value", "model field"),
    }
    assert [(w, f, line) for w, f, line, _ in _because(storage, "shop.enums.Color")] == [
        ("shop.api.Named.color", "shop/api.py", 7)
    ]
    assert _because(storage, "shop.enums.Color")[0][3].startswith(
        "pydantic @field_serializer('color') _color() (line 14) writes this field of "
        "shop.enums.Color in a way the check cannot read; "
    )
    assert [(w, line) for w, _, line, _ in _because(storage, "shop.enums.Status")] == [
        ("shop.api.Whole.status", 18)
    ]
    assert storage.how("shop.enums.Status") == "unknown"


def test_pydantic_fields_of_a_plain_mixin_are_the_models(tmp_path: Path) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/mixins.py": "from shop.enums import Status\nclass HasStatus:\n"
            "    status: Status = Status.open\n",
            "shop/api.py": """
            from pydantic import BaseModel
            from shop.mixins import HasStatus
            class Order(BaseModel, HasStatus):
                number: int
            """,
        },
    )
    assert _places(storage) == {
        ("shop.enums.Status", "shop.api.Order.status", "value", "model field")
    }
    assert storage.how("shop.enums.Status") == "value"


# Names resolved as Python does ----------------------------------------------------------


def test_star_re_exports_are_followed(tmp_path: Path) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/types.py": "from shop.enums import *\n",
            "shop/api.py": """
            from pydantic import BaseModel
            from shop.types import Status
            class Order(BaseModel):
                status: Status
            """,
        },
    )
    assert storage.how("shop.enums.Status") == "value"


DJANGO_CHOICES = """
from django.db import models
class State(models.TextChoices):
    CREATED = "CREATED"
    DONE = "DONE"
"""


def test_django_apps_imported_by_their_short_names(tmp_path: Path) -> None:
    # proj/ is a package; its apps import each other as top-level packages (the
    # folder on sys.path), as Django projects often do.
    files = {
        "proj/__init__.py": "",
        "proj/fsm/__init__.py": "",
        "proj/fsm/state_choices.py": DJANGO_CHOICES,
        "proj/tasks/__init__.py": "",
        "proj/tasks/models.py": """
        from django.db import models
        from fsm.state_choices import State
        class Task(models.Model):
            state = models.CharField(max_length=10, choices=State.choices)
        """,
    }
    storage = _find(tmp_path, files, ("proj.fsm.state_choices.State",), paths=("proj",))
    assert _places(storage) == {
        (
            "proj.fsm.state_choices.State",
            "proj.tasks.models.Task.state",
            "value",
            "model field CharField(choices=)",
        )
    }
    assert storage.how("proj.fsm.state_choices.State") == "value"


def test_a_short_name_that_is_the_standard_library_is_not_taken_for_the_tree(
    tmp_path: Path,
) -> None:
    files = {
        "proj/__init__.py": "",
        "proj/json/__init__.py": "",
        "proj/json/enums.py": "import enum\nclass Mode(enum.Enum):\n    a = 1\n",
        "proj/models.py": """
        from django.db import models
        from json.enums import Mode
        class Task(models.Model):
            mode = models.IntegerField(choices=Mode.choices)
        """,
    }
    storage = _find(tmp_path, files, ("proj.json.enums.Mode",), paths=("proj",))
    assert storage.how("proj.json.enums.Mode") is None


# Quiet parsing ---------------------------------------------------------------------------


def test_parsing_the_users_code_prints_no_syntax_warning(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        storage = _find(
            tmp_path,
            {
                "shop/api.py": """
                from pydantic import BaseModel
                from shop.enums import Status
                PATTERN = "\\d+"
                class Order(BaseModel):
                    status: "Status"
                """,
            },
        )
    assert storage.how("shop.enums.Status") == "value"
    assert "SyntaxWarning" not in capfd.readouterr().err


# By import -------------------------------------------------------------------------------


def test_an_array_of_enum_column_is_read_by_import(tmp_path: Path) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/models.py": """
            from sqlalchemy import ARRAY, Column, Enum, Integer
            from sqlalchemy.orm import declarative_base
            from shop.enums import Status
            Base = declarative_base()
            class Order(Base):
                __tablename__ = "orders"
                id = Column(Integer, primary_key=True)
                history = Column(ARRAY(Enum(Status)))
            """,
        },
        imports=True,
    )
    assert _places(storage) == {
        ("shop.enums.Status", "shop.models.Order.history", "name", "Enum column")
    }
    assert storage.unknown == {}


def test_indexes_and_constraints_store_nothing(tmp_path: Path) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/models.py": """
            from django.db import models
            from sqlalchemy import CheckConstraint, Column, Integer, String
            from sqlalchemy.orm import declarative_base
            from shop.enums import Status, Color
            Base = declarative_base()
            class Order(models.Model):
                status = models.CharField(max_length=1, choices=Status.choices)
                class Meta:
                    indexes = [models.Index("status", condition=models.Q(status=Status.open))]
            class Row(Base):
                __tablename__ = "rows"
                __table_args__ = (CheckConstraint(f"color = '{Color.red.value}'"),)
                id = Column(Integer, primary_key=True)
            """,
        },
    )
    assert storage.how("shop.enums.Status") == "value"
    assert storage.how("shop.enums.Color") is None


class _Decorated:
    """SQLAlchemy 1.4's TypeDecorator: ``impl`` is the instance, no ``impl_instance``."""

    impl = "the Enum"


def test_a_type_decorator_of_sqlalchemy_1_4_is_read_through_impl() -> None:
    from typed_enum.check.storage._imported import _impl

    assert _impl(_Decorated()) == "the Enum"
    decorated = _Decorated()
    decorated.impl_instance = "2.x"  # type: ignore[attr-defined]
    assert _impl(decorated) == "2.x"


def test_a_module_alias_is_followed_and_an_expression_makes_the_modules_enums_unknown(
    tmp_path: Path,
) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/models.py": """
            from sqlalchemy import Column, Enum, Integer
            from sqlalchemy.orm import declarative_base
            from shop.enums import Status, Color
            Base = declarative_base()
            Kind = Status
            def pick(): ...
            class Order(Base):
                __tablename__ = "orders"
                id = Column(Integer, primary_key=True)
                kind = Column(Enum(Kind))
                other = Column(Enum(pick()))
            """,
        },
    )
    assert ("shop.enums.Status", "shop.models.Order.kind", "name", "Enum column") in _places(
        storage
    )
    # Enum(pick()): any enum the module names may be the one.
    assert storage.how("shop.enums.Status") == "unknown"
    assert storage.how("shop.enums.Color") == "unknown"
    assert [u.what for u in storage.unread] == ["shop.models.Order.other"]


def test_a_declared_attr_method_builds_a_column_of_the_class(tmp_path: Path) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/models.py": """
            from sqlalchemy import Column, Enum
            from sqlalchemy.orm import declared_attr
            from shop.enums import Status, Color
            class StatusMixin:
                @declared_attr
                def status(cls) -> Column:
                    return Column(Enum(Status), nullable=False)
                @declared_attr
                def color(cls) -> Column:
                    return Column(make_type(Color))
            """,
        },
    )
    assert _places(storage) == {
        ("shop.enums.Status", "shop.models.StatusMixin.status", "name", "Enum column")
    }
    # A type the check cannot read, in a column of a model's mixin: unknown.
    assert [u.what for u in storage.unknown_because("shop.enums.Color")] == [
        "shop.models.StatusMixin.color"
    ]


def test_pydantic_json_encoders_and_annotated_serializers_make_the_storage_unknown(
    tmp_path: Path,
) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/api.py": """
            from typing import Annotated
            from pydantic import BaseModel, PlainSerializer
            from shop.enums import Status, Color
            class Old(BaseModel):
                status: Status
                class Config:
                    json_encoders = {Status: lambda s: s.name}
            class New(BaseModel):
                color: Annotated[Color, PlainSerializer(lambda c: c.name)]
            """,
        },
    )
    assert storage.places == {}
    assert [u.what for u in storage.unknown_because("shop.enums.Status")] == ["shop.api.Old.status"]
    assert [u.what for u in storage.unknown_because("shop.enums.Color")] == ["shop.api.New.color"]


def test_a_column_whose_default_is_a_members_value_stores_values(tmp_path: Path) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/models.py": """
            from sqlalchemy import Column, Integer, String
            from sqlalchemy.orm import Mapped, declarative_base, mapped_column
            from shop.enums import Status, Color
            Base = declarative_base()
            class Order(Base):
                __tablename__ = "orders"
                id = Column(Integer, primary_key=True)
                status = Column(String(1), default=Status.open.value)
                color: Mapped[str] = mapped_column(default=Color.red)  # the member: unknown
            """,
        },
    )
    assert _places(storage) == {
        (
            "shop.enums.Status",
            "shop.models.Order.status",
            "value",
            "column default=Status.open.value",
        )
    }
    assert storage.how("shop.enums.Color") == "unknown"


def test_the_import_step_puts_the_folder_of_short_named_apps_on_the_path(
    tmp_path: Path,
) -> None:
    files = {
        "proj/__init__.py": "",
        "proj/kinds/__init__.py": "",
        "proj/kinds/enums.py": "import enum\nclass Kind(enum.Enum):\n    a = 'x'\n",
        "proj/orders/__init__.py": "",
        "proj/orders/models.py": """
        from sqlalchemy import Column, Enum, Integer
        from sqlalchemy.orm import declarative_base
        from kinds.enums import Kind
        Base = declarative_base()
        by_value = lambda e: Enum(e, values_callable=lambda m: [x.value for x in m])
        class Order(Base):
            __tablename__ = "orders"
            id = Column(Integer, primary_key=True)
            kind = Column(by_value(Kind))
        """,
    }
    enums = ("proj.kinds.enums.Kind",)
    # From the source: a lambda it does not follow, unknown; imported: values.
    source = _find(tmp_path, files, enums, paths=("proj",))
    assert source.how("proj.kinds.enums.Kind") == "unknown"
    imported = _find(tmp_path, files, enums, imports=True, paths=("proj",))
    assert _places(imported) == {
        (
            "proj.kinds.enums.Kind",
            "proj.orders.models.Order.kind",
            "value",
            "Enum column, values_callable",
        )
    }
    assert imported.how("proj.kinds.enums.Kind") == "value"


def test_show_storage_says_which_places_were_not_read(tmp_path: Path) -> None:
    from typed_enum.check.storage.report import show

    storage = _find(
        tmp_path,
        {
            "shop/models.py": """
            from sqlalchemy import Column, Enum, Integer
            from sqlalchemy.orm import declarative_base
            from sqlalchemy_utils import ChoiceType
            from shop.enums import Status, Color
            Base = declarative_base()
            class Order(Base):
                __tablename__ = "orders"
                id = Column(Integer, primary_key=True)
                status = Column(Enum(Status))
                color = Column(ChoiceType(Color))
            """,
        },
    )
    assert show(storage, KNOWN, "the working tree") == (
        "storage of the enums in the working tree (read from the source of its models):\n"
        "shop.enums.Color: storage unknown\n"
        "  not read: shop.models.Order.color  shop/models.py:10: Order names shop.enums.Color "
        "in `color = Column(ChoiceType(Color))`, which the check cannot read as stored by "
        "name or by value; " + DECLARE.format("shop.enums.Color") + "\n"
        "shop.enums.Status: stored by name\n"
        "  by name in shop.models.Order.status (SQLAlchemy Enum column)  shop/models.py:9\n"
    )


def test_class_constants_of_a_model_are_no_storage(tmp_path: Path) -> None:
    storage = _find(
        tmp_path,
        {
            "shop/models.py": """
            from django.db import models
            from pydantic import BaseModel, ConfigDict
            from shop.enums import Status, Color
            class Order(models.Model):
                OPEN_STATES = (Status.open,)
                CLOSED = frozenset({Status.closed})
                status = models.CharField(max_length=1)
            class Paint(BaseModel):
                model_config = ConfigDict(json_schema_extra={"example": {"c": Color.red}})
                name: str
            """,
        },
    )
    assert storage.unknown == {}
    assert storage.how("shop.enums.Status") is None
