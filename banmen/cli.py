"""The ``banmen`` command line (click).

Commands: ``moves``, ``perft``, ``query`` read a position file
(or ``-`` for standard input); ``check`` checks content; ``render`` draws a position or diagram
file; ``schema`` exports JSON Schemas; ``build`` and ``serve`` run MkDocs with the pipeline
(the ``banmen`` plugin); ``new-site`` writes a small site that uses it.
Every user error is one line (``file:line:col: message`` when it has a place) and exit 1.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Hashable, Iterator
from pathlib import Path
from typing import Any

import click

from banmen.cli_options import parse_set_options
from banmen.content.errors import ContentErrors
from banmen.content.yamlmarks import MarkedDocument, load_marked_file, load_marked_stream
from banmen.errors import QUOTE_MAX, display_name, one_line, shorten
from banmen.game import BanmenError, Game, PositionError, RulesError, game_ids, get_game
from banmen.wording import counted


class _UserError(click.ClickException):
    """A one-line error on standard error and exit status 1 (no traceback)."""

    def show(self, file: Any = None) -> None:
        click.echo(one_line(self.format_message()), err=True)


def _read_document(file: str) -> MarkedDocument:
    if file == "-":
        return load_marked_stream(sys.stdin.buffer, "<stdin>")
    return load_marked_file(Path(file), file)


def _load_position(game_id: str, file: str, sets: tuple[str, ...] = ()) -> tuple[Game, Hashable]:
    """Read a position file for ``game_id``; errors point at the file's line and column."""
    try:
        overrides = parse_set_options(sets, game_id)
    except BanmenError as err:
        raise _UserError(str(err)) from None
    # every --set is checked, also one naming another game than the position's
    for named in [game_id, *sorted(g for g in overrides if g != game_id)]:
        try:
            engine = get_game(named, overrides.get(named, {}))
        except RulesError as err:
            param = str(err.path[0]) if err.path else None
            raise _UserError(f"{overrides.source_of(named, param)}: {err}") from None
        if named == game_id:
            game = engine
    try:
        document = _read_document(file)
    except BanmenError as err:
        raise _UserError(str(err)) from None
    data = document.data
    if not isinstance(data, dict):
        raise _UserError(str(document.error((), "expected a position mapping (see guide/positions.md)")))
    if document.ambiguous:
        raise _UserError(str(document.ambiguity_errors()[0]))
    stated = data.get("game", game_id)
    if stated != game_id:
        raise _UserError(str(document.error(("game",), f"the file is a '{stated}' position, "
                                                       f"not '{game_id}'")))
    try:
        return game, game.position_from_yaml(data)
    except PositionError as err:
        raise _UserError(str(document.error(err.path, str(err), key=err.key))) from None
    except BanmenError as err:
        raise _UserError(str(document.error((), str(err)))) from None


def _source_name(file: str) -> str:
    return "<stdin>" if file == "-" else display_name(file)


@contextlib.contextmanager
def _engine_errors(file: str) -> Iterator[None]:
    """Report an engine refusal (a limit met) as one line located at the position file."""
    try:
        yield
    except BanmenError as err:
        raise _UserError(f"{_source_name(file)}:1:1: {err}") from None


