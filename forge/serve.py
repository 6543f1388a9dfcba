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
import json
import os
import sys
import threading
import time
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from .errors import Location, OptionError
from .gallery import PREFIX, Gallery

__all__ = ["HOLD", "RELOAD", "VERSION", "PROBLEMS", "Problems", "changed", "start", "version"]

VERSION = "/.forge/version"
HOLD = 20.0                   # seconds a page's question is held at most (then it asks again)
LOOK = 0.05                   # how often a held question looks at the output folder
PROBLEMS = "/.forge/problems"
RELOAD = """<script>/* added by forge serve (not in the built file): reload after each rebuild, and show
   what stops a rebuild over the page, which keeps the last good build */
(() => {{ let built = "{version}";
  const show = lines => {{ let box = document.getElementById("forge-problems");
    if (!lines.length) {{ if (box) box.remove(); return; }}
    if (!box) {{ box = document.createElement("pre"); box.id = "forge-problems"; box.setAttribute("role", "alert");
      box.style.cssText = "position:fixed;left:0;right:0;bottom:0;max-height:45vh;overflow:auto;margin:0;" +
        "padding:1em;background:#2b0d0d;color:#ffd7d7;font:13px/1.45 monospace;white-space:pre-wrap;z-index:2147483647";
      document.body.appendChild(box); }}
    box.textContent = "not rebuilt (the page shows the last good build):\\n\\n" + lines.join("\\n"); }};
  const ask = () => fetch("%s?since=" + built, {{cache: "no-store"}}).then(r => r.text())
    .then(now => {{ if (now === built) return ask();
      return fetch("%s", {{cache: "no-store"}}).then(r => r.json()).then(lines => {{
        if (now.split("|")[0] !== built.split("|")[0] || !lines.length) location.reload();
        else {{ built = now; show(lines); ask(); }} }}); }})
    .catch(() => setTimeout(ask, 1000));
  fetch("%s", {{cache: "no-store"}}).then(r => r.json()).then(show).catch(() => {{}});
  ask(); }})();
</script>""" % (VERSION, PROBLEMS, PROBLEMS)


def version(out: Path) -> str:
    """The identity of the build in ``out``: it changes with each publish."""
    try:
        st = os.stat(out)
    except OSError:
        return "none"
    return f"{st.st_ino}-{st.st_mtime_ns}"


class Problems:
    """What stopped the last rebuild (its located lines), told to open pages; ``generation``
    changes each time they do."""

    def __init__(self):
        self.lines: list[str] = []
        self.generation = 0
        self._lock = threading.Lock()

    def set(self, lines: list[str]) -> None:
        with self._lock:
            if lines != self.lines:
                self.lines, self.generation = list(lines), self.generation + 1


def _token(out: Path, problems: Problems) -> str:
    return f"{version(out)}|{problems.generation}"


def changed(out: Path, since: str | None, hold: float = HOLD, problems: Problems | None = None) -> str:
    """The version of ``out`` (and of ``problems``); when it is ``since``, the version once it
    changes, or after ``hold`` seconds the same one."""
    problems = problems or Problems()
    now, deadline = _token(out, problems), time.monotonic() + hold
    while now == since and time.monotonic() < deadline:
        time.sleep(LOOK)
        now = _token(out, problems)
    return now


#: seconds a connection may stay silent (before its request, or between two on a kept-alive
#: connection) before it is closed: idle connections never pile up
IDLE_TIMEOUT = 30


class Handler(SimpleHTTPRequestHandler):
    """Files of ``directory`` (the output folder, found again by name at each request)."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".html": "text/html; charset=utf-8",
                      ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".pdf": "application/pdf",
                      ".js": "text/javascript; charset=utf-8", ".json": "application/json",
                      ".txt": "text/plain; charset=utf-8", ".woff2": "font/woff2"}

    def do_GET(self) -> None:
        self._answer(super().do_GET, body=True)

    def do_HEAD(self) -> None:
        self._answer(super().do_HEAD, body=False)

    def _answer(self, plain, body: bool) -> None:
        """:meth:`_respond`, a path no file can have (a NUL, a lone surrogate: ``/%00``,
        ``/%ed%a0%80``) answered 400, not a traceback and a dropped connection."""
        try:
            self._respond(plain, body)
        except (ValueError, UnicodeError):
            self.send_error(400, "Bad request: not a path of a file")

    problems: Problems = Problems()
    gallery = None                               # forge.gallery.Gallery: the card gallery, when serving a project

    def _respond(self, plain, body: bool) -> None:
        asked = urlsplit(self.path)
        if asked.path == VERSION:
            since = parse_qs(asked.query).get("since", [None])[0]
            return self._send(changed(Path(self.directory), since, problems=self.problems).encode(),
                              "text/plain; charset=utf-8", body)
        if asked.path == PROBLEMS:
            return self._send(json.dumps(self.problems.lines).encode(), "application/json", body)
        if self.gallery is not None and asked.path.startswith(PREFIX):
            return self._gallery(asked.path, body)
        built = _token(Path(self.directory), self.problems)   # before the page is read: a rebuild in between reloads it
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

    def _gallery(self, path: str, body: bool) -> None:
        if path.startswith(PREFIX + "svg/"):
            svg = self.gallery.svg(path)
            return self._send(svg, "image/svg+xml", body) if svg is not None else self.send_error(404, "Not found")
        status, page = self.gallery.page(path)
        if status != 200:
            return self.send_error(status, "Not found")
        script = RELOAD.format(version=_token(Path(self.directory), self.problems)).encode()
        at = page.rfind(b"</body>")
        self._send(page[:at] + script + page[at:], self.extensions_map[".html"], body)

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
    request_queue_size = 128           # connections waiting to be taken (socketserver's 5 refuses a page's burst)

    def handle_error(self, request, client_address) -> None:
        """One line on stderr, never a traceback; nothing for a browser that went away or a
        connection that stayed silent past :data:`IDLE_TIMEOUT`."""
        exc = sys.exc_info()[1]
        if not isinstance(exc, (ConnectionError, TimeoutError)):
            print(f"forge serve: a request failed: {type(exc).__name__}: {str(exc)[:120]}", file=sys.stderr)


def start(out: Path, port: int, root: Path | None = None, problems: Problems | None = None) -> ThreadingHTTPServer:
    """Serve ``out`` on 127.0.0.1:``port`` (0: any free port) from a thread; the server's
    ``server_address`` tells the port. With ``root``, the project's card gallery is served at
    :data:`~forge.gallery.PREFIX`; ``problems`` are shown over open pages. An OptionError
    when the port cannot be had."""
    handler = type("ProjectHandler", (Handler,), {
        "problems": problems or Problems(), "timeout": IDLE_TIMEOUT,
        "gallery": Gallery(Path(root), Path(os.path.abspath(out)), version) if root is not None else None})
    try:
        server = Server(("127.0.0.1", port), partial(handler, directory=os.path.abspath(out)))
    except OSError as exc:
        why = "is in use" if exc.errno == errno.EADDRINUSE else f"cannot be used ({exc.strerror})"
        raise OptionError(Location("--port"), f"port {port} {why}",
                          hint="choose another port with --port N (--port 0: any free port), "
                               "or stop the server that holds it") from None
    threading.Thread(target=server.serve_forever, name="forge-serve", daemon=True).start()
    return server
