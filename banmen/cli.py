"""The ``banmen`` command line (click).

Commands: ``moves``, ``perft``, ``query`` read a position file
(or ``-`` for standard input); ``check`` checks content; ``render`` draws a position or diagram
file; ``schema`` exports JSON Schemas; ``build`` and ``serve`` run MkDocs with the pipeline.
Every user error is one line (``file:line:col: message`` when it has a place) and exit 1.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import click

from banmen.cli_options import parse_set_options
from banmen.content.errors import ContentErrors
from banmen.content.yamlmarks import MarkedDocument, load_marked_file, load_marked_text
from banmen.game import BanmenError, Game, PositionError, game_ids, get_game


class _UserError(click.ClickException):
    """A one-line error on standard error and exit status 1 (no traceback)."""

    def show(self, file: Any = None) -> None:
        click.echo(self.format_message(), err=True)


def _read_document(file: str) -> MarkedDocument:
    if file == "-":
        return load_marked_text(sys.stdin.read(), "<stdin>")
    return load_marked_file(Path(file), file)


def _load_position(game_id: str, file: str, sets: tuple[str, ...] = ()) -> tuple[Game, Hashable]:
    """Read a position file for ``game_id``; errors point at the file's line and column."""
    try:
        game = get_game(game_id, parse_set_options(sets, game_id).get(game_id, {}))
        document = _read_document(file)
    except BanmenError as err:
        raise _UserError(str(err)) from None
    data = document.data
    if not isinstance(data, dict):
        raise _UserError(str(document.error((), "expected a position mapping (see README, 'Position files')")))
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


GAME_ARG = click.argument("game", type=click.Choice(game_ids()), metavar="GAME")
FILE_ARG = click.argument("file", metavar="FILE")
SET_OPTION = click.option("--set", "sets", multiple=True, metavar="PARAM=VALUE",
                          help="Override a rule parameter for this run (repeatable).")
SITE_SET_OPTION = click.option("--set", "sets", multiple=True, metavar="GAME.PARAM=VALUE",
                               help="Build under a changed rule without editing rules.yaml "
                                    "(repeatable).")


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
            click.echo(f"{where}: {err.format_message()} (see '{where} --help')", err=True)
            sys.exit(err.exit_code)
        except click.ClickException as err:
            err.show()
            sys.exit(err.exit_code)
        except click.exceptions.Abort:
            click.echo("aborted", err=True)
            sys.exit(1)


@click.group(cls=_OneLineErrors, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="banmen")
def main() -> None:
    """banmen: check, draw and publish board-game rulebooks and puzzles.

    Positions are YAML files (see README, 'Position files'); FILE may be '-' for standard
    input. Game ids: ukejalayer, medamagaeru, suicide-checkers.
    """


@main.command()
@GAME_ARG
@FILE_ARG
@SET_OPTION
def moves(game: str, file: str, sets: tuple[str, ...]) -> None:
    """Print every legal move of FILE's position, canonical notation, sorted, one per line."""
    engine, state = _load_position(game, file, sets)
    for text in sorted(engine.format_move(state, m) for m in engine.legal_moves(state)):
        click.echo(text)


