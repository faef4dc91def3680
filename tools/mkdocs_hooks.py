"""MkDocs hook file (``hooks:`` in mkdocs.yml): the banmen pipeline's glue, re-exported."""

from banmen.site.mkdocs_hooks import (
    on_config,
    on_files,
    on_page_content,
    on_page_context,
    on_page_markdown,
    on_page_read_source,
    on_post_build,
    on_post_page,
    on_post_template,
    on_serve,
    on_startup,
)

__all__ = ["on_startup", "on_config", "on_files", "on_page_read_source", "on_page_markdown", "on_page_content", "on_page_context",
           "on_post_page", "on_post_template", "on_post_build", "on_serve"]
