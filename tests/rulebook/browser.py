"""One headless Chromium per test process, driven over the DevTools protocol.

Starting Chromium costs a second or more; a page probe costs a few milliseconds. So the page
probes of a test run (tests/rulebook/chromium.py, test_figures.py) share one browser: each
probe opens a tab, loads its page, evaluates a script that returns JSON, and closes the tab.
The protocol runs over a pipe (``--remote-debugging-pipe``: commands on the browser's fd 3,
answers and events on its fd 4, each message JSON ended by a NUL byte), so no port is opened
and no WebSocket library is needed.
"""
from __future__ import annotations

import base64
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from typing import Iterator

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--hide-scrollbars",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--allow-file-access-from-files", "--window-size=1280,900"]


#: the events that are console messages (what ``chromium --enable-logging`` prints as CONSOLE
#: lines: a script's console calls, an uncaught exception, a resource that failed to load…)
CONSOLE = {"Runtime.consoleAPICalled": lambda p: f"console.{p['type']}: "
                                                  + " ".join(str(a.get("value", a.get("description"))) for a in p["args"]),
           "Runtime.exceptionThrown": lambda p: f"exception: {p['exceptionDetails'].get('text')} "
                                                f"{p['exceptionDetails'].get('exception', {}).get('description', '')}",
           "Log.entryAdded": lambda p: f"{p['entry']['level']}: {p['entry']['text']} {p['entry'].get('url', '')}"}


def answer_in(element_id: str) -> str:
    """A script whose value is the text of the page's element ``element_id``, once it is there
    and not empty (what a probe page writes its answer into)."""
    return ("new Promise(done => { const look = () => { const found = document.getElementById(%s);"
            " if (found && found.textContent.trim()) done(found.textContent); else setTimeout(look, 20); };"
            " look(); })" % json.dumps(element_id))


class BrowserError(RuntimeError):
    pass


class Tab:
    """A page loaded in the browser (:meth:`Browser.tab`)."""

    def __init__(self, browser: "Browser", session: str, url: str):
        self.browser, self.session, self.url = browser, session, url

    def evaluate(self, script: str) -> object:
        """The value of ``script``, an expression or a promise of one (JSON data)."""
        done = self.browser.send("Runtime.evaluate", {"expression": script, "awaitPromise": True, "returnByValue": True},
                                 session=self.session)
        if "exceptionDetails" in done:
            raise BrowserError(f"{self.url}: {done['exceptionDetails'].get('exception', {}).get('description')}")
        return done["result"].get("value")

    def screenshot(self) -> bytes:
        """The tab's viewport as PNG."""
        return base64.b64decode(self.browser.send("Page.captureScreenshot", {"format": "png"}, session=self.session)["data"])

    def pdf(self) -> bytes:
        """The page printed as ``chromium --print-to-pdf --no-pdf-header-footer`` prints it (paper
        size from the page's @page rule)."""
        return base64.b64decode(self.browser.send("Page.printToPDF", {"preferCSSPageSize": True}, session=self.session)["data"])

    @property
    def console(self) -> list[str]:
        """The console messages of the page so far."""
        return list(self.browser.console[self.session])


class Browser:
    """A headless Chromium; :meth:`evaluate` loads a page in a new tab and returns a script's value."""

    def __init__(self, chromium: str, timeout: float = 180):
        self.timeout, self.ids, self.buffer = timeout, 0, b""
        self.console: dict[str, list[str]] = {}        # session → its console messages, as they come
        self.profile = tempfile.mkdtemp(prefix="forge-chromium-")
        to_browser, self.commands = os.pipe()          # the browser reads fd 3
        self.answers, from_browser = os.pipe()         # and writes fd 4 (a small Python puts them there)
        move = (f"import fcntl, os, sys; r, w = (fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in ({to_browser}, "
                f"{from_browser})); os.dup2(r, 3); os.dup2(w, 4); os.closerange(5, 1024); "
                f"os.execv(sys.argv[1], sys.argv[1:])")
        self.process = subprocess.Popen([sys.executable, "-c", move, chromium, *FLAGS,
                                         f"--user-data-dir={self.profile}", "--remote-debugging-pipe"],
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                        pass_fds=(to_browser, from_browser))
        os.close(to_browser)
        os.close(from_browser)

    def send(self, method: str, params: dict | None = None, session: str | None = None,
             until: str | None = None) -> dict:
        """Send one command and return its result; with ``until``, return instead the first
        event of that name (of the same session) that follows the command's answer."""
        self.ids += 1
        message = {"id": self.ids, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        result, event, deadline = None, None, time.monotonic() + self.timeout
        while result is None or (until is not None and event is None):
            got = self._receive(deadline)
            if got.get("id") == self.ids:
                if "error" in got:
                    raise BrowserError(f"{method}: {got['error']}")
                result = got["result"]
            elif until is not None and got.get("method") == until and got.get("sessionId") == session:
                event = got["params"]
            elif got.get("method") in CONSOLE and got.get("sessionId") in self.console:
                self.console[got["sessionId"]].append(CONSOLE[got["method"]](got["params"]))
        return result if until is None else event

    def _receive(self, deadline: float) -> dict:
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.answers], [], [], left)[0]:
                raise BrowserError(f"Chromium did not answer within {self.timeout:.0f} s")
            chunk = os.read(self.answers, 1 << 20)
            if not chunk:
                raise BrowserError(f"Chromium exited (status {self.process.poll()})")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    @contextmanager
    def tab(self, url: str, width: int = 1280, height: int = 900) -> Iterator["Tab"]:
        """``url`` loaded in a new tab of ``width`` × ``height`` px, closed on leaving."""
        target, session = self.send("Target.createTarget", {"url": "about:blank"})["targetId"], ""
        try:
            session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            self.console[session] = []
            self.send("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1,
                                                             "mobile": False}, session=session)
            for domain in ("Page", "Runtime", "Log"):
                self.send(f"{domain}.enable", session=session)
            self.send("Page.navigate", {"url": url}, session=session, until="Page.loadEventFired")
            yield Tab(self, session, url)
        finally:
            self.console.pop(session, None)
            self.send("Target.closeTarget", {"targetId": target})

    def evaluate(self, url: str, script: str, width: int = 1280, height: int = 900) -> object:
        """The value of ``script`` (an expression, or a promise of one) in ``url``, loaded in a new
        tab of ``width`` × ``height`` px."""
        with self.tab(url, width, height) as tab:
            return tab.evaluate(script)

    def close(self) -> None:
        try:
            self.send("Browser.close")
        except (BrowserError, OSError):
            pass
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self.commands)
        os.close(self.answers)
        shutil.rmtree(self.profile, ignore_errors=True)
