"""Computer players. Every bot sees only views and legal actions (DESIGN.md, "Views")."""

from hanse.bots.random_bot import RandomBot
from hanse.bots.registry import BOT_LEVELS, make_bot
from hanse.bots.search import ISMCTSBot, MCTSBot, SearchSettings

__all__ = ["BOT_LEVELS", "ISMCTSBot", "MCTSBot", "RandomBot", "SearchSettings", "make_bot"]
