"""The plugin's cost under mypy's daemon: what an editor pays on every save.

Editors run ``dmypy`` so that a save rechecks only what changed.  For one
package (a copy of its installed source), two configurations that differ
only by ``plugins = mypy_plugin`` each get ``--daemons`` daemons
(default 2), started alternately.  Every daemon runs the same script:

* ``dmypy check PKG`` (the initial check),
* ``--edits`` body edits (default 5): a small function appended to
  ``body_module``, each followed by ``dmypy check PKG``,
* one new member added to ``enum_class`` in ``enum_module``, then ``dmypy
  check PKG`` (the recheck that must turn non-exhaustive matches red).

The cost of a step is the daemon process's own CPU time (user + system,
from ``/proc/PID/stat``) around it: the client's time and the machine's
other load are not counted.  The sources are restored between daemons, so
each daemon sees the same edits.  With ``--verify``, after every step the
daemon's diagnostics are compared with a clean batch run on the same
sources (with the same configuration); mypy's daemon has discrepancies of
its own (kasa's dynamic base classes), so the report lists those the plugin
adds.

    python benchmarks/realcode.py --daemon telegram
    python benchmarks/daemon_recheck.py telegram  # the same, this module alone

Nothing asserts the timings; the table goes to benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from realcode import _command, _copy  # benchmarks/realcode.py, beside this script

_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Script:
    """Where a package is edited: a module for body edits, an enum to extend."""

    package: str
    body_module: str
    """Path inside the package of a big module that gets functions appended."""
    enum_module: str
    enum_class: str
    new_member: str
    """The line added after the class's last member (indented as its body)."""
    plugin_settings: str = ""
    """Lines for ``[mypy.plugins.typed_enum]`` on the side with the plugin."""


SCRIPTS = {
    "telegram": Script(
        "telegram", "_message.py", "constants.py", "ParseMode", '    TYPED_ENUM_NEW = "new"\n'
    ),
    "rich": Script("rich", "console.py", "color.py", "ColorType", "    TYPED_ENUM_NEW = 9\n"),
    "kasa": Script(
        "kasa", "device.py", "device_type.py", "DeviceType", '    TypedEnumNew = "new"\n'
    ),
}

# dmypy refuses follow_imports = silent; normal (the default) is what editors run.
OPTIONS = "[mypy]\ncheck_untyped_defs = true\n"
PLUGIN_LINE = "plugins = mypy_plugin\n"


def _cpu(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / _TICKS


def _dmypy(status: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "mypy.dmypy", "--status-file", str(status), *args]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=1800)


def _lines(out: str) -> list[str]:
    # mypy's batch run adds a hint the daemon leaves out; it is no diagnostic.
    return sorted(
        line
        for line in out.splitlines()
        if (": error:" in line or ": note:" in line) and "--install-types" not in line
    )


def _add_member(path: Path, enum_class: str, line: str) -> None:
    """Insert ``line`` after the last assignment in ``class enum_class``."""
    text = path.read_text().splitlines(keepends=True)
    start = next(i for i, t in enumerate(text) if t.startswith(f"class {enum_class}("))
    last = start
    for i in range(start + 1, len(text)):
        t = text[i]
        if t.strip() and not t.startswith((" ", "\t")):
            break
        stripped = t.strip()
        own_line = t.startswith("    ") and not t.startswith("     ")
        if own_line and "=" in stripped and stripped.split("=")[0].strip().isidentifier():
            last = i
    text.insert(last + 1, line)
    path.write_text("".join(text))


def _body_edit(path: Path, n: int) -> None:
    with path.open("a") as f:
        f.write(f"\n\ndef _typed_enum_edit_{n}(x: int) -> int:\n    return x + {n}\n")


@dataclass
class Daemon:
    plugin: bool
    steps: dict[str, list[float]]
    mismatches: list[str]
    """With ``--verify``: where the daemon's diagnostics differ from a batch run's."""


def _batch(root: Path, config: Path, package: str) -> list[str]:
    cache = Path(tempfile.mkdtemp(prefix="batch-", dir=root))
    try:
        done = subprocess.run(
            [sys.executable, "-m", "mypy", *_command(config, cache, [package])],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=1800,
        )
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    return _lines(done.stdout)


