"""The real `hanse` entry point with the test-only Tiny game registered (for CLI tests)."""

from hanse.cli import main
from hanse.games import register
from tests.core.tiny_game import TinyGame

register(TinyGame)

if __name__ == "__main__":
    main()
