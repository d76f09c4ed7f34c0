"""The files of a deployment (docs/deploy.md): the nginx site that ends TLS in front of
``hanse serve --proxy-headers``.

The site is one template, ``nginx.conf.template``: docs/deploy.md shows it word for word and
tests/deploy runs it in a real nginx, so what the documentation says is what was tested.
``python3 -m hanse.server.deploy --server-name hanse.example.org`` prints it filled in.
"""

from __future__ import annotations

import re
from pathlib import Path

NGINX_TEMPLATE = Path(__file__).with_name("nginx.conf.template")
_PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")


def nginx_template() -> str:
    return NGINX_TEMPLATE.read_text(encoding="utf-8")


def placeholders() -> set[str]:
    """The names the template leaves to be filled in ({{name}})."""
    return set(_PLACEHOLDER.findall(nginx_template()))


def nginx_site(
    *,
    server_name: str,
    certificate: str,
    certificate_key: str,
    upstream: str = "127.0.0.1:8000",
    https_port: int = 443,
    http_port: int = 80,
) -> str:
    """The nginx site for one Hanse server (one `hanse serve`, however many workers) at
    `upstream`, reached as https://`server_name`/."""
    values = {
        "server_name": server_name,
        "certificate": certificate,
        "certificate_key": certificate_key,
        "upstream": upstream,
        "https_port": str(https_port),
        "http_port": str(http_port),
    }
    missing = placeholders() - set(values)
    if missing:
        raise ValueError(f"the template asks for {', '.join(sorted(missing))}")
    for name, value in values.items():
        if not value or any(c in value for c in ";{}\n\"'") or value != value.strip():
            raise ValueError(f"{name} {value!r} cannot stand in an nginx configuration")
    return _PLACEHOLDER.sub(lambda found: values[found.group(1)], nginx_template())
