"""forge's own games, one package each, written only against :mod:`forge.engine` and found as
any installed game is: through the entry points of group ``forge.games`` (pyproject.toml).
Nothing else in forge imports them."""
