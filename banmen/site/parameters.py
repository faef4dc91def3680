"""The generated page of rule parameters (variants) of one game, from its Rules model."""

from __future__ import annotations

from typing import Any

from banmen.game import Game


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "はい" if value else "いいえ"
    if value is None:
        return "（自動）"
    return f"`{value}`"


def parameters_markdown(game: Game) -> str:
    """Return a Markdown table of ``game``'s rule parameters, written for players.

    Columns: what the setting means in play (its Japanese label, ``Param.ja``), the spec's
    default, the value this site's diagrams and puzzles use, the values one may choose
    (:meth:`banmen.params.Param.allowed_text_ja`), and last the setting's
    name as authors write it in ``rules.yaml`` (how to change it: ``docs/authoring.md``).
    """
    defaults = game.rules_model()
    rows = [
        "| 遊ぶときの意味 | 標準 | このサイトでは | 選べる値 | 設定名 |",
        "|---|---|---|---|---|",
    ]
    for name, param in game.rules_model.params().items():
        rows.append(
            f"| {param.ja} | {_show(getattr(defaults, name))} | "
            f"{_show(getattr(game.rules, name))} | {param.allowed_text_ja()} | `{name}` |"
        )
    return "\n".join(rows) + "\n"
