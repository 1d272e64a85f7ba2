# Support stub for spec_values.py: values hidden behind "...", typed by _value_.
from enum import Enum

class Order(Enum):
    _value_: int
    ASCENDING = ...
    DESCENDING = ...
