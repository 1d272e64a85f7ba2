"""mypy's own enum test cases, checked with and without the plugin (issue 33).

``sdist`` fetches the installed mypy's source distribution from the package
registry (cached, never committed); ``testdata`` reads its ``.test`` files;
``runner`` checks the cases on the real typeshed, one mypy build per group;
``accepted`` is the table of differences the plugin is allowed to make;
``test_corpus`` holds them to it.  ``python -m tests.mypy_corpus`` prints
the current differences in the table's format (for a developer, never CI).
"""
