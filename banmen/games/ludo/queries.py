"""Named queries of the Ludo family: the questions a puzzle may ask about a position with a
stated roll (``shared/rules/ludo.md``). Generic queries (``move_count``, ``legal_moves``,
``is_legal``, ``winner``) come from :mod:`banmen.analysis`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from banmen.errors import brief_repr
from banmen.game import BanmenError, PositionError, Query, QueryError, QueryParam
from banmen.games.ludo.engine import LudoState, is_void_six, movable, sends, waypoints
from banmen.games.ludo.notation import parse_move, piece_name, progress_text
from banmen.games.ludo.position import read_position, write_position
from banmen.games.ludo.rules import preset_names, preset_rules
from banmen.games.ludo.track import COLOUR_OF_INITIAL, loop_t, square_of

if TYPE_CHECKING:
    from banmen.games.ludo.game import LudoGame


def _need_roll(state: LudoState) -> None:
    if not state.roll:
        raise QueryError("the position states no roll: add 'roll: N' (1-6)")


def _piece_arg(state: LudoState, piece: Any) -> int:
    """Read a piece name of the side to move (``r2``) -> its 0-based index."""
    text = str(piece).strip().lower()
    seat = state.to_move
    mover = state.colours[seat]
    own = state.pieces[seat]
    if len(text) != 2 or text[0] not in COLOUR_OF_INITIAL or not text[1].isdigit():
        raise QueryError(f"expected a piece like r2, got {brief_repr(piece)}")
    if COLOUR_OF_INITIAL[text[0]] != mover:
        raise QueryError(f"{text} is not a piece of the side to move ({mover})")
    index = int(text[1]) - 1
    if not 0 <= index < len(own):
        raise QueryError(f"{mover} has {len(own)} pieces: there is no {text}")
    return index


def query_landing(game: LudoGame, state: LudoState, piece: Any) -> str:
    """Progress of the piece after its move with the stated roll (a number, goal or none).

    Jumps and flights are included; 'none' when that piece cannot use the roll."""
    _need_roll(state)
    index = _piece_arg(state, piece)
    if index not in movable(state):
        return "none"
    d = state.pieces[state.to_move][index]
    return progress_text(state, state.variant.final[d][state.roll])


def query_landing_square(game: LudoGame, state: LudoState, piece: Any) -> list[str]:
    """The square of the piece after its move with the stated roll (none if it cannot move).
    """
    _need_roll(state)
    index = _piece_arg(state, piece)
    if index not in movable(state):
        return []
    d = state.pieces[state.to_move][index]
    final = state.variant.final[d][state.roll]
    return [square_of(state.variant.rules, state.colours[state.to_move], final, index)]


def query_send_backs(game: LudoGame, state: LudoState, move: Any) -> int:
    """Number of pieces the move sends back to their yards (at every landing)."""
    return sends(state, move)


def evidence_send_backs(game: LudoGame, state: LudoState, move: Any) -> str:
    """Which pieces the move sends back, from which squares, at which landing."""
    if move.kind != "move":
        return "the move is not a piece move: it sends nothing back"
    seat = state.to_move
    hits = state.variant.seat_hits(state.colours)
    d = state.pieces[seat][move.value]
    name = piece_name(state, seat, move.value)
    found, seen, safe = [], set(), []
    for land, _kind in waypoints(state, move):
        if not 1 <= land <= state.variant.loop_end or hits[seat][land] >= 0:
            continue
        t = loop_t(state.colours[seat], land)  # a safe square: pieces there stay
        stay = [piece_name(state, other, i) for other, own in enumerate(state.pieces)
                if other != seat for i, p in enumerate(own)
                if 1 <= p <= state.variant.loop_end and loop_t(state.colours[other], p) == t]
        if stay:
            verb = "stays" if len(stay) == 1 else "stay"
            safe.append(f"t{t} is a safe square: {', '.join(stay)} {verb}")
    for land in state.variant.landings[d][state.roll]:
        t = hits[seat][land]
        if t < 0 or t in seen:
            continue
        seen.add(t)
        for other, own in enumerate(state.pieces):
            if other != seat:
                found += [f"{piece_name(state, other, i)} from t{t}"
                          for i, p in enumerate(own) if hits[other][p] == t]
    path = " -> ".join(progress_text(state, p) for p, _kind in waypoints(state, move))
    where = f"{name} moves {progress_text(state, d)} -> {path}"
    tail = "".join(f"; {text}" for text in safe)
    if not found:
        return f"{where} and sends nothing back{tail}"
    return f"{where} and sends back {', '.join(found)}{tail}"


def evidence_movable_pieces(game: LudoGame, state: LudoState) -> str:
    """The pieces that can use the roll, with their progress."""
    seat = state.to_move
    names = [f"{piece_name(state, seat, i)} at {progress_text(state, state.pieces[seat][i])}"
             for i in movable(state)]
    return f"pieces that can use the {state.roll}: {', '.join(names) or 'none'}"


def evidence_landing(game: LudoGame, state: LudoState, piece: Any) -> str:
    """The waypoints of the piece's move: arrival, jumps and flights."""
    index = _piece_arg(state, piece)
    seat = state.to_move
    d = state.pieces[seat][index]
    path = state.variant.waypoints[d][state.roll] if state.roll else None
    name = piece_name(state, seat, index)
    if not path or index not in movable(state):
        return f"{name} at {progress_text(state, d)} cannot use the {state.roll}"
    steps = " -> ".join(f"{progress_text(state, p)}"
                        + ("" if kind in ("move", "enter") else f" ({kind})")
                        for p, kind in path)
    return f"{name}: {progress_text(state, d)} -> {steps}"


