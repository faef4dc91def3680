"""Tests of the ウケジャレイヤー engine (banmen/games/ukejalayer.py) against
shared/rules/ukejalayer.md: the guidebook's reference facts, chains (links, drops, pick-ups,
revisits), the unlock timelines, the end of the game, notation, positions, queries and perft.

The engine is cross-checked against a deliberately naive generator written below from the spec
text alone (explicit stacks, every chain enumerated as a path, no memo across branches). The
property tests (tests/test_ukejalayer_props.py) and the benchmark
(tools/bench_ukejalayer_moves.py) import it from here.
"""

from __future__ import annotations

import pytest

from banmen.analysis import generic_perft
from banmen.game import (
    IllegalMoveError,
    NotationError,
    Outcome,
    PositionError,
    QueryError,
    RulesError,
    get_game,
)
from banmen.games.ukejalayer import (
    GAME,
    UkejalayerGame,
    UkejalayerMove,
    UkejalayerRules,
    UkejalayerState,
    height_changes,
    own_run,
    square_names,
)

# --------------------------------------------------------------------------- naive generator

ENEMY = {"W": "B", "B": "W"}


def top_run(stack: str, piece: str) -> int:
    """How many ``piece`` letters sit contiguously on top of ``stack``."""
    count = 0
    for letter in reversed(stack):
        if letter != piece:
            break
        count += 1
    return count


def adjacent(square: int, size: int) -> list[int]:
    """Orthogonal neighbours of ``square``."""
    f, r = square % size, square // size
    out = []
    if f > 0:
        out.append(square - 1)
    if f < size - 1:
        out.append(square + 1)
    if r > 0:
        out.append(square - size)
    if r < size - 1:
        out.append(square + size)
    return out


def carry(board: tuple[str, ...], frm: int, to: int, count: int) -> tuple[str, ...]:
    """Move the top ``count`` pieces of ``frm`` onto ``to``."""
    stacks = list(board)
    moving = stacks[frm][len(stacks[frm]) - count :]
    stacks[frm] = stacks[frm][: len(stacks[frm]) - count]
    stacks[to] = stacks[to] + moving
    return tuple(stacks)


def chain_results(board: tuple[str, ...], piece: str, size: int) -> set[tuple[str, ...]]:
    """Every board a chain of ``piece`` pieces can leave, the unchanged board excluded."""
    results: set[tuple[str, ...]] = set()

    def walk(stacks: tuple[str, ...], here: int, on_path: frozenset) -> None:
        results.add(stacks)
        for count in range(1, top_run(stacks[here], piece)):  # one must stay behind
            for nxt in adjacent(here, size):
                after = carry(stacks, here, nxt, count)
                if (after, nxt) not in on_path:
                    walk(after, nxt, on_path | {(after, nxt)})

    for start in range(size * size):
        for count in range(1, top_run(board[start], piece) + 1):
            for nxt in adjacent(start, size):
                after = carry(board, start, nxt, count)
                walk(after, nxt, frozenset({(after, nxt)}))
    results.discard(board)
    return results


def moment_passed(hands: tuple[int, int], unlock: str) -> bool:
    """Whether the unlock moment is behind a position with these hands."""
    if unlock == "both":
        return tuple(hands) == (0, 0)
    return 0 in hands


def may_eliminate(state, unlock: str) -> bool:
    board, hands, mover, wait = state
    own_hand = hands[0] if mover == "W" else hands[1]
    if own_hand:
        return False
    if unlock == "self":
        return True
    if not moment_passed(hands, unlock):
        return False
    return mover == "B" or wait == 0


def successors(state, size: int, unlock: str = "guidebook", delay: int = 1) -> set:
    """The set of distinct states one legal action leads to."""
    board, hands, mover, wait = state
    enemy = ENEMY[mover]

    def after(new_board, new_hands):
        new_wait = wait
        if unlock == "self":
            new_wait = 0
        else:
            if mover == "W" and new_wait > 0:
                new_wait -= 1
            if not moment_passed(hands, unlock) and moment_passed(new_hands, unlock):
                new_wait = delay
        return (tuple(new_board), tuple(new_hands), enemy, new_wait)

    out = set()
    slot = 0 if mover == "W" else 1
    if hands[slot]:
        fewer = list(hands)
        fewer[slot] -= 1
        for sq, stack in enumerate(board):
            if stack == "":
                placed = list(board)
                placed[sq] = mover
                out.add(after(placed, fewer))
    for result in chain_results(board, mover, size):
        out.add(after(result, hands))
    if may_eliminate(state, unlock):
        for sq, stack in enumerate(board):
            if stack.endswith(mover) and enemy in stack:
                at = max(i for i, letter in enumerate(stack) if letter == enemy)
                cut = list(board)
                cut[sq] = stack[:at] + stack[at + 1 :]
                out.add(after(cut, hands))
    return out


def perft(state, depth: int, size: int, unlock: str = "guidebook", delay: int = 1) -> int:
    """Leaf count of the tree of distinct successor states, ``depth`` plies deep."""
    if depth == 0:
        return 1
    nexts = successors(state, size, unlock, delay)
    if depth == 1:
        return len(nexts)
    return sum(perft(s, depth - 1, size, unlock, delay) for s in nexts)


def start(size: int, hand: int):
    """The naive start state."""
    return (("",) * (size * size), (hand, hand), "W", 0)


# --------------------------------------------------------------------------- helpers

PIECE_OF = {"white": "W", "black": "B"}
SIDE_OF = {"W": "white", "B": "black"}


def make(board=None, to_move="white", hands=(0, 0), white_wait=None, **rules):
    """Return (game, state) for a position given as in the position YAML."""
    g = UkejalayerGame(rules)
    data = {"game": "ukejalayer", "to_move": to_move,
            "hands": {"white": hands[0], "black": hands[1]}, "board": board or {}}
    if white_wait is not None:
        data["white_wait"] = white_wait
    return g, g.position_from_yaml(data)


def to_naive(state: UkejalayerState):
    """The naive generator's form of an engine state."""
    return (state.board, state.hands, PIECE_OF[state.to_move], state.white_wait)


