"""Python-Markdown extensions of forge's rulebooks, one per feature."""