def run_daemon(root: Path, script: Script, plugin: bool, edits: int, verify: bool) -> Daemon:
    """One daemon through the script; the sources are restored after it."""
    package_dir = root / script.package
    body = package_dir / script.body_module
    enum_path = package_dir / script.enum_module
    saved = {body: body.read_bytes(), enum_path: enum_path.read_bytes()}
    config = root / ("with.ini" if plugin else "without.ini")
    text = OPTIONS
    if plugin:
        text += PLUGIN_LINE
        if script.plugin_settings:
            text += f"[mypy.plugins.typed_enum]\n{script.plugin_settings}"
    config.write_text(text)
    status = root / f"dmypy-{'with' if plugin else 'without'}.json"
    steps: dict[str, list[float]] = {}
    mismatches: list[str] = []
    started = _dmypy(status, "start", "--", "--config-file", str(config), cwd=root)
    if started.returncode != 0:
        raise RuntimeError(f"dmypy start failed: {started.stdout}{started.stderr}")
    try:
        pid = int(json.loads(status.read_text())["pid"])

        def step(name: str) -> None:
            before = _cpu(pid)
            done = _dmypy(status, "check", script.package, cwd=root)
            # The daemon answers before it is done accounting: let it settle.
            time.sleep(0.2)
            steps.setdefault(name, []).append(_cpu(pid) - before)
            if done.returncode not in (0, 1):
                raise RuntimeError(f"dmypy check failed: {done.stdout}{done.stderr}")
            if verify:
                batch = set(_batch(root, config, script.package))
                daemon = set(_lines(done.stdout))
                mismatches.extend(f"{name}: only daemon: {d}" for d in sorted(daemon - batch))
                mismatches.extend(f"{name}: only batch: {d}" for d in sorted(batch - daemon))

        step("initial check")
        for n in range(edits):
            _body_edit(body, n)
            step("first body edit" if n == 0 else "later body edits")
        _add_member(enum_path, script.enum_class, script.new_member)
        step("a new enum member")
    finally:
        _dmypy(status, "stop", cwd=root)
        for path, data in saved.items():
            path.write_bytes(data)
    return Daemon(plugin, steps, mismatches)


def measure(
    package: str, daemons: int = 2, edits: int = 5, verify: bool = False, settings: str = ""
) -> str:
    """Run the script on ``daemons`` daemons per side; a markdown table."""
    script = SCRIPTS[package]
    if settings:
        script = dataclasses.replace(script, plugin_settings=settings.replace(";", "\n") + "\n")
    results: list[Daemon] = []
    with tempfile.TemporaryDirectory(prefix=f"daemon-{package}-") as tmp:
        root = Path(tmp)
        _copy(package, root)
        for n in range(daemons):
            # Alternate which side goes first, so drift hits both alike.
            for plugin in (n % 2 == 1, n % 2 == 0):
                results.append(run_daemon(root, script, plugin, edits, verify))
    names = list(results[0].steps)
    rows = [
        f"| {package} | step | without plugin (CPU s, each daemon) | with plugin | ratio |",
        "|---|---|---|---|--:|",
    ]
    for name in names:
        sides = {
            plugin: [v for d in results if d.plugin == plugin for v in d.steps[name]]
            for plugin in (False, True)
        }
        medians = {p: statistics.median(v) for p, v in sides.items()}
        shown = {p: " / ".join(f"{v:.2f}" for v in vals) for p, vals in sides.items()}
        ratio = medians[True] / medians[False] if medians[False] else float("nan")
        rows.append(f"| | {name} | {shown[False]} | {shown[True]} | {ratio:.2f}x |")
    if verify:
        # mypy's daemon has discrepancies of its own: only those the plugin adds count.
        own = {m for d in results if not d.plugin for m in d.mismatches}
        added = sorted({m for d in results if d.plugin for m in d.mismatches} - own)
        rows.append(
            f"daemon == batch after every step: {'yes' if not added else 'NO'}"
            f" (mypy alone differs in {len(own)} lines; the plugin adds {len(added)})"
        )
        rows.extend(f"  {m}" for m in added)
    return "\n".join(rows)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("packages", nargs="*", default=list(SCRIPTS), choices=list(SCRIPTS))
    parser.add_argument("--daemons", type=int, default=2, help="daemons per side (default 2)")
    parser.add_argument("--edits", type=int, default=5, help="body edits (default 5)")
    parser.add_argument(
        "--verify", action="store_true", help="compare each step with a clean batch run"
    )
    parser.add_argument(
        "--settings",
        default="",
        help="plugin settings on the side with it, ';'-separated (member-value-type = false)",
    )
    args = parser.parse_args(argv)
    import mypy.version

    print(f"mypy {mypy.version.__version__}, Python {sys.version.split()[0]}")
    for package in args.packages:
        table = measure(package, args.daemons, args.edits, args.verify, args.settings)
        print(table, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