@main.command()
@GAME_ARG
@FILE_ARG
@click.argument("depth", type=click.IntRange(0, 30))
@click.option("--divide", is_flag=True, help="Also print the count below each first move.")
@SET_OPTION
def perft(game: str, file: str, depth: int, divide: bool, sets: tuple[str, ...]) -> None:
    """Count the leaf nodes DEPTH plies below FILE's position (the last line is the count)."""
    engine, state = _load_position(game, file, sets)
    started = time.perf_counter()
    if divide and depth > 0:
        total = 0
        for move in engine.legal_moves(state):
            count = engine.perft(engine.play(state, move), depth - 1)
            total += count
            click.echo(f"{engine.format_move(state, move)}: {count}")
    else:
        total = engine.perft(state, depth)
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
    booleans as true/false. 'banmen queries GAME' lists the queries.
    """
    from banmen.query import format_answer, run_query

    engine, state = _load_position(game, file, sets)
    try:
        answer = run_query(engine, state, query_name, list(args))
    except BanmenError as err:
        raise _UserError(str(err)) from None
    click.echo(format_answer(answer))


@main.command()
@GAME_ARG
def queries(game: str) -> None:
    """List the named queries of GAME with their arguments and answer kinds."""
    engine = get_game(game)
    for name, item in sorted(engine.queries().items()):
        params = " ".join(f"{p.name}:{p.kind}" for p in item.params)
        summary = (item.doc or (item.func.__doc__ or "")).strip().splitlines()
        click.echo(f"{name} {params}".rstrip() + f"  -> {item.returns}")
        if summary:
            click.echo(f"    {summary[0]}")


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
    problem.
    """
    from banmen.content.check import check_project

    try:
        overrides = parse_set_options(sets)
        content = check_project(root, paths=list(paths) or None, rule_overrides=overrides)
    except ContentErrors as err:
        for error in err.errors:
            click.echo(str(error))
        click.echo(f"{len(err.errors)} problem(s) found", err=True)
        sys.exit(1)
    except BanmenError as err:
        raise _UserError(str(err)) from None
    if not quiet:
        click.echo(f"ok: {len(content.diagrams)} diagrams, {len(content.puzzles)} puzzles, "
                   f"{len(content.sequences)} sequences checked", err=True)


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

    try:
        document = _read_document(file)
        game, spec = check_single_diagram(document, game_id)
        svg = render_svg(game, spec)
    except ContentErrors as err:
        raise _UserError(str(err.errors[0])) from None
    except BanmenError as err:
        raise _UserError(str(err)) from None
    if str(output) == "-":
        click.echo(svg, nl=False)
    else:
        output.write_text(svg, encoding="utf-8")


@main.command()
@click.option("-o", "--output", type=click.Path(file_okay=False, path_type=Path),
              default=Path("schemas"), show_default=True, help="Folder for the *.schema.json files.")
def schema(output: Path) -> None:
    """Export a JSON Schema for each kind of content file (for editors)."""
    from banmen.content.schemas import write_schemas

    for path in write_schemas(output):
        click.echo(path)


def _mkdocs(command: str, sets: tuple[str, ...], extra: list[str], no_cache: bool = False,
            jobs: int | None = None) -> None:
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
    result = subprocess.run([sys.executable, "-m", "mkdocs", command, *extra], env=env)
    sys.exit(result.returncode)


NO_CACHE_OPTION = click.option("--no-cache", is_flag=True,
                               help="Check and draw everything; neither read nor write the "
                                    "build cache (.cache/banmen).")
JOBS_OPTION = click.option("-j", "--jobs", type=click.IntRange(1, 256), default=None,
                           help="Processes drawing boards at once (default: one per core).")


@main.command()
@SITE_SET_OPTION
@click.option("-d", "--site-dir", default="site", show_default=True, help="Output folder.")
@NO_CACHE_OPTION
@JOBS_OPTION
def build(sets: tuple[str, ...], site_dir: str, no_cache: bool, jobs: int | None) -> None:
    """Build the site (mkdocs build --strict): check, draw and generate every page.

    Content and boards unchanged since an earlier build come from the build cache
    (.cache/banmen); the others are checked, and drawn in parallel.
    """
    _mkdocs("build", sets, ["--strict", "--site-dir", site_dir], no_cache, jobs)


@main.command()
@SITE_SET_OPTION
@click.option("-a", "--dev-addr", default="127.0.0.1:8000", show_default=True)
@NO_CACHE_OPTION
@JOBS_OPTION
def serve(sets: tuple[str, ...], dev_addr: str, no_cache: bool, jobs: int | None) -> None:
    """Serve the site with live reload (mkdocs serve); a save re-checks and redraws only
    what the changed file touches, and a broken file keeps the last good pages served."""
    _mkdocs("serve", sets, ["--dev-addr", dev_addr], no_cache, jobs)


@main.group()
def cache() -> None:
    """Manage the build cache (.cache/banmen under the project root)."""


@cache.command("clear")
@click.option("--root", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
              show_default=True, help="Project root (holds mkdocs.yml and .cache/).")
def cache_clear(root: Path) -> None:
    """Delete the build cache; the next build checks and draws everything."""
    from banmen.site.cache import CACHE_DIR, clear

    where = root / CACHE_DIR
    click.echo(f"removed {where}" if clear(root) else f"nothing to remove: {where}", err=True)


if __name__ == "__main__":  # pragma: no cover
    main()
