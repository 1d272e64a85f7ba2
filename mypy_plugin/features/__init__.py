"""One module per feature; ``main.TypedEnumPlugin`` dispatches to them."""