def engine_successors(g: UkejalayerGame, state: UkejalayerState) -> set:
    """The engine's successor states, in the naive form."""
    return {to_naive(g.play(state, m)) for m in g.legal_moves(state)}


def texts(g, state):
    return sorted(g.format_move(state, m) for m in g.legal_moves(state))


def kinds(g, state):
    return {m.kind for m in g.legal_moves(state)}


def query(g, state, name, **args):
    return g.queries()[name].func(g, state, **args)


# --------------------------------------------------------------------------- rules


def test_rules_defaults_follow_the_spec():
    rules = UkejalayerRules()
    assert (rules.size, rules.hand, rules.unlock, rules.white_delay) == (4, None, "guidebook", 1)
    assert rules.material == 8
    assert UkejalayerRules(size=5).material == 12
    assert UkejalayerRules(size=3, hand=2).material == 2


def test_rules_fields_are_documented_in_english_and_japanese():
    for name, info in UkejalayerRules.params().items():
        assert info.description, name
        assert info.ja, name


@pytest.mark.parametrize(
    "overrides, path",
    [
        ({"size": 2}, ("size",)),
        ({"size": 9}, ("size",)),
        ({"size": "4"}, ("size",)),
        ({"hand": 0}, ("hand",)),
        ({"hand": -3}, ("hand",)),
        ({"unlock": "never"}, ("unlock",)),
        ({"white_delay": -1}, ("white_delay",)),
        ({"white_delay": True}, ("white_delay",)),
        ({"colour": "red"}, ("colour",)),
    ],
)
def test_rules_reject_out_of_range_and_unknown(overrides, path):
    with pytest.raises(RulesError) as err:
        UkejalayerGame(overrides)
    assert err.value.path == path


def test_unknown_rule_message_lists_the_known_ones():
    with pytest.raises(RulesError, match=r"unknown rule parameter 'colour' \(known: size, hand, "
                       r"unlock, white_delay\)"):
        UkejalayerGame({"colour": "red"})


def test_game_class_attributes_and_registry():
    assert GAME is UkejalayerGame
    assert (GAME.id, GAME.name_ja, GAME.spec) == (
        "ukejalayer", "ウケジャレイヤー", "shared/rules/ukejalayer.md")
    assert GAME.sides == ("white", "black")
    assert isinstance(get_game("ukejalayer", {"white_delay": 2}), UkejalayerGame)
    assert get_game("ukejalayer").with_rules({"unlock": "both"}).rules.unlock == "both"


def test_square_names_in_index_order():
    assert square_names(4)[:6] == ["a1", "b1", "c1", "d1", "a2", "b2"]
    assert square_names(4)[-1] == "d4"
    assert square_names(3) == ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]
    assert UkejalayerGame({"size": 5}).square_names()[-1] == "e5"


def test_own_run():
    assert own_run("WBWW", "W") == 2
    assert own_run("BW", "W") == 1
    assert own_run("BW", "B") == 0
    assert own_run("", "W") == 0


# --------------------------------------------------------------------------- reference facts


def test_reference_fact_1_movable_pieces():
    """c2 WBWW + b3 BW: White can move 3 pieces (spec reference fact 1)."""
    g, s = make({"c2": "WBWW", "b3": "BW", "d1": "B"})
    assert g.movable_pieces(s) == 3
    assert query(g, s, "movable_pieces") == 3
    # one or both of c2's top two, and b3's top one; the bottom White of c2 never moves
    most_lost: dict[str, int] = {}
    for move in g.legal_moves(s):
        for name, change in move.changes:
            most_lost[name] = max(most_lost.get(name, 0), -change)
    assert {name: n for name, n in most_lost.items() if n} == {"c2": 2, "b3": 1}


def test_reference_fact_2_three_reach_d1_two_do_not():
    """a1 WWW reaches d1 leaving one on b1 and c1; a1 WW stops at c1 (reference fact 2)."""
    g, s = make({"a1": "WWW", "d1": "B"})
    assert g.can_reach(s, "a1", "d1") is True
    assert query(g, s, "can_reach", **{"from": "a1", "to": "d1"}) is True
    move = g.parse_move(s, "a1(3)b1(2)c1(1)d1")
    after = g.play(s, move)
    assert [after.stack(q) for q in ("a1", "b1", "c1", "d1")] == ["", "W", "W", "BW"]
    assert g.format_move(s, move) == "3a1b1c1d1"
    assert g.format_chain(s, move) == "a1(3)b1(2)c1(1)d1"

    g, s = make({"a1": "WW", "d1": "B"})
    assert g.can_reach(s, "a1", "d1") is False
    assert query(g, s, "can_reach", **{"from": "a1", "to": "d1"}) is False
    assert g.can_reach(s, "a1", "c1") is True
    assert "d1" not in g.reachable_squares(s, "a1")
    with pytest.raises(IllegalMoveError, match=r"^b1 has only 2 white pieces on top after landing, "
                       r"cannot carry 2 on \(at least one must stay behind\)$"):
        g.parse_move(s, "a1(2)b1(2)c1(1)d1")
    with pytest.raises(IllegalMoveError, match=r"^c1 has only 1 white piece on top after landing, "
                       r"cannot carry 1 on \(at least one must stay behind\)$"):
        g.parse_move(s, "a1(2)b1(1)c1(1)d1")


def test_reference_fact_3_eliminate_removes_the_upper_enemy():
    """BWBW eliminated by White loses the upper Black (reference fact 3)."""
    g, s = make({"c3": "BWBW", "a1": "B"})
    move = g.parse_move(s, "c3")
    assert move == UkejalayerMove("eliminate", (("c3", -1),))
    assert g.play(s, move).stack("c3") == "BWW"
    assert query(g, s, "stack_after_eliminate", square="c3") == "BWW"
    assert g.eliminate_targets(s) == ["c3"]
    assert height_changes(s, g.play(s, move)) == {"c3": -1}


# --------------------------------------------------------------------------- chains


