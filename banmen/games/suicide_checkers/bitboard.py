"""Bitboard core of English draughts move generation, as used by suicide checkers.

The moves are those of ``shared/rules/suicide-checkers.md`` ("Moves"): men step and jump
diagonally forward, kings one square in every diagonal direction, captures are compulsory,
a capture sequence is one move, and a man that reaches the far rank is crowned and stops.
Nothing here knows about the reversed result or the draw rules; the package
(:mod:`banmen.games.suicide_checkers`) builds the game on top of it.

Two mask layouts are used:

* **square masks** (the public one, stored in game states): bit ``s - 1`` is square ``s``,
  squares 1..32 in standard checkers numbering. :func:`to_inner` / :func:`to_square_mask`
  convert.
* **inner masks** (this module's hot paths): bit ``s - 1 + (s - 1) // 8``, i.e. a 35-bit board
  with an unused "ghost" bit (8, 17, 26) after every pair of rows. With the ghosts, every
  diagonal step is one fixed shift: +4 is down-left and +5 down-right (towards higher square
  numbers, Black's forward), -4 up-right and -5 up-left (White's forward), as seen in the
  standard diagram with Black at the top. A step off the board lands on a ghost bit or
  outside bits 0..34, which :data:`BOARD` masks away. This is why the inner layout exists:
  with the plain 32-bit layout each direction needs two shifts depending on row parity.

Positions in the hot paths are plain ``(black, white, kings)`` tuples of inner masks plus a
``black_to_move`` flag; ``kings`` holds the kings of both colours.
"""

from __future__ import annotations

# --------------------------------------------------------------------------- layout

