"""JSON Schemas of the content files, exported from the pydantic models (for editors).

Each content file may start with ``# yaml-language-server: $schema=../../schemas/<kind>.schema.json``
so that editors with the YAML language server check and complete it.
"""

from __future__ import annotations

import json
from pathlib import Path

from banmen.content.models import CONTENT_KINDS
from banmen.game import game_ids, get_game
from banmen.render.options import options_schema

#: kind folder -> schema file name, one per model: a kind whose files follow the model of an
#: earlier kind (``practice`` holds puzzle files) uses that kind's schema.
SCHEMA_FILES: dict[str, str] = {}
for _kind, _model in CONTENT_KINDS.items():
    if _model not in (CONTENT_KINDS[k] for k in SCHEMA_FILES):
        SCHEMA_FILES[_kind] = f"{_kind.rstrip('s')}.schema.json"


def _position_rules() -> list[dict]:
    """One ``if game is X then position follows X's position schema and options X's drawing
    options`` clause per game (:func:`banmen.render.options.drawing_options`)."""
    return [
        {
            "if": {"properties": {"game": {"const": game_id}}, "required": ["game"]},
            "then": {"properties": {"position": get_game(game_id).position_schema(),
                                    "options": options_schema(game_id)}},
        }
        for game_id in game_ids()
    ]


def schema_text(kind: str) -> str:
    """Return the JSON Schema of one content kind as stable, pretty-printed JSON text.

    The ``position`` field follows the schema of the file's game (``Game.position_schema``),
    the ``options`` field its drawing options.
    """
    model = CONTENT_KINDS[kind]
    schema = model.model_json_schema()
    schema["allOf"] = _position_rules()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = f"banmen {kind.rstrip('s')} file"
    return json.dumps(schema, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


#: The schema of a course file (``courses/<game>.yaml``: no position, so no game clauses).
COURSE_SCHEMA_FILE = "course.schema.json"


def course_schema_text() -> str:
    """Return the JSON Schema of a course file (:class:`banmen.content.course.CourseFile`)
    as stable, pretty-printed JSON text."""
    from banmen.content.course import CourseFile

    schema = CourseFile.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "banmen course file"
    return json.dumps(schema, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def write_schemas(folder: Path) -> list[Path]:
    """Write one ``<kind>.schema.json`` per content kind and ``course.schema.json`` into
    ``folder``; return the paths."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    texts = [(name, schema_text(kind)) for kind, name in SCHEMA_FILES.items()]
    for name, text in [*texts, (COURSE_SCHEMA_FILE, course_schema_text())]:
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