@contextlib.contextmanager
def _stop_at_once(what: str) -> Iterator[None]:
    """Make Ctrl-C (SIGINT) end the enclosed read-only computation at once, as perft stops:
    one line on standard error (``banmen: query 'winning_moves' interrupted after 3.2 s:
    235000 nodes searched``) and exit status 130.

    The process ends from the signal handler (``os._exit``) instead of through
    KeyboardInterrupt: unwinding a deep search and then freeing its tables (up to a million
    positions) took seconds, 10-13 s on a loaded machine. Nothing is lost: the computation
    writes no file and nothing to standard output before it ends. SIGINT left ignored (a
    shell's background job) or handled by a caller stays as it is.
    """
    import threading

    if (signal.getsignal(signal.SIGINT) is not signal.default_int_handler
            or threading.current_thread() is not threading.main_thread()):
        yield
        return
    started = time.monotonic()

    def stop(_signum: int, _frame: Any) -> None:
        from banmen.analysis import active_budget

        searched = active_budget().used
        line = f"banmen: {what} interrupted after {time.monotonic() - started:.1f} s"
        if searched:
            line += f": {searched} nodes searched"
        # os.write, not sys.stderr: the signal may arrive while a progress line is written
        os.write(2, (one_line(line) + "\n").encode("utf-8", "replace"))
        os._exit(130)

    previous = signal.signal(signal.SIGINT, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


GAME_ARG = click.argument("game", type=click.Choice(game_ids()), metavar="GAME")
FILE_ARG = click.argument("file", metavar="FILE")
SET_OPTION = click.option("--set", "sets", multiple=True, metavar="PARAM=VALUE",
                          help="Override a rule parameter for this run (repeatable).")
SITE_SET_OPTION = click.option("--set", "sets", multiple=True, metavar="GAME.PARAM=VALUE",
                               help="Build under a changed rule without editing rules.yaml "
                                    "(repeatable).")


#: A value click quotes in a usage error (``Invalid value for 'DEPTH': 'x' is not ...``).
_QUOTED = re.compile(r"'([^'\n]{%d,})'" % (QUOTE_MAX + 1))


class _OneLineErrors(click.Group):
    """A command group whose usage errors are one line too: ``banmen perft: <what is wrong>
    (see 'banmen perft --help')``, exit status 2, instead of click's usage block."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().main(*args, standalone_mode=False, **kwargs)
        except click.exceptions.NoArgsIsHelpError as err:
            click.echo(err.format_message(), err=True)  # bare 'banmen': the help itself
            sys.exit(err.exit_code)
        except click.UsageError as err:
            where = err.ctx.command_path if err.ctx else "banmen"
            message = _QUOTED.sub(lambda m: f"'{shorten(m.group(1))}'", err.format_message())
            click.echo(one_line(f"{where}: {message} (see '{where} --help')"), err=True)
            sys.exit(err.exit_code)
        except click.ClickException as err:
            err.show()
            sys.exit(err.exit_code)
        except BanmenError as err:  # e.g. a broken game package installed beside banmen
            click.echo(one_line(f"banmen: {err}"), err=True)
            sys.exit(1)
        except OSError as err:  # a path the system refuses (a name too long...): one line too
            name = f"{shorten(str(err.filename))}: " if err.filename else ""
            click.echo(one_line(f"banmen: {name}{err.strerror or err}"), err=True)
            sys.exit(1)
        except (click.exceptions.Abort, KeyboardInterrupt):
            # Ctrl-C: one line and the shell's status for SIGINT, as perft and build give
            click.echo("banmen: interrupted", err=True)
            sys.exit(130)


#: the most plies ``banmen perft`` counts.
PERFT_MAX_DEPTH = 30


class _PerftCommand(click.Command):
    """``banmen perft``: a negative DEPTH (``-1``) is named as a bad DEPTH, not as click's
    unknown option ``-1``."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        given = list(args)  # the parser consumes ``args``
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption:
            words = given[:given.index("--")] if "--" in given else given
            negative = next((word for word in words if re.fullmatch(r"-\d+", word)), None)
            if negative is None:
                raise
            raise click.UsageError(
                f"Invalid value for 'DEPTH': {negative} is negative; expected a whole number "
                f"of plies from 0 to {PERFT_MAX_DEPTH}.", ctx) from None


@click.group(cls=_OneLineErrors, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="banmen")
def main() -> None:
    """banmen: check, draw and publish board-game rulebooks and puzzles.

    Positions are YAML files (see guide/positions.md); FILE may be '-' for standard
    input.
    """


# the registered games, in the help's paragraph about positions
main.help = f"{main.help} Game ids: {', '.join(game_ids())}."


@main.command()
@GAME_ARG
@FILE_ARG
@SET_OPTION
def moves(game: str, file: str, sets: tuple[str, ...]) -> None:
    """Print every legal move of FILE's position, canonical notation, sorted, one per line."""
    engine, state = _load_position(game, file, sets)
    with _engine_errors(file):
        texts = sorted(engine.format_move(state, m) for m in engine.legal_moves(state))
    for text in texts:
        click.echo(text)


@main.command(cls=_PerftCommand)
@GAME_ARG
@FILE_ARG
@click.argument("depth", type=click.IntRange(0, PERFT_MAX_DEPTH))
@click.option("--divide", is_flag=True, help="Also print the count below each first move.")
@click.option("--max-nodes", type=click.IntRange(min=1), default=None, metavar="N",
              help="Stop with an error once more than N leaves are counted.")
@SET_OPTION
def perft(game: str, file: str, depth: int, divide: bool, max_nodes: int | None,
          sets: tuple[str, ...]) -> None:
    """Count the leaf nodes DEPTH plies below FILE's position (the last line is the count).

    Progress lines go to standard error once a second; Ctrl-C prints the partial count
    there and exits with status 130.
    """
    from banmen.perft import PerftRun

    engine, state = _load_position(game, file, sets)
    started = time.perf_counter()
    run = PerftRun(engine, state, depth, max_nodes=max_nodes,
                   report=lambda line: click.echo(f"banmen: {line}", err=True))
    from banmen.perft import PerftBudgetError

    try:
        with _engine_errors(file):
            try:
                if divide and depth > 0:
                    rows = run.divide()
                    total = sum(count for _, count in rows)
                else:
                    rows, total = [], run.run()
            except PerftBudgetError as err:  # the budget of the command, not the file's fault
                raise _UserError(str(err)) from None
    except KeyboardInterrupt:
        click.echo(f"banmen: perft({depth}) interrupted after {run.elapsed():.1f} s: "
                   f"{run.counted} leaves counted so far ({run.progress_text()})", err=True)
        sys.exit(130)
    for move, count in rows:
        click.echo(f"{engine.format_move(state, move)}: {count}")
    elapsed = time.perf_counter() - started
    click.echo(f"perft({depth}) in {elapsed:.3f} s", err=True)
    click.echo(total)


@main.command()
@GAME_ARG
@click.argument("query_name", metavar="QUERY")
@FILE_ARG
@click.argument("args", nargs=-1, metavar="[ARG]...")
@SET_OPTION
def query(game: str, query_name: str, file: str, args: tuple[str, ...],
          sets: tuple[str, ...]) -> None:
    """Print the answer of a named QUERY about FILE's position.

    ARGs are the query's arguments in order, or NAME=VALUE. Lists print one item per line,
    booleans as true/false. 'banmen queries GAME' lists the queries. Ctrl-C stops a long
    search at once, with one line on standard error and exit status 130 (as perft).
    """
    from banmen.analysis import solver_budget
    from banmen.query import QueryError, format_answer, run_query

    engine, state = _load_position(game, file, sets)
    what = f"query '{query_name}'"
    try:
        with _stop_at_once(what), solver_budget(
                what, hint="lower the plies or simplify the position"):
            answer = run_query(engine, state, query_name, list(args))
    except QueryError as err:
        raise _UserError(str(err)) from None
    except BanmenError as err:
        raise _UserError(f"{_source_name(file)}:1:1: {err}") from None
    click.echo(format_answer(answer))


@main.command()
@GAME_ARG
def queries(game: str) -> None:
    """List the named queries of GAME with their arguments and answer kinds."""
    engine = get_game(game)
    for name, item in sorted(engine.queries().items()):
        params = " ".join(f"{p.name}:{p.kind}" for p in item.params)
        doc = (item.doc or (item.func.__doc__ or "")).strip()
        # the docstring's first paragraph, whole, without reST's ``code`` marks
        summary = " ".join(doc.split("\n\n")[0].split()).replace("``", "")
        click.echo(f"{name} {params}".rstrip() + f"  -> {item.returns}")
        if summary:
            click.echo(f"    {summary}")


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("--root", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
              show_default=True, help="Project root (holds rules.yaml, diagrams/, puzzles/).")
@click.option("--set", "sets", multiple=True, metavar="GAME.PARAM=VALUE",
              help="Check under a changed rule without editing rules.yaml (repeatable); "
                   "every puzzle whose answer changes is reported.")
@click.option("-q", "--quiet", is_flag=True, help="Print nothing when all is well.")
def check(paths: tuple[Path, ...], root: Path, sets: tuple[str, ...], quiet: bool) -> None:
    """Check content files (all of them by default) against the rules engines.

    Exit 0 when everything holds; otherwise exit 1 with one 'file:line:col: message' line per
    problem. Checking lessons (or everything) also checks each game's course
    (courses/GAME.yaml and the lesson steps' 'covers') and warns about rules-page sections
    no step practises (see 'banmen coverage').
    """
    from banmen.content.check import check_project, content_files
    from banmen.content.course import COURSES_FOLDER, project_coverage

    if not root.is_dir():
        raise _UserError(f"--root {root}: no such folder")
    if not paths and not content_files(root):
        raise _UserError(f"--root {root}: holds no content (expected diagrams/, puzzles/, "
                         "sequences/, lessons/ or practice/ with <game>/<name>.yaml files)")
    # a course file is not replayed: its game's course is checked below
    courses = (root / COURSES_FOLDER).resolve()
    course_paths = [p for p in paths if p.resolve() == courses or courses in p.resolve().parents]
    content_paths = [p for p in paths if p not in course_paths]
    course_games = _course_games(root, paths)
    warnings: list[str] = []
    try:
        overrides = parse_set_options(sets)
        content = (check_project(root, paths=content_paths or None, rule_overrides=overrides)
                   if content_paths or not paths else None)
        _, coverages, problems = project_coverage(root, course_games)
        if problems:
            raise ContentErrors(problems)
        warnings = [line for coverage in coverages for line in coverage.warnings()]
    except ContentErrors as err:
        for error in err.errors:
            click.echo(str(error))
        click.echo(f"{counted(len(err.errors), 'problem')} found", err=True)
        sys.exit(1)
    except BanmenError as err:
        raise _UserError(str(err)) from None
    for line in warnings:
        click.echo(line, err=True)
    if content is None:
        if not quiet:
            click.echo(f"ok: {counted(len(course_games), 'course')} checked", err=True)
        return
    if not quiet:
        click.echo(f"ok: {counted(len(content.diagrams), 'diagram')}, "
                   f"{counted(len(content.puzzles), 'puzzle')}, "
                   + (f"{counted(len(content.practice), 'practice puzzle')}, "
                      if content.practice else "") +
                   f"{counted(len(content.sequences), 'sequence')}, "
                   f"{counted(len(content.lessons), 'lesson')} checked", err=True)


def _course_games(root: Path, paths: tuple[Path, ...]) -> list[str]:
    """The games whose course ``banmen check PATHS`` checks: every game without paths; else
    the games of the paths under ``lessons/`` or ``courses/`` (the folder itself: all)."""
    from banmen.content.course import COURSES_FOLDER

    if not paths:
        return game_ids()
    chosen: list[str] = []
    for folder_name in ("lessons", COURSES_FOLDER):
        folder = (root / folder_name).resolve()
        for path in paths:
            resolved = path.resolve()
            if resolved == folder:
                return game_ids()
            if folder in resolved.parents:
                name = resolved.relative_to(folder).parts[0]
                game = name[:-5] if name.endswith(".yaml") else name
                if game in game_ids() and game not in chosen:
                    chosen.append(game)
    return [g for g in game_ids() if g in chosen]


@main.command()
@click.argument("game", required=False, type=click.Choice(game_ids()), metavar="[GAME]")
@click.option("--root", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
              show_default=True, help="Project root (holds lessons/, courses/, docs/).")
def coverage(game: str | None, root: Path) -> None:
    """Say which rules-page sections each game's lessons practise.

    The sections are the headings of docs/GAME/rules.md ('### Title {#id}', and '## Title
    {#id}' with no '###' under it); a lesson step practises those it names in 'covers:', and
    courses/GAME.yaml may mark one under 'not_practised:' with the reason. Prints
    'GAME: N/M sections practised' per game and each section left; exits 1 while a section
    is neither practised nor marked. A broken lesson or course file, or a 'covers' that
    names no section, is printed as 'file:line:col: message' instead, and exits 1.
    """
    from banmen.content.course import project_coverage

    if not root.is_dir():
        raise _UserError(f"--root {root}: no such folder")
    _, coverages, problems = project_coverage(root, [game] if game else game_ids())
    if problems:  # a report made around broken files would mislead: the problems only
        for error in problems:
            click.echo(str(error))
        click.echo(f"{counted(len(problems), 'problem')} found", err=True)
        sys.exit(1)
    left = 0
    for found in coverages:
        sections = len(found.sections)
        marked = f", {len(found.marked)} marked not practisable" if found.marked else ""
        click.echo(f"{found.game}: {len(found.covered)}/{sections} sections practised{marked}")
        for section in found.left:
            click.echo(f"  not practised: {section.ident} ({section.title}) "
                       f"{found.page}:{section.line}")
        left += len(found.left)
    if game and not coverages:
        click.echo(f"{game}: no lessons (lessons/{game}/) and no course file", err=True)
        sys.exit(1)
    if left:
        click.echo(f"{counted(left, 'section')} left", err=True)
        sys.exit(1)


@main.command()
@click.argument("file", metavar="FILE")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="Where to write the SVG ('-' for standard output).")
@click.option("--game", "game_id", type=click.Choice(game_ids()),
              help="The game, when FILE does not say (its 'game' field).")
