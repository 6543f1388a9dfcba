"""forge serve's server under bad and idle requests: a path no file can have is answered 400
(no traceback, the connection not dropped), and a connection that stays silent is closed."""
from __future__ import annotations

import socket
import time

import pytest

import forge.serve as serve


@pytest.fixture
def server(tmp_path, monkeypatch):
    (tmp_path / "index.html").write_text("<!DOCTYPE html><title>x</title><body>hello</body>", encoding="utf-8")
    monkeypatch.setattr(serve, "IDLE_TIMEOUT", 1, raising=False)
    started = serve.start(tmp_path, 0)
    yield started.server_address[1]
    started.shutdown()
    started.server_close()


def ask(port: int, raw: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(raw)
        found = b""
        while chunk := s.recv(65536):
            found += chunk
        return found


@pytest.mark.parametrize("path", ["/%00", "/%ed%a0%80", "/a%00b.html", "/%ff%fe"])
def test_a_path_no_file_can_have_is_a_400(server, path, capfd):
    answer = ask(server, f"GET {path} HTTP/1.0\r\n\r\n".encode())
    status = answer.split(b"\r\n", 1)[0]
    assert status.split()[1] in (b"400", b"404"), answer[:200]
    assert "Traceback" not in capfd.readouterr().err
    assert ask(server, b"GET / HTTP/1.0\r\n\r\n").split(b"\r\n", 1)[0].endswith(b"200 OK")


def test_a_silent_connection_is_closed(server):
    with socket.create_connection(("127.0.0.1", server), timeout=10) as s:
        started = time.monotonic()
        assert s.recv(10) == b""                    # closed by the server, nothing sent
        assert time.monotonic() - started < 5
