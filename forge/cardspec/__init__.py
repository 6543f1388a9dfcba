"""The card spec language: load YAML specs with located errors, resolve templates.

Import what you need from its modules (``forge.cardspec.loader.load_spec``,
``forge.cardspec.model.GameSpec``…): the package itself loads nothing, so a command that reads
no spec (``forge --version``) does not pay for the spreadsheet reader.
"""
