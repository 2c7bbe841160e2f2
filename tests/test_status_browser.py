"""The HTML status report as a browser shows it: Debian chromium, headless, on the diffusers corpus.

``--dump-dom`` gives the DOM after layout (chart bars, ranked lists, no external resources);
``--screenshot`` gives the pixels, and the coverage bars are measured in them: the green (up to date) and
amber (outdated) runs of each bar must be as wide as the numbers say.
"""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from hfi18n.repo.layout import DocsLayout
from hfi18n.repo.status import compute_status
from hfi18n.report.html import BAR_WIDTH, COLORS, to_html

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.corpus,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian chromium is not installed (apt-get install chromium)"),
]


def chromium(tmp: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    assert CHROMIUM is not None
    cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
           "--disable-component-update", "--no-first-run", "--disable-sync", "--hide-scrollbars",
           "--force-device-scale-factor=1", f"--user-data-dir={tmp / 'profile'}", *args]
    return subprocess.run(cmd, capture_output=True, timeout=120, check=False)


def read_png(path: Path) -> tuple[int, int, list[bytes]]:
    """Width, height and RGB rows of an 8-bit RGB/RGBA non-interlaced PNG (what chromium writes)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", chunk)
            assert depth == 8 and color in (2, 6) and interlace == 0
            bpp = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows: list[bytes] = []
    prev = bytearray(stride)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], (prev[i - bpp] if i >= bpp else 0)
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        rows.append(bytes(v for x in range(width) for v in line[x * bpp:x * bpp + 3]))
    return width, height, rows


def rgb(hex_color: str) -> bytes:
    return bytes.fromhex(hex_color.lstrip("#"))


def bar_rows(width: int, rows: list[bytes]) -> list[tuple[int, dict[str, int]]]:
    """Screen rows crossed by a coverage bar: pixels of each chart colour, per row."""
    colours = {state: rgb(COLORS[state]) for state in ("up-to-date", "outdated", "in-progress", "missing")}
    found = []
    for y, row in enumerate(rows):
        counts = {s: 0 for s in colours}
        for x in range(width):
            px = row[3 * x:3 * x + 3]
            for s, c in colours.items():
                if px == c:
                    counts[s] += 1
        if sum(counts.values()) >= BAR_WIDTH - 6:
            found.append((y, counts))
    return found


@pytest.fixture(scope="module")
def rendered(corpus, tmp_path_factory) -> dict[str, object]:
    tmp = tmp_path_factory.mktemp("browser")
    report = compute_status(DocsLayout.open(corpus("diffusers")), write_cache=False, pr_note="PR detection skipped")
    page = tmp / "status.html"
    page.write_text(to_html(report), encoding="utf-8")
    dom = chromium(tmp, "--dump-dom", page.as_uri())
    assert dom.returncode == 0, dom.stderr.decode(errors="replace")[-2000:]
    shot = tmp / "status.png"
    res = chromium(tmp, "--window-size=1200,700", f"--screenshot={shot}", page.as_uri())
    assert res.returncode == 0 and shot.is_file(), res.stderr.decode(errors="replace")[-2000:]
    return {"report": report, "dom": dom.stdout.decode("utf-8"), "png": shot}


def test_dom_has_bars_matching_coverage_and_no_external_resources(rendered) -> None:
    report, dom = rendered["report"], rendered["dom"]
    assert '<svg xmlns="http://www.w3.org/2000/svg" id="coverage-chart"' in dom
    for lang in report.languages:
        s = report.summaries[lang]
        m = re.search(rf'<rect [^>]*width="([\d.]+)"[^>]*data-lang="{lang}" data-state="up-to-date"', dom)
        assert m is not None
        assert abs(float(m.group(1)) - BAR_WIDTH * s.counts["up-to-date"] / s.english_docs) < 0.01
        assert f'data-lang="{lang}" data-coverage="{s.coverage:.2f}"' in dom
        first = report.ranked(lang, 1)
        if first:
            assert re.search(rf'<ol class="ranked" data-lang="{lang}">\s*<li><code>{re.escape(first[0].path)}</code>',
                             dom)
    assert not re.search(r"<(link|img|iframe|object|embed)\b", dom)
    assert not re.search(r"<script\b[^>]*\bsrc", dom)  # the page's one script is inline
    assert not re.search(r"""\b(src|href)\s*=\s*["']?(https?:)?//""", dom)


def test_screenshot_bars_are_as_wide_as_the_numbers(rendered) -> None:
    report = rendered["report"]
    width, height, rows = read_png(rendered["png"])
    assert (width, height) == (1200, 700)
    bars = bar_rows(width, rows)
    # one band of rows per language, in order
    bands: list[dict[str, int]] = []
    last_y = -10
    for y, counts in bars:
        if y != last_y + 1:
            bands.append(counts)
        last_y = y
    assert len(bands) == len(report.languages)
    for lang, counts in zip(report.languages, bands, strict=True):
        s = report.summaries[lang]
        for state in ("up-to-date", "outdated"):
            expected = BAR_WIDTH * s.counts[state] / s.english_docs
            assert abs(counts[state] - expected) <= 2, (lang, state, counts, expected)
