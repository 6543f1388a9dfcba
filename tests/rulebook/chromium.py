"""Measuring built pages inside headless Chromium.

The pages carry no script; a test writes a probe page beside the one it measures (so that
relative links resolve), loads it in the run's browser (tests/rulebook/browser.py), and reads
back the JSON the probe wrote into the DOM. Phone widths are measured in an iframe of each
width in turn (the frame is the page's viewport).
"""
from __future__ import annotations

import json
from pathlib import Path

from .browser import Browser, answer_in

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


def _run(browser: Browser, probe: Path) -> object:
    return json.loads(browser.evaluate(probe.as_uri(), answer_in("forge-probe")))


def at_widths(browser: Browser, page: Path, widths: list[int]) -> list[dict]:
    """:data:`MEASURE` of ``page`` in a frame of each width in px in turn (the frame is the
    page's viewport: one load, the frame resized, the layout waited for before each measure)."""
    probe = page.with_name(f".probe-{page.stem}.html")
    probe.write_text(f"""<!DOCTYPE html><html><body style="margin:0"><iframe src="{page.name}"
style="border:0;width:{widths[0]}px;height:700px"></iframe><output id="forge-probe"></output>
<script>
const measure = {MEASURE};
const frame = document.querySelector('iframe');
const frames = () => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
// poll rather than wait for the load event: the frame may finish loading before this script runs
const poll = setInterval(async () => {{
  const doc = frame.contentDocument;
  if (!doc || doc.readyState !== 'complete' || doc.URL === 'about:blank') return;
  clearInterval(poll);
  const found = [];
  for (const width of {json.dumps(widths)}) {{
    frame.style.width = width + 'px';
    await frames();
    found.push(measure(doc));
  }}
  document.getElementById('forge-probe').textContent = JSON.stringify(found);
}}, 50);
</script></body></html>""", encoding="utf-8")
    try:
        return _run(browser, probe)
    finally:
        probe.unlink()


def places(browser: Browser, page: Path, width: int, anchors: list[str]) -> list[dict]:
    """:data:`MEASURE` of ``page`` in a window ``width`` px wide: at its top, then at each
    ``#anchor`` in turn (the address's fragment changed in place, as by a link within the page)."""
    script = f"""(async () => {{ const measure = {MEASURE}; const found = [measure(document)];
  for (const anchor of {json.dumps(anchors)}) {{
    location.hash = anchor;
    await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
    found.push(measure(document));
  }}
  return found; }})()"""
    return browser.evaluate(page.as_uri(), script, width=width)


def axe_violations(browser: Browser, page: Path, axe_js: Path) -> list[dict]:
    """axe-core's violations on ``page`` (a copy of it, with axe and a runner added)."""
    probe = page.with_name(f".axe-{page.stem}.html")
    runner = (f'<output id="forge-probe"></output><script src="{axe_js.as_uri()}"></script><script>'
              "axe.run(document, {resultTypes: ['violations']}).then(r => {"
              "document.getElementById('forge-probe').textContent = JSON.stringify(r.violations.map("
              "v => ({id: v.id, help: v.help, nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)})));});"
              "</script></body>")
    probe.write_text(page.read_text(encoding="utf-8").replace("</body>", runner), encoding="utf-8")
    try:
        return _run(browser, probe)
    finally:
        probe.unlink()
