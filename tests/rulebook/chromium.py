"""Measuring built pages inside headless Chromium.

The pages carry no script; a test writes a probe page beside the one it measures (so that
relative links resolve), loads it in the run's browser (tests/rulebook/browser.py), and reads
back the JSON the probe wrote into the DOM. Phone widths are measured in iframes of that width
(the frame is the page's viewport), several frames to a probe.
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


def frames(browser: Browser, page: Path, views: list[tuple[int, str]]) -> list[dict]:
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
