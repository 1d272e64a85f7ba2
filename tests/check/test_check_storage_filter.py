"""The storage map of the changed enums reads only the files that can mention them."""

from __future__ import annotations

from pathlib import Path

from check_helpers import Repo

from typed_enum.check.incremental import storage_files

FILES = {
    "app/__init__.py": "",
    "app/enums.py": "from enum import Enum\nclass Status(Enum):\n    open = 1\n    closed = 2\n",
    # Bound to another name twice: the files naming only those names can store it too.
    "app/models.py": "from .enums import Status as OrderStatus\nKind = OrderStatus\n",
    "app/api.py": "from .models import Kind\nclass Order:\n    kind: Kind\n",
    # A library whose models the map reads: its bases and helpers may live here.
    "app/db.py": "import sqlalchemy\nBase = object\n",
    "app/unrelated.py": "STATUSES = ['open']\n",
}


def test_the_files_that_name_the_enum_or_a_name_bound_to_it_and_the_model_libraries(
    tmp_path: Path,
) -> None:
    for name, text in FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    chosen = storage_files(tmp_path, ["app"], ["app.enums.Status"])
    assert chosen == ["app/api.py", "app/db.py", "app/enums.py", "app/models.py"]
    assert storage_files(tmp_path, ["app"], []) == ["app/db.py"]


SQLA_BEFORE = """
import enum
from sqlalchemy import Column, Enum, Integer
from sqlalchemy.orm import declarative_base
Base = declarative_base()
class Status(enum.Enum):
    open = 1
    closed = 2
class Order(Base):
    __tablename__ = "orders"
    id = Column(Integer, primary_key=True)
    status = Column(Enum(Status))
"""


def test_a_finding_is_judged_by_the_same_storage_as_the_full_reading(repo: Repo) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": SQLA_BEFORE, "app/other.py": "X = 1\n"})
    # SQLAlchemy's Enum column stores names: the rename breaks, the value change does not.
    repo.write({"app/models.py": SQLA_BEFORE.replace("closed = 2", "shut = 2")})
    filtered = repo.check("--against", "HEAD", "--no-import")
    full = repo.check("--against", "HEAD", "--no-import", "--full")
    assert filtered.status == full.status == 1
    assert filtered.out == full.out
    assert filtered.err == full.err
    assert filtered.rules == ["member-renamed"]