def test_single_piece_steps_to_every_neighbour_and_stacks_on_anything():
    g, s = make({"b2": "W", "b3": "B", "c2": "BW"})
    from_b2 = sorted(g.format_move(s, m) for m in g.moves_from(s, "b2"))
    # onto empty, enemy and own squares, and on through the link at c2
    assert from_b2 == ["b2a2", "b2b1", "b2b3", "b2c1", "b2c2", "b2c3", "b2d2"]
    after = g.play(s, g.parse_move(s, "b2(1)b3"))
    assert after.stack("b3") == "BW" and after.stack("b2") == ""


def test_a_link_is_passed_through_and_stays_linked():
    g, s = make({"a1": "W", "b1": "W", "c1": "W", "d1": "B"})
    move = g.parse_move(s, "a1(1)b1(1)c1(1)d1")
    after = g.play(s, move)
    assert [after.stack(q) for q in ("a1", "b1", "c1", "d1")] == ["", "W", "W", "BW"]
    assert g.format_move(s, move) == "a1d1"
    assert g.parse_move(s, "a1d1") == move
    assert g.format_chain(s, move) == "a1(1)b1(1)c1(1)d1"


def test_a_single_piece_entering_a_non_link_square_stops():
    g, s = make({"a1": "W", "a2": "W"})  # guidebook: a1's piece through a2 stops at a3
    # a1(1)a2(1)a1 would only restore the position: not a legal chain, a1 is not reached
    assert g.reachable_squares(s, "a1") == ["a2", "a3", "b1", "b2"]
    assert g.can_reach(s, "a1", "a3") and not g.can_reach(s, "a1", "a4")
    with pytest.raises(IllegalMoveError, match=r"^a3 has only 1 white piece on top after landing"):
        g.parse_move(s, "a1(1)a2(1)a3(1)a4")


def test_surplus_of_a_link_may_be_picked_up():
    g, s = make({"a1": "W", "b1": "WWW"})
    move = g.parse_move(s, "a1(1)b1(3)c1")  # b1 keeps 1 of its 4, 3 go on
    after = g.play(s, move)
    assert [after.stack(q) for q in ("a1", "b1", "c1")] == ["", "W", "WWW"]
    assert g.format_move(s, move) == "a12b13c1"
    assert g.parse_move(s, "a12b13c1") == move


def test_the_lone_piece_of_a_link_cannot_be_picked_up():
    g, s = make({"a1": "W", "a2": "W"})
    with pytest.raises(IllegalMoveError) as err:
        g.parse_move(s, "a1(1)a2(2)a3")
    assert str(err.value) == ("a2 has only 2 white pieces on top after landing, cannot carry 2 on "
                              "(at least one must stay behind)")
    with pytest.raises(IllegalMoveError) as err:
        g.parse_move(s, "a2a12a3")  # the same result written canonically
    assert str(err.value) == (
        "no chain of white pieces gives these height changes (a2 -1, a1 -1, a3 +2)")


def test_dropping_on_an_empty_square_lets_the_rest_go_on():
    g, s = make({"a3": "WWW"})
    move = g.parse_move(s, "a3(3)b3(2)c3(1)d3")
    after = g.play(s, move)
    assert [after.stack(q) for q in ("a3", "b3", "c3", "d3")] == ["", "W", "W", "W"]
    assert g.format_move(s, move) == "3a3b3c3d3"


def test_carrying_fewer_than_the_run_is_allowed():
    g, s = make({"c2": "WBWW"})
    one_step = sorted(g.format_move(s, m) for m in g.moves_from(s, "c2") if len(m.changes) == 2)
    assert one_step == ["2c22b2", "2c22c1", "2c22c3", "2c22d2", "c2b2", "c2c1", "c2c3", "c2d2"]
    one = g.play(s, g.parse_move(s, "c2(1)c3"))
    two = g.play(s, g.parse_move(s, "c2(2)c3"))
    assert (one.stack("c2"), one.stack("c3")) == ("WBW", "W")
    assert (two.stack("c2"), two.stack("c3")) == ("WB", "WW")


def test_revisits_are_allowed():
    """[decision] squares may be revisited: a1 WWW can leave one on a2 and one on b1."""
    g, s = make({"a1": "WWW"})
    move = g.parse_move(s, "a1(2)a2(1)a1(1)b1")
    after = g.play(s, move)
    assert [after.stack(q) for q in ("a1", "a2", "b1")] == ["W", "W", "W"]
    assert g.format_move(s, move) == "2a1a2b1"
    assert g.format_chain(s, move) == "a1(2)a2(1)a1(1)b1"  # no chain without a revisit exists


def test_the_starting_square_may_be_emptied_and_refilled():
    g, s = make({"a1": "WWW"})
    move = g.parse_move(s, "a1(3)a2(2)a1")  # a1 emptied, then 2 come back
    assert g.format_move(s, move) == "a1a2"
    assert g.format_chain(s, move) == "a1(1)a2"  # the representative is the shortest chain
    assert g.parse_move(s, "a1(1)a2") == move


def test_chains_with_the_same_result_are_one_move():
    g, s = make({"a1": "W", "b1": "W", "a2": "W", "b2": "W"})
    moves = g.legal_moves(s)
    results = [g.play(s, m) for m in moves]
    assert len(set(results)) == len(moves)
    # a1 -> b1 -> b2 and a1 -> a2 -> b2 give the same position: one move, 'a1b2'
    assert g.parse_move(s, "a1(1)b1(1)b2") == g.parse_move(s, "a1(1)a2(1)b2")
    assert g.parse_move(s, "a1b2") == g.parse_move(s, "a1(1)a2(1)b2")


def test_no_effective_pass():
    g, s = make({"a1": "WW", "b1": "W"})
    with pytest.raises(IllegalMoveError) as err:
        g.parse_move(s, "a1(1)b1(1)a1")
    assert str(err.value) == (
        "the chain leaves the position unchanged (an effective pass is illegal)")
    for move in g.legal_moves(s):
        assert g.play(s, move).board != s.board
        assert all(d != 0 for _, d in move.changes)


