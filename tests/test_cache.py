"""The build cache and parallel drawing: a hit is neither checked nor drawn, every part of
the key is honoured (rules.yaml, renderer code), corrupt entries are rewritten, parallel
drawing gives the serial bytes, and page ids stay unique whatever the file names."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from banmen.cli import main
from banmen.site import cache as cache_module
from banmen.site.build import SiteBuild
from banmen.site.drawing import draw_boards
from banmen.site.onpage import inline_parts, page_parts
from conftest import ROOT

#: a small project: two games, a diagram, a puzzle, a sequence (cheap to check and draw).
PARTS = ["rules.yaml", "diagrams/ukejalayer/board.yaml", "diagrams/ukejalayer/step.yaml",
         "puzzles/ukejalayer/p01-movable-count.yaml", "sequences/ukejalayer/unlock-timeline.yaml",
         "diagrams/medamagaeru/step.yaml", "puzzles/medamagaeru/p01-capture-targets.yaml"]


#: the site entry's side work made so far in this process: (function, its inputs) -> result
_SIDE_WORK: dict[tuple, object] = {}


class _SideWorkOnce:
    """Stands in for :class:`banmen.site.forked.ForkedCall` here: the site entry's side work
    (the ludo simulations, the play board's parts: about 2 s of CPU) depends on the engines
    and their rules only, the same in every project of this file, so it is made once per
    process (here, not forked; ``tests/test_forked.py`` and the site builds run it forked)
    and its result handed to every later build that asks for the same."""

    def __init__(self, function, *args):
        import json

        def inputs(value):
            if hasattr(value, "rules") and hasattr(value, "id"):
                return [value.id, value.rules.to_json()]
            if isinstance(value, (list, tuple)):
                return [inputs(v) for v in value]
            return value

        key = (function.__qualname__, json.dumps(inputs(list(args)), sort_keys=True))
        if key not in _SIDE_WORK:
            _SIDE_WORK[key] = function(*args)
        self._value = _SIDE_WORK[key]

    def result(self):
        return self._value

    def cancel(self):
        pass


@pytest.fixture(autouse=True)
def _side_work_once(monkeypatch):
    monkeypatch.setattr("banmen.site.forked.ForkedCall", _SideWorkOnce)


@pytest.fixture
def project(tmp_path):
    for part in PARTS:
        (tmp_path / part).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / part, tmp_path / part)
    return tmp_path


def prepared(root: Path, **options) -> SiteBuild:
    build = SiteBuild(root, progress=False, jobs=1, **options)
    build.prepare()
    return build


def boards_of(build: SiteBuild, game: str) -> set[str]:
    return {k for k in build.svgs if k.split(":", 1)[1].startswith(game + "/")}


def test_a_second_build_checks_and_draws_nothing(project):
    first = prepared(project)
    assert sorted(first.stats.checked) == sorted(
        f"{p.split('/')[0]}/{p.split('/')[1]}/{Path(p).stem}" for p in PARTS[1:])
    # board, step, the puzzle, each frame of the sequence, and the two めだまがえる boards
    frames = len(first.content.sequences["ukejalayer/unlock-timeline"].frames)
    assert frames == 5
    assert len(first.stats.drawn) == len(first.svgs) == 1 + 1 + 1 + frames + 1 + 1
    assert (project / ".cache" / "banmen").is_dir()
    second = prepared(project)
    assert second.stats.checked == [] and second.stats.drawn == []
    assert second.svgs == first.svgs
    assert second.content.puzzles.keys() == first.content.puzzles.keys()
    assert second.content.parameters == first.content.parameters


def test_changing_a_rule_rechecks_and_redraws_exactly_that_games_items(project):
    (project / "sequences/ukejalayer/unlock-timeline.yaml").unlink()  # needs white_delay: 1
    first = prepared(project)
    rules = project / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("white_delay: 1", "white_delay: 2"),
                     encoding="utf-8")
    second = prepared(project)
    assert sorted(second.stats.checked) == ["diagrams/ukejalayer/board", "diagrams/ukejalayer/step",
                                            "puzzles/ukejalayer/p01-movable-count"]
    assert set(second.stats.drawn) == boards_of(first, "ukejalayer")
    medamagaeru = boards_of(first, "medamagaeru")
    assert medamagaeru and all(second.svgs[k] == first.svgs[k] for k in medamagaeru)
    assert "`2`" in second.content.parameters["ukejalayer"]


def test_editing_one_file_rechecks_only_that_file_and_redraws_only_changed_pictures(project):
    first = prepared(project)
    puzzle = project / "puzzles" / "ukejalayer" / "p01-movable-count.yaml"
    puzzle.write_text(puzzle.read_text(encoding="utf-8").replace("explanation: |",
                                                                  "explanation: |\n  解説。"),
                      encoding="utf-8")
    edited = prepared(project)
    assert edited.stats.checked == ["puzzles/ukejalayer/p01-movable-count"]
    assert edited.stats.drawn == []  # a new explanation does not change the picture
    assert edited.svgs == first.svgs
    diagram = project / "diagrams" / "ukejalayer" / "step.yaml"
    text = diagram.read_text(encoding="utf-8")
    diagram.write_text(text.replace("caption: b2 の", "caption: 図：b2 の"), encoding="utf-8")
    second = prepared(project)
    assert second.stats.checked == ["diagrams/ukejalayer/step"]
    # the caption is the board's screen-reader <title>: that one board is redrawn
    assert second.stats.drawn == ["diagram:ukejalayer/step:0"]
    assert second.content.diagrams["ukejalayer/step"].caption.startswith("図：b2 の")
    diagram.write_text(text + "highlight: [c3]\n", encoding="utf-8")
    third = prepared(project)
    assert third.stats.checked == ["diagrams/ukejalayer/step"]
    assert third.stats.drawn == ["diagram:ukejalayer/step:0"]
    assert third.svgs["diagram:ukejalayer/step:0"] != first.svgs["diagram:ukejalayer/step:0"]


def test_touching_renderer_code_redraws_everything(project, tmp_path, monkeypatch):
    first = prepared(project)
    package = tmp_path / "package"
    shutil.copytree(cache_module._PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(cache_module, "_PACKAGE", package)
    cache_module.forget_code_digests()
    try:
        assert prepared(project).stats.drawn == []  # same code, other folder: still hits
        renderer = package / "games" / "ukejalayer" / "drawing.py"
        renderer.write_text(renderer.read_text(encoding="utf-8") + "\n# touched\n",
                            encoding="utf-8")
        cache_module.forget_code_digests()
        again = prepared(project)
    finally:
        cache_module.forget_code_digests()
    assert sorted(again.stats.drawn) == sorted(first.svgs)
    assert again.svgs == first.svgs


def test_a_corrupt_entry_is_rewritten_not_served(project):
    import diskcache

    first = prepared(project)
    store = diskcache.Cache(str(project / ".cache" / "banmen"))
    svg_keys = sorted(k for k in store.iterkeys() if k.startswith("svg:"))
    assert len(svg_keys) == len(first.svgs)
    victim = svg_keys[0]
    good = store[victim]
    store[victim] = good[:-200]  # truncated: the digest in front no longer matches
    store.close()
    second = prepared(project)
    assert len(second.stats.checked) == 1 and 1 <= len(second.stats.drawn) <= 6
    assert second.svgs == first.svgs
    store = diskcache.Cache(str(project / ".cache" / "banmen"))
    assert store[victim] == good
    store.close()
    assert prepared(project).stats.drawn == []


def test_an_unreadable_view_entry_is_recomputed(project):
    import diskcache

    first = prepared(project)
    store = diskcache.Cache(str(project / ".cache" / "banmen"))
    for name in [k for k in store.iterkeys() if k.startswith("view:")]:
        store[name] = b"not a cache entry"
    store.close()
    second = prepared(project)
    assert len(second.stats.checked) == len(PARTS) - 1 and second.svgs == first.svgs


def test_no_cache_neither_reads_nor_writes(project):
    build = prepared(project, cache=False)
    assert not (project / ".cache").exists()
    assert len(build.stats.checked) == len(PARTS) - 1


def test_cache_clear_removes_the_folder(project):
    prepared(project)
    result = CliRunner().invoke(main, ["cache", "clear", "--root", str(project)])
    assert result.exit_code == 0
    assert not (project / ".cache" / "banmen").exists()
    assert f"removed {project / '.cache' / 'banmen'}" in result.output


def test_a_second_drawing_started_meanwhile_leaves_the_first_whole(project):
    # a page that needs a board missing from the cache draws it while the build's own
    # drawing goes on: the first drawing's shared counters must stay its own (freed, they
    # were handed to the second one and zeroed, and boards were drawn twice or never)
    import gc

    from banmen.content.check import check_project
    from banmen.site.drawing import BoardDrawing
    from banmen.site.views import view_of

    content = check_project(project)
    todo = [(b.key, game, spec) for kind in ("diagrams", "puzzles", "sequences")
            for item in getattr(content, kind).values() for b, game, spec in view_of(kind, item)[1]]
    serial = draw_boards(todo, jobs=1)
    first = BoardDrawing(todo, jobs=2)
    try:
        gc.collect()
        second = BoardDrawing(todo[:4], jobs=2)
        try:
            assert second.wait() == {k: serial[k] for k, _, _ in todo[:4]}
        finally:
            second.cancel()
        assert first.wait() == serial
    finally:
        first.cancel()


def test_parallel_drawing_gives_the_serial_bytes(project):
    from banmen.content.check import check_project
    from banmen.site.views import view_of

    content = check_project(project)
    todo = [(b.key, game, spec) for kind in ("diagrams", "puzzles", "sequences")
            for item in getattr(content, kind).values() for b, game, spec in view_of(kind, item)[1]]
    assert len(todo) >= 8
    assert draw_boards(todo, jobs=2) == draw_boards(todo, jobs=1)


def test_a_diagram_named_like_a_sequence_frame_shows_its_own_board(project):
    # frame 1 of the sequence 'unlock-timeline' and a diagram 'unlock-timeline-1'
    shutil.copy2(ROOT / "diagrams/ukejalayer/board.yaml",
                 project / "diagrams/ukejalayer/unlock-timeline-1.yaml")
    build = prepared(project)
    page = ("{{ diagram ukejalayer/unlock-timeline-1 }}\n\n{{ sequence ukejalayer/unlock-timeline }}"
            "\n\n{{ diagram ukejalayer/unlock-timeline-1 }}\n")
    expansion = build.expand(page, "docs/x.md")
    html = build.fill("\n".join(f"<p>{t}</p>" for t in expansion.tokens), expansion.tokens)
    figures = re.findall(r'<figure class="banmen-diagram".*?</figure>', html, flags=re.S)
    assert len(figures) == 2
    board = build.svgs["diagram:ukejalayer/unlock-timeline-1:0"]
    frame = build.svgs["sequence:ukejalayer/unlock-timeline:1"]
    assert board != frame
    # the diagram's own squares (its labels a1..d4 are drawn only there)
    shown = inline_parts(re.search(r"<svg[^>]*banmen-board.*?</svg>", figures[0], re.S).group(0),
                         page_parts(html))
    assert shown.count("<use") == board.count("<use")
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids))
    first_id, second_id = re.findall(r'class="banmen-diagram" id="([^"]+)"', html)
    assert second_id == first_id + "_2"


def test_file_names_that_differ_only_in_dots_dashes_or_kana_get_different_ids(project):
    for name in ("a.b", "a-b", "図", "表"):
        shutil.copy2(ROOT / "diagrams/ukejalayer/board.yaml",
                     project / f"diagrams/ukejalayer/{name}.yaml")
    build = prepared(project)
    page = "\n\n".join(f"{{{{ diagram ukejalayer/{n} }}}}" for n in ("a.b", "a-b", "図", "表"))
    expansion = build.expand(page, "docs/x.md")
    html = build.fill("\n".join(f"<p>{t}</p>" for t in expansion.tokens), expansion.tokens)
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids))
    assert [i for i in ids if not re.fullmatch(r"[a-z0-9_-]+", i)] == []
    assert len(re.findall(r'class="banmen-diagram" id="[^"]+-figure"', html)) == 4
    # glyph shapes are defined once on the page, in front of the first board
    glyphs = re.findall(r'<path id="(bm-glyph-[0-9a-f]{12})"', html)
    assert glyphs and len(glyphs) == len(set(glyphs))
    assert html.index('class="bm-glyphs"') < html.index('class="banmen-board"')


def test_a_warm_build_imports_neither_matplotlib_nor_the_engines(project):
    import subprocess
    import sys

    prepared(project)
    script = (
        "import sys\nfrom pathlib import Path\nfrom banmen.site.build import SiteBuild\n"
        f"b = SiteBuild(Path({str(project)!r}), progress=False)\nb.prepare()\n"
        "b.expand('{{ puzzles ukejalayer }}', 'docs/x.md')\n"
        "heavy = [m for m in sys.modules if m.split('.')[0] in ('matplotlib', 'pydantic')\n"
        "         or m.startswith('banmen.games') or m in ('banmen.game', 'banmen.content.check')]\n"
        "print(len(b.stats.checked), len(b.stats.drawn), len(b.svgs), sorted(heavy))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            timeout=300, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "0 0 10 []"


def test_two_builds_at_once_share_the_cache_safely(project):
    import subprocess
    import sys

    script = (
        "import hashlib, json\nfrom pathlib import Path\nfrom banmen.site.build import SiteBuild\n"
        f"b = SiteBuild(Path({str(project)!r}), progress=False, jobs=1)\nb.prepare()\n"
        "print(hashlib.sha256(json.dumps(b.svgs, sort_keys=True).encode()).hexdigest())\n"
    )
    runs = [subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, cwd=ROOT) for _ in range(2)]
    outputs = [run.communicate(timeout=600) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], outputs
    assert outputs[0][0] == outputs[1][0]
    again = prepared(project)
    assert again.stats.drawn == [] and again.stats.checked == []
    import hashlib
    import json
    assert hashlib.sha256(json.dumps(again.svgs, sort_keys=True).encode()).hexdigest() + "\n" \
        == outputs[0][0]


# ---- tampering: nothing read from the cache runs, every entry is bound to its name

def page_of(build: SiteBuild) -> str:
    """The HTML of a page showing every item of the project (what a reader would get)."""
    lines = [f"{{{{ diagram {i} }}}}" for i in build.content.diagrams]
    lines += [f"{{{{ puzzles {g} }}}}" for g in ("ukejalayer", "medamagaeru")]
    lines += [f"{{{{ sequence {i} }}}}" for i in build.content.sequences]
    expansion = build.expand("\n\n".join(lines), "docs/x.md")
    return build.fill(expansion.markdown, expansion.tokens)


def rows(project: Path) -> list[tuple]:
    import sqlite3

    with sqlite3.connect(project / ".cache" / "banmen" / "cache.db") as db:
        return db.execute("SELECT rowid, key, mode, filename, value FROM Cache ORDER BY key"
                          ).fetchall()


def sql(project: Path, statement: str, *args) -> None:
    import sqlite3

    db = sqlite3.connect(project / ".cache" / "banmen" / "cache.db")
    with db:
        db.execute(statement, args)
    db.close()


class _Exploit:
    """Unpickling this writes a file (what an attacker's entry would do)."""

    def __init__(self, target: Path):
        self.target = target

    def __reduce__(self):
        return (Path.write_text, (self.target, "ran"))


@pytest.fixture
def value_files(monkeypatch):
    """Values over 32 KB in files of their own (diskcache's default; caches written before
    boards were kept in the database have them too)."""
    monkeypatch.setattr("banmen.site.cache.VALUE_FILE_MIN", 2 ** 15)


def test_a_pickled_entry_in_the_database_or_a_value_file_never_runs(project, tmp_path,
                                                                     value_files):
    import pickle

    first = prepared(project)
    html = page_of(first)
    target = tmp_path / "pwned"
    payload = pickle.dumps(_Exploit(target))
    pickle.loads(payload)  # the payload works: it writes the file when unpickled
    assert target.read_text() == "ran"
    target.unlink()
    entries = rows(project)
    in_db = [r for r in entries if r[3] is None]
    in_files = [r for r in entries if r[3] is not None]
    assert in_db and in_files
    # 1: a value in the database marked as a pickle (diskcache's MODE_PICKLE = 4)
    for rowid, name, *_ in in_db:
        sql(project, "UPDATE Cache SET mode = 4, value = ? WHERE rowid = ?", payload, rowid)
    # 2: value files replaced by the pickle, the index told they are pickles
    for rowid, _name, _mode, filename, _value in in_files:
        (project / ".cache" / "banmen" / filename).write_bytes(payload)
        sql(project, "UPDATE Cache SET mode = 4 WHERE rowid = ?", rowid)
    second = prepared(project)
    assert not target.exists()
    assert sorted(second.stats.checked) == sorted(first.stats.checked)
    assert page_of(second) == html
    # 3: the pickle as the payload of a correctly sealed entry (the old format unpickled it)
    from banmen.site.cache import BuildCache

    cache = BuildCache(project)
    for name in [r[1] for r in rows(project) if r[1].startswith("view:")]:
        cache.set_bytes(name, payload)
    cache.close()
    third = prepared(project)
    assert not target.exists()
    assert len(third.stats.checked) == len(PARTS) - 1 and third.stats.drawn == []
    assert page_of(third) == html
    assert prepared(project).stats.checked == []


def test_the_cache_refuses_to_store_or_read_anything_but_bytes(project):
    from banmen.site.cache import BuildCache

    cache = BuildCache(project)
    with pytest.raises(TypeError):
        cache._store.set("x", {"a": 1})  # would be pickled by diskcache's default disk
    cache.set_json("j", {"a": [1, "二"]})
    assert cache.get_json("j", lambda d: d) == {"a": [1, "二"]}
    assert cache.get_json("j", lambda d: d["missing"]) is None  # a wrong shape: dropped
    assert cache.get_bytes("j") is None
    cache.close()


def test_value_files_swapped_under_the_cache_folder_give_the_same_site(project, value_files):
    # two boards stored as files, then a view and a board: swapped, renamed, kinds crossed
    first = prepared(project)
    html = page_of(first)
    page_of(first)  # its expansion is cached too (a file)
    files = [r for r in rows(project) if r[3] is not None]
    kinds = {r[1].split(":")[0] for r in files}
    assert {"svg", "site", "page"} <= kinds, "values over 32 KB are stored as files"
    files = [next(r for r in files if r[1].startswith(k + ":")) for k in ("svg", "site", "page")]
    folder = project / ".cache" / "banmen"
    a, b, c = (folder / f[3] for f in files)  # a board, the site entry, a page: rotated
    data_a, data_b, data_c = a.read_bytes(), b.read_bytes(), c.read_bytes()
    a.write_bytes(data_b)
    b.write_bytes(data_c)
    c.write_bytes(data_a)
    second = prepared(project)
    assert second.stats.drawn and page_of(second) == html
    assert prepared(project).stats.drawn == []


def test_values_swapped_inside_the_database_give_the_same_site(project):
    first = prepared(project)
    html = page_of(first)
    entries = rows(project)
    views = [r for r in entries if r[1].startswith("view:")]
    svgs = [r for r in entries if r[1].startswith("svg:")]
    site = [r for r in entries if r[1].startswith("site:")]
    assert len(views) >= 4 and len(svgs) >= 3 and site
    pairs = [(views[0], views[1]), (svgs[0], svgs[1]), (views[2], svgs[2]), (site[0], views[3])]
    for x, y in pairs:  # same kind, and across kinds (a board where a view belongs)
        for row, other in ((x, y), (y, x)):
            sql(project, "UPDATE Cache SET mode = ?, filename = ?, value = ? WHERE rowid = ?",
                other[2], other[3], other[4], row[0])
    second = prepared(project)
    assert page_of(second) == html
    assert second.content.parameters == first.content.parameters
    assert prepared(project).stats.checked == []


def test_a_view_of_another_file_under_the_right_seal_is_refused(project):
    # an entry sealed to its name but holding another file's view (a hand-made swap)
    import json as json_module

    from banmen.site.cache import BuildCache

    first = prepared(project)
    html = page_of(first)
    cache = BuildCache(project)
    names = [r[1] for r in rows(project) if r[1].startswith("view:")]
    texts = [cache.get_text(n) for n in names]
    entries = [json_module.loads(t) for t in texts]
    idents = [e["view"]["ident"] for e in entries]
    assert len(set(idents)) == len(idents)
    for name, text in zip(names, texts[1:] + texts[:1]):
        cache.set_text(name, text)
    cache.close()
    second = prepared(project)
    assert len(second.stats.checked) == len(PARTS) - 1
    assert page_of(second) == html


def test_a_long_held_lock_of_another_process_never_deletes_the_cache(project, monkeypatch,
                                                                     capfd):
    import subprocess
    import sys

    first = prepared(project)
    first_html = page_of(first)
    first.close()
    before = rows(project)
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sqlite3, sys, time\n"
         f"db = sqlite3.connect({str(project / '.cache' / 'banmen' / 'cache.db')!r}, "
         "isolation_level=None)\n"
         "db.execute('BEGIN IMMEDIATE')\n"
         "print('locked', flush=True)\n"
         "time.sleep(120)\n"],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        monkeypatch.setattr(cache_module, "LOCK_WAIT", 0.5)
        build = prepared(project)
        assert holder.poll() is None  # still holding the lock
        assert (project / ".cache" / "banmen" / "cache.db").exists()
    finally:
        holder.kill()
        holder.wait()
    err = capfd.readouterr().err
    assert ("banmen: the build cache .cache/banmen is locked by another process (waited 0.5 s); "
            "this build checks and draws without it") in err
    assert len(build.stats.checked) == len(PARTS) - 1  # built without the cache
    assert build.svgs == first.svgs and page_of(build) == first_html
    assert rows(project) == before  # nothing deleted or written
    assert prepared(project).stats.checked == []


def test_puzzle_headings_get_unique_ids_whatever_the_file_names(project):
    from banmen.content.errors import ContentErrors
    from banmen.site.build import safe_anchor

    source = ROOT / "puzzles/ukejalayer/p01-movable-count.yaml"
    for name in ("問題", "練習", "zz-1", "zz.1"):
        shutil.copy2(source, project / f"puzzles/ukejalayer/{name}.yaml")
    build = prepared(project)
    page = "{{ puzzles ukejalayer }}\n\n{{ puzzle ukejalayer/zz-1 }}\n\n{{ puzzles ukejalayer }}\n"
    markdown = build.expand(page, "docs/x.md").markdown
    anchors = re.findall(r"\{#([^}]+)\}", markdown)
    assert len(anchors) == 2 * 5 and len(set(anchors)) == len(anchors)
    assert "zz-1" in anchors and "zz-1_2" in anchors  # the second listing of the same file
    assert safe_anchor("zz.1") in anchors and safe_anchor("問題") in anchors
    # a file named after another's hashed id: both named, at the marker
    clash = safe_anchor("zz.1")
    shutil.copy2(source, project / f"puzzles/ukejalayer/{clash}.yaml")
    build = prepared(project)
    with pytest.raises(ContentErrors) as err:
        build.expand("intro\n{{ puzzles ukejalayer }}\n", "docs/x.md")
    assert str(err.value) == (
        f"docs/x.md:2:12: puzzles puzzles/ukejalayer/{clash}.yaml and "
        f"puzzles/ukejalayer/zz.1.yaml get the same heading id '{clash}' on this page: rename one")


def test_a_long_puzzle_listing_is_split_into_pages_with_its_numbering_kept(project, monkeypatch):
    from mkdocs.config import load_config
    from mkdocs.structure.files import get_files

    from banmen.site import build as build_module

    monkeypatch.setattr(build_module, "PUZZLES_PER_PAGE", 2)
    source = ROOT / "puzzles/ukejalayer/p01-movable-count.yaml"
    for n in range(2, 6):  # five ukejalayer puzzles: pages of 2, 2 and 1
        shutil.copy2(source, project / f"puzzles/ukejalayer/p0{n}-copy.yaml")
    build = prepared(project)
    docs = project / "docs" / "ukejalayer"
    docs.mkdir(parents=True)
    (docs / "puzzles.md").write_text("# 練習問題\n\n{{ puzzles ukejalayer }}\n", encoding="utf-8")
    (project / "mkdocs.yml").write_text(
        "site_name: t\ndocs_dir: docs\nplugins: [banmen]\n",
        encoding="utf-8")
    config = load_config(str(project / "mkdocs.yml"))
    monkeypatch.setitem(config.plugins["banmen"]._state, "build", build)
    files = config.plugins.on_files(get_files(config), config=config)
    generated = {f.src_uri: f.content_string for f in files if f.generated_by}
    assert generated == {
        "ukejalayer/puzzles-2.md": "# 練習問題（2ページ目）\n\n{{ puzzles ukejalayer:2 }}\n",
        "ukejalayer/puzzles-3.md": "# 練習問題（3ページ目）\n\n{{ puzzles ukejalayer:3 }}\n"}
    pages = {}
    for name, marker in (("puzzles", "ukejalayer"), ("puzzles-2", "ukejalayer:2"),
                         ("puzzles-3", "ukejalayer:3")):
        pages[name] = build.expand(f"{{{{ puzzles {marker} }}}}", f"docs/ukejalayer/{name}.md")
    numbers = {name: re.findall(r"## 問題(\d+)", e.markdown) for name, e in pages.items()}
    assert numbers == {"puzzles": ["1", "2"], "puzzles-2": ["3", "4"], "puzzles-3": ["5"]}
    assert ("[問題3〜4](puzzles-2.md)・[問題5〜5](puzzles-3.md)"
            in pages["puzzles"].markdown.replace("**問題1〜2**・", ""))
    assert "[問題1〜2](puzzles.md)・**問題3〜4**・[問題5〜5](puzzles-3.md)" in pages["puzzles-2"].markdown
    # the progress line still counts every puzzle of the game
    progress = [t for t in pages["puzzles-3"].tokens.values() if "bm-progress" in t][0]
    assert progress.count("ukejalayer/") == 5
    from banmen.content.errors import ContentErrors
    with pytest.raises(ContentErrors):
        build.expand("{{ puzzles ukejalayer:4 }}", "docs/x.md")


def test_an_index_that_is_not_a_database_is_rebuilt(project):
    first = prepared(project)
    (project / ".cache" / "banmen" / "cache.db").write_bytes(b"not a database" * 100)
    second = prepared(project)
    assert len(second.stats.checked) == len(PARTS) - 1 and second.svgs == first.svgs
    assert prepared(project).stats.checked == []


def test_a_cache_that_cannot_be_opened_is_one_line_and_the_build_goes_on(project, capfd):
    first = prepared(project)
    first.close()
    capfd.readouterr()
    folder = project / ".cache" / "banmen"
    shutil.rmtree(folder)
    folder.write_text("not a folder", encoding="utf-8")  # nor can it be deleted and made
    second = prepared(project)
    assert second.cache is not None and not second.cache.enabled
    assert capfd.readouterr().err == ("banmen: the build cache .cache/banmen cannot be opened "
                                      "(unable to open database file); this build checks and "
                                      "draws without it\n")
    assert len(second.stats.checked) == len(PARTS) - 1 and second.svgs == first.svgs
    assert folder.read_text(encoding="utf-8") == "not a folder"


def test_pages_are_expanded_once_and_again_only_when_what_they_show_changed(project):
    pages = {"docs/u.md": "# u\n\n{{ puzzles ukejalayer }}\n\n{{ sequence ukejalayer/unlock-timeline }}\n",
             "docs/m.md": "# m\n\n{{ diagram medamagaeru/step }}\n\n{{ parameters medamagaeru }}\n"
                          "\n```\n{{ diagram medamagaeru/example }}\n```\n"}

    def html_of(build):
        out = {}
        for source, text in pages.items():
            expansion = build.expand(text, source)
            out[source] = build.fill(expansion.markdown.replace("\n\n", "<p>"), expansion.tokens)
        return out

    first = prepared(project)
    first_html = html_of(first)
    assert sorted(first.stats.expanded) == sorted(pages)
    second = prepared(project)
    assert html_of(second) == first_html and second.stats.expanded == []
    assert second._token_prefix not in "".join(first_html.values())  # this build's nonce only
    puzzle = project / "puzzles" / "ukejalayer" / "p01-movable-count.yaml"
    puzzle.write_text(puzzle.read_text(encoding="utf-8").replace("explanation: |",
                                                                  "explanation: |\n  解説。"),
                      encoding="utf-8")
    third = prepared(project)
    third_html = html_of(third)
    assert third.stats.expanded == ["docs/u.md"]
    assert third_html["docs/m.md"] == first_html["docs/m.md"]
    assert "解説。" in third_html["docs/u.md"] and "解説。" not in first_html["docs/u.md"]
    # a page entry swapped for another page's is damage: expanded again, same HTML
    entries = [r for r in rows(project) if r[1].startswith("page:")]
    assert len(entries) >= 2
    for row, other in ((entries[0], entries[1]), (entries[1], entries[0])):
        sql(project, "UPDATE Cache SET mode = ?, filename = ?, value = ? WHERE rowid = ?",
            other[2], other[3], other[4], row[0])
    fourth = prepared(project)
    assert html_of(fourth) == third_html


def test_boards_parked_for_the_search_index_come_back_unchanged():
    from banmen.site.build import defer_boards, restore_boards

    page = ('<p>a</p><svg class="bm-glyphs"><defs><path id="g"/></defs></svg><div><svg id="b1">'
            '<use href="#g"/></svg></div><template class="bm-lazy"><svg id="b2"><g/></svg>'
            '</template><p>svg</p><svgx>text</svgx>')
    parked, boards = defer_boards(page, "n0")
    assert parked == ('<p>a</p><!--bm-board-n0-0--><div><!--bm-board-n0-1--></div>'
                      '<!--bm-board-n0-2--><p>svg</p><svgx>text</svgx>')
    assert boards[2] == '<template class="bm-lazy"><svg id="b2"><g/></svg></template>'
    assert restore_boards(parked, "n0", boards) == page


def test_lazy_boards_are_read_only_for_the_pages_that_need_them(project):
    # the MkDocs build reads a board only when a page expansion misses (lazy_boards)
    first = prepared(project)
    html = page_of(first)
    # nor a view: a view is read when a page needs it, and its boards become readable
    warm = prepared(project, lazy_boards=True)
    assert warm.svgs == {} and warm._unread == {}
    assert warm.stats.checked == [] and warm.stats.drawn == []
    assert list(warm.content.puzzles) == list(first.content.puzzles)  # ids, in file order
    assert page_of(warm) == html  # its expansion is cached: still no view or board read
    assert warm.svgs == {} and warm._unread == {}
    board = next(iter(warm.content.diagrams.values())).spec  # the first diagram's view only
    assert list(warm._unread) == [board.key]
    assert warm.svg_of(board) == first.svgs[board.key] and board.key in warm.svgs


@pytest.mark.parametrize("kind", ["svg", "view"])
def test_a_lazy_entry_found_damaged_gets_its_file_checked_again(project, kind):
    # a damaged board (svg:) is drawn again from its file, a damaged view (view:) read when
    # a page needs it gets its file checked again: the same pages, a sound cache after
    import diskcache

    first = prepared(project)
    html = page_of(first)
    store = diskcache.Cache(str(project / ".cache" / "banmen"))
    for name in [k for k in store.iterkeys() if k.startswith((kind + ":", "page:"))]:
        store[name] = store[name][:-20]  # truncated: present, but its seal fails
    store.close()
    lazy = prepared(project, lazy_boards=True)
    assert lazy.stats.checked == [] and lazy.svgs == {} and lazy._unread == {}
    assert page_of(lazy) == html  # every entry read, found damaged, its file checked again
    assert sorted(lazy.stats.checked) == sorted(first.stats.checked)
    assert lazy.problems == []
    if kind == "svg":
        assert lazy.svgs == first.svgs
    again = prepared(project, lazy_boards=True)
    assert page_of(again) == html and again.stats.checked == [] and again.svgs == {}


def test_editing_a_lesson_expands_again_the_pages_that_show_it(project):
    # a page's cache key holds its lessons: the lesson itself, and the game's lessons for
    # the progress line of a puzzle listing (their ids and numbers of steps)
    lesson = project / "lessons" / "ukejalayer" / "first-game.yaml"
    lesson.parent.mkdir(parents=True)
    shutil.copy2(ROOT / "lessons" / "ukejalayer" / "first-game.yaml", lesson)
    pages = {"docs/lesson.md": "{{ lesson ukejalayer/first-game }}",
             "docs/puzzles.md": "{{ puzzles ukejalayer }}"}
    first = prepared(project, lazy_boards=True)
    for source, text in pages.items():
        first.expand(text, source)
    first.close()
    text = lesson.read_text(encoding="utf-8")
    lesson.write_text(text.replace("**先手は白**です。", "**先手は白**です。まず盤を見ましょう。", 1)
                      .replace("steps:\n", "steps:\n  - text: はじめのあいさつです。\n", 1),
                      encoding="utf-8")
    second = prepared(project, lazy_boards=True)
    shown = {source: second.expand(text, source) for source, text in pages.items()}
    assert sorted(second.stats.expanded) == sorted(pages)
    assert "まず盤を見ましょう" in "".join(shown["docs/lesson.md"].parked.values())
    steps = len(second.content.lessons["ukejalayer/first-game"].texts)
    assert (f'data-lessons="[[&quot;ukejalayer/first-game&quot;, {steps}]]"'
            in "".join(shown["docs/puzzles.md"].parked.values()))
    third = prepared(project, lazy_boards=True)
    for source, text in pages.items():
        third.expand(text, source)
    assert third.stats.expanded == []


def test_a_lazy_board_whose_entry_vanished_before_prepare_is_drawn_when_needed(project):
    # prepare does not look the lazy boards up; the page that needs the vanished one gets
    # its file checked and its boards drawn again, and the same page
    import diskcache

    first = prepared(project)
    store = diskcache.Cache(str(project / ".cache" / "banmen"))
    victim = sorted(k for k in store.iterkeys() if k.startswith("svg:"))[0]
    del store[victim]
    store.close()
    lazy = prepared(project, lazy_boards=True)
    assert lazy.stats.checked == [] and lazy.stats.drawn == []
    assert page_of(lazy) == page_of(first)
    assert len(lazy.stats.checked) == 1 and len(lazy.stats.drawn) >= 1


def _assert_a_forged_expansion_is_expanded_again(project, text: str, forge) -> None:
    """Build the page ``text`` once, replace its cached expansion by ``forge(stored text)``
    sealed under its own name (so the seal holds), and check that the next build expands
    the page again into the same HTML."""
    first = prepared(project)
    expected = first.expand(text, "docs/u.md")
    html = first.fill(expected.markdown, expected.tokens)
    name = first._page_name(text, "docs/u.md")
    first.cache.set_text(name, forge(first.cache.get_text(name)))
    first.close()
    second = prepared(project)
    expansion = second.expand(text, "docs/u.md")
    assert second.stats.expanded == ["docs/u.md"]
    assert second.fill(expansion.markdown, expansion.tokens) == html.replace(
        first._token_prefix, second._token_prefix)


@pytest.mark.parametrize("bad", [
    "", "no header", '{"prefix": "x"}\nbody', '[]\n',
    '{"prefix": "BANMENEMBED0123456789ABCDEFX", "tokens": [], "lengths": [99]}\nshort',
    '{"prefix": "BANMENEMBED0123456789ABCDEFX", "tokens": ["other1"], "lengths": [1, 1]}\nab',
    '{"prefix": "BANMENEMBED0123456789ABCDEFX", "tokens": [], "lengths": [-1]}\n',
    '{"prefix": "<script>", "tokens": [], "lengths": [1]}\na',
])
def test_a_page_expansion_that_is_not_of_the_framed_form_is_expanded_again(project, bad):
    # sealed under its own name (so the seal holds) but not what the build writes
    def forge(stored: str) -> str:
        assert stored.startswith('{"prefix": "BANMENEMBED')
        return bad

    _assert_a_forged_expansion_is_expanded_again(
        project, "# u\n\n{{ diagram ukejalayer/board }}\n", forge)


def test_a_page_made_from_cached_check_results_is_the_page_made_from_fresh_ones(project):
    # the move puzzle's solution tree and typed-move reasons are objects whose key order is
    # the page's order: read back from the cache they must iterate as written
    move = "puzzles/ukejalayer/p13-win-cover.yaml"
    shutil.copy2(ROOT / move, project / move)
    edited = project / "puzzles/ukejalayer/p01-movable-count.yaml"
    edited.write_text(edited.read_text(encoding="utf-8").replace(
        "explanation: |", "explanation: |\n  解説。"), encoding="utf-8")
    fresh = page_of(prepared(project, cache=False))
    prepared(project)  # fills the cache
    edited.write_text(edited.read_text(encoding="utf-8").replace("  解説。\n", "  解説2。\n"),
                      encoding="utf-8")
    prepared(project)  # the edited file checked again, the move puzzle read back
    edited.write_text(edited.read_text(encoding="utf-8").replace("  解説2。\n", "  解説。\n"),
                      encoding="utf-8")
    warm = prepared(project)
    assert "ukejalayer/p13-win-cover" not in " ".join(warm.stats.checked)
    assert "a1から運べるのは1枚です。" in fresh
    assert page_of(warm) == fresh


def test_a_lazy_board_is_read_after_the_cache_was_closed(project):
    # mkdocs serve keeps the last good build (its cache closed) while the content is broken
    first = prepared(project)
    lazy = prepared(project, lazy_boards=True)
    lazy.close()
    board = next(b for d in lazy.content.diagrams.values() for b in [d.spec])
    assert lazy.svg_of(board) == first.svgs[board.key]
    assert lazy.stats.checked == [] and lazy.cache is None


def test_writes_in_a_batch_are_read_back_and_survive_an_error_in_the_block(tmp_path):
    cache = cache_module.BuildCache(tmp_path)
    try:
        with cache.batch():
            cache.set_text("svg:one", "<svg>1</svg>")
            assert cache.get_text("svg:one") == "<svg>1</svg>"  # seen inside the batch
        with pytest.raises(RuntimeError, match="^stopped$"):
            with cache.batch():
                cache.set_text("svg:two", "<svg>2</svg>")
                raise RuntimeError("stopped")
    finally:
        cache.close()
    again = cache_module.BuildCache(tmp_path)
    try:
        assert again.get_text("svg:one") == "<svg>1</svg>"
        assert again.get_text("svg:two") == "<svg>2</svg>"
    finally:
        again.close()
    off = cache_module.BuildCache(tmp_path, enabled=False)
    with off.batch():
        off.set_text("svg:three", "x")
    assert off.get_text("svg:three") is None


def test_boards_drawn_behind_the_pages_give_the_same_pages_and_are_kept(project, tmp_path):
    # the MkDocs hooks let the workers draw while the pages are written (draw_behind):
    # the pages wait for their boards, and finish_drawing() keeps every board in the cache
    other = tmp_path / "other"
    shutil.copytree(project, other)
    plain = prepared(project)
    html = page_of(plain)
    behind = SiteBuild(other, progress=False, jobs=2, draw_behind=True)
    behind.prepare()
    try:
        assert behind._drawing is not None and len(behind.stats.drawn) == len(plain.svgs)
        assert page_of(behind) == html
        behind.finish_drawing()
        assert behind._drawing is None and behind.svgs == plain.svgs
    finally:
        behind.close()
    again = prepared(other)
    assert again.stats.checked == [] and again.stats.drawn == [] and again.svgs == plain.svgs


def twice_page(build: SiteBuild) -> str:
    """Markdown of a page showing every item, each diagram and puzzle twice (ids renamed)."""
    lines = [f"{{{{ diagram {i} }}}}" for i in build.content.diagrams] * 2
    lines += [f"{{{{ puzzle {i} }}}}" for i in build.content.puzzles] * 2
    lines += [f"{{{{ sequence {i} }}}}" for i in build.content.sequences]
    return "\n\n".join(lines)


def test_a_page_written_while_its_boards_are_drawn_is_the_same_page(project, tmp_path):
    # the MkDocs hooks expand a page with stand-ins for the boards still being drawn
    # (expand(defer=True)) and put the boards in when the page is written (resolve): the
    # same page, ids renamed, legends and shared glyphs included, and kept in the cache
    other = tmp_path / "other"
    shutil.copytree(project, other)
    plain = prepared(project)
    markdown = twice_page(plain)
    expected = plain.expand(markdown, "docs/x.md")
    html = plain.fill(expected.markdown, expected.tokens)
    assert 'class="bm-glyphs"' in html and 'class="bm-legend"' in html
    assert re.search(r'<svg [^>]*id="bm-[a-z0-9-]+_2"', html)
    behind = SiteBuild(other, progress=False, jobs=2, draw_behind=True)
    behind.prepare()
    try:
        deferred = behind.expand(markdown, "docs/x.md", defer=True)
        shown = "".join(deferred.parked.values()) + "".join(deferred.boards)
        assert deferred.pending and len(deferred.standins) == len(plain.svgs)
        assert "data-bm-standin" in shown and "data-bm-legend" in shown
        assert "<path" not in shown  # not a board drawn yet
        behind.resolve(deferred)
        assert deferred.pending == []
        assert behind.fill(deferred.markdown, deferred.tokens) == html
        behind.finish_drawing()
    finally:
        behind.close()
    again = prepared(other, lazy_boards=True)  # the resolved expansion, from the cache
    cached = again.expand(markdown, "docs/x.md")
    assert again.stats.expanded == [] and again.fill(cached.markdown, cached.tokens) == html


def test_a_deferred_page_without_boards_being_drawn_is_not_deferred(project):
    build = prepared(project)
    expansion = build.expand(twice_page(build), "docs/x.md", defer=True)
    assert not expansion.deferred and expansion.pending == [] and expansion.standins == []
    assert "data-bm-" not in "".join(expansion.boards)


def test_a_board_that_fails_behind_a_deferred_page_fails_it_when_written(project, monkeypatch):
    from banmen.game import BanmenError

    def render(game, spec):
        raise BanmenError(f"{spec.ident}: the glyph '\u2603' is missing from the font")

    monkeypatch.setattr("banmen.render.render_svg", render)
    build = SiteBuild(project, progress=False, jobs=2, draw_behind=True)
    build.prepare()
    try:
        expansion = build.expand(twice_page(build), "docs/x.md", defer=True)  # no wait
        with pytest.raises(BanmenError, match=r"^\S+: the glyph '\u2603' is missing from the "
                                              r"font$"):
            build.resolve(expansion)
    finally:
        build.close()


def test_a_board_that_fails_behind_the_pages_fails_the_page_that_shows_it(project, monkeypatch):
    from banmen.game import BanmenError

    def render(game, spec):
        raise BanmenError(f"{spec.ident}: the glyph '\u2603' is missing from the font")

    monkeypatch.setattr("banmen.render.render_svg", render)
    build = SiteBuild(project, progress=False, jobs=2, draw_behind=True)
    build.prepare()  # drawing has only started
    try:
        with pytest.raises(BanmenError, match=r"^\S+: the glyph '\u2603' is missing from the "
                                              r"font$"):
            page_of(build)
        with pytest.raises(BanmenError, match="is missing from the font$"):
            build.finish_drawing()
        assert build._drawing is None
    finally:
        build.close()


# ---- forgeries sealed through the cache's own API: markup never reaches a page

def forge(project: Path, kind: str, change) -> int:
    """Rewrite every ``kind:`` entry through the cache's API (so each seal holds) as
    ``change(text)``; return how many were forged."""
    from banmen.site.cache import BuildCache

    cache = BuildCache(project)
    names = [r[1] for r in rows(project) if r[1].startswith(kind + ":")]
    for name in names:
        cache.set_text(name, change(cache.get_text(name)))
    cache.close()
    return len(names)


BOARD_FORGERIES = {
    "not svg": lambda svg: "盤面",
    "script": lambda svg: svg.replace("</svg>", "<script>alert(1)</script></svg>"),
    "event": lambda svg: svg.replace("<svg ", '<svg onload="alert(1)" ', 1),
    "foreignObject": lambda svg: svg.replace(
        "</svg>", '<foreignObject><div onmouseover="alert(1)">x</div></foreignObject></svg>'),
    "javascript href": lambda svg: svg.replace(
        "</svg>", '<a xlink:href="javascript:alert(1)"><circle r="9"/></a></svg>'),
}


@pytest.mark.parametrize("how", sorted(BOARD_FORGERIES))
def test_a_sealed_board_with_markup_is_drawn_again(project, how):
    first = prepared(project)
    html = page_of(first)
    first.close()
    assert forge(project, "svg", BOARD_FORGERIES[how]) == len(first.svgs)
    second = prepared(project)
    assert sorted(second.stats.drawn) == sorted(first.svgs)
    assert second.svgs == first.svgs
    assert page_of(second) == html.replace(first._token_prefix, second._token_prefix)
    assert prepared(project).stats.drawn == []


def test_a_sealed_board_with_markup_read_lazily_is_drawn_again(project):
    first = prepared(project)
    html = page_of(first)
    first.close()
    forge(project, "svg", BOARD_FORGERIES["script"])
    sql(project, "DELETE FROM Cache WHERE key LIKE 'page:%'")  # the pages read the boards
    lazy = prepared(project, lazy_boards=True)
    assert lazy.stats.drawn == []  # nothing read yet
    assert page_of(lazy) == html.replace(first._token_prefix, lazy._token_prefix)
    assert sorted(lazy.stats.drawn) == sorted(first.svgs)
    assert "<script" not in page_of(lazy)


@pytest.mark.parametrize("payload", ["\n\n<img src=x onerror=alert(1)>\n",
                                     "\n\n[規則](javascript:alert(1))\n",
                                     "\n\n見出し {: onclick=alert(1) }\n"])
def test_a_sealed_site_entry_with_markup_in_its_tables_is_made_again(project, payload):
    import json as json_module

    first = prepared(project)
    parameters = dict(first.content.parameters)
    first.close()

    def change(text):
        data = json_module.loads(text)
        data["parameters"]["ukejalayer"] += payload
        return json_module.dumps(data, ensure_ascii=False)

    assert forge(project, "site", change) == 1
    second = prepared(project)
    assert second.content.parameters == parameters
    assert payload.strip() not in second.content.parameters["ukejalayer"]


def test_a_simulation_figure_is_the_figure_a_board_and_an_escaped_caption():
    from banmen.site.build import _simulation_figure
    from test_cached_markup import BOARD

    figure = (f'<figure class="banmen-diagram" id="bm-ludo-simulation-65d8cd0d-figure">{BOARD}'
              "<figcaption>1局の長さの分布（乱数の種は0、&lt;200局&gt;）。</figcaption></figure>")
    assert _simulation_figure(figure)
    for forged in (figure.replace("）。", "）。<script>alert(1)</script>"),
                   figure + "<img src=x onerror=alert(1)>",
                   figure.replace("</desc>", "</desc><foreignObject/>"),
                   figure.replace('id="bm-ludo', 'onclick="alert(1)" id="bm-ludo')):
        assert not _simulation_figure(forged)


def _shift(parts, header):
    parts[1] = parts[0][-20:] + parts[1]
    parts[0] = parts[0][:-20]


def _comment(number):
    def change(parts, header):
        parts[1] += f"<!--bm-board-{header['prefix']}-{number}-->"
    return change


def _foreign(parts, header):
    parts[1] += "<!--bm-board-BANMENEMBED0123456789ABCDEFX-0-->"


def _fewer(parts, header):
    header["boards"] -= 1
    del parts[-1]


def _board_text(parts, header):
    parts[-1] = "盤面"


@pytest.mark.parametrize("change", [_shift, _comment(0), _comment(99), _foreign, _fewer,
                                    _board_text],
                         ids=["lengths moved", "a board twice", "a board out of range",
                              "a foreign comment", "a board left out", "a board not svg"])
def test_a_sealed_expansion_whose_parts_do_not_hold_together_is_expanded_again(project, change):
    import json as json_module

    def forge(stored: str) -> str:
        head, _, body = stored.partition("\n")
        header = json_module.loads(head)
        parts, position = [], 0
        for length in header["lengths"]:
            parts.append(body[position:position + length])
            position += length
        assert header["boards"] >= 3 and len(header["tokens"]) == 2
        change(parts, header)
        header["lengths"] = [len(p) for p in parts]
        return json_module.dumps(header) + "\n" + "".join(parts)

    _assert_a_forged_expansion_is_expanded_again(
        project, "# u\n\n{{ diagram ukejalayer/board }}\n\n{{ sequence ukejalayer/unlock-timeline }}\n",
        forge)


@pytest.mark.slow
def test_every_board_of_the_site_passes_the_check_on_read(tmp_path, warm_cache):
    # a board the allow-list refused would be drawn again on every build: none is
    from conftest import copy_project

    if warm_cache is None:
        pytest.skip("the session's site build ran without a cache")
    build = prepared(copy_project(tmp_path / "copy", warm_cache))
    assert len(build.svgs) > 1000
    assert build.stats.checked == [] and build.stats.drawn == []
