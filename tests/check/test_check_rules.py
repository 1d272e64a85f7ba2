"""One test per rule: two commits of a small repository, the exact findings, the exit status.

Each test's change is the rule's case; without the rule the output would be
empty and the status 0.
"""

from __future__ import annotations

from check_helpers import Repo

INIT = {"app/__init__.py": ""}


def _two(repo: Repo, before: str, after: str) -> None:
    repo.commit({**INIT, "app/models.py": before}, "old")
    repo.write({"app/models.py": after})


def test_nothing_changed_exits_0_and_prints_nothing(repo: Repo) -> None:
    source = """
    from enum import Enum
    class Color(Enum):
        red = 1
    """
    _two(repo, source, source)
    result = repo.check("--against", "HEAD")
    assert (result.status, result.out) == (0, "")
    assert result.err == (
        "typed-enum check: 0 breaking changes in 0 enums (1 enum compared with HEAD); "
        "policy: the defaults (no pyproject.toml in the working tree)\n"
    )


def test_enum_removed(repo: Repo) -> None:
    _two(
        repo,
        """
        from enum import Enum
        class Color(Enum):
            red = 1
        class Size(Enum):
            small = 1
        """,
        """
        from enum import Enum
        class Color(Enum):
            red = 1
        """,
    )
    result = repo.check("--against", "HEAD")
    assert result.lines == [
        "app/models.py:4: fails: enum-removed: app.models.Size is no longer importable under "
        "this path: code that imports it and data that names it (pickles) break",
        "    fix: keep it importable there (a re-export from its new module is enough) while "
        "stored data or code may name it",
    ]
    assert result.status == 1


def test_a_moved_enum_still_importable_under_its_old_path_is_not_removed(repo: Repo) -> None:
    repo.commit(
        {
            **INIT,
            "app/models.py": """
            from enum import Enum
            class Size(Enum):
                small = 1
            """,
        }
    )
    repo.write(
        {
            "app/models.py": "from app.sizes import Size\n\n__all__ = ['Size']\n",
            "app/sizes.py": """
            from enum import Enum
            class Size(Enum):
                small = 1
            """,
        }
    )
    result = repo.check("--against", "HEAD")
    assert (result.status, result.out) == (0, "")


def test_member_removed(repo: Repo) -> None:
    _two(
        repo,
        """
        from enum import Enum
        class Color(Enum):
            red = 1
            green = 2
        """,
        """
        from enum import Enum
        class Color(Enum):
            red = 1
        """,
    )
    result = repo.check("--against", "HEAD")
    assert result.lines == [
        "app/models.py:2: fails: member-removed: member Color.green was removed and no name "
        "accepts its value 2 any more: Color(2) and Color['green'] raise on stored data; "
        "stored nowhere the check found (judged as stored both ways)",
        "    fix: restore it; or, if another member now means the same, keep its name as that "
        "member's alias (green = alias(other)); if its stored data must not load any more, "
        "retire it (green = reserved(2)) and convert the stored data first",
    ]
    assert result.status == 1


def test_member_renamed(repo: Repo) -> None:
    _two(
        repo,
        """
        from enum import Enum
        class Color(Enum):
            red = 1
            green = 2
        """,
        """
        from enum import Enum
        class Color(Enum):
            red = 1
            lime = 2
        """,
    )
    result = repo.check("--against", "HEAD")
    assert result.lines == [
        "app/models.py:4: fails: member-renamed: member Color.green is gone and its value 2 "
        "now belongs to the new Color.lime: stored names raise (Color['green']); stored 2 "
        "(and pickles) now load as Color.lime; stored nowhere the check found (judged as "
        "stored both ways)",
        "    fix: if lime means what green meant, keep the old name (green = alias(lime)); if "
        "not, retire the value (green = reserved(2)) and give lime a value of its own",
    ]
    assert result.status == 1


def test_value_changed_names_the_inserted_auto_member(repo: Repo) -> None:
    _two(
        repo,
        """
        from enum import IntEnum, auto
        class Status(IntEnum):
            pending = auto()
            paid = auto()
        """,
        """
        from enum import IntEnum, auto
        class Status(IntEnum):
            pending = auto()
            authorised = auto()
            paid = auto()
        """,
    )
    result = repo.check("--against", "HEAD")
    assert result.lines == [
        "app/models.py:5: fails: value-changed: member Status.paid changed value from 2 to 3 "
        "(shifted by the inserted auto() member Status.authorised): stored 2 now reads as "
        "Status.authorised; stored nowhere the check found (judged as stored both ways)",
        "    fix: give it its old value back (where auto() moved it, write the number out, or "
        "add new auto() members after the old ones); if the new value is intended, convert "
        "the stored values before deploying",
    ]
    assert result.status == 1