def test_chain_moves_match_the_naive_generator_on_richer_positions():
    boards = [
        {"b2": "WWW", "a2": "W", "c2": "BW", "b3": "B"},
        {"a1": "WW", "b1": "W", "b2": "WBW", "c3": "BW"},
        {"b2": "WWWW"},
        {"a1": "W", "b1": "W", "c1": "W", "a2": "W", "b2": "WW"},
    ]
    for board in boards:
        g, s = make(board)
        assert engine_successors(g, s) == successors(to_naive(s), 4), board


def test_moves_of_a_tall_stack_are_exhaustive_and_distinct():
    g, s = make({"b2": "W" * 8})
    moves = g.legal_moves(s)
    assert len(moves) == 30416
    assert len(set(moves)) == len(moves)
    assert len({g.format_move(s, m) for m in moves}) == len(moves)


def test_legal_moves_order_is_deterministic():
    g, s = make({"b2": "WWW", "c3": "BW", "a1": "W"}, hands=(1, 1))
    first = [g.format_move(s, m) for m in g.legal_moves(s)]
    again = [g.format_move(s, m) for m in UkejalayerGame().legal_moves(s)]
    assert first == again
    assert [m.kind for m in g.legal_moves(s)][:13] == ["summon"] * 13  # summons come first


# --------------------------------------------------------------------------- unlock


ELIM_BOARD = {"a1": "BW", "d4": "WB"}  # a1: White's target, d4: Black's target


def elim_allowed(g, s):
    return g.elimination_allowed(s), "eliminate" in kinds(g, s)


def test_guidebook_timeline_black_summons_its_last_piece_first():
    """Black summons its 8th; White: no; Black: may; White: may once its hand is empty."""
    g, s = make(ELIM_BOARD, to_move="black", hands=(1, 1))
    assert elim_allowed(g, s) == (False, False)
    s = g.play(s, g.parse_move(s, "b2"))  # Black's last summon: the unlock moment
    assert s.hands == (1, 0) and s.white_wait == 1
    assert query(g, s, "white_turns_blocked") == 1
    assert elim_allowed(g, s) == (False, False)  # White's turn: no elimination
    s = g.play(s, g.parse_move(s, "c2"))  # White's last summon (this White turn was blocked)
    assert s.white_wait == 0
    assert elim_allowed(g, s) == (True, True)  # Black's turn: may eliminate
    assert g.eliminate_targets(s) == ["d4"]
    assert query(g, s, "can_eliminate") is True
    s = g.play(s, g.parse_move(s, "b2b3"))  # ... or do something else
    assert elim_allowed(g, s) == (True, True)  # White's turn: hand empty too, may eliminate
    assert g.eliminate_targets(s) == ["a1"]
    after = g.play(s, g.parse_move(s, "a1"))
    assert after.stack("a1") == "W"


def test_guidebook_timeline_white_empties_first_waits_one_turn():
    g, s = make(ELIM_BOARD, to_move="white", hands=(1, 2))
    s = g.play(s, g.parse_move(s, "b2"))  # White's last summon: unlock moment, White waits N=1
    assert s.white_wait == 1
    assert elim_allowed(g, s) == (False, False)  # Black still has pieces in hand
    with pytest.raises(IllegalMoveError) as err:
        g.parse_move(s, "d4")
    assert str(err.value) == "black cannot eliminate while it still has 2 pieces in hand"
    s = g.play(s, g.parse_move(s, "c2"))
    assert elim_allowed(g, s) == (False, False)  # White: blocked by N
    with pytest.raises(IllegalMoveError) as err:
        g.parse_move(s, "a1")
    assert str(err.value) == (
        "white may not eliminate yet: 1 more white turn blocked after the unlock")
    s = g.play(s, g.parse_move(s, "b2b3"))
    assert s.white_wait == 0
    s = g.play(s, g.parse_move(s, "c3"))  # Black's last summon
    assert elim_allowed(g, s) == (True, True)


def test_white_delay_zero_lets_white_eliminate_at_once():
    g, s = make(ELIM_BOARD, to_move="white", hands=(1, 2), white_delay=0)
    s = g.play(s, g.parse_move(s, "b2"))
    assert s.white_wait == 0
    s = g.play(s, g.parse_move(s, "c2"))
    assert elim_allowed(g, s) == (True, True)


def test_white_delay_two_blocks_two_white_turns():
    g, s = make(ELIM_BOARD, to_move="black", hands=(1, 1), white_delay=2)
    s = g.play(s, g.parse_move(s, "b2"))  # unlock moment: White waits 2 turns
    assert s.white_wait == 2
    s = g.play(s, g.parse_move(s, "c2"))  # White turn 1 (hand not empty anyway)
    assert s.white_wait == 1
    assert elim_allowed(g, s) == (True, True)  # Black
    s = g.play(s, g.parse_move(s, "d4"))  # Black eliminates the white piece under its top
    assert s.stack("d4") == "B"
    assert elim_allowed(g, s) == (False, False)  # White turn 2: still blocked, hand empty
    assert query(g, s, "white_turns_blocked") == 1
    s = g.play(s, g.parse_move(s, "c2c3"))
    assert s.white_wait == 0
    s = g.play(s, g.parse_move(s, "b2b3"))
    assert elim_allowed(g, s) == (True, True)


def test_unlock_both_waits_for_both_hands():
    g, s = make(ELIM_BOARD, to_move="black", hands=(1, 1), unlock="both")
    s = g.play(s, g.parse_move(s, "b2"))  # Black's hand empty, White's not: still locked
    assert s.white_wait == 0
    s = g.play(s, g.parse_move(s, "c2"))  # both hands empty: the moment, White waits N=1
    assert s.white_wait == 1
    assert elim_allowed(g, s) == (True, True)
    s = g.play(s, g.parse_move(s, "b2b3"))
    assert elim_allowed(g, s) == (False, False)
    s = g.play(s, g.parse_move(s, "c2c3"))
    s = g.play(s, g.parse_move(s, "b3b2"))
    assert elim_allowed(g, s) == (True, True)


