"""Shared fixtures: the site built once per test session, and served on 127.0.0.1."""

import threading
from pathlib import Path

import pytest

from cardrules import site


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The whole site, built with -W into a fresh folder (never reusing an old build)."""
    return site.build(tmp_path_factory.mktemp("site") / "html", strict=True, fresh=True)


@pytest.fixture(scope="session")
def site_url(built_site: Path):
    """The built site served over HTTP on a free port of 127.0.0.1."""
    server = site.make_server(built_site, port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
