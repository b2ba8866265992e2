"""Seven-segment glyphs drawn in SVG, for Matchstick Tycoon's cards.

Which segments a card lights comes from the engine (a card's ``segments``, a play's
``faces``); this module only knows where each segment lies on the card: a top,
b upper right, c lower right, d bottom, e lower left, f upper left, g middle.
"""

# Each segment as a line on a 40 x 70 card face: x1, y1, x2, y2.
SEGMENTS = {
    "a": (10, 6, 30, 6), "b": (34, 10, 34, 31), "c": (34, 39, 34, 60),
    "d": (10, 64, 30, 64), "e": (6, 39, 6, 60), "f": (6, 10, 6, 31), "g": (10, 35, 30, 35),
}


def glyph(segments, added="", turned=False):
    """A card's glyph: its own segments lit, ``added`` ones drawn as new matchsticks, the
    rest faint; turned half a turn when ``turned`` (then it reads as the value)."""
    lines = []
    for name, (x1, y1, x2, y2) in SEGMENTS.items():
        kind = "lit" if name in segments else "added" if name in added else "off"
        lines.append(f'<line class="{kind}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
    turn = ' transform="rotate(180 20 35)"' if turned else ""
    return (f'<svg class="glyph{" turned" if turned else ""}" viewBox="0 0 40 70" '
            f'aria-hidden="true" focusable="false"><g{turn}>{"".join(lines)}</g></svg>')