def test_unlock_both_locks_an_empty_hand_while_the_other_is_not():
    g, s = make(ELIM_BOARD, to_move="black", hands=(1, 0), unlock="both")
    assert elim_allowed(g, s) == (False, False)
    with pytest.raises(IllegalMoveError) as err:
        g.parse_move(s, "d4")
    assert str(err.value) == "elimination is not unlocked yet (both hands must be empty)"
    g, s = make(ELIM_BOARD, to_move="black", hands=(1, 0))  # guidebook: unlocked
    assert elim_allowed(g, s) == (True, True)


def test_unlock_self_needs_only_the_own_hand_and_ignores_n():
    g, s = make(ELIM_BOARD, to_move="black", hands=(1, 0), unlock="self", white_delay=3)
    assert elim_allowed(g, s) == (True, True)
    g, s = make(ELIM_BOARD, to_move="white", hands=(1, 1), unlock="self", white_delay=3)
    s = g.play(s, g.parse_move(s, "b2"))  # White's last summon
    assert s.white_wait == 0
    assert elim_allowed(g, s) == (False, False)  # Black still holds one
    s = g.play(s, g.parse_move(s, "c2"))
    assert elim_allowed(g, s) == (True, True)  # White at once: N ignored


def test_yaml_without_white_wait_and_an_empty_hand_is_unlocked():
    g, s = make(ELIM_BOARD, to_move="white", hands=(0, 3))
    assert s.white_wait == 0 and elim_allowed(g, s) == (True, True)
    g, s = make(ELIM_BOARD, to_move="white", hands=(0, 3), white_wait=1)
    assert elim_allowed(g, s) == (False, False)
    assert g.play(s, g.parse_move(s, "a1b1")).white_wait == 0  # this White turn used it up


def test_no_elimination_without_an_enemy_below_or_an_own_top():
    g, s = make({"a1": "WW", "b1": "WB", "c1": "B"})
    assert g.eliminate_targets(s) == []
    with pytest.raises(IllegalMoveError) as err:
        g.parse_move(s, "a1")
    assert str(err.value) == "a1 holds no black piece under white's top"
    with pytest.raises(IllegalMoveError) as err:
        g.parse_move(s, "b1")
    assert str(err.value) == "b1 is topped by black, so white cannot eliminate there"
    with pytest.raises(QueryError, match="b1 has no black piece under a white top"):
        query(g, s, "stack_after_eliminate", square="b1")


# --------------------------------------------------------------------------- end of the game


def test_a_player_with_no_legal_action_loses():
    g, s = make({"a1": "BW", "b1": "W"}, to_move="black", hands=(0, 0))
    assert g.legal_moves(s) == []
    assert g.outcome(s) == Outcome("white", "no legal action")
    assert query(g, s, "winner") == "white"


def test_no_empty_square_and_no_own_top_loses_even_with_pieces_in_hand():
    board = {q: "BW" for q in square_names(3)}
    g, s = make(board, to_move="black", hands=(0, 0), size=3, hand=9)
    assert g.outcome(s) == Outcome("white", "no legal action")
    g, s = make(board, to_move="black", hands=(0, 0), size=3, hand=9)
    del board["c3"]
    g, s = make(board, to_move="black", hands=(0, 1), size=3, hand=9)
    assert g.outcome(s) is None
    assert texts(g, s) == ["c3"]


def test_white_loses_too_and_the_game_goes_on_while_a_move_exists():
    g, s = make({"a1": "WB"}, to_move="white", hands=(0, 0))
    assert g.outcome(s) == Outcome("black", "no legal action")
    g, s = make({"a1": "WB", "d4": "BW"}, to_move="white", hands=(0, 0))
    assert g.outcome(s) is None
    assert query(g, s, "winner") == "none"


def test_outcome_agrees_with_an_empty_move_list():
    for board, hands in [({"a1": "BW"}, (0, 0)), ({"a1": "B"}, (0, 0)), ({}, (0, 1))]:
        g, s = make(board, to_move="white", hands=hands)
        assert (g.outcome(s) is not None) == (g.legal_moves(s) == [])


# --------------------------------------------------------------------------- notation


def test_canonical_examples_from_the_spec():
    g, s = make({"a2": "WWW", "c3": "BW", "b3": "B"}, hands=(1, 0))
    assert g.format_move(s, g.parse_move(s, "b2")) == "b2"  # summon: b2 is empty
    move = g.parse_move(s, "a2(3)a3(1)b3")
    assert g.format_move(s, move) == "3a22a3b3"
    assert g.parse_move(s, "3a22a3b3") == move
    g, s = make({"c3": "BW"})
    assert g.format_move(s, g.parse_move(s, "c3")) == "c3"  # eliminate: c3 is occupied


def test_canonical_order_is_decreased_then_increased_rank_high_first():
    g, s = make({"a1": "W", "b1": "WWW", "d4": "W"})
    move = g.parse_move(s, "a1(1)b1(3)b2(2)b3(1)b4")
    assert g.format_move(s, move) == "a12b1b4b3b2"
    move = g.parse_move(s, "d4(1)c4")
    assert g.format_move(s, move) == "d4c4"


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty move text"),
        ("zz", "cannot read move 'zz': expected a square like 'b2', a canonical move like "
               "'3a22a3b3' or a chain like 'a1(3)b1(2)c1(1)d1'"),
        ("a1(2", "cannot read chain 'a1(2': expected a square like 'b2', a canonical move like "
                 "'3a22a3b3' or a chain like 'a1(3)b1(2)c1(1)d1'"),
        ("A1B1", "cannot read move 'A1B1': expected a square like 'b2', a canonical move like "
                 "'3a22a3b3' or a chain like 'a1(3)b1(2)c1(1)d1'"),
        ("e5", "square e5 is off the 4x4 board (a1 to d4)"),
        ("a1(1)e1", "square e1 is off the 4x4 board (a1 to d4)"),
        ("a1a1", "square a1 appears twice"),
        ("1a1b1", "a height prefix must be 2 or more (got '1a1')"),
        ("a1b1c1", "cannot read 'a1b1c1' as decreased then increased squares with equal totals"),
        ("b1a12c2", "squares in 'b1a12c2' must be ordered by rank from high to low, then file "
                    "from a, within the decreased and the increased group"),
        ("2b2", "a single square is a summon or an elimination and takes no count (got '2b2')"),
        ("a1(0)b1", "a chain step must carry at least 1 piece (got 'a1(0)')"),
    ],
)
def test_malformed_text_raises_notation_error(text, message):
    g, s = make({"a1": "WW", "b1": "W", "d1": "B"})
    with pytest.raises(NotationError) as err:
        g.parse_move(s, text)
    assert str(err.value) == message