def render(file: str, output: Path, game_id: str | None) -> None:
    """Draw a position file or a diagram file (diagrams/<game>/*.yaml) as SVG."""
    from banmen.content.check import check_single_diagram
    from banmen.render import render_svg

    if (file != "-" and str(output) != "-" and output.exists()
            and output.resolve() == Path(file).resolve()):
        raise _UserError(f"-o {shorten(str(output))}: that is FILE itself; give the SVG "
                         "another name (FILE would be overwritten)")
    try:
        document = _read_document(file)
        game, spec = check_single_diagram(document, game_id)
        svg = render_svg(game, spec)
    except ContentErrors as err:  # every error of the file, one line each
        for error in err.errors[:-1]:
            click.echo(one_line(str(error)), err=True)
        raise _UserError(str(err.errors[-1])) from None
    except BanmenError as err:
        raise _UserError(str(err)) from None
    if str(output) == "-":
        click.echo(svg, nl=False)
    else:
        try:
            output.write_text(svg, encoding="utf-8")
        except OSError as err:
            raise _UserError(f"-o {output}: cannot write ({err.strerror or err})") from None


@main.command()
@click.option("-o", "--output", type=click.Path(file_okay=False, path_type=Path),
              default=Path("schemas"), show_default=True, help="Folder for the *.schema.json files.")
