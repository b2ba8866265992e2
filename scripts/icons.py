"""The app's icons and its link preview, drawn with the standard library: a playing card
with a heart on felt, and a fan of cards over the app's name.

Shapes are signed distance functions, so one evaluation per pixel gives
anti-aliased edges (coverage = 0.5 - distance, clamped) without supersampling.
"""

import math
import struct
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

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


def _mix(under: Sequence[float], over: Sequence[int], alpha: float) -> tuple[float, ...]:
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


def png(width: int, height: int, raw_rows: bytes, *, alpha: bool) -> bytes:
    """A PNG file holding 8-bit RGBA (or RGB) rows already prefixed with their filter byte."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    colour_type = 6 if alpha else 2
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw_rows, 9)) + chunk(b"IEND", b""))


def write_icons(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, size, maskable in ICONS:
        path = folder / name
        path.write_bytes(png(size, size, draw_icon(size, maskable), alpha=True))
        written.append(path)
    return written


# The link preview: a fan of four cards on felt, with the app's name in gold.
FELT_DARK = (7, 66, 42)
GOLD = (242, 193, 78)
INK = (28, 28, 34)
PREVIEW = "preview.png"
PREVIEW_SIZE = (1200, 630)  # Open Graph's large image, 1.91:1

RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]  # left, top, right, bottom, in pixels
Distance = Callable[[float, float], float]


class Canvas:
    """An RGB picture painted shape by shape. Each shape is a signed distance function
    evaluated only inside the box given with it, so small shapes on a large picture
    stay cheap."""

    def __init__(self, width: int, height: int, colour: RGB) -> None:
        self.width = width
        self.height = height
        self.rows = [bytearray(bytes(colour) * width) for _ in range(height)]

    def paint(self, distance: Distance, box: Box, layers: tuple[tuple[float, RGB], ...]) -> None:
        """Each (inset, colour) layer covers the shape shrunk by ``inset`` pixels, in order:
        an edge colour at inset 0 and then the fill at the edge's width draw an outline."""
        left, top, right, bottom = box
        columns = range(max(int(left), 0), min(math.ceil(right) + 1, self.width))
        for j in range(max(int(top), 0), min(math.ceil(bottom) + 1, self.height)):
            row = self.rows[j]
            for i in columns:
                d = distance(i + 0.5, j + 0.5)
                if d >= 0.5:
                    continue
                k = 3 * i
                for inset, colour in layers:
                    alpha = _coverage(d + inset)
                    if alpha > 0:
                        row[k:k + 3] = bytes(round(c) for c in _mix(row[k:k + 3], colour, alpha))

    def png(self) -> bytes:
        return png(self.width, self.height, b"".join(b"\x00" + row for row in self.rows),
                   alpha=False)


class Frame:
    """A shape's own coordinates (a card's, a line of text's): the origin at (x, y) of the
    picture, the axes turned clockwise by ``degrees``."""

    def __init__(self, x: float, y: float, degrees: float) -> None:
        self.x = x
        self.y = y
        self.degrees = degrees
        self.cos = math.cos(math.radians(degrees))
        self.sin = math.sin(math.radians(degrees))

    def moved(self, dx: float, dy: float) -> "Frame":
        return Frame(self.x + dx, self.y + dy, self.degrees)

    def turned(self, degrees: float) -> "Frame":
        return Frame(self.x, self.y, self.degrees + degrees)

    def shape(self, distance: Distance) -> Distance:
        """``distance`` (in the frame's coordinates) as a function of the picture's."""

        def placed(x: float, y: float) -> float:
            dx = x - self.x
            dy = y - self.y
            return distance(dx * self.cos + dy * self.sin, dy * self.cos - dx * self.sin)

        return placed

    def box(self, left: float, top: float, right: float, bottom: float) -> Box:
        """The picture's box around a box of the frame's."""
        xs, ys = [], []
        for u, v in ((left, top), (right, top), (left, bottom), (right, bottom)):
            xs.append(self.x + u * self.cos - v * self.sin)
            ys.append(self.y + u * self.sin + v * self.cos)
        return min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1