@pytest.mark.parametrize(
    "text, message",
    [
        ("a1(3)b1(2)c1(1)d1", "a1 has only 2 white pieces on top, cannot carry 3"),
        ("c1(1)d1", "c1 has no white piece on top, cannot carry 1"),
        ("d1(1)c1", "d1 has no white piece on top, cannot carry 1"),
        ("a1(1)c1", "c1 is not orthogonally next to a1"),
        ("a1(1)b1(1)a1", "the chain leaves the position unchanged (an effective pass is illegal)"),
        ("3a1b1c1d1", "a1 has only 2 white pieces on top, cannot lose 3"),
        ("c1d1", "c1 has no white piece on top, cannot lose 1"),
        ("a1d1", "no chain of white pieces gives these height changes (a1 -1, d1 +1)"),
        ("b2", "white has no pieces in hand to summon on b2"),
        ("d1", "d1 is topped by black, so white cannot eliminate there"),
    ],
)
def test_illegal_text_raises_illegal_move_error(text, message):
    g, s = make({"a1": "WW", "b1": "W", "d1": "B"})
    with pytest.raises(IllegalMoveError) as err:
        g.parse_move(s, text)
    assert str(err.value) == message


def test_surrounding_whitespace_is_ignored():
    g, s = make({"a1": "WW"})
    assert g.parse_move(s, "  a1a2\n") == g.parse_move(s, "a1(1)a2")


ROUND_TRIP_POSITIONS = [
    ({}, "white", (8, 8)),
    ({"c2": "WBWW", "b3": "BW", "d1": "B"}, "white", (0, 0)),
    ({"a1": "WWW", "d1": "B", "b2": "BW"}, "white", (2, 6)),
    ({"b2": "WWWW", "a2": "W", "c2": "BW", "b3": "B", "c3": "WB"}, "white", (0, 2)),
    ({"b2": "BBB", "a1": "B", "c3": "WB", "d4": "BWB", "a4": "W"}, "black", (0, 0)),
]


@pytest.mark.parametrize("board, to_move, hands", ROUND_TRIP_POSITIONS)
def test_every_legal_move_round_trips_through_both_notations(board, to_move, hands):
    g, s = make(board, to_move=to_move, hands=hands)
    moves = g.legal_moves(s)
    assert moves
    for move in moves:
        canonical = g.format_move(s, move)
        chain = g.format_chain(s, move)
        assert g.parse_move(s, canonical) == move
        assert g.parse_move(s, chain) == move
        assert g.notations(s, move)[0] == canonical
        assert chain in g.notations(s, move)
        if move.kind == "move":
            assert "(" in chain
        else:
            assert chain == canonical


def test_format_chain_rejects_a_move_that_is_not_legal():
    g, s = make({"a1": "W"})
    with pytest.raises(IllegalMoveError, match="d4c4 is not a legal move of white here"):
        g.format_chain(s, UkejalayerMove("move", (("c4", 1), ("d4", -1))))


def test_representative_chain_is_shortest_then_smallest():
    g, s = make({"a1": "W", "b1": "W", "a2": "W", "b2": "W"})
    move = g.parse_move(s, "a1b2")
    # a1(1)a2(1)b2 and a1(1)b1(1)b2 both have two steps; a2 comes before b1 in name order
    assert g.format_chain(s, move) == "a1(1)a2(1)b2"


# --------------------------------------------------------------------------- positions


def test_position_yaml_round_trips():
    g = UkejalayerGame()
    data = {"game": "ukejalayer", "to_move": "black", "hands": {"white": 0, "black": 2},
            "white_wait": 1, "board": {"a1": "BW", "c2": "WBWW", "b3": "BW"}}
    state = g.position_from_yaml(data)
    assert state.stack("c2") == "WBWW" and state.hands == (0, 2) and state.white_wait == 1
    assert g.position_to_yaml(state) == data
    assert list(g.position_to_yaml(state)["board"]) == ["a1", "c2", "b3"]  # index order
    start = g.initial_state()
    assert g.position_to_yaml(start) == {"game": "ukejalayer", "to_move": "white",
                                         "hands": {"white": 8, "black": 8}, "board": {}}
    assert g.position_from_yaml(g.position_to_yaml(start)) == start


def test_design_md_example_position_is_accepted():
    g = UkejalayerGame()
    s = g.position_from_yaml({"game": "ukejalayer", "to_move": "white",
                              "hands": {"white": 0, "black": 0}, "white_wait": 0,
                              "board": {"c2": "WBWW", "b3": "BW", "d1": "B"}})
    assert s.white_wait == 0 and s.stack("d1") == "B"
    assert "white_wait" not in g.position_to_yaml(s)


def test_empty_stack_text_means_an_empty_square():
    g = UkejalayerGame()
    s = g.position_from_yaml({"game": "ukejalayer", "to_move": "white",
                              "hands": {"white": 8, "black": 8}, "board": {"a1": "", "b1": None}})
    assert s == g.initial_state()


VALID = {"game": "ukejalayer", "to_move": "white", "hands": {"white": 0, "black": 0},
         "board": {"c2": "WBWW"}}


