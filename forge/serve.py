"""``forge serve``: the output folder over HTTP, on 127.0.0.1 only, pages reloading after rebuilds.

Files are sent as they are on disk, with one exception: an HTML page gets, before its
``</body>``, a small script (:data:`RELOAD`) that asks ``/.forge/version`` every half second
and reloads the page when the answer changes. The version is the output folder's identity
(inode and modification time): each build publishes a new folder (:mod:`forge.publish`), so a
page reloads after a rebuild by ``forge watch``, ``forge serve`` or ``forge build`` alike. The
built files themselves carry no script.

Paths are those of the output folder only: ``..`` parts are dropped (so ``/../../etc/passwd``
is ``build/etc/passwd``, not found) and a symlink that leads out of the folder is refused.
"""
from __future__ import annotations

import errno
import os
import sys
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

from .errors import Location, OptionError

__all__ = ["RELOAD", "VERSION", "start", "version"]

VERSION = "/.forge/version"
RELOAD = """<script>/* added by forge serve (not in the built file): reload after each rebuild */
(() => {{ const built = "{version}";
  setInterval(() => fetch("%s", {{cache: "no-store"}}).then(r => r.text())
    .then(now => {{ if (now !== built) location.reload(); }}).catch(() => {{}}), 500); }})();
</script>""" % VERSION


def version(out: Path) -> str:
    """The identity of the build in ``out``: it changes with each publish."""
    try:
        st = os.stat(out)
    except OSError:
        return "none"
    return f"{st.st_ino}-{st.st_mtime_ns}"


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
        if urlsplit(self.path).path == VERSION:
            return self._send(version(self.directory).encode(), "text/plain; charset=utf-8", body)
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
