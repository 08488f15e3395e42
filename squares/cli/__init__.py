"""The ``squares`` command line: each command reads its arguments, asks the packages below
and prints; none holds a rule.

- ``main``: the entry point, its subcommands and the options they share; ``exits``: the
  exit statuses; ``arguments``: the types of the arguments, each saying what was wrong.
- Playing: ``what_to_play`` (the game and deal asked for), ``play`` (text mode, one
  command a line), ``board_foursquare`` and ``board_union_square`` (a view drawn as
  text), ``style`` (colour, or none when piped), ``replay`` (a view after some moves).
- The record: ``stats`` (``stats`` and ``daily``), ``games`` (``games``, ``export``,
  ``import``), ``tables`` (their tables), ``review`` (a finished game's review).
- The AI: ``ai`` (``solve`` and ``simulate``), ``survey`` (``survey`` and
  ``survey-report``), ``difficulty``, ``progress`` (a progress bar for long runs).
- ``argparse_words``: argparse's own words in the chosen language.
"""