@pytest.mark.parametrize(
    "change, message, path",
    [
        ({"colour": 1}, "unknown key 'colour' (expected game, to_move, hands, white_wait, board)",
         ("colour",)),
        ({"game": "babuschka"}, "game must be 'ukejalayer' (got 'babuschka')", ("game",)),
        ({"to_move": "red"}, "to_move must be 'white' or 'black' (got 'red')", ("to_move",)),
        ({"hands": [0, 0]}, "hands must be a mapping like {white: 8, black: 8}", ("hands",)),
        ({"hands": {"white": 0}}, "hands must give black", ("hands",)),
        ({"hands": {"white": 0, "black": 0, "red": 1}},
         "unknown side 'red' in hands (expected white, black)", ("hands", "red")),
        ({"hands": {"white": -1, "black": 0}}, "hand count must be 0 or more (got -1)",
         ("hands", "white")),
        ({"hands": {"white": "x", "black": 0}}, "hand count must be a whole number (got 'x')",
         ("hands", "white")),
        ({"hands": {"white": True, "black": 0}}, "hand count must be a whole number (got True)",
         ("hands", "white")),
        ({"hands": {"white": 0, "black": 9}}, "hand count must be at most 8 (the material)",
         ("hands", "black")),
        ({"hands": {"white": 6, "black": 0}},
         "too many white pieces: 3 on the board and 6 in hand, expected at most 8 in all",
         ("hands", "white")),
        ({"board": {"a1": "WWWWWWWWW"}},
         "too many white pieces: 9 on the board and 0 in hand, expected at most 8 in all",
         ("board",)),
        ({"board": "c2 WBWW"}, "board must be a mapping of squares to stacks like {c2: WBWW}",
         ("board",)),
        ({"board": []}, "board must be a mapping of squares to stacks like {c2: WBWW}",
         ("board",)),
        ({"board": {"e5": "W"}}, "square e5 is off the 4x4 board (a1 to d4)", ("board", "e5")),
        ({"board": {"a0": "W"}}, "square a0 is off the 4x4 board (a1 to d4)", ("board", "a0")),
        ({"board": {"C2": "W"}},
         "'C2' is not a square (expected a file letter then a rank, like 'c2')", ("board", "C2")),
        ({"board": {"c2": "WXB"}}, "stack must be a string of W and B, bottom to top (got 'WXB')",
         ("board", "c2")),
        ({"board": {"c2": "wb"}}, "stack must be a string of W and B, bottom to top (got 'wb')",
         ("board", "c2")),
        ({"board": {"c2": 3}}, "stack must be a string of W and B, bottom to top (got 3)",
         ("board", "c2")),
        ({"white_wait": -1}, "white_wait must be 0 or more (got -1)", ("white_wait",)),
        ({"white_wait": "one"}, "white_wait must be a whole number (got 'one')", ("white_wait",)),
        ({"white_wait": 2}, "white_wait must be at most white_delay (1)", ("white_wait",)),
        ({"hands": {"white": 1, "black": 1}, "white_wait": 1},
         "white_wait must be 0 until a hand is empty", ("white_wait",)),
    ],
)
def test_bad_positions_are_rejected_with_path(change, message, path):
    g = UkejalayerGame()
    with pytest.raises(PositionError) as err:
        g.position_from_yaml({**VALID, **change})
    assert str(err.value) == message
    assert err.value.path == path


@pytest.mark.parametrize("key", ["game", "to_move", "hands"])
def test_missing_keys_are_rejected(key):
    data = {k: v for k, v in VALID.items() if k != key}
    with pytest.raises(PositionError) as err:
        UkejalayerGame().position_from_yaml(data)
    assert str(err.value) == f"missing key '{key}'"


def test_position_must_be_a_mapping():
    with pytest.raises(PositionError, match="position must be a mapping"):
        UkejalayerGame().position_from_yaml(["game", "ukejalayer"])


def test_white_wait_rules_depend_on_the_unlock_mode():
    data = {**VALID, "hands": {"white": 0, "black": 3}, "white_wait": 1}
    assert UkejalayerGame().position_from_yaml(data).white_wait == 1
    with pytest.raises(PositionError) as err:
        UkejalayerGame({"unlock": "both"}).position_from_yaml(data)
    assert str(err.value) == "white_wait must be 0 until both hands are empty (unlock 'both')"
    with pytest.raises(PositionError) as err:
        UkejalayerGame({"unlock": "self"}).position_from_yaml(data)
    assert str(err.value) == "white_wait must be 0 under unlock 'self' (white_delay is ignored)"
    assert UkejalayerGame({"white_delay": 3}).position_from_yaml(
        {**data, "white_wait": 3}).white_wait == 3


def test_board_size_follows_the_rules():
    g = UkejalayerGame({"size": 5})
    s = g.position_from_yaml({**VALID, "board": {"e5": "W"}})
    assert s.stack("e5") == "W" and len(s.board) == 25
    with pytest.raises(PositionError, match=r"square d4 is off the 3x3 board \(a1 to c3\)"):
        UkejalayerGame({"size": 3}).position_from_yaml({**VALID, "board": {"d4": "W"}})


# --------------------------------------------------------------------------- queries


def test_queries_are_named_documented_and_cite_the_spec():
    g = UkejalayerGame()
    own = g.game_queries()
    assert set(own) >= {"movable_pieces", "can_reach", "reachable_squares", "can_eliminate",
                        "eliminate_targets", "summon_squares", "white_turns_blocked"}
    for name, q in own.items():
        assert q.name == name
        assert "shared/rules/ukejalayer.md" in q.doc, name
        assert q.returns in {"number", "boolean", "squares", "moves", "text"}
    assert [p.name for p in own["can_reach"].params] == ["from", "to"]
    assert [p.kind for p in own["can_reach"].params] == ["square", "square"]
    assert set(g.queries()) >= set(own) | {"move_count", "legal_moves", "winning_moves"}


def test_square_queries():
    g, s = make({"a1": "W", "b1": "B", "c1": "WB", "a2": "B", "b2": "W", "d2": "W", "b3": "B",
                 "c3": "W", "d3": "B", "a4": "W", "c4": "B"}, to_move="black", hands=(2, 2))
    assert query(g, s, "summon_squares") == ["a3", "b4", "c2", "d1", "d4"]
    assert query(g, s, "controlled_squares") == ["a2", "b1", "b3", "c1", "c4", "d3"]
    assert query(g, s, "linked_squares") == ["b1", "c1"]
    assert query(g, s, "eliminate_targets") == []
    assert query(g, s, "can_eliminate") is False
    assert query(g, s, "elimination_allowed") is False
    assert query(g, s, "white_turns_blocked") == 0
    assert query(g, s, "reachable_squares", **{"from": "a2"}) == ["a1", "a3", "b2"]
    assert query(g, s, "moves_from", **{"from": "a2"}) == ["a2a1", "a2a3", "a2b2"]
    g2, s2 = make({"a1": "WWW", "d1": "B"})
    assert query(g2, s2, "reachable_squares", **{"from": "b1"}) == []


