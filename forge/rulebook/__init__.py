"""Localized HTML rulebooks: sections with shared ids, drawn and checked worked examples,
translation staleness, sanitized Markdown in Jinja2 templates."""
