"""Measuring built pages inside headless Chromium.

The pages carry no script; a test writes a probe page beside the one it measures (so that
relative links resolve), runs it with ``--dump-dom``, and reads back the JSON the probe wrote
into the DOM. Headless Chromium's window is at least 500 px wide, so phone widths are
measured in iframes of that width (the frame is the page's viewport).
"""
from __future__ import annotations

import json
import re
import subprocess
import tempfile
from html import unescape
from pathlib import Path

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--hide-scrollbars",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--allow-file-access-from-files", "--window-size=1280,900", "--virtual-time-budget=8000"]
RESULT = re.compile(r'<output id="forge-probe">(?P<json>.*?)</output>', re.S)

#: run in each frame: the page's scroll width against its viewport, what sticks out (outside
#: any scrolling box), and the language switcher's visible links
MEASURE = """(doc) => {
  const win = doc.defaultView, vw = win.innerWidth;
  const clipped = e => { for (let a = e.parentElement; a; a = a.parentElement)
    if (['auto', 'scroll', 'hidden'].includes(win.getComputedStyle(a).overflowX)) return true; return false; };
  const wide = [...doc.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > vw + 0.5 && !clipped(e))
    .map(e => `<${e.tagName.toLowerCase()} class="${e.className}"> ${(e.textContent || '').trim().slice(0, 40)}`).slice(0, 5);
  const switcher = [...doc.querySelectorAll('.languages a')].filter(a => a.offsetParent !== null).map(a => a.getAttribute('href'));
  return {scrollWidth: doc.documentElement.scrollWidth, viewport: vw, wide, switcher};
}"""


def _run(chromium: str, probe: Path) -> object:
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run([chromium, *FLAGS, f"--user-data-dir={profile}", "--dump-dom", probe.as_uri()],
                              capture_output=True, text=True, timeout=180)
    found = RESULT.search(done.stdout)
    assert found and found["json"].strip(), f"the probe wrote nothing: {done.stderr[-1500:]}"
    return json.loads(unescape(found["json"]))


def frames(chromium: str, page: Path, views: list[tuple[int, str]]) -> list[dict]:
    """:data:`MEASURE` of ``page`` in one frame per (width in px, #anchor or "")."""
    probe = page.with_name(f".probe-{page.stem}.html")
    iframes = "".join(f'<iframe src="{page.name}{anchor}" style="border:0;width:{w}px;height:700px"></iframe>'
                      for w, anchor in views)
    probe.write_text(f"""<!DOCTYPE html><html><body style="margin:0">{iframes}<output id="forge-probe"></output>
<script>
const measure = {MEASURE};
const all = [...document.querySelectorAll('iframe')];
// poll rather than count load events: a frame may finish loading before this script runs
const ready = f => f.contentDocument && f.contentDocument.readyState === 'complete'
  && f.contentDocument.URL !== 'about:blank';
const poll = setInterval(() => {{
  if (!all.every(ready)) return;
  clearInterval(poll);
  document.getElementById('forge-probe').textContent = JSON.stringify(all.map(f => measure(f.contentDocument)));
}}, 50);
</script></body></html>""", encoding="utf-8")
    try:
        return _run(chromium, probe)
    finally:
        probe.unlink()


def axe_violations(chromium: str, page: Path, axe_js: Path) -> list[dict]:
    """axe-core's violations on ``page`` (a copy of it, with axe and a runner added)."""
    probe = page.with_name(f".axe-{page.stem}.html")
    runner = (f'<output id="forge-probe"></output><script src="{axe_js.as_uri()}"></script><script>'
              "axe.run(document, {resultTypes: ['violations']}).then(r => {"
              "document.getElementById('forge-probe').textContent = JSON.stringify(r.violations.map("
              "v => ({id: v.id, help: v.help, nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)})));});"
              "</script></body>")
    probe.write_text(page.read_text(encoding="utf-8").replace("</body>", runner), encoding="utf-8")
    try:
        return _run(chromium, probe)
    finally:
        probe.unlink()
