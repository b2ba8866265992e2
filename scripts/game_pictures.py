"""The lobby's picture of each game, as inline SVG written at build time: nothing is
downloaded for them, and they draw at any size. The colours are the app's (its icons'
felt, card, heart and gold); a game with no picture of its own gets a fan of cards.

Each picture is decoration beside the game's name, so it is hidden from screen readers.
Presentation attributes only: the page's policy allows no style attribute.
"""

from icons import CARD, FELT, FELT_DARK, GOLD, HEART, INK

VIEW_BOX = "0 0 64 48"


def _hex(rgb: tuple[int, int, int]) -> str:
    red, green, blue = rgb
    return f"#{red:02x}{green:02x}{blue:02x}"


FELT_HEX, FELT_DARK_HEX, CARD_HEX = _hex(FELT), _hex(FELT_DARK), _hex(CARD)
RED, GOLD_HEX, INK_HEX = _hex(HEART), _hex(GOLD), _hex(INK)
EDGE = "#9c9788"
WOOD = "#e9c48a"


def _card(x: float, y: float, rank: str, colour: str, turn: float = 0,
          width: float = 16, height: float = 23) -> str:
    """A card face with its rank in the corner, its top left at (x, y), turned ``turn``
    degrees about its bottom middle (a fan's pivot)."""
    pivot = f"{x + width / 2:g} {y + height:g}"
    turned = f' transform="rotate({turn:g} {pivot})"' if turn else ""
    return (f'<g{turned}><rect x="{x:g}" y="{y:g}" width="{width:g}" height="{height:g}" '
            f'rx="2" fill="{CARD_HEX}" stroke="{EDGE}" stroke-width="0.8"/>'
            f'<text x="{x + 2.5:g}" y="{y + 8.5:g}" font-family="sans-serif" font-size="8" '
            f'font-weight="700" fill="{colour}">{rank}</text></g>')


def _back(x: float, y: float, width: float = 14, height: float = 20) -> str:
    """A card face down."""
    return (f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="{height:g}" rx="2" '
            f'fill="#a52a3a" stroke="{CARD_HEX}" stroke-width="1.4"/>')


def _tycoon() -> str:
    """A crown over a fan of high cards: the Tycoon's."""
    crown = (f'<path d="M22 14 L24 5 L29 10 L32 3 L35 10 L40 5 L42 14 Z" fill="{GOLD_HEX}" '
             f'stroke="{FELT_DARK_HEX}" stroke-width="0.8" stroke-linejoin="round"/>')
    fan = (_card(16, 20, "K", INK_HEX, -24) + _card(24, 17, "A", RED)
           + _card(32, 20, "2", INK_HEX, 24))
    return fan + crown


def _president() -> str:
    """Steps from Beggar up to President, a card on the top one and a star above it."""
    steps = "".join(
        f'<rect x="{x}" y="{y}" width="15" height="{46 - y}" fill="{colour}"/>'
        for x, y, colour in ((6, 38, "#16784f"), (21, 30, "#1b8a5c"), (36, 22, "#21a06b")))
    star = (f'<path d="M54 4 L56.2 9 L61.5 9.4 L57.4 12.8 L58.7 18 L54 15.1 L49.3 18 '
            f'L50.6 12.8 L46.5 9.4 L51.8 9 Z" fill="{GOLD_HEX}"/>')
    return steps + _card(38, 0, "2", RED, 0, 14, 20) + star


def _match(x1: float, y1: float, x2: float, y2: float, colour: str = WOOD) -> str:
    """A matchstick from (x1, y1) to its red head at (x2, y2)."""
    return (f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="{colour}" '
            f'stroke-width="2.6" stroke-linecap="round"/>'
            f'<circle cx="{x2:g}" cy="{y2:g}" r="2" fill="{RED}"/>')


def _matchstick() -> str:
    """A card whose seven-segment 1 becomes a 7: the stick added across its top shines."""
    card = (f'<rect x="18" y="2" width="28" height="44" rx="3" fill="{CARD_HEX}" '
            f'stroke="{EDGE}" stroke-width="0.8"/>')
    sticks = _match(38, 25, 38, 9) + _match(38, 41, 38, 27)
    added = _match(36, 7, 24, 7, GOLD_HEX)
    spare = _match(6, 40, 14, 30) + _match(50, 40, 58, 32)
    return card + sticks + added + spare


def _corporation() -> str:
    """Cards turned over at once: two that match make a Corporation; a word was said."""
    bubble = (f'<path d="M40 3 h20 a3 3 0 0 1 3 3 v8 a3 3 0 0 1 -3 3 h-12 l-5 4 v-4 h-3 '
              f'a3 3 0 0 1 -3 -3 v-8 a3 3 0 0 1 3 -3 Z" fill="{CARD_HEX}"/>'
              f'<g fill="{FELT_DARK_HEX}"><circle cx="44" cy="10" r="1.5"/>'
              f'<circle cx="50" cy="10" r="1.5"/><circle cx="56" cy="10" r="1.5"/></g>')
    link = (f'<rect x="3" y="19" width="36" height="28" rx="4" fill="none" '
            f'stroke="{GOLD_HEX}" stroke-width="2"/>')
    return (link + _card(5, 22, "7", INK_HEX) + _card(22, 22, "7", INK_HEX)
            + _back(44, 25) + bubble)


def _fan() -> str:
    return (_card(16, 20, "J", INK_HEX, -24) + _card(24, 17, "Q", RED)
            + _card(32, 20, "K", INK_HEX, 24))


DRAWINGS = {"tycoon": _tycoon, "president": _president, "matchstick": _matchstick,
            "corporation": _corporation}


def picture(game: str) -> str:
    """``game``'s picture: an SVG element, hidden from screen readers."""
    drawing = DRAWINGS.get(game, _fan)()
    return (f'<svg class="tile-picture" viewBox="{VIEW_BOX}" aria-hidden="true" '
            f'focusable="false">{drawing}</svg>')
