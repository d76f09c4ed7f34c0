"""Computer players. Every bot sees only views and legal actions (DESIGN.md, "Views")."""

from hanse.bots.random_bot import RandomBot
from hanse.bots.registry import BOT_LEVELS, make_bot

__all__ = ["BOT_LEVELS", "RandomBot", "make_bot"]