def test_query_arguments_are_checked():
    g, s = make({"a1": "W"})
    with pytest.raises(QueryError, match=r"'e9' is not a square of the 4x4 board \(a1 to d4\)"):
        query(g, s, "can_reach", **{"from": "e9", "to": "a1"})


def test_height_changes_for_the_renderer():
    g, s = make({"a1": "WWW", "d1": "B"})
    after = g.play(s, g.parse_move(s, "a1(3)b1(2)c1(1)d1"))
    assert g.height_changes(s, after) == {"a1": -3, "b1": 1, "c1": 1, "d1": 1}
    assert height_changes(s, s) == {}


# --------------------------------------------------------------------------- perft


@pytest.mark.parametrize("depth, count", [(0, 1), (1, 16), (2, 240), (3, 4080), (4, 65888)])
def test_perft_from_the_start(depth, count):
    g = UkejalayerGame()
    assert generic_perft(g, g.initial_state(), depth) == count
    assert g.perft(g.initial_state(), depth) == count


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_perft_from_the_start_matches_the_naive_generator(depth):
    g = UkejalayerGame()
    assert g.perft(g.initial_state(), depth) == perft(start(4, 8), depth, 4)


@pytest.mark.parametrize(
    "rules, depth, count",
    [
        ({"size": 3, "hand": 2}, 5, 43732),
        ({"size": 3, "hand": 2, "unlock": "both", "white_delay": 0}, 5, None),
        ({"size": 3, "hand": 1, "unlock": "self"}, 6, None),
        ({"size": 3, "hand": 1, "white_delay": 2}, 6, None),
    ],
)
def test_small_board_perft_matches_the_naive_generator(rules, depth, count):
    g = UkejalayerGame(rules)
    mine = g.perft(g.initial_state(), depth)
    naive = perft(start(3, rules["hand"]), depth, 3, rules.get("unlock", "guidebook"),
                  rules.get("white_delay", 1))
    assert mine == naive
    if count is not None:
        assert mine == count


def test_elimination_phase_successors_match_the_naive_generator():
    for unlock in ("guidebook", "both", "self"):
        for delay in (0, 1, 2):
            g, s = make({"a1": "BW", "b1": "WB", "b2": "WBW", "c2": "B"}, to_move="white",
                        hands=(0, 1), unlock=unlock, white_delay=delay)
            assert engine_successors(g, s) == successors(to_naive(s), 4, unlock, delay)
            for after in g.legal_moves(s)[:6]:
                t = g.play(s, after)
                assert engine_successors(g, t) == successors(to_naive(t), 4, unlock, delay)


MIDGAME = {"a1": "BW", "b1": "WB", "b2": "WBW", "c2": "B", "c3": "BW", "d3": "WB"}


@pytest.mark.parametrize("unlock", ["guidebook", "both", "self"])
@pytest.mark.parametrize("delay", [0, 1, 2])
def test_midgame_perft_through_the_unlock_matches_the_naive_generator(unlock, delay):
    """Black to move, one piece in each hand: the unlock moment and eliminations come within
    three plies, so every mode and N changes the tree."""
    g, s = make(MIDGAME, to_move="black", hands=(1, 1), unlock=unlock, white_delay=delay)
    assert g.perft(s, 3) == perft(to_naive(s), 3, 4, unlock, delay)


@pytest.mark.parametrize(
    "unlock, delay, count",
    [("guidebook", 0, 244221), ("guidebook", 1, 238788), ("guidebook", 2, 234693),
     ("both", 1, 229961), ("self", 1, 244221)],
)
def test_midgame_perft_depth_4(unlock, delay, count):
    g, s = make(MIDGAME, to_move="black", hands=(1, 1), unlock=unlock, white_delay=delay)
    assert g.perft(s, 4) == count


def test_perft_5_from_the_start():
    g = UkejalayerGame()
    assert g.perft(g.initial_state(), 5) == 1218640  # the naive generator agrees (1.5 s)


def test_white_wait_zero_is_accepted_before_the_unlock():
    # guide/positions.md's position form lists white_wait as optional; 0 is true before the unlock too.
    g = UkejalayerGame()
    state = g.position_from_yaml({**VALID, "hands": {"white": 8, "black": 8}, "board": {},
                                  "white_wait": 0})
    assert state.white_wait == 0 and len(g.legal_moves(state)) == 16


# --------------------------------------------------------------------------- move_path


def test_move_path_follows_every_link_of_the_chain():
    g, s = make({"a1": "WWW", "d1": "B"})
    assert g.move_path(s, g.parse_move(s, "a1(3)b1(2)c1(1)d1")) == ["a1", "b1", "c1", "d1"]
    g, s = make({"a1": "W", "b1": "W", "c1": "W", "d1": "B"})
    assert g.move_path(s, g.parse_move(s, "a1d1")) == ["a1", "b1", "c1", "d1"]


def test_move_path_of_a_summon_or_an_eliminate_is_its_square():
    g, s = make({"a1": "B"}, hands=(1, 0))
    assert g.move_path(s, g.parse_move(s, "b2")) == ["b2"]
    g, s = make({"c3": "BWBW", "a1": "B"})
    assert g.move_path(s, g.parse_move(s, "c3")) == ["c3"]


def test_move_path_rejects_an_illegal_move():
    g, s = make({"a1": "WWW", "d1": "B"})
    with pytest.raises(IllegalMoveError, match=r"^3a13d1 is not a legal move of white here$"):
        g.move_path(s, UkejalayerMove("move", (("a1", -3), ("d1", 3))))
