"""docs/check.md's ``pull_request_target`` recipe, run against a hostile head.

The pull request's head (a fork's branch) ships a ``setup.py``, a ``conftest.py``, a
``sitecustomize.py``, an in-tree build backend and modules that each write a file when run.
The recipe's steps are read from the page: the checkout is done as ``actions/checkout`` does it
(a clone at the head commit, with the full history, in the folder ``head``), and each ``run:``
line is run by bash in a fresh virtual environment, with the event's values in the step's
``env:``. Nothing of the head may run, and the removed member must still be reported.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import yaml
from test_check_hooks import _env, _ok, _shipped_hooks

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "check.md").read_text()
TITLE = ".github/workflows/enums-target.yml"

MODELS = """\
from enum import Enum


class Status(Enum):
    pending = "pending"
    paid = "paid"
    shipped = "shipped"
"""


def _recipe() -> dict[str, object]:
    found = re.search(rf'```yaml title="{re.escape(TITLE)}"\n(.*?)```', PAGE, re.S)
    assert found, f"docs/check.md shows no {TITLE}"
    loaded = yaml.safe_load(found.group(1))
    assert isinstance(loaded, dict)
    return loaded


def _writes(marker: Path, what: str) -> str:
    """A line of Python that leaves ``marker/what`` behind when it runs."""
    return f"import pathlib; pathlib.Path({str(marker)!r}, {what!r}).write_text('ran')\n"


def _hostile_head(origin: Path, marker: Path, env: dict[str, str]) -> tuple[str, str]:
    """The base repository (base commit) and the fork's head commit on top of it."""
    (origin / "shop").mkdir(parents=True)
    (origin / "shop" / "__init__.py").write_text("")
    (origin / "shop" / "models.py").write_text(MODELS)
    _ok(["git", "init", "-q", "-b", "main"], origin, env)
    _ok(["git", "add", "-A"], origin, env)
    _ok(["git", "commit", "-q", "-m", "base"], origin, env)
    base = _ok(["git", "rev-parse", "HEAD"], origin, env).strip()
    _ok(["git", "checkout", "-q", "-b", "fork"], origin, env)
    files = {
        "shop/models.py": _writes(marker, "models") + MODELS.replace('    paid = "paid"\n', ""),
        "shop/__init__.py": _writes(marker, "package"),
        "setup.py": _writes(marker, "setup.py") + "from setuptools import setup\nsetup()\n",
        "conftest.py": _writes(marker, "conftest.py"),
        "sitecustomize.py": _writes(marker, "sitecustomize.py"),
        "backend.py": _writes(marker, "backend") + "from setuptools.build_meta import *\n",
        "pyproject.toml": (
            '[build-system]\nrequires = ["setuptools"]\nbuild-backend = "backend"\n'
            'backend-path = ["."]\n\n[project]\nname = "shop"\nversion = "1"\n'
        ),
    }
    for name, text in files.items():
        (origin / name).write_text(text)
    _ok(["git", "add", "-A"], origin, env)
    _ok(["git", "commit", "-q", "-m", "drop paid"], origin, env)
    head = _ok(["git", "rev-parse", "HEAD"], origin, env).strip()
    _ok(["git", "checkout", "-q", "main"], origin, env)
    return base, head


def test_the_pull_request_target_recipe_runs_nothing_of_the_head_and_finds_the_break(
    tmp_path: Path,
) -> None:
    recipe = _recipe()
    # YAML 1.1 reads the key `on` as True.
    assert recipe[True] == "pull_request_target"
    assert recipe["permissions"] == {"contents": "read"}
    jobs = recipe["jobs"]
    assert isinstance(jobs, dict)
    (job,) = jobs.values()
    steps = job["steps"]
    checkout = steps[0]
    assert checkout["uses"].startswith("actions/checkout@")
    assert checkout["with"] == {
        "ref": "${{ github.event.pull_request.head.sha }}",
        "path": "head",
        "fetch-depth": 0,
        "persist-credentials": False,
    }
    runs = [step for step in steps if "run" in step]
    assert runs, "the recipe has no run step"

    env = _env(tmp_path / "home")
    marker = tmp_path / "marker"
    marker.mkdir()
    base, head = _hostile_head(tmp_path / "origin", marker, env)
    # actions/checkout: the head commit, the whole history, in the folder "head".
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    _ok(["git", "clone", "-q", str(tmp_path / "origin"), "head"], workspace, env)
    _ok(["git", "checkout", "-q", "--detach", head], workspace / "head", env)
    # A clone of this checkout to install typed_enum from (TYPED_ENUM_GIT_URL).
    clone, _ = _shipped_hooks(tmp_path / "typed_enum", env)
    expressions = {
        "${{ vars.TYPED_ENUM_GIT_URL }}": f"file://localhost{clone}",
        "${{ github.event.pull_request.base.sha }}": base,
        "${{ github.event.pull_request.head.sha }}": head,
    }
    # actions/setup-python: a Python of its own, with nothing installed.
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env['PATH']}"
    env.pop("PYTHONPATH", None)
    env.pop("VIRTUAL_ENV", None)

    done = None
    for step in runs:
        # The event's values reach the shell through env:, never the command line.
        assert "${{" not in step["run"], step["run"]
        step_env = dict(env)
        for key, value in step.get("env", {}).items():
            step_env[key] = expressions[value]
        cwd = workspace / step.get("working-directory", ".")
        done = subprocess.run(
            ["bash", "-e", "-c", step["run"]],
            cwd=cwd,
            env=step_env,
            capture_output=True,
            text=True,
            timeout=900,
            check=False,
        )
        if step is not runs[-1]:
            assert done.returncode == 0, done.stdout + done.stderr
    assert done is not None
    assert sorted(p.name for p in marker.iterdir()) == []
    # The last step compares the head with the base commit, and fails on the removed member.
    assert done.returncode == 1, done.stdout + done.stderr
    assert re.search(
        r"^::error file=shop/models\.py,line=\d+,title=typed-enum member-removed::member "
        r"Status\.paid was removed",
        done.stdout,
        re.M,
    ), done.stdout
    assert f"compared with {base[:12]}, read from the source only" in done.stderr
    # typed_enum came from the clone, not from this checkout.
    where = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import typed_enum; print(typed_enum.__file__)"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert str(venv) in where
    # The control: the head's code does leave its files when it runs.
    subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import shop.models; import conftest"],
        cwd=workspace / "head",
        env=env,
        check=True,
    )
    assert sorted(p.name for p in marker.iterdir()) == ["conftest.py", "models", "package"]