#: inner bit index of each square, indexed by square number (index 0 unused).
SQUARE_BIT: tuple[int, ...] = (-1,) + tuple(s - 1 + (s - 1) // 8 for s in range(1, 33))
#: square number of each inner bit index (0 for the ghost bits).
BIT_SQUARE: tuple[int, ...] = tuple(
    SQUARE_BIT.index(i) if i in SQUARE_BIT[1:] else 0 for i in range(35)
)
#: every playable square, as an inner mask.
BOARD: int = sum(1 << SQUARE_BIT[s] for s in range(1, 33))
#: squares where a black man is crowned (29..32) and a white man (1..4), inner masks.
BLACK_CROWN: int = sum(1 << SQUARE_BIT[s] for s in range(29, 33))
WHITE_CROWN: int = sum(1 << SQUARE_BIT[s] for s in range(1, 5))

#: shifts of one diagonal step; positive means towards higher square numbers.
BLACK_MAN_STEPS = (4, 5)
WHITE_MAN_STEPS = (-4, -5)
KING_STEPS = (4, 5, -4, -5)


def to_inner(square_mask: int) -> int:
    """Convert a square mask (bit ``s - 1`` = square ``s``) to an inner mask."""
    return (
        (square_mask & 0xFF)
        | ((square_mask & 0xFF00) << 1)
        | ((square_mask & 0xFF0000) << 2)
        | ((square_mask & 0xFF000000) << 3)
    )


def to_square_mask(inner: int) -> int:
    """Convert an inner mask back to a square mask (the inverse of :func:`to_inner`)."""
    return (
        (inner & 0xFF)
        | ((inner >> 1) & 0xFF00)
        | ((inner >> 2) & 0xFF0000)
        | ((inner >> 3) & 0xFF000000)
    )


def square_mask(squares) -> int:
    """Return the square mask (bit ``s - 1``) of an iterable of square numbers 1..32."""
    mask = 0
    for s in squares:
        mask |= 1 << (s - 1)
    return mask


def mask_squares(mask: int) -> list[int]:
    """Return the square numbers (ascending) set in a square mask."""
    return [i + 1 for i in range(32) if mask >> i & 1]


# --------------------------------------------------------------------------- detection


def jumpers(black: int, white: int, kings: int, black_to_move: bool) -> int:
    """Return the inner mask of the mover's pieces that can start a capture."""
    empty = BOARD & ~(black | white)
    if black_to_move:
        found = black & (((white >> 4) & (empty >> 8)) | ((white >> 5) & (empty >> 10)))
        own_kings = black & kings
        if own_kings:
            found |= own_kings & (((white << 4) & (empty << 8)) | ((white << 5) & (empty << 10)))
    else:
        found = white & (((black << 4) & (empty << 8)) | ((black << 5) & (empty << 10)))
        own_kings = white & kings
        if own_kings:
            found |= own_kings & (((black >> 4) & (empty >> 8)) | ((black >> 5) & (empty >> 10)))
    return found


def _steppers(own: int, own_kings: int, empty: int, black_to_move: bool) -> tuple[int, ...]:
    """Return, for each step shift (+4, +5, -4, -5), the mover's pieces that can take it."""
    if black_to_move:
        return (
            own & (empty >> 4),
            own & (empty >> 5),
            own_kings & (empty << 4),
            own_kings & (empty << 5),
        )
    return (
        own_kings & (empty >> 4),
        own_kings & (empty >> 5),
        own & (empty << 4),
        own & (empty << 5),
    )


def has_move(black: int, white: int, kings: int, black_to_move: bool) -> bool:
    """Return True when the side to move has at least one legal move."""
    empty = BOARD & ~(black | white)
    if black_to_move:
        if not black:
            return False
        if black & ((empty >> 4) | (empty >> 5)) or (
                black & kings & ((empty << 4) | (empty << 5))):
            return True
    else:
        if not white:
            return False
        if white & ((empty << 4) | (empty << 5)) or (
                white & kings & ((empty >> 4) | (empty >> 5))):
            return True
    return bool(jumpers(black, white, kings, black_to_move))


def every_child_blocks(black: int, white: int, kings: int, black_to_move: bool
                       ) -> tuple[bool, int]:
    """Return whether every legal move leaves the other side without a move, and how many
    children were generated to find out (it stops at the first child where the other side
    can move).

    The side to move must have a move (callers check that first; the answer is meaningless
    otherwise). Without a capture to make, a move fills one square and takes nothing, so the
    other side keeps a step whenever it can step to two different squares: then the answer
    is ``(False, 1)`` without generating anything (the 1 stands for the move that shows it).
    """
    other_side = not black_to_move
    empty = BOARD & ~(black | white)
    if not jumpers(black, white, kings, black_to_move):
        if black_to_move:  # white steps up (-4, -5), its kings down too
            targets = (white >> 4) | (white >> 5)
            if white & kings:
                targets |= ((white & kings) << 4) | ((white & kings) << 5)
        else:
            targets = (black << 4) | (black << 5)
            if black & kings:
                targets |= ((black & kings) >> 4) | ((black & kings) >> 5)
        targets &= empty
        if targets & (targets - 1):
            return False, 1
        if black_to_move:
            own, other, crown = black, white, BLACK_CROWN
        else:
            own, other, crown = white, black, WHITE_CROWN
        generated = 0
        found: list = []
        for step, movers in zip(KING_STEPS, _steppers(own, own & kings, empty, black_to_move)):
            if movers:
                found.clear()
                _quiet_children(found, movers, step, own, other, kings, crown, black_to_move)
                for child in found:
                    generated += 1
                    if has_move(child[0], child[1], child[2], other_side):
                        return False, generated
        return True, generated
    generated = 0
    for child in _capture_children(jumpers(black, white, kings, black_to_move),
                                   black, white, kings, black_to_move, empty):
        generated += 1
        if has_move(child[0], child[1], child[2], other_side):
            return False, generated
    return True, generated


def moves_and_blocks(black: int, white: int, kings: int, black_to_move: bool):
    """Return None when the side to move has no legal move, else :func:`every_child_blocks`.

    One call for the two tests the solver makes on each move it considers last (does the
    opponent have a move, and does every one of them leave the mover stuck): they share the
    empty squares and the jumpers, and most answers come from the step shortcut of
    :func:`every_child_blocks` without generating anything.
    """
    empty = BOARD & ~(black | white)
    if black_to_move:
        if not black:
            return None
        own_kings = black & kings
        if black & (((white >> 4) & (empty >> 8)) | ((white >> 5) & (empty >> 10))) or (
                own_kings and own_kings & (((white << 4) & (empty << 8))
                                           | ((white << 5) & (empty << 10)))):
            return every_child_blocks(black, white, kings, black_to_move)  # captures
        if not (black & ((empty >> 4) | (empty >> 5))
                or own_kings & ((empty << 4) | (empty << 5))):
            return None
        targets = (white >> 4) | (white >> 5)  # white steps up, its kings down too
        other_kings = white & kings
        if other_kings:
            targets |= (other_kings << 4) | (other_kings << 5)
    else:
        if not white:
            return None
        own_kings = white & kings
        if white & (((black << 4) & (empty << 8)) | ((black << 5) & (empty << 10))) or (
                own_kings and own_kings & (((black >> 4) & (empty >> 8))
                                           | ((black >> 5) & (empty >> 10)))):
            return every_child_blocks(black, white, kings, black_to_move)  # captures
        if not (white & ((empty << 4) | (empty << 5))
                or own_kings & ((empty >> 4) | (empty >> 5))):
            return None
        targets = (black << 4) | (black << 5)
        other_kings = black & kings
        if other_kings:
            targets |= (other_kings >> 4) | (other_kings >> 5)
    targets &= empty
    if targets & (targets - 1):
        return False, 1  # the step shortcut of every_child_blocks
    return every_child_blocks(black, white, kings, black_to_move)


def mobility(black: int, white: int, kings: int, black_to_move: bool) -> int:
    """Return a cheap measure of how many moves the side to move has, for move ordering.

    The number of pieces that can start a capture when a capture exists (captures are
    compulsory), else the number of step moves (:func:`count_moves` without following jump
    sequences). 0 exactly when the side to move has no legal move.
    """
    return MOBILITY_OF[black_to_move]((black, white, kings))


def _black_mobility(position: tuple) -> int:
    """:func:`mobility` of Black in ``position`` (``(black, white, kings)``)."""
    black, white, kings = position
    empty = BOARD & ~(black | white)
    found = black & (((white >> 4) & (empty >> 8)) | ((white >> 5) & (empty >> 10)))
    own_kings = black & kings
    if own_kings:
        found |= own_kings & (((white << 4) & (empty << 8)) | ((white << 5) & (empty << 10)))
        if found:
            return found.bit_count()
        return ((black & (empty >> 4)).bit_count() + (black & (empty >> 5)).bit_count()
                + (own_kings & (empty << 4)).bit_count()
                + (own_kings & (empty << 5)).bit_count())
    if found:
        return found.bit_count()
    return (black & (empty >> 4)).bit_count() + (black & (empty >> 5)).bit_count()


def _white_mobility(position: tuple) -> int:
    """:func:`mobility` of White in ``position`` (``(black, white, kings)``)."""
    black, white, kings = position
    empty = BOARD & ~(black | white)
    found = white & (((black << 4) & (empty << 8)) | ((black << 5) & (empty << 10)))
    own_kings = white & kings
    if own_kings:
        found |= own_kings & (((black >> 4) & (empty >> 8)) | ((black >> 5) & (empty >> 10)))
        if found:
            return found.bit_count()
        return ((white & (empty << 4)).bit_count() + (white & (empty << 5)).bit_count()
                + (own_kings & (empty >> 4)).bit_count()
                + (own_kings & (empty >> 5)).bit_count())
    if found:
        return found.bit_count()
    return (white & (empty << 4)).bit_count() + (white & (empty << 5)).bit_count()


def _black_cannot_capture(position: tuple) -> bool:
    """True when Black has no capture in ``position`` (``(black, white, kings)``)."""
    black, white, kings = position
    empty = BOARD & ~(black | white)
    if black & (((white >> 4) & (empty >> 8)) | ((white >> 5) & (empty >> 10))):
        return False
    own_kings = black & kings
    return not (own_kings and own_kings & (((white << 4) & (empty << 8))
                                           | ((white << 5) & (empty << 10))))


def _white_cannot_capture(position: tuple) -> bool:
    """True when White has no capture in ``position`` (``(black, white, kings)``)."""
    black, white, kings = position
    empty = BOARD & ~(black | white)
    if white & (((black << 4) & (empty << 8)) | ((black << 5) & (empty << 10))):
        return False
    own_kings = white & kings
    return not (own_kings and own_kings & (((black >> 4) & (empty >> 8))
                                           | ((black >> 5) & (empty >> 10))))


#: Sort keys on ``(black, white, kings)`` tuples, indexed by ``black_to_move`` (False,
#: True): one function call per position sorted, no lambda unpacking it around
#: :func:`mobility` or :func:`jumpers` (the solver sorts every list of children it makes).
MOBILITY_OF = (_white_mobility, _black_mobility)
CANNOT_CAPTURE = (_white_cannot_capture, _black_cannot_capture)


# --------------------------------------------------------------------------- captures


def _extend_jumps(at, opp, empty, steps, crown, path, captured, out):
    """Depth-first search of the capture sequences going on from inner bit ``at``.

    ``path`` holds the inner bit indices visited so far, ``captured`` the inner mask of the
    pieces jumped; every sequence that can go no further is appended to ``out`` as
    ``(path, captured)``. ``crown`` is 0 for a king (it never stops early) or the man's
    crowning mask (a man crowned on landing stops there).
    """
    extended = False
    for step in steps:
        over = at + step
        land = over + step
        if land < 0 or not (opp >> over) & 1 or not (empty >> land) & 1:
            continue
        extended = True
        jumped = 1 << over
        if crown & (1 << land):
            out.append((path + (land,), captured | jumped))
        else:
            _extend_jumps(land, opp & ~jumped, empty, steps, crown, path + (land,),
                          captured | jumped, out)
    if not extended:
        out.append((path, captured))


def capture_paths(black: int, white: int, kings: int, black_to_move: bool) -> list:
    """Return every capture move of the side to move as ``(path, captured)``.

    ``path`` is the tuple of inner bit indices (start, then every landing square) and
    ``captured`` the inner mask of the jumped pieces. Distinct jump paths are distinct moves
    (no majority rule). Empty when no capture exists.
    """
    found = jumpers(black, white, kings, black_to_move)
    if not found:
        return []
    if black_to_move:
        opp, man_steps, crown = white, BLACK_MAN_STEPS, BLACK_CROWN
    else:
        opp, man_steps, crown = black, WHITE_MAN_STEPS, WHITE_CROWN
    # The jumping piece leaves its square at once, so a king may land on it again.
    empty = BOARD & ~(black | white)
    out: list = []
    while found:
        start = found & -found
        found ^= start
        at = start.bit_length() - 1
        if kings & start:
            _extend_jumps(at, opp, empty | start, KING_STEPS, 0, (at,), 0, out)
        else:
            _extend_jumps(at, opp, empty | start, man_steps, crown, (at,), 0, out)
    return out


def _count_extensions(at, opp, empty, steps, crown):
    """Count the capture sequences going on from ``at`` (see :func:`_extend_jumps`)."""
    count = 0
    for step in steps:
        over = at + step
        land = over + step
        if land < 0 or not (opp >> over) & 1 or not (empty >> land) & 1:
            continue
        if crown & (1 << land):
            count += 1
        else:
            count += _count_extensions(land, opp & ~(1 << over), empty, steps, crown)
    return count or 1


def _count_captures(found, black, white, kings, black_to_move):
    """Count the capture moves started by the pieces of ``found`` (inner mask)."""
    if black_to_move:
        opp, man_steps, crown = white, BLACK_MAN_STEPS, BLACK_CROWN
    else:
        opp, man_steps, crown = black, WHITE_MAN_STEPS, WHITE_CROWN
    empty = BOARD & ~(black | white)
    count = 0
    while found:
        start = found & -found
        found ^= start
        at = start.bit_length() - 1
        if kings & start:
            count += _count_extensions(at, opp, empty | start, KING_STEPS, 0)
        else:
            count += _count_extensions(at, opp, empty | start, man_steps, crown)
    return count


# --------------------------------------------------------------------------- moves


def quiet_steps(black: int, white: int, kings: int, black_to_move: bool) -> list:
    """Return every non-capturing move of the side to move as ``(from_bit, to_bit)``.

    Ignores compulsory capture: callers only use it when :func:`jumpers` is empty.
    """
    own = black if black_to_move else white
    empty = BOARD & ~(black | white)
    out = []
    for step, movers in zip(KING_STEPS, _steppers(own, own & kings, empty, black_to_move)):
        while movers:
            start = movers & -movers
            movers ^= start
            at = start.bit_length() - 1
            out.append((at, at + step))
    return out


def count_moves(black: int, white: int, kings: int, black_to_move: bool) -> int:
    """Return the number of legal moves of the side to move (distinct jump paths apart)."""
    found = jumpers(black, white, kings, black_to_move)
    if found:
        return _count_captures(found, black, white, kings, black_to_move)
    own = black if black_to_move else white
    empty = BOARD & ~(black | white)
    return sum(m.bit_count() for m in _steppers(own, own & kings, empty, black_to_move))


def apply_path(black, white, kings, black_to_move, path, captured):
    """Return ``(black, white, kings)`` after the move ``path`` capturing ``captured``.

    ``path`` is a tuple of inner bit indices (start first, destination last), ``captured``
    an inner mask (0 for a quiet move). The move is assumed legal.
    """
    start = 1 << path[0]
    end = 1 << path[-1]
    if kings & start:
        kings = (kings & ~start & ~captured) | end
    else:
        kings &= ~captured
        if end & (BLACK_CROWN if black_to_move else WHITE_CROWN):
            kings |= end
    # Clear the start before setting the end: a king's circuit may finish where it began.
    if black_to_move:
        return (black & ~start) | end, white & ~captured, kings
    return black & ~captured, (white & ~start) | end, kings


def _quiet_children(out, movers, step, own, other, kings, crown, black_to_move):
    """Append the positions after each piece of ``movers`` steps by ``step``."""
    while movers:
        start = movers & -movers
        movers ^= start
        end = start << step if step > 0 else start >> -step
        both = start | end
        if kings & start:
            new_kings = kings ^ both
        elif end & crown:
            new_kings = kings | end
        else:
            new_kings = kings
        if black_to_move:
            out.append((own ^ both, other, new_kings))
        else:
            out.append((other, own ^ both, new_kings))


def children(black: int, white: int, kings: int, black_to_move: bool) -> list:
    """Return the positions ``(black, white, kings)`` after each legal move, in move order.

    The order is that of :func:`legal_paths`: captures (:func:`_capture_children`) when any
    exists, else the steps by shift (+4, +5, -4, -5), then by ascending start bit; the side
    to move alternates (not included). This is the solvers' hottest function, hence the
    positions built straight from the masks instead of move paths, and :func:`jumpers`
    inlined, one copy per colour (the colour decides which word moves; measured 20%
    faster than one loop testing the colour). For one shift the destinations are the
    movers shifted, so the lowest bit of each mask pairs a start with its end.
    """
    empty = BOARD & ~(black | white)
    out: list = []
    append = out.append
    if black_to_move:
        own_kings = black & kings
        found = black & (((white >> 4) & (empty >> 8)) | ((white >> 5) & (empty >> 10)))
        if own_kings:
            found |= own_kings & (((white << 4) & (empty << 8)) | ((white << 5) & (empty << 10)))
        if found:
            return _capture_children(found, black, white, kings, True, empty)
        shifts = [(black & (empty >> 4), 4), (black & (empty >> 5), 5)]
        if own_kings:
            shifts += [(own_kings & (empty << 4), -4), (own_kings & (empty << 5), -5)]
        for movers, step in shifts:
            ends = movers << step if step > 0 else movers >> -step
            while movers:
                start = movers & -movers
                movers ^= start
                end = ends & -ends
                ends ^= end
                both = start | end
                if kings & start:
                    append((black ^ both, white, kings ^ both))
                elif end & BLACK_CROWN:
                    append((black ^ both, white, kings | end))
                else:
                    append((black ^ both, white, kings))
    else:
        own_kings = white & kings
        found = white & (((black << 4) & (empty << 8)) | ((black << 5) & (empty << 10)))
        if own_kings:
            found |= own_kings & (((black >> 4) & (empty >> 8)) | ((black >> 5) & (empty >> 10)))
        if found:
            return _capture_children(found, black, white, kings, False, empty)
        shifts = [(white & (empty << 4), -4), (white & (empty << 5), -5)]
        if own_kings:
            shifts[:0] = [(own_kings & (empty >> 4), 4), (own_kings & (empty >> 5), 5)]
        for movers, step in shifts:
            ends = movers << step if step > 0 else movers >> -step
            while movers:
                start = movers & -movers
                movers ^= start
                end = ends & -ends
                ends ^= end
                both = start | end
                if kings & start:
                    append((black, white ^ both, kings ^ both))
                elif end & WHITE_CROWN:
                    append((black, white ^ both, kings | end))
                else:
                    append((black, white ^ both, kings))
    return out


def _jump_table(steps: tuple[int, ...]) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Return, for each inner bit, its jumps along ``steps`` that stay on the board, as
    ``(over_mask, land_mask, land_bit)``.

    A jump needs the square jumped and the landing square both on the board; the table
    leaves out the others once, so the capture search only tests the pieces and empty
    squares (it is the same test :func:`_extend_jumps` makes with shifts).
    """
    table = []
    for at in range(35):
        jumps = []
        if BOARD >> at & 1:
            for step in steps:
                over, land = at + step, at + 2 * step
                if 0 <= land < 35 and BOARD >> over & 1 and BOARD >> land & 1:
                    jumps.append((1 << over, 1 << land, land))
        table.append(tuple(jumps))
    return tuple(table)


_BLACK_MAN_JUMPS = _jump_table(BLACK_MAN_STEPS)
_WHITE_MAN_JUMPS = _jump_table(WHITE_MAN_STEPS)
_KING_JUMPS = _jump_table(KING_STEPS)


def _jump_ends(at, opp, empty, jumps, crown, captured, out):
    """Append ``(end_mask, captured)`` for every capture sequence going on from inner bit
    ``at`` (``jumps`` is the piece's :func:`_jump_table`): the sequences of
    :func:`_extend_jumps`, in the same order, without building their paths."""
    extended = False
    for over, land, land_at in jumps[at]:
        if opp & over and empty & land:
            extended = True
            if crown & land:
                out.append((land, captured | over))
            else:
                _jump_ends(land_at, opp ^ over, empty, jumps, crown, captured | over, out)
    if not extended:
        out.append((1 << at, captured))


def _capture_children(found: int, black: int, white: int, kings: int, black_to_move: bool,
                      empty: int) -> list:
    """Return the positions after each capture move of the pieces of ``found`` (the
    :func:`jumpers` mask; ``empty`` is the empty squares' mask), in :func:`capture_paths`
    order, as :func:`apply_path` builds them."""
    if black_to_move:
        own, opp, man_jumps, crown = black, white, _BLACK_MAN_JUMPS, BLACK_CROWN
    else:
        own, opp, man_jumps, crown = white, black, _WHITE_MAN_JUMPS, WHITE_CROWN
    out: list = []
    ends: list = []
    while found:
        start = found & -found
        found ^= start
        at = start.bit_length() - 1
        ends.clear()
        # The jumping piece leaves its square at once, so a king may land on it again.
        king = kings & start
        if king:
            _jump_ends(at, opp, empty | start, _KING_JUMPS, 0, 0, ends)
        else:
            _jump_ends(at, opp, empty | start, man_jumps, crown, 0, ends)
        rest = own & ~start
        for end, captured in ends:
            if king:
                new_kings = (kings & ~start & ~captured) | end
            elif end & crown:
                new_kings = (kings & ~captured) | end
            else:
                new_kings = kings & ~captured
            if black_to_move:
                out.append((rest | end, white & ~captured, new_kings))
            else:
                out.append((black & ~captured, rest | end, new_kings))
    return out


def iter_children(black: int, white: int, kings: int, black_to_move: bool):
    """Yield the positions after each legal move, like :func:`children` but lazily.

    For searches that usually stop at the first child that answers their question.
    """
    if jumpers(black, white, kings, black_to_move):
        for path, captured in capture_paths(black, white, kings, black_to_move):
            yield apply_path(black, white, kings, black_to_move, path, captured)
        return
    empty = BOARD & ~(black | white)
    if black_to_move:
        own, other, crown = black, white, BLACK_CROWN
    else:
        own, other, crown = white, black, WHITE_CROWN
    for step, movers in zip(KING_STEPS, _steppers(own, own & kings, empty, black_to_move)):
        if movers:
            found: list = []
            _quiet_children(found, movers, step, own, other, kings, crown, black_to_move)
            yield from found


def legal_paths(black: int, white: int, kings: int, black_to_move: bool) -> list:
    """Return every legal move as ``(path, captured)`` (inner bit indices / inner mask).

    Captures only when any capture exists (compulsory capture), else every step.
    """
    captures = capture_paths(black, white, kings, black_to_move)
    if captures:
        return captures
    return [(steps, 0) for steps in quiet_steps(black, white, kings, black_to_move)]


def perft(black: int, white: int, kings: int, black_to_move: bool, depth: int) -> int:
    """Count the leaf nodes of the move tree ``depth`` plies deep (bulk count at the last ply).

    Args:
        black, white, kings: inner masks.
        black_to_move: the side to move.
        depth: plies, >= 0.

    Returns:
        The number of move sequences of exactly ``depth`` plies; a side with no move ends its
        branch (it contributes nothing below).
    """
    if depth <= 1:
        if depth <= 0:
            return 1
        return count_moves(black, white, kings, black_to_move)
    after = not black_to_move
    total = 0
    if depth == 2:
        for b, w, k in children(black, white, kings, black_to_move):
            total += count_moves(b, w, k, after)
        return total
    for b, w, k in children(black, white, kings, black_to_move):
        total += perft(b, w, k, after, depth - 1)
    return total
