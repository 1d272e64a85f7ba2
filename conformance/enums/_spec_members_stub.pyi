# Support stub for spec_members.py: members written with "..." as their values.
from enum import Enum

class Gas(Enum):
    symbol: str
    NEON = ...
    ARGON = ...
