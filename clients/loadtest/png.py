"""A latency histogram as a PNG, with no plotting library: a tiny raster canvas,
a 3x5 pixel font, and a PNG encoder (zlib + CRC chunks, RFC 2083).

One panel per RPC kind: log-spaced buckets from 0.1 ms to 10 s, bar height the
share of calls in the bucket, p50/p99 marked, the count and percentiles written.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Iterable, Mapping, Sequence

from .stats import percentile

RGB = tuple[int, int, int]
WHITE: RGB = (255, 255, 255)
INK: RGB = (40, 40, 40)
GRID: RGB = (220, 220, 220)
BAR: RGB = (70, 120, 180)
P50: RGB = (40, 160, 80)
P99: RGB = (200, 60, 50)

# 3x5 glyphs, rows top to bottom, '#' = ink.
_FONT_ROWS = {
    "0": "### #.# #.# #.# ###", "1": ".#. ##. .#. .#. ###", "2": "### ..# ### #.. ###",
    "3": "### ..# .## ..# ###", "4": "#.# #.# ### ..# ..#", "5": "### #.. ### ..# ###",
    "6": "### #.. ### #.# ###", "7": "### ..# .#. .#. .#.", "8": "### #.# ### #.# ###",
    "9": "### #.# ### ..# ###", "A": ".#. #.# ### #.# #.#", "B": "##. #.# ##. #.# ##.",
    "C": "### #.. #.. #.. ###", "D": "##. #.# #.# #.# ##.", "E": "### #.. ##. #.. ###",
    "F": "### #.. ##. #.. #..", "G": "### #.. #.# #.# ###", "H": "#.# #.# ### #.# #.#",
    "I": "### .#. .#. .#. ###", "J": "..# ..# ..# #.# ###", "K": "#.# #.# ##. #.# #.#",
    "L": "#.. #.. #.. #.. ###", "M": "#.# ### ### #.# #.#", "N": "##. #.# #.# #.# #.#",
    "O": "### #.# #.# #.# ###", "P": "### #.# ### #.. #..", "Q": "### #.# #.# ### ..#",
    "R": "##. #.# ##. #.# #.#", "S": "### #.. ### ..# ###", "T": "### .#. .#. .#. .#.",
    "U": "#.# #.# #.# #.# ###", "V": "#.# #.# #.# #.# .#.", "W": "#.# #.# ### ### #.#",
    "X": "#.# #.# .#. #.# #.#", "Y": "#.# #.# .#. .#. .#.", "Z": "### ..# .#. #.. ###",
    ".": "... ... ... ... .#.", "=": "... ### ... ### ...", "-": "... ... ### ... ...",
    " ": "... ... ... ... ...", ":": "... .#. ... .#. ...", "/": "..# ..# .#. #.. #..",
}
FONT = {ch: [row for row in rows.split()] for ch, rows in _FONT_ROWS.items()}


class Canvas:
    def __init__(self, width: int, height: int, bg: RGB = WHITE) -> None:
        self.w, self.h = width, height
        self.px = [bytearray(bytes(bg) * width) for _ in range(height)]

    def rect(self, x: int, y: int, w: int, h: int, color: RGB) -> None:
        x0, x1 = max(0, x), min(self.w, x + w)
        if x1 <= x0:
            return
        for yy in range(max(0, y), min(self.h, y + h)):
            self.px[yy][x0 * 3:x1 * 3] = bytes(color) * (x1 - x0)

    def text(self, x: int, y: int, s: str, color: RGB = INK, scale: int = 2) -> None:
        for ch in s.upper():
            for r, row in enumerate(FONT.get(ch, FONT[" "])):
                for c, cell in enumerate(row):
                    if cell == "#":
                        self.rect(x + c * scale, y + r * scale, scale, scale, color)
            x += 4 * scale

    def png(self) -> bytes:
        raw = b"".join(b"\x00" + bytes(row) for row in self.px)
        ihdr = struct.pack(">IIBBBBB", self.w, self.h, 8, 2, 0, 0, 0)
        return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr)
                + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b""))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


LO_MS, HI_MS, BUCKETS = 0.1, 10_000.0, 50


def bucket_of(ms: float) -> int:
    if ms <= LO_MS:
        return 0
    frac = math.log(ms / LO_MS) / math.log(HI_MS / LO_MS)
    return min(BUCKETS - 1, int(frac * BUCKETS))


def x_of_ms(ms: float, x0: int, width: int) -> int:
    return x0 + int(bucket_of(ms) * width / BUCKETS)


def histogram_png(samples_s: Mapping[str, Sequence[float]], title: str = "") -> bytes:
    """One panel per RPC; samples in seconds."""
    rpcs = [r for r, xs in samples_s.items() if len(xs)]
    pw, ph, left, top = 640, 120, 60, 50
    c = Canvas(left + pw + 20, top + len(rpcs) * (ph + 40) + 30)
    c.text(left, 8, title or "LATENCY HISTOGRAM MS LOG SCALE")
    for i, rpc in enumerate(rpcs):
        _panel(c, rpc, sorted(x * 1000 for x in samples_s[rpc]), left, top + i * (ph + 40),
               pw, ph)
    return c.png()


def _panel(c: Canvas, rpc: str, ms: list[float], x0: int, y0: int, w: int, h: int) -> None:
    counts = [0] * BUCKETS
    for v in ms:
        counts[bucket_of(v)] += 1
    peak = max(counts)
    bw = w // BUCKETS
    for b, n in enumerate(counts):
        bh = int(h * n / peak)
        c.rect(x0 + b * bw, y0 + h - bh, bw - 1, bh, BAR)
    c.rect(x0, y0 + h, w, 1, INK)
    for tick in _decades():
        x = x_of_ms(tick, x0, w)
        c.rect(x, y0, 1, h, GRID)
        c.text(x - 4, y0 + h + 4, _fmt(tick), INK, 1)
    p50, p99 = percentile(ms, 50), percentile(ms, 99)
    c.rect(x_of_ms(p50, x0, w), y0, 2, h, P50)
    c.rect(x_of_ms(p99, x0, w), y0, 2, h, P99)
    c.text(x0, y0 - 14, f"{rpc} N={len(ms)} P50={_fmt(p50)} P99={_fmt(p99)} "
                        f"MAX={_fmt(ms[-1])}")


def _decades() -> Iterable[float]:
    v = LO_MS
    while v <= HI_MS:
        yield v
        v *= 10


def _fmt(ms: float) -> str:
    return f"{ms:.1f}" if ms < 10 else f"{ms:.0f}"