def query_most_send_backs(game: LudoGame, state: LudoState) -> list[str]:
    """The legal moves that send back the most pieces (none when no move sends any back)."""
    moves = game.legal_moves(state)
    counts = [(sends(state, m), m) for m in moves]
    best = max((n for n, _ in counts), default=0)
    if best == 0:
        return []
    return sorted(game.format_move(state, m) for n, m in counts if n == best)


def query_safe_pieces(game: LudoGame, state: LudoState) -> list[str]:
    """Squares of the side to move's pieces that cannot be sent back where they stand.

    Those are the yard, the take-off square, the home column, the goal, and (with safe
    squares) the safe loop squares."""
    seat = state.to_move
    colour = state.colours[seat]
    hits = state.variant.hit[colour]
    rules = state.variant.rules
    return sorted({square_of(rules, colour, p, i)
                   for i, p in enumerate(state.pieces[seat]) if hits[p] < 0})


def query_movable_pieces(game: LudoGame, state: LudoState) -> int:
    """Number of the side to move's pieces that can use the stated roll."""
    _need_roll(state)
    return len(movable(state))


def query_after_roll(game: LudoGame, state: LudoState) -> str:
    """What the stated roll does here: move, pass, void, or void with a piece back to yard.

    'void' is a third six; 'void, r2 back to yard' a third six under return_last that returns
    the piece last moved; 'pass' when no piece can use the roll; else 'move'."""
    _need_roll(state)
    if is_void_six(state):
        last = state.last
        own = state.pieces[state.to_move]
        if (state.variant.rules.third_six == "return_last" and last >= 0
                and own[last] != state.variant.goal):
            return f"void, {piece_name(state, state.to_move, last)} back to yard"
        return "void"
    return "move" if movable(state) else "pass"


def query_legal_under(game: LudoGame, state: LudoState, preset: Any, move: Any) -> bool:
    """Whether the move text is legal in this position under the named preset's defaults.

    The same pieces, colours, roll and turn counters are read under that preset."""
    name = str(preset)
    if name not in preset_names():
        raise QueryError(f"unknown preset {brief_repr(name)} (known: {', '.join(preset_names())})")
    data = write_position(state)
    data["preset"] = name
    try:
        other = read_position(preset_rules(name), data)
    except PositionError as err:
        raise QueryError(f"the position is not possible under {name}: {err}") from None
    try:
        parse_move(other, str(move))
    except BanmenError:
        return False
    return True


def queries() -> list[Query]:
    """Return the game's own queries."""
    piece = (QueryParam("piece", "text", "a piece of the side to move, like r2"),)
    move = (QueryParam("move", "move", "a legal move, like r2 12-30"),)
    table = [
        ("landing", query_landing, "text", piece),
        ("landing_square", query_landing_square, "squares", piece),
        ("send_backs", query_send_backs, "number", move),
        ("most_send_backs", query_most_send_backs, "moves", ()),
        ("safe_pieces", query_safe_pieces, "squares", ()),
        ("movable_pieces", query_movable_pieces, "number", ()),
        ("after_roll", query_after_roll, "text", ()),
        ("legal_under", query_legal_under, "boolean",
         (QueryParam("preset", "text", "aeroplane, easy or ludo"),
          QueryParam("move", "text", "move text"))),
    ]
    evidence = {"send_backs": evidence_send_backs, "movable_pieces": evidence_movable_pieces,
                "landing": evidence_landing}
    return [Query(name, func, returns, params, func.__doc__ or "", evidence.get(name))
            for name, func, returns, params in table]