def test_value_changed_says_when_a_member_became_an_alias(repo: Repo) -> None:
    # python-telegram-bot 22.8's PollLimit.MIN_OPTION_NUMBER, in small.
    _two(
        repo,
        """
        from enum import IntEnum
        class PollLimit(IntEnum):
            MIN_OPTION_LENGTH = 1
            MIN_OPTION_NUMBER = 2
        """,
        """
        from enum import IntEnum
        class PollLimit(IntEnum):
            MIN_OPTION_LENGTH = 1
            MIN_OPTION_NUMBER = 1
        """,
    )
    result = repo.check("--against", "HEAD")
    assert result.lines == [
        "app/models.py:4: fails: value-changed: member PollLimit.MIN_OPTION_NUMBER changed "
        "value from 2 to 1; it became an alias of PollLimit.MIN_OPTION_LENGTH by taking its "
        "value: stored 2 no longer loads: PollLimit(2) raises; stored nowhere the check found "
        "(judged as stored both ways)",
        "    fix: give it its old value back (where auto() moved it, write the number out, or "
        "add new auto() members after the old ones); if the new value is intended, convert "
        "the stored values before deploying",
    ]
    assert result.status == 1


def test_value_reused(repo: Repo) -> None:
    _two(
        repo,
        """
        from enum import Enum
        class Color(Enum):
            red = 1
            green = 2
            blue = 3
        """,
        """
        from enum import Enum
        class Color(Enum):
            red = 1
            blue = 2
        """,
    )
    result = repo.check("--against", "HEAD")
    # One line, sorted by member name: blue's own change, then what green's stored 2 became.
    assert result.lines == [
        "app/models.py:4: fails: value-changed: member Color.blue changed value from 3 to 2: "
        "stored 3 no longer loads: Color(3) raises; stored nowhere the check found (judged as "
        "stored both ways)",
        "    fix: give it its old value back (where auto() moved it, write the number out, or "
        "add new auto() members after the old ones); if the new value is intended, convert "
        "the stored values before deploying",
        "app/models.py:4: fails: value-reused: member Color.green was removed and its value 2 "
        "now belongs to Color.blue: stored 2 now silently reads as Color.blue; stored nowhere "
        "the check found (judged as stored both ways)",
        "    fix: restore the removed member (or its reserved() line), or retire its value "
        "with reserved() and give blue a value (or name) of its own",
    ]
    assert result.status == 1


def test_alias_removed(repo: Repo) -> None:
    _two(
        repo,
        """
        from enum import Enum
        class Color(Enum):
            red = 1
            crimson = 1
        """,
        """
        from enum import Enum
        class Color(Enum):
            red = 1
        """,
    )
    result = repo.check("--against", "HEAD")
    assert result.lines == [
        "app/models.py:2: fails: alias-removed: alias Color.crimson (of Color.red) no longer "
        "resolves: Color.crimson and Color['crimson'] raise, on stored names too; stored "
        "nowhere the check found (judged as stored both ways)",
        "    fix: keep the alias (crimson = alias(red)) while stored data or callers may use "
        "the name",
    ]
    assert result.status == 1


def test_open_changed(repo: Repo) -> None:
    _two(
        repo,
        """
        from typed_enum import Enum
        class Plugin(Enum, open=True):
            core = 1
        """,
        """
        from typed_enum import Enum
        class Plugin(Enum):
            core = 1
        """,
    )
    result = repo.check("--against", "HEAD")
    assert result.lines == [
        "app/models.py:2: fails: open-changed: Plugin was open and is now closed: members "
        "added at run time with extend() now fail, and stored values only such members had no "
        "longer load; stored nowhere the check found (judged as stored both ways)",
        "    fix: keep the declaration it had (open=True keeps members added with extend() "
        "loading; a closed enum keeps every match over it exhaustive), or first change every "
        "reader of its stored data",
    ]
    assert result.status == 1


