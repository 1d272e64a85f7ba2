"""Django's Choices: found in modules that import them from django.db.models.enums, and
read from the source where the module cannot be imported (a models module needs
configured settings): the label is dropped, TextChoices' auto() is the name."""

from __future__ import annotations

from check_helpers import Repo

BEFORE = """
from django.db import models
from django.db.models.enums import IntegerChoices, TextChoices
class Level(IntegerChoices):
    LOW = 1, "Low"
    HIGH = 2
class Ticket(models.Model):
    class Status(TextChoices):
        NEW = "new", "New"
        DONE = "done", "Done"
    status = models.CharField(choices=Status.choices, max_length=4)
"""


def test_choices_of_a_models_module_are_read_from_the_source(repo: Repo) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": BEFORE})
    # DONE renamed, value kept; Level.HIGH's value changed; a label changed (no finding).
    repo.write(
        {
            "app/models.py": BEFORE.replace('DONE = "done", "Done"', 'CLOSED = "done", "Closed"')
            .replace("HIGH = 2", "HIGH = 3")
            .replace('"Low"', '"Lowest"')
        }
    )
    result = repo.check("--against", "HEAD", "--show-compatible")
    assert "not imported" in result.err
    assert "read from the source" in result.err
    assert result.lines == [
        "app/models.py:5: fails: value-changed: member Level.HIGH changed value from 2 to 3: "
        "stored 2 no longer loads: Level(2) raises; stored nowhere the check found (judged as "
        "stored both ways)",
        "    fix: give it its old value back (where auto() moved it, write the number out, or "
        "add new auto() members after the old ones); if the new value is intended, convert "
        "the stored values before deploying",
        "app/models.py:9: listed: member-renamed: member Ticket.Status.DONE is gone and its "
        "value 'done' now belongs to the new Ticket.Status.CLOSED: stored 'done' (and "
        "pickles) now load as Ticket.Status.CLOSED: the reviewer decides whether CLOSED means "
        "what DONE meant; stored by value in app.models.Ticket.status (Django model field "
        "CharField(choices=))",
        "    fix: if CLOSED means what DONE meant, keep the old name (DONE = alias(CLOSED)); "
        "if not, retire the value (DONE = reserved('done')) and give CLOSED a value of its "
        "own",
    ]
    assert result.status == 1


def test_text_choices_auto_is_the_name(repo: Repo) -> None:
    source = (
        "from django.db import models\nfrom enum import auto\n"
        "class Ticket(models.Model):\n"
        "    class Kind(models.TextChoices):\n        BUG = auto()\n        IDEA = auto()\n"
    )
    repo.commit({"app/__init__.py": "", "app/models.py": source})
    # Read from the source on both sides: values 'BUG' and 'IDEA' (TextChoices keeps
    # the name), so a lower-case literal is a value change.
    repo.write({"app/models.py": source.replace("IDEA = auto()", 'IDEA = "idea"')})
    result = repo.check("--against", "HEAD")
    assert result.lines == [
        "app/models.py:6: fails: value-changed: member Ticket.Kind.IDEA changed value from "
        "'IDEA' to 'idea': stored 'IDEA' no longer loads: Ticket.Kind('IDEA') raises; stored "
        "nowhere the check found (judged as stored both ways)",
        "    fix: give it its old value back (where auto() moved it, write the number out, or "
        "add new auto() members after the old ones); if the new value is intended, convert "
        "the stored values before deploying",
    ]