def schema(output: Path) -> None:
    """Export a JSON Schema for each kind of content file (for editors)."""
    from banmen.content.schemas import write_schemas

    try:
        written = write_schemas(output)
    except OSError as err:
        raise _UserError(f"-o {output}: cannot write ({err.strerror or err})") from None
    for path in written:
        click.echo(path)


@main.command("new-game")
@click.argument("game_id", metavar="ID")
@click.option("--dir", "folder", required=True, metavar="DIR",
              type=click.Path(path_type=Path), help="A new or empty folder for the package.")
def new_game(game_id: str, folder: Path) -> None:
    """Write an installable game package ID into DIR, from the template game 三目並べ
    (tic-tac-toe): engine, view, words, drawing, starter content and tests. Install it with
    'pip install -e DIR'."""
    from banmen.new_game import new_game as write_package

    try:
        written = write_package(game_id, folder)
    except BanmenError as err:
        raise _UserError(str(err)) from None
    for path in written:
        click.echo(path)
    click.echo(one_line(f"next: pip install -e {folder}; then pytest {folder / 'tests'}"),
               err=True)


def _die_with_parent() -> None:
    """In the child, before exec: ask Linux to end it when banmen dies (even by SIGKILL)."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _run_mkdocs(command: str, sets: tuple[str, ...], extra: list[str], no_cache: bool = False,
                jobs: int | None = None) -> int:
    """Run ``mkdocs <command>`` in its own process group and return its exit status.

    ``no_cache`` and ``jobs`` reach the pipeline through ``BANMEN_NO_CACHE``/``BANMEN_JOBS``.

    SIGINT and SIGTERM sent to banmen (by its process id, or Ctrl-C in the terminal) are
    passed on to MkDocs, so stopping banmen always stops the server it started.
    """
    try:
        parse_set_options(sets)  # fail early, before MkDocs starts
    except BanmenError as err:
        raise _UserError(str(err)) from None
    env = {**os.environ, "BANMEN_SET": ";".join(sets), "NO_MKDOCS_2_WARNING": "1"}
    env.pop("BANMEN_NO_CACHE", None)
    env.pop("BANMEN_JOBS", None)
    if no_cache:
        env["BANMEN_NO_CACHE"] = "1"
    if jobs is not None:
        env["BANMEN_JOBS"] = str(jobs)
    received: list[int] = []
    children: list[subprocess.Popen] = []
    # The server shuts down cleanly on SIGINT; a build is simply ended (no traceback).
    passed_on = signal.SIGINT if command == "serve" else signal.SIGTERM

    def forward(signum: int, _frame: Any) -> None:
        received.append(signum)
        for child in children:
            if child.poll() is None:
                child.send_signal(passed_on)

    # Handlers first: a signal arriving while MkDocs starts must reach it too.
    previous = {s: signal.signal(s, forward) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        children.append(subprocess.Popen([sys.executable, "-m", "mkdocs", command, *extra],
                                         env=env, start_new_session=True,
                                         preexec_fn=_die_with_parent))
        if received:
            forward(received[0], None)
        status = _wait_for_mkdocs(children[0], received)
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        for child in children:
            if child.poll() is None:
                _kill_group(child)
    if received:
        raise _Interrupted(128 + received[0])
    return status


#: seconds MkDocs gets to stop after the signal was passed on, before it is killed.
STOP_GRACE = 10.0


def _wait_for_mkdocs(child: subprocess.Popen, received: list[int]) -> int:
    """Wait for MkDocs to end; once a stop was asked for (``received``), give it
    :data:`STOP_GRACE` seconds, then kill it and its drawing workers. (``mkdocs serve``
    stopped during its first build can hang for ever: its shutdown waits for a server loop
    that never started.)"""
    asked = None
    while True:
        try:
            return child.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            if received and asked is None:
                asked = time.monotonic()
            if asked is not None and time.monotonic() - asked > STOP_GRACE:
                _kill_group(child)
                return child.wait()


def _kill_group(child: subprocess.Popen) -> None:
    """Kill ``child`` and every process of its group (it leads one: ``start_new_session``)."""
    try:
        os.killpg(child.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        child.kill()
    child.wait()


class _Interrupted(Exception):
    """banmen was asked to stop (SIGINT/SIGTERM); carries the exit status."""

    def __init__(self, status: int):
        super().__init__(status)
        self.status = status


def _output_folder(option: str, folder: Path) -> None:
    """Fail with one line unless ``folder`` can be created or replaced (``-d``/``-o``)."""
    parent = folder.absolute().parent
    if folder.exists() and not folder.is_dir():
        raise _UserError(f"{option} {folder}: exists and is not a folder")
    if not parent.is_dir():
        raise _UserError(f"{option} {folder}: the folder {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise _UserError(f"{option} {folder}: cannot write in {parent} (permission denied)")
    if folder.exists() and not os.access(folder, os.W_OK | os.X_OK):
        raise _UserError(f"{option} {folder}: the folder is not writable (permission denied)")


def _raise_interrupted(signum: int, _frame: Any) -> None:
    raise _Interrupted(128 + signum)


def _pid_alive(pid: int) -> bool:
    """Whether process ``pid`` runs and is a banmen build (its command line says banmen or
    mkdocs; a process id reused by another program does not keep a folder alive)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return pid > 0
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return True  # no /proc: trust the process table
    return b"banmen" in command or b"mkdocs" in command


