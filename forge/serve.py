"""``forge serve``: the output folder over HTTP, on 127.0.0.1 only, pages reloading after rebuilds.

Files are sent as they are on disk, with one exception: an HTML page gets, before its
``</body>``, a small script (:data:`RELOAD`) that asks ``/.forge/version?since=V``, V the
version the page was served from, and reloads the page when the answer differs. The server
holds that question until the version changes (it looks every :data:`LOOK` seconds) or
:data:`HOLD` seconds pass, so a page reloads as soon as a build is published, without
asking twice a second; ``/.forge/version`` alone answers at once. The version is the output folder's identity
(inode and modification time): each build publishes a new folder (:mod:`forge.publish`), so a
page reloads after a rebuild by ``forge watch``, ``forge serve`` or ``forge build`` alike. The
built files themselves carry no reload script.

Paths are those of the output folder only: ``..`` parts are dropped (so ``/../../etc/passwd``
is ``build/etc/passwd``, not found) and a symlink that leads out of the folder is refused.
"""
from __future__ import annotations

import errno
import os
import sys
import threading
import time
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from .errors import Location, OptionError

__all__ = ["HOLD", "RELOAD", "VERSION", "changed", "start", "version"]

VERSION = "/.forge/version"
HOLD = 20.0                   # seconds a page's question is held at most (then it asks again)
LOOK = 0.05                   # how often a held question looks at the output folder
RELOAD = """<script>/* added by forge serve (not in the built file): reload after each rebuild */
(() => {{ const built = "{version}";
  const ask = () => fetch("%s?since=" + built, {{cache: "no-store"}}).then(r => r.text())
    .then(now => {{ if (now !== built) location.reload(); else ask(); }})
    .catch(() => setTimeout(ask, 1000));
  ask(); }})();
</script>""" % VERSION


def version(out: Path) -> str:
    """The identity of the build in ``out``: it changes with each publish."""
    try:
        st = os.stat(out)
    except OSError:
        return "none"
    return f"{st.st_ino}-{st.st_mtime_ns}"


def changed(out: Path, since: str | None, hold: float = HOLD) -> str:
    """The version of ``out``; when it is ``since``, the version once it changes, or after
    ``hold`` seconds the same one."""
    now, deadline = version(out), time.monotonic() + hold
    while now == since and time.monotonic() < deadline:
        time.sleep(LOOK)
        now = version(out)
    return now


class Handler(SimpleHTTPRequestHandler):
    """Files of ``directory`` (the output folder, found again by name at each request)."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".html": "text/html; charset=utf-8",
                      ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".pdf": "application/pdf",
                      ".js": "text/javascript; charset=utf-8", ".json": "application/json",
                      ".txt": "text/plain; charset=utf-8", ".woff2": "font/woff2"}

    def do_GET(self) -> None:
        self._respond(super().do_GET, body=True)

    def do_HEAD(self) -> None:
        self._respond(super().do_HEAD, body=False)

    def _respond(self, plain, body: bool) -> None:
        asked = urlsplit(self.path)
        if asked.path == VERSION:
            since = parse_qs(asked.query).get("since", [None])[0]
            return self._send(changed(Path(self.directory), since).encode(), "text/plain; charset=utf-8", body)
        built = version(self.directory)          # before the page is read: a rebuild in between reloads it
        path = self.translate_path(self.path)    # ".." parts dropped
        top = os.path.realpath(self.directory)
        real = os.path.realpath(path)
        if real != top and not real.startswith(top + os.sep):
            return self.send_error(404, "Not found")             # a symlink out of the folder
        if os.path.isdir(real) and urlsplit(self.path).path.endswith("/"):
            real = os.path.join(real, "index.html")
        if not real.endswith(".html") or not os.path.isfile(real):
            return plain()
        try:
            with open(real, "rb") as fh:
                page = fh.read()
        except OSError:
            return self.send_error(404, "Not found")
        at = page.rfind(b"</body>")
        script = RELOAD.format(version=built).encode()
        self._send(page[:at] + script + page[at:] if at >= 0 else page + script, self.extensions_map[".html"], body)

    def _send(self, data: bytes, kind: str, body: bool) -> None:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if body:
            self.wfile.write(data)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")          # a preview: always the latest build
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:         # quiet: the rebuild lines are the output
        pass


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):   # a browser that went away: no trace
            super().handle_error(request, client_address)


def start(out: Path, port: int) -> ThreadingHTTPServer:
    """Serve ``out`` on 127.0.0.1:``port`` (0: any free port) from a thread; the server's
    ``server_address`` tells the port. An OptionError when the port cannot be had."""
    try:
        server = Server(("127.0.0.1", port), partial(Handler, directory=os.path.abspath(out)))
    except OSError as exc:
        why = "is in use" if exc.errno == errno.EADDRINUSE else f"cannot be used ({exc.strerror})"
        raise OptionError(Location("--port"), f"port {port} {why}",
                          hint="choose another port with --port N (--port 0: any free port), "
                               "or stop the server that holds it") from None
    threading.Thread(target=server.serve_forever, name="forge-serve", daemon=True).start()
    return server
