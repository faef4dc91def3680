"""The offline bundle of the page modules (banmen/site/scripts.py): pages opened from files
run the same ES modules as one classic script."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from banmen.site.scripts import BundleError, bundle
from conftest import ROOT

JS = ROOT / "banmen" / "site" / "assets" / "js"


def test_the_bundle_holds_every_module_once_in_dependency_order_and_is_deterministic():
    text = bundle(JS)
    assert text == bundle(JS)
    order = re.findall(r'^  modules\["([\w-]+)"\] = ', text, re.M)
    assert order[-1] == "main"
    # every module but the offline loader and the practice page's script (loaded with
    # import() on a served practice page only: it fetches its data)
    assert sorted(order) == sorted(p.stem for p in JS.glob("*.js")
                                   if p.stem not in ("offline-loader", "practice"))
    # each module comes after the modules it imports
    assert order.index("frames") < order.index("board-input") < order.index("puzzle-trainer")
    assert not re.search(r"^\s*(import|export) ", text, re.M)
    assert '    var createBoardInput = modules["board-input"].createBoardInput;' in text


@pytest.mark.skipif(shutil.which("node") is None, reason="node checks the syntax")
def test_the_bundle_is_valid_classic_javascript(tmp_path):
    out = tmp_path / "offline.js"
    out.write_text(bundle(JS), encoding="utf-8")
    result = subprocess.run(["node", "--check", str(out)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_imports_and_exports_in_another_form_are_refused_at_their_line(tmp_path):
    (tmp_path / "main.js").write_text('import { a } from "./b.js";\nexport default 1;\n',
                                      encoding="utf-8")
    (tmp_path / "b.js").write_text("export function a() {}\n", encoding="utf-8")
    with pytest.raises(BundleError) as err:
        bundle(tmp_path)
    assert str(err.value).endswith("main.js:2: expected 'import { a, b } from \"./x.js\";' "
                                   "or 'export function|var|let|const name'")


def test_a_name_not_exported_and_a_cycle_are_refused(tmp_path):
    (tmp_path / "main.js").write_text('import { nope } from "./b.js";\n', encoding="utf-8")
    (tmp_path / "b.js").write_text("export function a() {}\n", encoding="utf-8")
    with pytest.raises(BundleError, match="'nope' is not exported by b.js"):
        bundle(tmp_path)
    (tmp_path / "b.js").write_text('import { nope } from "./main.js";\n', encoding="utf-8")
    with pytest.raises(BundleError, match="import cycle main -> b"):
        bundle(tmp_path)