def _clean_stale_staging(target: Path) -> list[Path]:
    """Delete the staging folders ``.<name>.staging-<pid>`` next to ``target`` that a killed
    build left (its process is gone); return them. A live build's folder is left alone."""
    removed = []
    for folder in target.parent.glob(f".{target.name}.staging-*"):
        pid_text = folder.name.rsplit("-", 1)[1]
        if not pid_text.isdigit() or not folder.is_dir():
            continue
        pid = int(pid_text)
        if pid != os.getpid() and _pid_alive(pid):
            continue
        shutil.rmtree(folder, ignore_errors=True)
        removed.append(folder)
    return removed


def _build_staged(sets: tuple[str, ...], site_dir: Path, no_cache: bool = False,
                  jobs: int | None = None) -> None:
    """Build into a staging folder next to ``site_dir`` and swap it in only on success, so a
    failed or interrupted build leaves the last good site as it was."""
    _output_folder("-d", site_dir)
    target = site_dir.absolute()
    stops = (signal.SIGINT, signal.SIGTERM)
    previous = {s: signal.signal(s, _raise_interrupted) for s in stops}
    # Named before it exists, so a stop request at any moment finds it to clean up.
    staging = target.parent / f".{target.name}.staging-{os.getpid()}"
    try:
        try:
            _clean_stale_staging(target)  # left by killed runs (this process id included)
            staging.mkdir()
        except OSError as err:
            raise _UserError(f"-d {site_dir}: cannot write in {target.parent} "
                             f"({err.strerror})") from None
        status = _run_mkdocs("build", sets, ["--strict", "--site-dir", str(staging)],
                             no_cache, jobs)
        if status != 0:
            click.echo(f"banmen build: failed; {site_dir} is unchanged", err=True)
            sys.exit(status)
        dropped = _dropped_pdfs(target, staging)
        # The swap is not interrupted; a stop request waits until the new site is in place.
        signal.pthread_sigmask(signal.SIG_BLOCK, stops)
        _swap(staging, target, site_dir)
        if dropped:
            click.echo(f"banmen build: {site_dir} no longer has its PDFs ({', '.join(dropped)}); "
                       f"build with BANMEN_PDF=1 to make them", err=True)
    except _Interrupted as stop:
        click.echo(f"banmen build: interrupted; {site_dir} is unchanged", err=True)
        sys.exit(stop.status)
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, stops)


