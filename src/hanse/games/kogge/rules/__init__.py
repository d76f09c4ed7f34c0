"""The rules of Kogge, one module per section of the rulebook (see the package docstring)."""
