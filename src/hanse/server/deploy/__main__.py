"""``python3 -m hanse.server.deploy``: print the nginx site (docs/deploy.md) filled in."""

from __future__ import annotations

import argparse
import sys

from hanse.server.deploy import nginx_site


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python3 -m hanse.server.deploy",
        description="Print the nginx site that ends TLS in front of hanse serve --proxy-headers.",
    )
    parser.add_argument("--server-name", required=True, help="e.g. hanse.example.org")
    parser.add_argument(
        "--certificate",
        help="the certificate chain [default: Let's Encrypt's for the server name]",
    )
    parser.add_argument("--certificate-key", help="its key [default: Let's Encrypt's]")
    parser.add_argument("--upstream", default="127.0.0.1:8000", help="where hanse serve listens")
    arguments = parser.parse_args(argv)
    live = f"/etc/letsencrypt/live/{arguments.server_name}"
    try:
        site = nginx_site(
            server_name=arguments.server_name,
            certificate=arguments.certificate or f"{live}/fullchain.pem",
            certificate_key=arguments.certificate_key or f"{live}/privkey.pem",
            upstream=arguments.upstream,
        )
    except ValueError as error:
        parser.error(str(error))
    sys.stdout.write(site)
    return 0


if __name__ == "__main__":
    sys.exit(main())
