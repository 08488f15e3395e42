"""The survey: every deal of a range played by the players and searched by the solver,
each result kept in a results file, and the figures and plots of such a file. It sits
beneath the faces; ``squares survey``, ``survey-report``, ``simulate`` and ``solve
--deals`` only wire their arguments to it.

Its modules, from the file up:

- ``rows``: what a row of a results file holds, and the mark of a row searched again.
- ``results``: the results file (SQLite): ``open_results``, ``read_results``, ``Results``.
- ``deals``: one deal played by a player or searched by the solver (``play_deal``,
  ``solve_deal``), many of them at once (``run_deals``), and their summaries.
- ``cluster``: where work runs: this process, a local Dask cluster or a remote one.
- ``batches``: the (deal, who) pairs a file lacks, in batches, and their run.
- ``run``: a whole survey (``survey``) and the unproven rows searched again
  (``search_again``).
- ``report``: the figures and Markdown tables of a file, and its packed verdicts.
- ``plots``: the SVG plots of a file (pygal).
- ``difficulty``: a deal's level, the weakest of a family of players of graded strength
  that wins it (``squares difficulty``).
"""
