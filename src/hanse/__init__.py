"""Hanse: a platform for four Hanseatic trading board games (see README.md)."""

__version__ = "0.1.0"
