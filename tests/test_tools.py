"""The benchmark and profiling tools under ``tools/`` still name code that exists (they are not
run by the tests; a renamed function would otherwise break them silently)."""

from __future__ import annotations

import importlib
import sys

from conftest import ROOT


def test_every_step_profile_build_times_exists():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        profile_build = importlib.import_module("profile_build")
    finally:
        sys.path.remove(str(ROOT / "tools"))
    missing = []
    for module_name, dotted in profile_build.STEPS:
        owner = importlib.import_module(module_name)
        for attr in dotted.split("."):
            owner = getattr(owner, attr, None)
        if not callable(owner):
            missing.append(f"{module_name}.{dotted}")
    assert len(profile_build.STEPS) >= 20
    assert missing == []
