"""The ``squares`` command line."""
