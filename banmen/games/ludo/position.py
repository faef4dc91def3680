"""Position YAML of the Ludo family (guide/positions.md; ``shared/rules/ludo.md``).

::

    game: ludo
    preset: aeroplane          # optional; default: the rules' preset (see below)
    colours: [red, blue]       # required: 2 (red, blue), 3 (red, yellow, blue) or all 4
    to_move: red               # required
    roll: 2                    # optional 1..6: the die to use; absent = the die is still to roll
    sixes: 0                   # optional 0..2: sixes already rolled this turn before `roll`
    tries: 0                   # optional 0..2: failed rolls from the yard this turn (three tries)
    last_moved: r2             # optional: the side to move's piece last moved this turn
    finished: [blue]           # optional: colours that finished, in order (default: seat order)
    send_backs: {red: 1}       # optional: pieces each colour has sent back so far
    pieces: {red: [yard, 12, 30, goal], blue: [yard, yard, 5, 55]}   # required

Progress per piece: ``yard``, a number (take-off geometry: 0 take-off square, 1..50 loop,
51..55 home column, 56 goal; loop geometry: 1..51 loop, 52..56 home column, 57 goal) or
``goal``.

The preset [decision]: a position's ``preset`` is the preset it is played under; parameters set
explicitly in the engine's rules (site, puzzle ``rules:``, ``--set``) still apply on top. A
position without ``preset`` uses the engine's rules as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from banmen.errors import brief_repr, shorten
from banmen.game import BanmenError, PositionError, RulesError
from banmen.games.ludo.engine import LudoState, is_over, variant_for
from banmen.games.ludo.rules import LudoRules, merge_rules, preset_names
from banmen.games.ludo.track import COLOURS, INITIALS, SEATED, YARD, geometry

POSITION_KEYS = ("game", "preset", "colours", "to_move", "roll", "sixes", "tries", "last_moved",
                 "finished", "send_backs", "pieces")


def rules_for_preset(rules: LudoRules, preset: str) -> LudoRules:
    """Return ``rules`` played under ``preset`` (explicit parameters kept; see module doc)."""
    if preset == rules.preset:
        return rules
    return merge_rules(rules, {"preset": preset})


def _int(value: Any, path: tuple, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(f"expected {what} {low}-{high}, got {brief_repr(value)}", path)
    if not low <= value <= high:
        raise PositionError(f"{what} {value}: expected {low}-{high}", path)
    return value


class PositionReader:
    """Reads and validates one position mapping against ``rules``; errors carry the path of the
    offending key or value."""

    def __init__(self, rules: LudoRules, data: Any):
        self.rules = rules
        self.data = data

    def read(self) -> LudoState:
        """Return the state. Raises :class:`PositionError` (see the checks below)."""
        data = self.data
        if not isinstance(data, Mapping):
            raise PositionError("expected a mapping with colours, to_move and pieces")
        for key in data:
            if key not in POSITION_KEYS:
                raise PositionError(f"unknown key '{shorten(str(key))}': expected "
                                    f"{', '.join(POSITION_KEYS)}", (key,), key=True)
        if "game" in data and data["game"] != "ludo":
            raise PositionError(f"expected game: ludo, got {data['game']!r}", ("game",))
        for required in ("colours", "to_move", "pieces"):
            if required not in data:
                raise PositionError(f"missing {required}", ())
        rules = self._rules(data.get("preset"))
        colours = self._colours(data["colours"])
        rules = self._short_game(rules, colours, data["pieces"])
        pieces = self._pieces(rules, colours, data["pieces"])
        self._resting(rules, colours, pieces)
        goal = geometry(rules.entry_square)[2]
        complete = [s for s, own in enumerate(pieces) if all(p == goal for p in own)]
        finished = self._finished(data.get("finished"), colours, complete)
        send_backs = self._send_backs(data.get("send_backs"), colours)
        self._shared_squares(rules, colours, pieces)
        seat = self._to_move(data["to_move"], colours)
        state = LudoState(variant_for(rules), colours, pieces, seat, send_backs=send_backs,
                          finished=finished)
        if seat in finished and not is_over(state):
            raise PositionError(f"{colours[seat]} has finished: the side to move must be a "
                                "colour still playing", ("to_move",))
        roll = 0
        if data.get("roll") is not None:
            roll = _int(data["roll"], ("roll",), "roll", 1, 6)
        sixes = _int(data.get("sixes", 0), ("sixes",), "sixes", 0, 2)
        if sixes and not rules.extra_roll_on_six:
            raise PositionError(f"sixes {sixes}: these rules give no extra roll on a 6, so a "
                                "turn holds one roll", ("sixes",))
        tries = _int(data.get("tries", 0), ("tries",), "tries", 0, 2)
        own = pieces[seat]
        if tries and not rules.three_tries:
            raise PositionError(f"tries {tries}: these rules give no three tries",
                                ("tries",))
        if tries and not all(p in (YARD, goal) for p in own):
            raise PositionError(f"tries {tries}: tries are only for a colour whose unfinished "
                                "pieces are all in the yard", ("tries",))
        last = self._last(data.get("last_moved"), colours, seat, own, sixes, tries)
        return state._replace(roll=roll, sixes=sixes, tries=tries, last=last)

    # ---- parts

    def _rules(self, preset: Any) -> LudoRules:
        if preset is None:
            return self.rules
        if preset not in preset_names():
            raise PositionError(f"unknown preset {brief_repr(preset)}: expected "
                                f"{', '.join(preset_names())}", ("preset",))
        try:
            return rules_for_preset(self.rules, preset)
        except RulesError as err:  # pragma: no cover - a preset is always valid
            raise PositionError(str(err), ("preset",)) from None

    @staticmethod
    def _colours(value: Any) -> tuple[str, ...]:
        if not isinstance(value, list) or not value:
            raise PositionError("expected colours as a list like [red, blue]", ("colours",))
        if not 2 <= len(value) <= 4:
            raise PositionError(f"{len(value)} colours: expected 2, 3 or 4", ("colours",))
        seated = SEATED[len(value)]
        for i, colour in enumerate(value):
            if colour not in COLOURS:
                raise PositionError(f"unknown colour {brief_repr(colour)}: expected "
                                    f"{', '.join(COLOURS)}", ("colours", i))
            if colour in value[:i]:
                raise PositionError(f"{colour} is listed twice: each colour plays once",
                                    ("colours", i))
            if colour not in seated:
                raise PositionError(f"{colour} is not seated with {len(value)} colours: "
                                    f"expected {', '.join(seated)}", ("colours", i))
        if tuple(value) != seated:
            raise PositionError(f"expected the colours in seat order: {', '.join(seated)}",
                                ("colours",))
        return seated

    @staticmethod
    def _short_game(rules: LudoRules, colours: tuple[str, ...], value: Any) -> LudoRules:
        """The short game (2 pieces a colour) when every colour in play has 2 pieces and the
        rules do not set ``pieces`` themselves (``shared/rules/ludo.md`` "Players and
        pieces")."""
        if not isinstance(value, Mapping) or rules.pieces != 4 or "pieces" in rules.explicit():
            return rules
        counts = [len(value[c]) for c in colours if isinstance(value.get(c), list)]
        if len(counts) == len(colours) and set(counts) == {2}:
            return merge_rules(rules, {"pieces": 2})
        return rules

    @staticmethod
    def _resting(rules: LudoRules, colours: tuple[str, ...],
                 pieces: tuple[tuple[int, ...], ...]) -> None:
        """Refuse a piece resting where no move ends: in the aeroplane presets a piece
        arriving on its own flight square (progress 18) always flies on to 30, and one
        arriving on its own-colour square 2 always jumps on to 6 (``shared/rules/ludo.md``,
        "Moving"); the variant's tables tell which progresses a move can end on."""
        variant = variant_for(rules)
        ends = {YARD} | {f for row in variant.final for f in row if f is not None}
        for seat, own in enumerate(pieces):
            for i, p in enumerate(own):
                if p in ends:
                    continue
                name = f"{INITIALS[colours[seat]]}{i + 1}"
                path = variant.waypoints[p - 1][1] or ()
                onward = [(d, kind) for d, kind in path[1:]]
                if onward:
                    how = " then ".join(f"{'flies' if k == 'flight' else 'jumps'} to {d}"
                                        for d, k in onward)
                    what = "its flight square" if onward[0][1] == "flight" else \
                        "a square of its own colour"
                    reason = f"progress {p} is {what}: a piece arriving there {how}"
                else:
                    reason = f"no move ends on progress {p}"
                raise PositionError(f"{name} cannot rest at {p}: {reason}, so it never stops "
                                    "there", ("pieces", colours[seat], i))

    @staticmethod
    def _pieces(rules: LudoRules, colours: tuple[str, ...], value: Any
                ) -> tuple[tuple[int, ...], ...]:
        if not isinstance(value, Mapping):
            raise PositionError("expected pieces as a mapping like {red: [yard, 12, 30, goal]}",
                                ("pieces",))
        for key in value:
            if key not in colours:
                raise PositionError(f"{brief_repr(key)} is not a colour in play ({', '.join(colours)})",
                                    ("pieces", key), key=True)
        start, loop_end, goal = geometry(rules.entry_square)
        where = (f"yard, {start}-{goal} or goal ({'0 take-off, ' if start == 0 else ''}"
                 f"{1}-{loop_end} loop, {loop_end + 1}-{goal - 1} home column, {goal} goal)")
        result = []
        for colour in colours:
            if colour not in value:
                raise PositionError(f"missing the pieces of {colour}", ("pieces",))
            own = value[colour]
            path = ("pieces", colour)
            if not isinstance(own, list):
                raise PositionError(f"expected a list of {rules.pieces} progress values",
                                    path)
            if len(own) != rules.pieces:
                others = {c: len(value[c]) for c in colours
                          if isinstance(value.get(c), list) and len(value[c]) != len(own)}
                if len(own) in (2, 4) and others and set(others.values()) <= {2, 4}:
                    other = next(iter(others))
                    raise PositionError(f"{colour} has {len(own)} pieces but {other} has "
                                        f"{others[other]}: every colour has 4 pieces, or 2 "
                                        "in the short game", path)
                hint = (" (the rules set pieces: 4; without it a position with 2 pieces a "
                        "colour is the short game)" if len(own) == 2 and rules.pieces == 4
                        else "")
                raise PositionError(f"{colour} has {len(own)} pieces: expected "
                                    f"{rules.pieces}{hint}", path)
            progress = []
            for i, item in enumerate(own):
                progress.append(_progress(item, path + (i,), start, goal, where))
            result.append(tuple(progress))
        return tuple(result)

    @staticmethod
    def _shared_squares(rules: LudoRules, colours: tuple[str, ...],
                        pieces: tuple[tuple[int, ...], ...]) -> None:
        """Pieces of two colours never share a loop square where sending back happens: the
        later arrival would have sent the others home."""
        hits = variant_for(rules).seat_hits(colours)
        seen: dict[int, str] = {}
        for seat, own in enumerate(pieces):
            placed: dict[int, str] = {}
            for i, p in enumerate(own):
                t = hits[seat][p]
                if t < 0:
                    continue
                name = f"{INITIALS[colours[seat]]}{i + 1}"
                if t in seen:
                    raise PositionError(
                        f"{name} and {seen[t]} share t{t}: pieces of different colours cannot "
                        "share a loop square that is not safe", ("pieces", colours[seat], i))
                placed.setdefault(t, name)
            seen.update(placed)

    @staticmethod
    def _finished(value: Any, colours: tuple[str, ...], complete: list[int]) -> tuple[int, ...]:
        if value is None:
            return tuple(complete)
        if not isinstance(value, list):
            raise PositionError("expected finished as a list of colours in finishing order",
                                ("finished",))
        seats = []
        for i, colour in enumerate(value):
            if colour not in colours:
                raise PositionError(f"{brief_repr(colour)} is not a colour in play", ("finished", i))
            seat = colours.index(colour)
            if seat in seats:
                raise PositionError(f"{colour} is listed twice", ("finished", i))
            if seat not in complete:
                raise PositionError(f"{colour} has not finished: not all its pieces are at "
                                    "the goal", ("finished", i))
            seats.append(seat)
        missing = [colours[s] for s in complete if s not in seats]
        if missing:
            raise PositionError(f"{missing[0]} has every piece at the goal: list it in "
                                "finished", ("finished",))
        return tuple(seats)

    @staticmethod
    def _send_backs(value: Any, colours: tuple[str, ...]) -> tuple[int, ...]:
        counts = [0] * len(colours)
        if value is None:
            return tuple(counts)
        if not isinstance(value, Mapping):
            raise PositionError("expected send_backs as a mapping like {red: 1}",
                                ("send_backs",))
        for colour, count in value.items():
            if colour not in colours:
                raise PositionError(f"{brief_repr(colour)} is not a colour in play",
                                    ("send_backs", colour), key=True)
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise PositionError(f"expected a count 0 or more, got {brief_repr(count)}",
                                    ("send_backs", colour))
            counts[colours.index(colour)] = count
        return tuple(counts)

    @staticmethod
    def _to_move(value: Any, colours: tuple[str, ...]) -> int:
        if value not in colours:
            raise PositionError(f"expected to_move one of {', '.join(colours)}, got {brief_repr(value)}",
                                ("to_move",))
        return colours.index(value)

    @staticmethod
    def _last(value: Any, colours: tuple[str, ...], seat: int, own: tuple[int, ...],
              sixes: int, tries: int) -> int:
        if value is None:
            return -1
        initial = INITIALS[colours[seat]]
        text = str(value)
        if len(text) != 2 or text[0] != initial or not text[1].isdigit() \
                or not 1 <= int(text[1]) <= len(own):
            raise PositionError(f"expected last_moved as a piece of {colours[seat]} "
                                f"({initial}1-{initial}{len(own)}), got {brief_repr(value)}",
                                ("last_moved",))
        if not sixes and not tries:
            raise PositionError("last_moved needs sixes or tries: a piece moved earlier in "
                                "this turn means an earlier roll in it", ("last_moved",))
        index = int(text[1]) - 1
        if own[index] == YARD:
            raise PositionError(f"{text} is in the yard: a piece moved this turn cannot be "
                                "there", ("last_moved",))
        return index


def _progress(item: Any, path: tuple, start: int, goal: int, where: str) -> int:
    if item == "yard":
        return YARD
    if item == "goal":
        return goal
    if isinstance(item, bool) or not isinstance(item, int):
        raise PositionError(f"expected {where}, got {brief_repr(item)}", path)
    if item > goal:
        raise PositionError(f"progress {item} is past the goal: expected {where}", path)
    if item < start:
        raise PositionError(f"progress {item} is not on the track: expected {where}", path)
    return item


def read_position(rules: LudoRules, data: Any) -> LudoState:
    """Build a state from a position mapping (see the module doc).

    Raises:
        PositionError: with the path, e.g. ``"progress 57 is past the goal: expected yard,
            0-56 or goal (...)"`` at ``("pieces", "red", 1)``, ``"roll 7: expected 1-6"`` at
            ``("roll",)``, ``"yellow is not seated with 2 colours: expected red, blue"`` at
            ``("colours", 1)``, ``"red has 3 pieces: expected 4"`` at ``("pieces", "red")``,
            ``"sixes 3: expected 0-2"`` at ``("sixes",)``.
    """
    try:
        return PositionReader(rules, data).read()
    except PositionError:
        raise
    except BanmenError as err:  # pragma: no cover - defensive: one line, no traceback
        raise PositionError(str(err)) from None


def write_position(state: LudoState) -> dict[str, Any]:
    """Return the position mapping of ``state``; optional fields only when they say
    something (``roll`` when stated, ``sixes``/``tries`` when non-zero, ...)."""
    goal = state.variant.goal
    data: dict[str, Any] = {
        "game": "ludo",
        "preset": state.variant.rules.preset,
        "colours": list(state.colours),
        "to_move": state.colours[state.to_move],
    }
    if state.roll:
        data["roll"] = state.roll
    if state.sixes:
        data["sixes"] = state.sixes
    if state.tries:
        data["tries"] = state.tries
    if state.last >= 0:
        data["last_moved"] = f"{INITIALS[state.colours[state.to_move]]}{state.last + 1}"
    complete = tuple(s for s, own in enumerate(state.pieces) if all(p == goal for p in own))
    if state.finished and state.finished != complete:
        data["finished"] = [state.colours[s] for s in state.finished]
    if any(state.send_backs):
        data["send_backs"] = {c: n for c, n in zip(state.colours, state.send_backs) if n}
    data["pieces"] = {
        colour: [("yard" if p == YARD else "goal" if p == goal else p) for p in own]
        for colour, own in zip(state.colours, state.pieces)
    }
    return data


def position_schema() -> dict[str, Any]:
    """Return the JSON Schema of the position mapping (shape only)."""
    progress = {"anyOf": [{"enum": ["yard", "goal"]},
                          {"type": "integer", "minimum": 0, "maximum": 57}]}
    colour = {"enum": list(COLOURS)}
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["colours", "to_move", "pieces"],
        "properties": {
            "game": {"const": "ludo"},
            "preset": {"enum": list(preset_names())},
            "colours": {"type": "array", "items": colour, "minItems": 2, "maxItems": 4},
            "to_move": colour,
            "roll": {"type": "integer", "minimum": 1, "maximum": 6},
            "sixes": {"type": "integer", "minimum": 0, "maximum": 2},
            "tries": {"type": "integer", "minimum": 0, "maximum": 2},
            "last_moved": {"type": "string", "pattern": "^[rybg][1-4]$"},
            "finished": {"type": "array", "items": colour},
            "send_backs": {"type": "object", "additionalProperties": False,
                           "properties": {c: {"type": "integer", "minimum": 0}
                                          for c in COLOURS}},
            "pieces": {"type": "object", "additionalProperties": False,
                       "description": "colour -> each piece's progress: yard, a number, goal",
                       "properties": {c: {"type": "array", "items": progress,
                                          "minItems": 2, "maxItems": 4} for c in COLOURS}},
        },
    }
