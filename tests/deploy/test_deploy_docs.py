"""docs/deploy.md cannot drift from what is tested: its nginx site is the template the nginx test
runs, word for word; its systemd units and environment file name only options and settings that
exist."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hanse.cli import app
from hanse.server.deploy import nginx_site, nginx_template, placeholders
from hanse.server.settings import ENV_PREFIX, Settings

DOCS = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"


def _blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```$", DOCS.read_text(), re.S | re.M)


def test_the_docs_show_the_nginx_template_word_for_word() -> None:
    assert _blocks("nginx") == [nginx_template()]
    assert placeholders() == {
        "server_name",
        "certificate",
        "certificate_key",
        "upstream",
        "https_port",
        "http_port",
    }


def test_the_units_start_hanse_serve_with_options_it_has() -> None:
    said = CliRunner().invoke(app, ["serve", "--help"], terminal_width=200).output
    commands = re.findall(r"ExecStart=\S+/hanse serve (.*?)`?$", DOCS.read_text(), re.M)
    assert len(commands) == 2  # one unit for all workers, a template unit per worker
    for command in commands:
        for option in re.findall(r"--[a-z-]+", command):
            assert option in said, option


def test_the_environment_file_names_settings_that_exist() -> None:
    known = {ENV_PREFIX + f.name.upper() for f in fields(Settings)}
    named = set(re.findall(r"\b(HANSE_[A-Z_]+)=", DOCS.read_text()))
    assert {"HANSE_DATABASE_URL", "HANSE_REDIS_URL", "HANSE_SECRET_KEY"} <= named
    assert named <= known, named - known


def test_a_value_that_would_change_the_site_is_refused() -> None:
    site = nginx_site(server_name="hanse.example.org", certificate="/c.pem", certificate_key="/k")
    assert "server_name hanse.example.org;" in site and "{{" not in site
    with pytest.raises(ValueError, match="server_name"):
        nginx_site(server_name="a; include /etc/x", certificate="/c", certificate_key="/k")
