"""Analysis beside the games: the double-dummy solver for preferans and its verdicts.

``position`` (the question asked), ``search`` (the zero-window search with its table),
``brute`` (plain minimax, the tests' oracle), ``line`` (best lines, the first slip of a
played deal), ``verdict`` (what best play gives under a record's deal, in Russian and
English), ``bench`` (the solver's timing rows for ``cardrules bench``), ``study`` (the variant
study: seeded pulkas played by par under four variants, ``cardrules study``).
"""
