"""Issue 19, item 9: every option of every command has help text and says its default, and help
text shows square brackets as they are (item 1)."""

from __future__ import annotations

import subprocess
from typing import Any

import typer

from hanse.cli import app


def _commands() -> list[tuple[str, Any]]:
    group: Any = typer.main.get_command(app)  # typer's own group class (its vendored click)
    return sorted(group.commands.items())


def test_every_option_and_argument_has_help_and_a_stated_default() -> None:
    lacking = []
    for name, command in _commands():
        for param in command.params:
            help_text = getattr(param, "help", None) or ""
            if param.name == "help":
                continue
            if not help_text:
                lacking.append(f"{name} {param.name}: no help")
            elif (
                param.param_type_name == "option"
                and not getattr(param, "is_flag", False)
                and not param.required
                and param.default is None
                and "default" not in help_text
            ):
                lacking.append(f"{name} {param.name}: no default said")
    assert not lacking, lacking


def test_help_shows_defaults_and_brackets_through_the_installed_script() -> None:
    result = subprocess.run(
        ["hanse", "play", "--help"], capture_output=True, text=True, timeout=60, check=True
    )
    assert "[default: easy]" in result.stdout
    assert "<bool>" not in result.stdout  # a flag takes no value
    arena = subprocess.run(
        ["hanse", "arena", "--help"], capture_output=True, text=True, timeout=60, check=True
    )
    assert "[default: 1]" in arena.stdout  # --jobs
