"""Every mypy minor of the supported range: the typecheck cases batched (python -m tests.mypy_minors)."""