def _segment(x: float, y: float, ax: float, ay: float, bx: float, by: float) -> float:
    """Distance from (x, y) to the segment from a to b."""
    dx, dy = bx - ax, by - ay
    t = min(max(((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy), 0.0), 1.0)
    return math.hypot(x - ax - t * dx, y - ay - t * dy)


def _arc(x: float, y: float, cx: float, cy: float, r: float, start: float, end: float) -> float:
    """Distance from (x, y) to the arc of the circle (cx, cy, r) from ``start`` to ``end``
    degrees, clockwise on screen (0 points right, 90 down)."""
    angle = math.degrees(math.atan2(y - cy, x - cx))
    if (angle - start) % 360 <= end - start:
        return abs(math.hypot(x - cx, y - cy) - r)
    ends = [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
            for a in (start, end)]
    return min(math.hypot(x - ex, y - ey) for ex, ey in ends)


# Letters as strokes on a box one unit high and GLYPH_WIDTH wide (y grows downwards):
# ("s", ax, ay, bx, by) is a segment, ("a", cx, cy, r, start, end) an arc.
GLYPH_WIDTH = 0.62
STROKE = 0.17
LETTER_GAP = 0.36
_W = GLYPH_WIDTH
_R = _W / 2
_ROUND = (("a", _R, _R, _R, 180, 360), ("a", _R, 1 - _R, _R, 0, 180),
          ("s", 0, _R, 0, 1 - _R), ("s", _W, _R, _W, 1 - _R))
GLYPHS: dict[str, tuple[tuple[Any, ...], ...]] = {
    "A": (("s", 0, 1, _R, 0), ("s", _R, 0, _W, 1), ("s", _W * 0.18, 0.64, _W * 0.82, 0.64)),
    "B": (("s", 0, 0, 0, 1), ("s", 0, 0, _W - 0.3, 0), ("s", 0, 0.5, _W - 0.25, 0.5),
          ("s", 0, 1, _W - 0.25, 1), ("a", _W - 0.3, 0.25, 0.25, -90, 90),
          ("a", _W - 0.25, 0.75, 0.25, -90, 90)),
    "C": (("a", _R, _R, _R, 180, 320), ("a", _R, 1 - _R, _R, 40, 180), ("s", 0, _R, 0, 1 - _R)),
    "E": (("s", 0, 0, 0, 1), ("s", 0, 0, _W, 0), ("s", 0, 0.5, _W * 0.8, 0.5), ("s", 0, 1, _W, 1)),
    "J": (("s", _W, 0, _W, 1 - _R), ("a", _R, 1 - _R, _R, 0, 160)),
    "K": (("s", 0, 0, 0, 1), ("s", _W, 0, 0, 0.62), ("s", _W * 0.3, 0.43, _W, 1)),
    "L": (("s", 0, 0, 0, 1), ("s", 0, 1, _W, 1)),
    "N": (("s", 0, 1, 0, 0), ("s", 0, 0, _W, 1), ("s", _W, 1, _W, 0)),
    "O": _ROUND,
    "Q": (*_ROUND, ("s", _W * 0.6, 0.72, _W * 1.05, 1.04)),
    "T": (("s", 0, 0, _W, 0), ("s", _R, 0, _R, 1)),
    "Y": (("s", 0, 0, _R, 0.5), ("s", _W, 0, _R, 0.5), ("s", _R, 0.5, _R, 1)),
}


def _glyph(letter: str, x: float, y: float) -> float:
    """Signed distance to ``letter`` drawn with its top left corner at the origin."""
    strokes = []
    for kind, *numbers in GLYPHS[letter]:
        strokes.append(_segment(x, y, *numbers) if kind == "s" else _arc(x, y, *numbers))
    return min(strokes) - STROKE / 2


def _write(canvas: Canvas, frame: Frame, text: str, x: float, y: float, height: float,
           colour: RGB) -> None:
    """``text`` with its top left corner at (x, y) of ``frame``, letters ``height`` high."""
    pad = STROKE * height
    for letter in text:
        if letter != " ":
            def placed(u: float, v: float, letter: str = letter, left: float = x) -> float:
                return _glyph(letter, (u - left) / height, (v - y) / height) * height

            box = frame.box(x - pad, y - pad, x + (GLYPH_WIDTH * 1.1) * height + pad,
                            y + height * 1.1 + pad)
            canvas.paint(frame.shape(placed), box, ((0, colour),))
        x += (GLYPH_WIDTH + LETTER_GAP) * height


# The suits: signed distances to a mark about ``size`` high, centred on the origin.
def _diamond(x: float, y: float, size: float) -> float:
    half_w, half_h = size * 0.36, size * 0.5
    return (abs(x) / half_w + abs(y) / half_h - 1) * half_w * half_h / math.hypot(half_w, half_h)


def _stem(x: float, y: float, size: float) -> float:
    """The foot of a spade or a club: a narrow trapezoid widening downwards."""
    top, bottom = size * 0.05, size * 0.5
    t = min(max((y - top) / (bottom - top), 0.0), 1.0)
    half_width = size * (0.03 + 0.15 * t)
    return max(abs(x) - half_width, top - y, y - bottom) * 0.95


def _spade(x: float, y: float, size: float) -> float:
    return min(_heart(x, -(y + size * 0.08), size * 0.95), _stem(x, y, size))  # a heart upside down


def _club(x: float, y: float, size: float) -> float:
    r = size * 0.21
    leaves = min(math.hypot(x, y + size * 0.24), math.hypot(x + size * 0.24, y + size * 0.06),
                 math.hypot(x - size * 0.24, y + size * 0.06)) - r
    return min(leaves, _stem(x, y, size))


SUITS: dict[str, tuple[Callable[[float, float, float], float], RGB]] = {
    "hearts": (_heart, HEART), "diamonds": (_diamond, HEART),
    "spades": (_spade, INK), "clubs": (_club, INK),
}


CARD_HALF_WIDTH = 92.0
CARD_HALF_HEIGHT = 130.0


def _draw_card(canvas: Canvas, frame: Frame, rank: str, suit: str) -> None:
    """A card face up at ``frame``: its rank and suit in two corners, a large suit in
    the middle, and a flat shadow on the felt."""
    half_w, half_h = CARD_HALF_WIDTH, CARD_HALF_HEIGHT

    def body(u: float, v: float) -> float:
        return _rounded_box(u, v, half_w, half_h, 13)

    shadow = frame.moved(6, 8)
    canvas.paint(shadow.shape(body), shadow.box(-half_w, -half_h, half_w, half_h),
                 ((0, FELT_DARK),))
    canvas.paint(frame.shape(body), frame.box(-half_w, -half_h, half_w, half_h),
                 ((0, CARD_EDGE), (2, CARD)))
    mark, colour = SUITS[suit]

    def pip(size: float, x: float, y: float, corner: Frame) -> None:
        reach = size * 0.65
        canvas.paint(corner.shape(lambda u, v: mark(u - x, v - y, size)),
                     corner.box(x - reach, y - reach, x + reach, y + reach), ((0, colour),))

    pip(90, 0, 0, frame)
    index_height = 30
    for corner in (frame, frame.turned(180)):  # the index, and again upside down
        left, top = -half_w + 13, -half_h + 13
        _write(canvas, corner, rank, left, top, index_height, colour)
        pip(26, left + GLYPH_WIDTH * index_height / 2, top + index_height + 22, corner)


# Left to right, the last on top: a climbing hand ending in the ace.
FAN = (("J", "diamonds"), ("Q", "clubs"), ("K", "hearts"), ("A", "spades"))


def draw_preview(title: str) -> bytes:
    """The link preview as a PNG: ``title`` in gold under a fan of cards on felt, framed
    by the table's gold rim and dark edge. Flat colours keep the file small."""
    missing = set(title.upper()) - set(GLYPHS) - {" "}
    if missing:
        raise ValueError(f"the preview has no letters {sorted(missing)} to write {title!r}")
    width, height = PREVIEW_SIZE
    canvas = Canvas(width, height, FELT)
    margin, radius = 20.0, 44.0

    def beyond_table(x: float, y: float) -> float:
        return -_rounded_box(x - width / 2, y - height / 2, width / 2 - margin,
                             height / 2 - margin, radius)

    band = margin + radius + 2  # only the picture's edges are outside the table
    for box in ((0, 0, width, band), (0, height - band, width, height),
                (0, band, band, height - band), (width - band, band, width, height - band)):
        canvas.paint(beyond_table, box, ((0, GOLD), (4, FELT_DARK)))
    pivot_x, pivot_y, reach = width / 2, 660.0, 420.0
    for n, (rank, suit) in enumerate(FAN):
        degrees = (n - (len(FAN) - 1) / 2) * 16
        x = pivot_x + reach * math.sin(math.radians(degrees))
        y = pivot_y - reach * math.cos(math.radians(degrees))
        _draw_card(canvas, Frame(x, y, degrees), rank, suit)
    letter_height = 66.0
    text = title.upper()
    text_width = ((len(text) - 1) * (GLYPH_WIDTH + LETTER_GAP) + GLYPH_WIDTH) * letter_height
    _write(canvas, Frame(0, 0, 0), text, (width - text_width) / 2, 488, letter_height, GOLD)
    return canvas.png()


def write_preview(folder: Path, title: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / PREVIEW
    path.write_bytes(draw_preview(title))
    return path