def _dropped_pdfs(target: Path, staging: Path) -> list[str]:
    """The game PDFs (``<game>/<game>.pdf``) of the site in ``target`` that the new site in
    ``staging`` does not have: a build without ``BANMEN_PDF=1`` after one with it.

    Args:
        target: the output folder, with the previous site (or missing).
        staging: the new site.

    Returns:
        Their paths relative to the site, sorted; ``[]`` when none is dropped.
    """
    if not target.is_dir():
        return []
    return sorted(pdf.relative_to(target).as_posix() for pdf in target.glob("*/*.pdf")
                  if pdf.stem == pdf.parent.name
                  and not (staging / pdf.relative_to(target)).exists())


def _swap(staging: Path, target: Path, site_dir: Path) -> None:
    """Put the finished ``staging`` folder in place of ``target`` (two renames), then delete
    the previous site; on failure the previous site is put back."""
    old = None
    try:
        if target.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
            os.rename(target, old / "site")
        os.rename(staging, target)
    except OSError as err:
        if old is not None and (old / "site").exists() and not target.exists():
            os.rename(old / "site", target)
        raise _UserError(f"-d {site_dir}: cannot replace the folder ({err.strerror})") from None
    finally:
        # With a site in place (the new one, or the old one put back) the rest is garbage;
        # without one, the previous site is kept in ``old``.
        if old is not None and target.exists():
            shutil.rmtree(old, ignore_errors=True)


def _port_free(dev_addr: str) -> None:
    """Fail with one line when ``host:port`` is already taken (another server runs there)."""
    host, _, port = dev_addr.rpartition(":")
    if not port.isdigit():
        raise _UserError(f"-a {dev_addr}: expected HOST:PORT, e.g. 127.0.0.1:8000")
    family = socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host.strip("[]") or "127.0.0.1", int(port)))
        except OSError as err:
            reason = "is already in use" if err.errno == errno.EADDRINUSE else f"cannot be used ({err.strerror})"
            raise _UserError(f"banmen serve: {dev_addr} {reason}; stop the other server or "
                             "pass -a HOST:PORT") from None


NO_CACHE_OPTION = click.option("--no-cache", is_flag=True,
                               help="Check and draw everything; neither read nor write the "
                                    "build cache (.cache/banmen).")
JOBS_OPTION = click.option("-j", "--jobs", type=click.IntRange(1, 256), default=None,
                           help="Processes drawing boards at once (default: one per core).")


@main.command()
@SITE_SET_OPTION
@click.option("-d", "--site-dir", default="site", show_default=True, type=click.Path(path_type=Path),
              help="Output folder (replaced only when the build succeeds).")
@NO_CACHE_OPTION
@JOBS_OPTION
def build(sets: tuple[str, ...], site_dir: Path, no_cache: bool, jobs: int | None) -> None:
    """Build the site (mkdocs build --strict): check, draw and generate every page.

    Content and boards unchanged since an earlier build come from the build cache
    (.cache/banmen); the others are checked, and drawn in parallel. The site is built in a
    staging folder next to the output folder and swapped in only on success; a failed or
    interrupted build leaves the previous site untouched.

    Each game's 「印刷用PDF」 is made only with the environment variable BANMEN_PDF=1
    (slow: WeasyPrint and a Japanese font; `bash tools/site.sh build` sets it).
    """
    _build_staged(sets, site_dir, no_cache, jobs)


@main.command()
@SITE_SET_OPTION
@click.option("-a", "--dev-addr", default="127.0.0.1:8000", show_default=True,
              metavar="HOST:PORT", help="Address the server listens on.")
@NO_CACHE_OPTION
@JOBS_OPTION
def serve(sets: tuple[str, ...], dev_addr: str, no_cache: bool, jobs: int | None) -> None:
    """Serve the site with live reload (mkdocs serve); a save re-checks and redraws only
    what the changed file touches, and a broken file keeps the last good pages served.
    SIGINT/SIGTERM stop the server too. PDFs only with BANMEN_PDF=1, as for build."""
    _port_free(dev_addr)
    try:
        status = _run_mkdocs("serve", sets, ["--dev-addr", dev_addr], no_cache, jobs)
    except _Interrupted as stop:
        sys.exit(stop.status)
    sys.exit(status)


class _LazyChoice(click.Choice):
    """A :class:`click.Choice` whose choices are computed when first needed (a value to
    check, the help): only the command that uses them imports the game packages' hooks."""

    def __init__(self, make: Any) -> None:
        self._make = make
        self._made: tuple[str, ...] | None = None
        self.case_sensitive = True

    @property
    def choices(self) -> tuple[str, ...]:  # type: ignore[override]
        if self._made is None:
            self._made = tuple(self._make())
        return self._made


