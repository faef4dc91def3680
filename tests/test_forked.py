"""Side work of a cold build in forked processes (banmen.site.forked, banmen.site.drawing):
values and errors come back to the build process, a child that dies is an error, not a hang,
and each drawing worker keeps to one game while another has boards left."""

from __future__ import annotations

import os

import pytest

from banmen.game import BanmenError
from banmen.site import drawing
from banmen.site.forked import ForkedCall


def _die(code: int) -> None:
    os._exit(code)


def _raise_local() -> None:
    class LocalError(Exception):  # a class pickle cannot find again
        pass

    raise LocalError("no way home")


def test_a_forked_call_returns_its_value_and_sees_the_parent_as_it_was():
    shared = {"rules": [3, 1, 2]}
    call = ForkedCall(sorted, shared["rules"])
    assert call.result() == [1, 2, 3]


def test_a_forked_call_raises_the_childs_error_here():
    with pytest.raises(ValueError, match=r"^invalid literal for int\(\) with base 10: 'x'$"):
        ForkedCall(int, "x").result()


def test_an_error_that_cannot_be_pickled_comes_back_as_its_text():
    with pytest.raises(BanmenError, match=r"^LocalError: no way home$"):
        ForkedCall(_raise_local).result()


def test_a_child_that_dies_is_an_error_naming_its_exit_code():
    with pytest.raises(BanmenError, match=r"^_die stopped in its process without an answer "
                                          r"\(exit code 7\)$"):
        ForkedCall(_die, 7).result()


def test_a_cancelled_call_stops_its_child():
    import time

    call = ForkedCall(time.sleep, 60)
    started = time.monotonic()
    call.cancel()
    assert time.monotonic() - started < 5
    assert call._process.exitcode == -15


class _Game:
    def __init__(self, game_id):
        self.id = game_id


def _todo(*games):
    return [(f"{g}/{i}", _Game(g), f"{g}-{i}") for g in games for i in range(3)]


def test_a_board_that_cannot_be_drawn_stops_the_drawing_with_its_error(monkeypatch):
    def render(game, spec):
        if spec == "b-1":
            raise BanmenError("b/1: the glyph 'X' is missing from the font")
        return f"<svg>{spec}</svg>"

    monkeypatch.setattr("banmen.render.render_svg", render)
    assert drawing.draw_boards(_todo("a"), jobs=2) == {
        "a/0": "<svg>a-0</svg>", "a/1": "<svg>a-1</svg>", "a/2": "<svg>a-2</svg>"}
    with pytest.raises(BanmenError, match=r"^b/1: the glyph 'X' is missing from the font$"):
        drawing.draw_boards(_todo("a", "b"), jobs=2)
    assert drawing._TODO == [] and drawing._LANES == []


def test_a_drawing_worker_that_dies_is_an_error_not_a_wait(monkeypatch):
    monkeypatch.setattr("banmen.render.render_svg", lambda game, spec: _die(9))
    with pytest.raises(BanmenError, match=r"^a board drawing process stopped "
                                          r"\(exit codes \[9\]\)$"):
        drawing.draw_boards(_todo("a", "b"), jobs=2)


def test_a_worker_takes_a_game_no_one_draws_before_sharing_one(monkeypatch):
    # lanes in content order: game 0 with 5 boards, game 1 with 3, game 2 with 4
    monkeypatch.setattr(drawing, "_LANES", [[0, 1, 2, 3, 4], [5, 6, 7], [8, 9, 10, 11]])
    claimed, busy = [0, 0, 0], [0, 0, 0]
    assert drawing._next_lane(claimed, busy) == 0  # the first lane
    busy[0] = 1
    assert drawing._next_lane(claimed, busy) == 1  # the first one no one draws
    busy[1] = 1
    claimed[:] = [2, 3, 0]
    busy[1] = 0
    assert drawing._next_lane(claimed, busy) == 2  # lane 1 is done; lane 2 is free
    busy[2] = 1
    claimed[:] = [5, 3, 1]
    busy[0] = 0
    assert drawing._next_lane(claimed, busy) == 2  # only lane 2 is left: shared
    claimed[2] = 4
    assert drawing._next_lane(claimed, busy) is None


def _drawn_with_a_store(root):
    """Two games' six boards drawn by two workers that keep them in ``root``'s build cache
    under their board keys; the finished drawing."""
    todo = _todo("a", "b")
    board_drawing = drawing.BoardDrawing(todo, jobs=2, store=(root, [k for k, _, _ in todo]))
    try:
        assert len(board_drawing.wait()) == 6
    finally:
        board_drawing.cancel()
    return board_drawing


def test_drawing_workers_keep_their_boards_in_the_build_cache(monkeypatch, tmp_path):
    from banmen.site.cache import BuildCache

    monkeypatch.setattr("banmen.render.render_svg", lambda game, spec: f"<svg>{spec}</svg>")
    monkeypatch.setattr(drawing, "STORE_BATCH", 2)  # several transactions per worker
    todo = _todo("a", "b", "c")
    names = [f"svg:test-{board_key}" for board_key, _, _ in todo]
    board_drawing = drawing.BoardDrawing(todo, jobs=2, store=(tmp_path, names))
    try:
        svgs = board_drawing.wait()
    finally:
        board_drawing.cancel()
    assert board_drawing.stored == {board_key for board_key, _, _ in todo}
    cache = BuildCache(tmp_path)
    try:
        assert {n: cache.get_text(n) for n in names} == {
            n: svgs[board_key] for n, (board_key, _, _) in zip(names, todo)}
        assert cache.get_text("svg:test-a/0") == "<svg>a-0</svg>"
    finally:
        cache.close()
    assert drawing._STORE is None


def test_boards_a_cache_that_cannot_be_opened_did_not_take_are_not_reported_kept(monkeypatch, tmp_path):
    monkeypatch.setattr("banmen.render.render_svg", lambda game, spec: f"<svg>{spec}</svg>")
    (tmp_path / ".cache").write_text("a file where the cache folder should be")
    assert _drawn_with_a_store(tmp_path).stored == set()


def test_boards_a_failed_write_did_not_keep_are_not_announced(monkeypatch, tmp_path):
    from banmen.site.cache import BuildCache

    monkeypatch.setattr("banmen.render.render_svg", lambda game, spec: f"<svg>{spec}</svg>")
    # a full disk: diskcache's write fails, BuildCache.set_bytes says nothing (only speed)
    monkeypatch.setattr(BuildCache, "set_bytes", lambda self, name, payload: None)
    assert _drawn_with_a_store(tmp_path).stored == set()


def test_boards_are_kept_in_the_database_not_in_value_files(monkeypatch, tmp_path):
    big = "<svg>" + "x" * 100_000 + "</svg>"  # larger than the largest site board
    monkeypatch.setattr("banmen.render.render_svg", lambda game, spec: big)
    assert len(_drawn_with_a_store(tmp_path).stored) == 6
    folder = tmp_path / ".cache" / "banmen"
    assert [p for p in folder.rglob("*.val")] == []  # a stopped write leaves nothing behind
