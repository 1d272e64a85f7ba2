"""Run-time half of ``_spec_values_stub.pyi`` (only the stub is read by the checker)."""
