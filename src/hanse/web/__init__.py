"""The pages of the web tables: templates and static files, no rules (DESIGN.md, "The web
platform"). Pages are rendered on the server from what the API gives the caller (its view and
legal actions); the browser holds no rules: it sends an action's notation and shows what comes
back. Small ES modules, no build step, nothing loaded from another site.
"""

from pathlib import Path

TEMPLATES = Path(__file__).with_name("templates")
STATIC = Path(__file__).with_name("static")
RULES = Path(__file__).with_name("rules")
"""The rules as Hanse plays them, one Markdown file per game (a link to the repository's
``docs/rules``, so the pages and the docs say the same)."""