def _site_hooks(game_id: str) -> Any:
    """``game_id``'s ``site.py`` module (:mod:`banmen.contract`), or ``None``."""
    from banmen.game import game_module

    return game_module(game_id, "site")


def _simulated_games() -> list[str]:
    """The games whose package can simulate games (a ``simulate`` and ``PRESETS`` hook)."""
    return [g for g in game_ids()
            if hasattr(_site_hooks(g), "simulate") and hasattr(_site_hooks(g), "PRESETS")]


def _simulated_presets() -> list[str]:
    """Every preset of the games of :func:`_simulated_games`, in their display order."""
    return list(dict.fromkeys(name for g in _simulated_games()
                              for name in _site_hooks(g).PRESETS.preset_names()))


@main.command()
@click.argument("game", type=_LazyChoice(_simulated_games), metavar="GAME")
@click.option("--preset", type=_LazyChoice(_simulated_presets), default=None,
              help="The preset whose rules every game uses (default: the game's first).")
@click.option("--games", type=click.IntRange(1, 10_000_000), default=1000, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True,
              help="The same seed gives the same games.")
@click.option("--colours", type=click.IntRange(2, 4), default=None,
              help="Colours in play (default: the preset's, 2: red and blue).")
@click.option("--jobs", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Worker processes.")
@SET_OPTION
def simulate(game: str, preset: str, games: int, seed: int, colours: int | None, jobs: int,
             sets: tuple[str, ...]) -> None:
    """Play GAMES random games of GAME (a game whose package simulates, such as ludo) with a
    simple strategy and print statistics.

    Every ply is checked against the rules' invariants; a progress bar goes to standard error.
    """
    from tqdm import tqdm

    hooks = _site_hooks(game)
    names = list(hooks.PRESETS.preset_names())
    if preset is None:
        preset = names[0]
    elif preset not in names:
        raise click.BadParameter(f"{preset!r} is not one of "
                                 f"{', '.join(repr(n) for n in names)}.", param_hint="'--preset'")
    try:
        overrides = parse_set_options(sets, game).get(game, {})
        with tqdm(total=games, unit="game", file=sys.stderr, disable=None) as bar:
            lines = hooks.simulate(preset, overrides, colours, games, seed, jobs, bar.update)
    except BanmenError as err:
        raise _UserError(str(err)) from None
    for line in lines:
        click.echo(line)


@main.command()
@GAME_ARG
@click.option("--count", type=click.IntRange(1, 100_000), required=True,
              help="How many puzzles to write.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="The same arguments give byte-identical files.")
@click.option("--plies", type=click.IntRange(1, 15), default=5, show_default=True,
              help="Move puzzles: the longest win searched for, in plies (both sides' moves).")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("mined"),
              show_default=True,
              help="Folder to write into: files go to OUT/puzzles/GAME/ (check them with "
                   "'banmen check --root OUT').")
@click.option("--root", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
              show_default=True,
              help="Project root: its rules.yaml is mined under, its puzzles are not repeated.")
@click.option("--jobs", type=click.IntRange(1, 64), default=None,
              help="Worker processes (default: every core).")
@click.option("--nodes", type=click.IntRange(100, 100_000_000), default=20_000,
              show_default=True, help="Solver budget of one position's proof.")
def mine(game: str, count: int, seed: int, plies: int, out: Path, root: Path,
         jobs: int | None, nodes: int) -> None:
    """Play engine games of GAME and write the positions that make good puzzles as puzzle
    YAML (OUT/puzzles/GAME/m<seed>-<n>.yaml), for an author to check, edit, keep or delete.

    Move puzzles (every game but ludo): the side to move wins within --plies and at each of
    its turns exactly one move wins; ludo: questions about the roll with exact answers.
    Progress goes to standard error; Ctrl-C keeps the puzzles written so far.
    """
    from banmen.content.check import load_site_rules
    from banmen.mine.run import mine as run_mine

    if not root.is_dir():
        raise _UserError(f"--root {root}: no such folder")
    rules_file = root / "rules.yaml"
    games, errors = load_site_rules(root)
    if errors:
        raise _UserError(str(errors[0]))
    rules = games[game].rules
    try:
        out.mkdir(parents=True, exist_ok=True)
        if rules_file.is_file() and not (out / "rules.yaml").exists():
            shutil.copyfile(rules_file, out / "rules.yaml")
        # the schema the files name (../../schemas/), so an editor checks them in OUT too
        schema = root / "schemas" / "puzzle.schema.json"
        if schema.is_file() and not (out / "schemas" / schema.name).exists():
            (out / "schemas").mkdir(exist_ok=True)
            shutil.copyfile(schema, out / "schemas" / schema.name)
    except OSError as err:
        raise _UserError(f"--out {out}: cannot write ({err.strerror or err})") from None
    written: list[Path] = []
    try:
        written = run_mine(game, count, seed=seed, plies=plies, out=out, root=root,
                           jobs=jobs or os.cpu_count() or 1, nodes=nodes, rules=rules,
                           written=written)
    except KeyboardInterrupt:
        for path in written:  # the files kept, listed as a finished run lists them
            click.echo(str(path))
        click.echo(f"banmen: mine interrupted: {counted(len(written), 'puzzle')} kept in "
                   f"{out / 'puzzles' / game}", err=True)
        sys.exit(130)
    except BanmenError as err:
        raise _UserError(str(err)) from None
    for path in written:
        click.echo(str(path))


@main.command("new-site")
@click.argument("directory", metavar="DIR", type=click.Path(path_type=Path))
@click.option("--game", "game_id", required=True, metavar="ID",
              help="The game the site is about (a registered game id).")
def new_site(directory: Path, game_id: str) -> None:
    """Write a small MkDocs Material site about one game into DIR (new or empty).

    It uses the banmen MkDocs plugin; run `banmen serve` or `banmen build` inside DIR. The
    game's starter content (its package's starter/ folder) is copied in; the files written
    are listed.
    """
    from banmen.site.new_site import write_site

    try:
        written = write_site(directory, game_id)
    except BanmenError as err:
        raise _UserError(str(err)) from None
    for path in written:
        click.echo(str(directory / path))


@main.group()
def cache() -> None:
    """Manage the build cache (.cache/banmen under the project root)."""


@cache.command("clear")
@click.option("--root", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
              show_default=True, help="Project root (holds mkdocs.yml and .cache/).")
def cache_clear(root: Path) -> None:
    """Delete the build cache; the next build checks and draws everything.

    A symbolic link in the cache's place is removed as a link (what it points to stays).
    """
    from banmen.site.cache import CACHE_DIR, clear

    try:
        done = clear(root)
    except OSError as err:
        where = f" ({shorten(str(err.filename))})" if err.filename else ""
        raise _UserError(f"cannot remove {shorten(str(root / CACHE_DIR))}: "
                         f"{err.strerror or err}{where}; what could be removed is gone") from None
    click.echo(one_line(done), err=True)


@main.command()
@click.option("--set", "sets", multiple=True, metavar="GAME.PARAM=VALUE",
              help="A changed rule parameter (repeatable), on top of rules.yaml.")
@click.option("--rules", "rules_file", type=click.Path(dir_okay=False, path_type=Path),
              help="A whole other rules file to compare with rules.yaml (same form).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              default=Path("rule-diff.html"), show_default=True,
              help="Where to write the HTML report.")
@click.option("--root", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
              show_default=True, help="Project root (holds rules.yaml, diagrams/, puzzles/).")
@NO_CACHE_OPTION
@JOBS_OPTION
@click.option("-q", "--quiet", is_flag=True, help="No progress lines on standard error.")
def diff(sets: tuple[str, ...], rules_file: Path | None, output: Path, root: Path,
         no_cache: bool, jobs: int | None, quiet: bool) -> None:
    """Show what a rule change does to the site, before committing to it.

    Checks and draws every diagram, puzzle and sequence under today's rules (rules.yaml)
    and under the changed ones (--set GAME.PARAM=VALUE ..., or --rules FILE), through the
    build cache, and writes one self-contained HTML page (-o) listing per game and file:
    answers that no longer hold (stated vs computed), boards drawn differently (before and
    after, changed squares outlined), sequences that become illegal (ply, move, the
    engine's reason, the board), and move puzzles whose solution tree changes. One summary
    line per game goes to standard output.

    \b
    Exit status: 0 when nothing breaks (boards may still change; also when the rules do
    not change at all), 1 when some stated answer or sequence breaks or the input is bad.
    In CI:  banmen diff --set ukejalayer.white_delay=2 -o report.html || echo "it breaks"
    """
    from banmen.site.diff import compute_diff
    from banmen.site.diff_report import report_html

    if not root.is_dir():
        raise _UserError(f"--root {root}: no such folder")
    if rules_file is not None and not rules_file.is_file():
        raise _UserError(f"--rules {rules_file}: no such file")
    if not sets and rules_file is None:
        click.echo("banmen diff: no rule change given (use --set GAME.PARAM=VALUE or "
                   "--rules FILE); nothing to compare", err=True)
        return
    _output_file("-o", output)
    try:
        overrides = parse_set_options(sets)
        result = compute_diff(root, overrides, rules_file, jobs=jobs, cache=not no_cache,
                              progress=not quiet)
    except ContentErrors as err:
        for error in err.errors:
            click.echo(str(error), err=True)
        sys.exit(1)
    except BanmenError as err:
        raise _UserError(str(err)) from None
    if not result.changes:
        click.echo("banmen diff: the changed rules are the same as rules.yaml; nothing changes",
                   err=True)
        return
    page = report_html(result, root, output)
    try:
        output.write_text(page, encoding="utf-8")
    except OSError as err:
        raise _UserError(f"-o {output}: cannot write ({err.strerror or err})") from None
    for summary in result.summaries:
        click.echo(summary.line())
    if not result.items:
        click.echo("no item changes under this rule change")
    click.echo(f"report: {output}" + ("; some answers or sequences break" if result.breaks
                                      else ""), err=True)
    sys.exit(1 if result.breaks else 0)


def _output_file(option: str, path: Path) -> None:
    """Fail with one line unless ``path`` can be written (its folder exists, writable)."""
    parent = path.absolute().parent
    if path.is_dir():
        raise _UserError(f"{option} {path}: is a folder, expected a file")
    if not parent.is_dir():
        raise _UserError(f"{option} {path}: the folder {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise _UserError(f"{option} {path}: cannot write in {parent} (permission denied)")


if __name__ == "__main__":  # pragma: no cover
    main()
