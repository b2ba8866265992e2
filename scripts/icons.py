"""The app's icons, drawn with the standard library: a playing card with a heart on felt.

Shapes are signed distance functions, so one evaluation per pixel gives
anti-aliased edges (coverage = 0.5 - distance, clamped) without supersampling.
"""

import math
import struct
import zlib
from pathlib import Path

FELT = (11, 93, 59)
CARD = (253, 251, 244)
CARD_EDGE = (200, 196, 180)
HEART = (200, 16, 46)

# (file name, size in pixels, maskable): the manifest names the same three files.
ICONS = (
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("icon-maskable-512.png", 512, True),
)


def _rounded_box(x: float, y: float, half_w: float, half_h: float, radius: float) -> float:
    """Signed distance from (x, y) to a rounded rectangle centred on the origin."""
    qx = abs(x) - half_w + radius
    qy = abs(y) - half_h + radius
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - radius


def _heart(x: float, y: float, size: float) -> float:
    """Signed distance to a heart about ``size`` wide, centred on the origin: a square
    turned 45 degrees for the point, and two circles on its upper edges for the lobes."""
    h = size * 0.42  # half the square's diagonal
    radius = h / math.sqrt(2)
    y -= h * 0.25  # centre the whole shape, lobes included, on the origin
    lobes = min(math.hypot(x + h / 2, y + h / 2), math.hypot(x - h / 2, y + h / 2)) - radius
    u = (x + y) / math.sqrt(2)
    v = (y - x) / math.sqrt(2)
    point = _rounded_box(u, v, radius, radius, radius * 0.12)
    return min(lobes, point)


def _coverage(distance: float) -> float:
    return min(max(0.5 - distance, 0.0), 1.0)


def _mix(under: tuple[float, ...], over: tuple[int, ...], alpha: float) -> tuple[float, ...]:
    return tuple(u * (1 - alpha) + o * alpha for u, o in zip(under, over, strict=True))


def draw_icon(size: int, maskable: bool) -> bytes:
    """RGBA pixels, row by row. A maskable icon fills the square and keeps the card
    inside the central safe zone (a circle of 80% of the width); the plain icon is a
    rounded felt square with transparent corners."""
    card_scale = 0.52 if maskable else 0.66
    half_w = size * card_scale * 0.36
    half_h = size * card_scale * 0.5
    corner = size * card_scale * 0.06
    edge = max(size / 192, 1.0)
    rows = []
    for j in range(size):
        row = bytearray()
        y = j + 0.5 - size / 2
        for i in range(size):
            x = i + 0.5 - size / 2
            if maskable:
                background_alpha = 1.0
            else:
                background_alpha = _coverage(_rounded_box(x, y, size / 2, size / 2, size * 0.18))
            pixel: tuple[float, ...] = FELT
            card_distance = _rounded_box(x, y, half_w, half_h, corner)
            pixel = _mix(pixel, CARD_EDGE, _coverage(card_distance))
            pixel = _mix(pixel, CARD, _coverage(card_distance + edge))
            pixel = _mix(pixel, HEART, _coverage(_heart(x, y + size * 0.02, half_w * 1.25)))
            row += bytes(round(c) for c in pixel) + bytes((round(background_alpha * 255),))
        rows.append(bytes(row))
    return b"".join(b"\x00" + row for row in rows)  # filter type 0 before each row


def png(size: int, raw_rows: bytes) -> bytes:
    """A PNG file holding 8-bit RGBA rows already prefixed with their filter byte."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw_rows, 9)) + chunk(b"IEND", b""))


def write_icons(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, size, maskable in ICONS:
        path = folder / name
        path.write_bytes(png(size, draw_icon(size, maskable)))
        written.append(path)
    return written
