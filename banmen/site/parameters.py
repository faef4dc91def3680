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
                parts.append(f"{low}〜{high} の整数")
            elif low is not None:
                parts.append(f"{low} 以上の整数")
            else:
                parts.append("整数")
        elif option.get("type") == "boolean":
            parts.append("はい／いいえ")
        elif option.get("type") == "null":
            parts.append("省略（自動）")
    return "、".join(parts)


def parameters_markdown(game: Game) -> str:
    """Return a Markdown table of ``game``'s rule parameters.

    Columns: the parameter's name (as written in ``rules.yaml`` and in a puzzle's ``rules``),
    its Japanese label (``json_schema_extra["ja"]``), the spec's default, the value this site
    uses, and the allowed values (from the schema, or ``json_schema_extra["allowed_ja"]``).
    """
    schema = game.rules_model.model_json_schema()
    props = schema.get("properties", {})
    defaults = game.rules_model()
    rows = [
        "| パラメータ | 意味 | 既定値 | このサイトの値 | 取りうる値 |",
        "|---|---|---|---|---|",
    ]
    for name, info in game.rules_model.model_fields.items():
        extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
        label = extra.get("ja", info.description or "")
        # A validator may narrow the schema's range; the field then says so in "allowed_ja".
        allowed = extra.get("allowed_ja") or _allowed(props.get(name, {}))
        rows.append(
            f"| `{name}` | {label} | {_show(getattr(defaults, name))} | "
            f"{_show(getattr(game.rules, name))} | {allowed} |"
        )
    return "\n".join(rows) + "\n"
