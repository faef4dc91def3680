"""Outside the game packages no code names a game (issue #32): every game's knowledge lives in
its own package (``banmen/contract.py``), reached through the registry.

The check walks banmen's Python modules outside the registered game packages' folders and the
site's JavaScript (``banmen/site/assets``), leaves out comments and docstrings (they may name
games as examples), and looks for every registered game id and its underscore form (the package
folder's spelling) in what is left: names, strings, imports, regular expressions.
"""

from __future__ import annotations

import ast
import importlib
import io
import re
import tokenize
from pathlib import Path

import pytest

from banmen.contract import registry
from banmen.game import game_ids

ROOT = Path(__file__).resolve().parent.parent


def _id_pattern(ids: list[str]) -> re.Pattern[str]:
    """A case-insensitive pattern matching each id and its underscore form anywhere in a
    token (``LUDO_SETUPS`` and ``banmen.games.ludo`` both name a game)."""
    forms = sorted({form for i in ids for form in (i, i.replace("-", "_"))}, key=len,
                   reverse=True)
    return re.compile("|".join(re.escape(f) for f in forms), re.IGNORECASE)


def _package_folders() -> list[Path]:
    """The folders of the registered game packages (their code may name their own game)."""
    folders = []
    for name in registry().values():
        module = importlib.import_module(name)
        folders.append(Path(module.__file__).resolve().parent)
    return folders


def _docstring_starts(source: str) -> set[tuple[int, int]]:
    """(line, column) of every bare string statement: module, class and function docstrings
    and the attribute docstrings written under an assignment."""
    starts = set()
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)):
            starts.add((node.lineno, node.col_offset))
    return starts


def python_code_tokens(source: str) -> list[tuple[int, str]]:
    """(line, text) of every token of ``source`` but comments and docstrings."""
    docstrings = _docstring_starts(source)
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
            tokenize.DEDENT, tokenize.ENDMARKER}
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in skip:
            continue
        if token.type == tokenize.STRING and token.start in docstrings:
            continue
        found.append((token.start[0], token.string))
    return found


_REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^")


def js_code_lines(source: str) -> list[tuple[int, str]]:
    """(line, text) of ``source`` with its ``//`` and ``/* */`` comments blanked out; strings,
    template literals and regular-expression literals are kept as they are."""
    out: list[str] = []
    i, n = 0, len(source)
    last = ""  # the last significant character of code, to tell a regex from a division
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            j = source.find("\n", i)
            i = n if j < 0 else j
            continue
        if source.startswith("/*", i):
            j = source.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * source.count("\n", i, j))
            i = j
            continue
        if c in "\"'`":
            j = i + 1
            while j < n and source[j] != c:
                j += 2 if source[j] == "\\" else 1
            out.append(source[i:j + 1])
            i, last = j + 1, c
            continue
        if c == "/" and (last == "" or last in _REGEX_BEFORE
                         or re.search(r"\b(return|typeof|case)\s*$", "".join(out[-3:]))):
            j, in_class = i + 1, False
            while j < n and source[j] != "\n":
                if source[j] == "\\":
                    j += 2
                    continue
                if source[j] == "[":
                    in_class = True
                elif source[j] == "]":
                    in_class = False
                elif source[j] == "/" and not in_class:
                    break
                j += 1
            out.append(source[i:j + 1])
            i, last = j + 1, "/"
            continue
        out.append(c)
        if not c.isspace():
            last = c
        i += 1
    return list(enumerate("".join(out).split("\n"), start=1))


def game_id_mentions() -> list[str]:
    """``path:line: text`` of every game id named by code outside the game packages."""
    pattern = _id_pattern(game_ids())
    packages = _package_folders()
    found = []
    for path in sorted((ROOT / "banmen").rglob("*.py")):
        if any(path.resolve().is_relative_to(folder) for folder in packages):
            continue
        lines: dict[int, list[str]] = {}
        for line, text in python_code_tokens(path.read_text("utf-8")):
            if pattern.search(text):
                lines.setdefault(line, []).append(text)
        found += [f"{path.relative_to(ROOT)}:{line}: {' '.join(texts)}"
                  for line, texts in lines.items()]
    for path in sorted((ROOT / "banmen" / "site" / "assets").rglob("*.js")):
        for line, text in js_code_lines(path.read_text("utf-8")):
            if pattern.search(text):
                found.append(f"{path.relative_to(ROOT)}:{line}: {text.strip()}")
    return found


def test_python_tokens_leave_out_comments_and_docstrings():
    source = ('"""Module ludo."""\n'
              'X = 1\n'
              '"""Attribute doc: ludo."""\n'
              'def f():\n'
              '    """Doc: babuschka."""\n'
              '    return "babuschka"  # babuschka\n')
    assert python_code_tokens(source) == [
        (2, "X"), (2, "="), (2, "1"), (4, "def"), (4, "f"), (4, "("), (4, ")"), (4, ":"),
        (6, "return"), (6, '"babuschka"')]


def test_js_lines_leave_out_comments_only():
    source = ('const url = "https://x/ludo"; // ludo here\n'
              '/* ludo\n'
              '   babuschka */ const re = /ludo[/]x/g, half = a / 2; // x\n')
    assert js_code_lines(source) == [
        (1, 'const url = "https://x/ludo"; '),
        (2, ""),
        (3, " const re = /ludo[/]x/g, half = a / 2; "),
        (4, "")]


def test_id_pattern_finds_every_spelling():
    pattern = _id_pattern(["suicide-checkers", "ludo"])
    assert [bool(pattern.search(t)) for t in
            ("'suicide-checkers'", "suicide_checkers", "LUDO_SETUPS", "checkers", "lud")] == [
        True, True, True, False, False]


def test_every_game_package_folder_is_found():
    folders = _package_folders()
    assert len(folders) == len(game_ids())
    assert all((folder / "__init__.py").is_file() for folder in folders)


def test_no_game_id_outside_the_game_packages():
    mentions = game_id_mentions()
    if mentions:
        pytest.fail(f"{len(mentions)} game ids named outside the game packages:\n"
                    + "\n".join(mentions))
