"""Against the working tree with --no-import, the old side is read without a checkout: the
answer is the same as the full reading's, whatever the working tree holds."""

from __future__ import annotations

from check_helpers import BEFORE, Repo

AFTER_RENAME = BEFORE.replace("green", "lime")


def test_modified_deleted_untracked_and_unchanged_files(repo: Repo) -> None:
    repo.commit(
        {
            "app/__init__.py": "",
            "app/models.py": BEFORE,
            "app/gone.py": "from enum import Enum\nclass Gone(Enum):\n    a = 1\n",
            "app/same.py": "from enum import IntEnum\nclass Same(IntEnum):\n    a = 1\n",
            "pyproject.toml": '[project]\nname = "app"\nrequires-python = ">=3.11"\n',
        }
    )
    (repo.root / "app" / "gone.py").unlink()
    repo.write(
        {
            "app/models.py": AFTER_RENAME,
            "app/new.py": "from enum import Enum\nclass New(Enum):\n    a = 1\n",
        }
    )
    fast = repo.check("--against", "HEAD", "--no-import", "--show-compatible")
    full = repo.check("--against", "HEAD", "--no-import", "--show-compatible", "--full")
    assert (fast.status, fast.out, fast.err) == (full.status, full.out, full.err)
    assert sorted(fast.rules) == ["enum-added", "enum-removed", "member-renamed"]


def test_the_old_side_of_an_unchanged_file_reads_as_its_own(repo: Repo) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": BEFORE})
    repo.commit({"app/models.py": AFTER_RENAME})
    # The working tree equals HEAD; the old side, HEAD~1, differs: written from git.
    fast = repo.check("--against", "HEAD~1", "--no-import")
    full = repo.check("--against", "HEAD~1", "--no-import", "--full")
    assert fast.rules == full.rules == ["member-renamed"]
    assert fast.err == full.err


def test_two_revisions_read_without_a_checkout_equal_the_full_reading(repo: Repo) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": BEFORE, "app/keep.py": "X = 1\n"})
    repo.commit({"app/models.py": AFTER_RENAME, "app/extra.py": BEFORE.replace("Color", "Hue")})
    repo.write({"app/models.py": BEFORE})  # the working tree differs from both
    fast = repo.check("--against", "HEAD~1", "--new", "HEAD", "--no-import", "--show-compatible")
    full = repo.check(
        "--against", "HEAD~1", "--new", "HEAD", "--no-import", "--show-compatible", "--full"
    )
    assert (fast.status, fast.out, fast.err) == (full.status, full.out, full.err)
    assert sorted(fast.rules) == ["enum-added", "enum-added", "member-renamed"]
