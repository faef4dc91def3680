"""``tools/setup.sh`` says nothing that looks like a failure on a fresh set-up (issue 33,
item 11): pip's harmless notes are left out, its errors, real warnings and exit status are
not. pip is replaced by a stand-in that prints what pip prints there (through Python's
warnings machinery, as pip passes on a build backend's warnings), so the test needs no
network and takes a second."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

#: What pip 26 prints on a fresh editable install of banmen: a line per package for a local
#: index of the machine's pip configuration that lacks it, setuptools' boxed note (passed on
#: by pip as a ``BuildBackendWarning``), and here also one real warning.
FAKE_PIP = r'''
import os, sys, warnings
if sys.argv[1:4] == ["-m", "pip", "install"]:
    print("WARNING: Location 'file:///opt/pypi-more/simple/pyyaml/' is ignored: it is "
          "neither a file nor a directory.", file=sys.stderr, flush=True)
    warnings.warn_explicit(
        "Editable installation.\n!!\n\n        " + "*" * 80 + "\n        Please be careful "
        "with folders in your working directory with the same\n        name as your package "
        "as they may take precedence during imports.\n        " + "*" * 80 + "\n\n!!",
        UserWarning, "/tmp/pip-build-env/setuptools/command/editable_wheel.py", 354)
    print("WARNING: Location 'file:///opt/pypi/simple/mkdocs/' is ignored: it is "
          "neither a file nor a directory.", file=sys.stderr, flush=True)
    print("WARNING: a real warning stays", file=sys.stderr, flush=True)
    if os.environ.get("FAKE_PIP_FAILS"):
        print("ERROR: No matching distribution found for pyyaml>=6.0", file=sys.stderr)
        sys.exit(1)
'''


def _project(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A copy of tools/setup.sh in a project whose .venv python is the stand-in, whose npm
    packages are installed already and with a stand-in npm on PATH (no apt, no network)."""
    (tmp_path / "tools").mkdir()
    shutil.copy(ROOT / "tools" / "setup.sh", tmp_path / "tools" / "setup.sh")
    (tmp_path / "package-lock.json").write_text("{}\n", encoding="utf-8")
    (tmp_path / "node_modules").mkdir()
    (tmp_path / "node_modules" / ".banmen-installed-lock").write_text("{}\n", encoding="utf-8")
    (tmp_path / "fake_pip.py").write_text(FAKE_PIP, encoding="utf-8")
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    for path, body in ((bin_dir / "python", f'exec "{sys.executable}" "{tmp_path}/fake_pip.py" "$@"'),
                       (tmp_path / "npm" / "npm", "exit 0")):
        path.parent.mkdir(exist_ok=True)
        path.write_text(f"#!/bin/sh\n{body}\n", encoding="utf-8")
        path.chmod(path.stat().st_mode | stat.S_IXUSR)
    env = {**os.environ, "PATH": f"{tmp_path / 'npm'}{os.pathsep}{os.environ['PATH']}"}
    env.pop("PYTHONWARNINGS", None)
    return tmp_path, env


def test_a_fresh_set_up_prints_no_harmless_pip_notes(tmp_path):
    project, env = _project(tmp_path)
    result = subprocess.run(["bash", "tools/setup.sh"], cwd=project, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    # once for each of the two pip installs (pip itself, then banmen)
    assert result.stderr == "WARNING: a real warning stays\n" * 2


def test_pip_errors_and_its_exit_status_still_come_through(tmp_path):
    project, env = _project(tmp_path)
    result = subprocess.run(["bash", "tools/setup.sh"], cwd=project,
                            env={**env, "FAKE_PIP_FAILS": "1"},
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert result.stderr == ("WARNING: a real warning stays\n"
                             "ERROR: No matching distribution found for pyyaml>=6.0\n")
