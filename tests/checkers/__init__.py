"""What each type checker sees of typed_enum: fixtures, runs, and README.md's table.

``fixtures/`` holds, per README feature, a correct file (``<feature>_ok.py``)
and a faulty counterpart (``<feature>_bad.py``, its mistakes marked
``# mistake``).  ``run.py`` runs each checker once over the folder;
``table.py`` turns the results into the table of README.md's "What each
checker sees"; ``test_table.py`` fails when the two disagree.  To rewrite the
table after a change (or a checker upgrade)::

    python -m tests.checkers --update-readme
"""
