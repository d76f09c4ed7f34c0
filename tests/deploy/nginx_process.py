"""A real nginx in front of a test server: Debian's nginx as a child process (``daemon off``), on
a free port, with a self-signed certificate made by openssl and every path of its own in a
temporary folder, so the machine's nginx service and ports 80/443 are never touched. The site is
docs/deploy.md's, rendered from ``hanse.server.deploy``'s template."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

from hanse.server.deploy import nginx_site
from tests.server.server_process import free_port


def nginx_binary() -> str:
    """Debian's nginx (.ci/run installs it when missing)."""
    found = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")
    if found is None:
        raise RuntimeError("nginx is not installed: apt-get install nginx (.ci/run does)")
    return found


def self_signed_certificate(folder: Path, name: str = "127.0.0.1") -> tuple[Path, Path]:
    certificate, key = folder / "cert.pem", folder / "key.pem"
    command = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2"]
    command += ["-subj", f"/CN={name}", "-addext", f"subjectAltName=IP:{name}"]
    command += ["-keyout", str(key), "-out", str(certificate)]
    subprocess.run(command, check=True, capture_output=True)
    return certificate, key


def _main_config(folder: Path, site: Path) -> str:
    """nginx.conf around the site: in the foreground, its pid, logs and buffers in `folder`."""
    temp = {kind: folder / kind for kind in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    for path in temp.values():
        path.mkdir()
    # Run by root (as on CI) nginx's workers would become `nobody`, who may not enter pytest's
    # private temporary folders; they stay the user who started the test.
    user = "user root root;\n" if os.geteuid() == 0 else ""
    return (
        f"{user}daemon off;\nworker_processes 1;\npid {folder / 'nginx.pid'};\n"
        f"error_log {folder / 'error.log'} info;\n"
        "events { worker_connections 256; }\n"
        "http {\n"
        f"    access_log {folder / 'access.log'};\n"
        f"    client_body_temp_path {temp['body']};\n    proxy_temp_path {temp['proxy']};\n"
        f"    fastcgi_temp_path {temp['fastcgi']};\n    uwsgi_temp_path {temp['uwsgi']};\n"
        f"    scgi_temp_path {temp['scgi']};\n"
        f"    include {site};\n"
        "}\n"
    )


@dataclass
class NginxProcess:
    folder: Path
    upstream_port: int
    https_port: int = 0
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{self.https_port}"

    @property
    def access_log(self) -> Path:
        return self.folder / "access.log"

    def start(self, timeout: float = 20.0) -> NginxProcess:
        certificate, key = self_signed_certificate(self.folder)
        self.https_port = free_port()
        site = self.folder / "hanse.conf"
        site.write_text(
            nginx_site(
                server_name="127.0.0.1",
                certificate=str(certificate),
                certificate_key=str(key),
                upstream=f"127.0.0.1:{self.upstream_port}",
                https_port=self.https_port,
                http_port=free_port(),
            )
        )
        config = self.folder / "nginx.conf"
        config.write_text(_main_config(self.folder, site))
        binary = nginx_binary()
        prefix = ["-p", str(self.folder), "-e", str(self.folder / "error.log"), "-c", str(config)]
        checked = subprocess.run([binary, "-t", *prefix], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
        with (self.folder / "nginx.out").open("wb") as sink:
            self.process = subprocess.Popen(
                [binary, *prefix], stdout=sink, stderr=subprocess.STDOUT, start_new_session=True
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"nginx exited: {(self.folder / 'error.log').read_text()}")
            try:
                httpx.get(self.url + "/api/games", verify=False, timeout=2)
                return self
            except httpx.HTTPError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"nginx did not answer within {timeout} s")

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()  # its master stops its workers
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, 9)
            self.process.wait(timeout=20)
