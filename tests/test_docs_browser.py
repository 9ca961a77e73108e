"""The committed HTML errata and FAQ, opened in a real browser (headless Chromium): they render,
no image is missing, every card is drawn (with a size, its name inside it), the chart is there
and nothing is wider than the window. Screenshots go to the test output folder
(``build/test-output/screenshots``, or ``$RULECHECK_TEST_OUTPUT/screenshots``): the top of each
page, and entries whose examples draw cards, one per part of the document.

Without Chromium (Debian's package ``chromium``; ``.ci/run`` installs it) the test says so and
is skipped.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from rulecheck.core.paths import project_dir

ROOT = project_dir()
FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
)
"""How Chromium is started: headless, no network of its own, a new empty profile each time."""


def _chromium() -> str | None:
    for name in (os.environ.get("RULECHECK_CHROMIUM", ""), "chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name) if name else None
        if path:
            return path
    return None


BROWSER = _chromium()
pytestmark = pytest.mark.skipif(
    BROWSER is None,
    reason="Chromium is not installed (Debian: apt-get install chromium), so the HTML documents are not "
           "checked in a browser",
)

OUTPUT = Path(os.environ.get("RULECHECK_TEST_OUTPUT", ROOT / "build" / "test-output")) / "screenshots"

PROBE = """<script>
(function () {
  function inside(a, b) {
    return a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
  }
  var cards = Array.prototype.slice.call(document.querySelectorAll('.card:not(.back)'));
  var drawn = cards.filter(function (c) {
    var r = c.getBoundingClientRect(), name = c.querySelector('.name');
    return r.width > 30 && r.height > 40 && name && name.textContent.trim() && inside(name.getBoundingClientRect(), r);
  });
  var backs = document.querySelectorAll('.card.back').length;
  var images = Array.prototype.slice.call(document.images);
  var charts = Array.prototype.slice.call(document.querySelectorAll('svg.chart'));
  var bars = charts.length ? Array.prototype.slice.call(charts[0].querySelectorAll('rect')).filter(function (r) {
    return r.getBBox().width > 0; }).length : 0;
  var labels = charts.length ? charts[0].querySelectorAll('text').length : 0;
  var result = {cards: cards.length, drawn: drawn.length, backs: backs, images: images.length,
    broken: images.filter(function (i) { return !(i.complete && i.naturalWidth > 0); }).length,
    charts: charts.length, chartWidth: charts.length ? charts[0].getBoundingClientRect().width : 0,
    bars: bars, labels: labels, overflow: document.documentElement.scrollWidth - window.innerWidth};
  var pre = document.createElement('pre');
  pre.id = 'render-check';
  pre.textContent = JSON.stringify(result);
  document.body.appendChild(pre);
})();
</script>
</body>"""


def _run(args: list[str], profile: Path) -> subprocess.CompletedProcess[str]:
    assert BROWSER is not None
    profile.mkdir(parents=True, exist_ok=True)
    return subprocess.run([BROWSER, *FLAGS, f"--user-data-dir={profile}", *args], capture_output=True, text=True,
                          timeout=180, check=False)


def _rendered(page: Path, profile: Path) -> dict[str, float]:
    result = _run(["--window-size=1280,1000", "--virtual-time-budget=5000", "--dump-dom", page.as_uri()], profile)
    match = re.search(r'<pre id="render-check">(.*?)</pre>', result.stdout, re.S)
    assert match, f"Chromium did not render {page.name}: {result.stderr[-2000:]}"
    return json.loads(match.group(1).replace("&quot;", '"'))


def _screenshot(page: Path, shot: Path, profile: Path, height: int = 1400) -> None:
    shot.parent.mkdir(parents=True, exist_ok=True)
    if shot.exists():
        shot.unlink()
    _run([f"--window-size=1100,{height}", f"--screenshot={shot}", page.as_uri()], profile)
    data = shot.read_bytes() if shot.exists() else b""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"no screenshot of {page.name} at {shot}"
    assert len(data) > 20_000, f"{shot} looks blank ({len(data)} bytes)"


def _showcase(source: str) -> list[str]:
    """The first entry with drawn cards in each part (h2) of the page."""
    ids: list[str] = []
    for part in source.split("<h2>")[1:]:
        for chunk in part.split('<div class="entry" id="')[1:]:
            if 'class="card fam-' in chunk:
                ids.append(chunk.split('"', 1)[0])
                break
    return ids


@pytest.mark.parametrize("name", ["ERRATA.html", "FAQ.html"])
def test_the_html_document_renders_with_every_card_drawn(name: str, tmp_path: Path) -> None:
    source = (ROOT / "docs" / name).read_text(encoding="utf-8")
    expected = source.count('class="card fam-')
    assert expected > 0, f"{name} draws no card"
    probe = tmp_path / name
    probe.write_text(source.replace("</body>", PROBE, 1), encoding="utf-8")
    seen = _rendered(probe, tmp_path / "profile-dom")
    assert seen["broken"] == 0, f"{name}: {seen['broken']} image(s) missing"
    assert seen["cards"] == expected and seen["drawn"] == expected, f"{name}: cards not drawn: {seen}"
    assert seen["charts"] == 1 and seen["chartWidth"] > 0 and seen["bars"] > 0 and seen["labels"] > seen["bars"] / 2, \
        f"{name}: no readable chart: {seen}"
    assert seen["overflow"] <= 0, f"{name}: wider than the window by {seen['overflow']} px"

    stem = name.removesuffix(".html")
    _screenshot(ROOT / "docs" / name, OUTPUT / f"{stem}-top.png", tmp_path / "profile-top")
    for entry in _showcase(source):
        page = tmp_path / f"{stem}-{entry}.html"
        page.write_text(source.replace("</style>", f"body > :not(#{entry}) {{display:none !important}}</style>", 1),
                        encoding="utf-8")
        _screenshot(page, OUTPUT / f"{stem}-{entry}.png", tmp_path / f"profile-{entry}", height=1200)
