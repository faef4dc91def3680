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


def _allowed(schema: dict[str, Any]) -> str:
    options = schema.get("anyOf", [schema])
    parts = []
    for option in options:
        if "enum" in option:
            parts.append("、".join(f"`{v}`" for v in option["enum"]))
        elif "const" in option:
            parts.append(f"`{option['const']}`")
        elif option.get("type") == "integer":
            low, high = option.get("minimum"), option.get("maximum")
            if low is not None and high is not None:
                parts.append(f"{low}〜{high}の整数")
            elif low is not None:
                parts.append(f"{low}以上の整数")
            else:
                parts.append("整数")
        elif option.get("type") == "boolean":
            parts.append("はい／いいえ")
        elif option.get("type") == "null":
            parts.append("省略（自動）")
    return "、".join(parts)


def parameters_markdown(game: Game) -> str:
    """Return a Markdown table of ``game``'s rule parameters, written for players.

    Columns: what the setting means in play (its Japanese label, ``json_schema_extra["ja"]``),
    the spec's default, the value this site's diagrams and puzzles use, the values one may
    choose (from the schema, or ``json_schema_extra["allowed_ja"]``), and last the setting's
    name as authors write it in ``rules.yaml`` (how to change it: ``docs/authoring.md``).
    """
    schema = game.rules_model.model_json_schema()
    props = schema.get("properties", {})
    defaults = game.rules_model()
    rows = [
        "| 遊ぶときの意味 | 標準 | このサイトでは | 選べる値 | 設定名 |",
        "|---|---|---|---|---|",
    ]
    for name, info in game.rules_model.model_fields.items():
        extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
        label = extra.get("ja", info.description or "")
        # A validator may narrow the schema's range; the field then says so in "allowed_ja".
        allowed = extra.get("allowed_ja") or _allowed(props.get(name, {}))
        rows.append(
            f"| {label} | {_show(getattr(defaults, name))} | "
            f"{_show(getattr(game.rules, name))} | {allowed} | `{name}` |"
        )
    return "\n".join(rows) + "\n"
