"""Batches of seeded games and their statistics (issue 8): the library behind
``whitedwarf simulate`` and ``whitedwarf compare``.

* :mod:`.batch`: what a batch is (packs, players, agents, seed) and how one game of it is
  played into a record; per-game seeds come from the batch seed and the game's index, so a
  batch gives the same records however it is split between processes or machines.
* :mod:`.workers`: run a batch's games in local worker processes; :mod:`.cluster` on Dask.
* :mod:`.stats`: Wilson intervals, exact binomial and two-proportion tests, Holm and
  Benjamini-Hochberg corrections.
* :mod:`.summary` and :mod:`.comparison`: the numbers of a report; :mod:`.report` its HTML
  with :mod:`.plots` (hand-written SVG).
"""