def test_base_changed(repo: Repo) -> None:
    _two(
        repo,
        """
        from enum import IntEnum
        class Level(IntEnum):
            low = 1
        """,
        """
        from enum import Enum
        class Level(Enum):
            low = 1
        """,
    )
    result = repo.check("--against", "HEAD")
    assert result.lines == [
        "app/models.py:2: fails: base-changed: Level changed from IntEnum to Enum: int "
        "behaviour (== with ints, ordering, arithmetic, int(x)) is gone; stored values still "
        "load, code that relied on it breaks; stored nowhere the check found (judged as "
        "stored both ways)",
        "    fix: keep the stdlib base it had (IntEnum, StrEnum, Flag, ...), or first change "
        "every caller that relies on its behaviour",
    ]
    assert result.status == 1


def test_nested_enums_are_compared_by_qualified_name(repo: Repo) -> None:
    _two(
        repo,
        """
        from enum import StrEnum
        class Order:
            class Kind(StrEnum):
                retail = "retail"
                wholesale = "wholesale"
        """,
        """
        from enum import StrEnum
        class Order:
            class Kind(StrEnum):
                retail = "retail"
        """,
    )
    result = repo.check("--against", "HEAD", "--format", "json")
    assert result.status == 1
    assert '"enum": "app.models.Order.Kind"' in result.out
    assert '"member": "wholesale"' in result.out


def test_additions_and_reordering_are_listed_only_with_show_compatible(repo: Repo) -> None:
    _two(
        repo,
        """
        from enum import Enum
        class Color(Enum):
            red = 1
            green = 2
        """,
        """
        from enum import Enum
        class Color(Enum):
            green = 2
            red = 1
            blue = 3
        """,
    )
    quiet = repo.check("--against", "HEAD")
    assert (quiet.status, quiet.out) == (0, "")
    shown = repo.check("--against", "HEAD", "--show-compatible")
    assert shown.lines == [
        "app/models.py:2: compatible: members-reordered: Color's members were reordered "
        "(iteration order changed, values kept)",
        "app/models.py:5: compatible: member-added: Color.blue was added (value 3)",
    ]
    assert shown.status == 0


def test_new_compares_two_revisions_instead_of_the_working_tree(repo: Repo) -> None:
    repo.commit({**INIT, "app/models.py": "from enum import Enum\nclass C(Enum):\n    a = 1\n"})
    repo.commit({"app/models.py": "from enum import Enum\nclass C(Enum):\n    b = 2\n"})
    # The working tree is back to the first version: only --new sees the change.
    repo.write({"app/models.py": "from enum import Enum\nclass C(Enum):\n    a = 1\n"})
    assert repo.check("--against", "HEAD~1").out == ""
    result = repo.check("--against", "HEAD~1", "--new", "HEAD")
    assert result.lines == [
        "app/models.py:2: fails: member-removed: member C.a was removed and no name accepts "
        "its value 1 any more: C(1) and C['a'] raise on stored data; stored nowhere the check "
        "found (judged as stored both ways)",
        "    fix: restore it; or, if another member now means the same, keep its name as that "
        "member's alias (a = alias(other)); if its stored data must not load any more, retire "
        "it (a = reserved(1)) and convert the stored data first",
    ]
    assert result.status == 1


def test_value_changed_says_when_an_alias_became_a_member_of_its_own(repo: Repo) -> None:
    # python-telegram-bot 22.8's InvoiceLimit.SUBSCRIPTION_MAX_PRICE, in small.
    _two(
        repo,
        """
        from enum import IntEnum
        class InvoiceLimit(IntEnum):
            MAX_STAR_COUNT = 2500
            SUBSCRIPTION_MAX_PRICE = 2500
        """,
        """
        from enum import IntEnum
        class InvoiceLimit(IntEnum):
            MAX_STAR_COUNT = 2500
            SUBSCRIPTION_MAX_PRICE = 10000
        """,
    )
    result = repo.check("--against", "HEAD")
    assert result.lines == [
        "app/models.py:4: fails: value-changed: alias InvoiceLimit.SUBSCRIPTION_MAX_PRICE "
        "changed value from 2500 to 10000; it is a member of its own now: code that uses "
        "InvoiceLimit.SUBSCRIPTION_MAX_PRICE now gets 10000; stored data holds "
        "InvoiceLimit.MAX_STAR_COUNT, unchanged, and still loads; stored nowhere the check "
        "found (judged as stored both ways)",
        "    fix: give it its old value back (where auto() moved it, write the number out, or "
        "add new auto() members after the old ones); if the new value is intended, convert "
        "the stored values before deploying",
    ]
    assert result.status == 1
