"""Run-time half of ``_spec_members_stub.pyi`` (only the stub is read by the checker)."""
