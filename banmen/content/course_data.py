"""A game's course as the site shows it, as plain data (no validation library: a warm build
reads it from the build cache without importing pydantic). Loaded and checked by
:func:`banmen.content.course.load_course`."""

from __future__ import annotations

from dataclasses import dataclass, field

#: The folder of the course files (``courses/<game>.yaml``), relative to the content root.
COURSES_FOLDER = "courses"


@dataclass
class Course:
    """A game's course as the site shows it.

    Attributes:
        game: the game id.
        lessons: the lesson ids (``<game>/<name>``) in course order.
        not_practised: section id -> reason.
        source: the course file relative to the root (``""``: none, file order).
    """

    game: str
    lessons: list[str]
    not_practised: dict[str, str] = field(default_factory=dict)
    source: str = ""
    #: section id under ``not_practised`` -> (line, column) of its key in the file, for
    #: error messages (not kept in the build cache: only a freshly loaded course is checked)
    marks: dict[str, tuple[int, int]] = field(default_factory=dict, compare=False, repr=False)

    def to_json(self) -> dict:
        """The course as JSON data (for the build cache)."""
        return {"game": self.game, "lessons": self.lessons,
                "not_practised": self.not_practised, "source": self.source}

    @classmethod
    def from_json(cls, data: object) -> Course:
        """The course of :meth:`to_json`'s data.

        Raises:
            ValueError: ``data`` has another shape (the cache then drops the entry).
        """
        if not isinstance(data, dict) or set(data) != {"game", "lessons", "not_practised",
                                                       "source"}:
            raise ValueError("not a course entry")
        game, lessons, marks, source = (data["game"], data["lessons"], data["not_practised"],
                                        data["source"])
        if not (isinstance(game, str) and isinstance(source, str)
                and isinstance(lessons, list) and all(isinstance(x, str) for x in lessons)
                and isinstance(marks, dict)
                and all(isinstance(k, str) and isinstance(v, str) for k, v in marks.items())):
            raise ValueError("not a course entry")
        return cls(game, list(lessons), dict(marks), source)
