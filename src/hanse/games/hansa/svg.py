"""The Hansa Teutonica board as one inline SVG element, drawn from a view (standard library only).

:func:`board_svg` draws the side of the board in play at the coordinates of ``data.py`` (cities with
their offices, routes with their posts, taverns, bonus markers, the Coellen special spaces, the
full-cities track, the East-West cities), then every player's board (Schreibtisch) below the map.

Legal actions that name exactly one element of the board become clickable targets
(``data-action``); the web page shows every other legal action as a button. An action naming a
route and a piece (``place``, ``move_place``, ``displaced_place``) puts the piece on the lowest
free post of the route (rules.actions.put), so it is drawn there as a ghost piece, one for the
trader and one for the merchant; ``move`` lifts the last post holding that piece
(rules.actions.lift). Actions naming several elements (a displacement with a choice of piece or
fee on one post, ``displaced_move``, ``use_bonus swap_offices``) and those naming none are left
to the page.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise
from typing import Any, NamedTuple

from hanse.core import IllegalActionError
from hanse.games.hansa import actions as A  # noqa: N812  # the rule-set's action module
from hanse.games.hansa import data
from hanse.games.hansa.board import Board, board_for
from hanse.games.hansa.data import (
    ABILITIES,
    COELLEN_POINTS,
    COELLEN_PRIVILEGE,
    EAST_WEST,
    FULL_CITIES_TO_END,
    TRACK_VALUES,
)
from hanse.games.hansa.words import ABILITY_WORDS
from hanse.games.svg_parts import (
    FONT,
    HIGHLIGHT,
    INK,
    SEAT_COLOURS,
    SEAT_INK,
    SEAT_LETTERS,
    TARGET_STYLE,
    Targets,
    Translate,
    board_document,
    board_key,
    name_label,
    plural,
    ring_circle,
    ring_rect,
    same,
    seat_name,
    text_width,
)
from hanse.games.svg_parts import coordinate as _f
from hanse.games.svg_parts import el as _el
from hanse.games.svg_parts import rect as _rect
from hanse.games.svg_parts import text as _text

NEUTRAL_COLOUR = "#8c8c8c"
PRIVILEGE_FILL = ("", "#ffffff", "#fbcf9c", "#f3bddb", "#333333")
"""Office colours white, orange, pink, black (pale, so that offices never look like pieces)."""
PRIVILEGE_INK = ("", "#333333", "#333333", "#333333", "#ffffff")
PRIVILEGE_NAMES = ("", "white", "orange", "pink", "black")
ABILITY_LABELS = ABILITY_WORDS
"""The abilities by the rulebook's names, as the help text and the log call them."""
PLATE_LABELS = {
    "keys": "Keys",
    "actions": "Actiones",
    "privilege": "Privilegium",
    "book": "Liber",
    "bank": "Bursa",
}
"""The ability on a city's name plate, where the map has no room for the whole name: the
rulebook's name or its first word ("Keys" of City Keys, the Stadtschlüssel)."""
MARKER_LABELS = {
    "extra_office": "+Office",
    "swap_offices": "Swap",
    "actions_3": "+3 Act",
    "actions_4": "+4 Act",
    "upgrade_ability": "+Ability",
    "remove_3": "Remove 3",
}
MARKER_WORDS = {
    "extra_office": "extra office",
    "swap_offices": "swap offices",
    "actions_3": "3 extra actions",
    "actions_4": "4 extra actions",
    "upgrade_ability": "upgrade an ability",
    "remove_3": "remove 3 pieces",
}
DECISION_WORDS = {
    "setup_markers": "player {seat} is setting up",
    "action": "player {seat} chooses an action",
    "move_lift": "player {seat} lifts pieces to move",
    "move_place": "player {seat} places the moved pieces",
    "displaced_place": "player {seat} places displaced pieces",
    "establish_choice": "player {seat} chooses what to establish",
    "remove_pieces": "player {seat} removes pieces",
    "neutral_office": "player {seat} chooses the neutral office",
    "draw_bonus": "player {seat} draws a bonus marker",
    "place_bonus": "player {seat} places a bonus marker",
    "game_over": "game over",
}
"""Who decides what, in the status line (any other decision: "player {seat}")."""
ORDINALS = {1: "{n}st", 2: "{n}nd", 3: "{n}rd"}
"""Places in the East-West race (any other: "{n}th")."""

SCALE = 1.1
"""The board data's coordinates (a 1000 by 680 map) are spread this much wider on the drawing,
so that the pieces, drawn at their own size, have room between them."""
WIDTH = 1100
MAP_TOP = 64
MAP_HEIGHT = 760
OFFICE = 30
OFFICE_GAP = 4
POST_R = 11
HIT = 13
"""Half the side of a post's clickable square: no two posts' squares overlap."""
SPACING = 2 * HIT + 1
MARKER_HW, MARKER_HH = 36.0, 12.0
"""Half sizes of a bonus marker's place beside its route: also the route's clickable box."""
BEND_STEP = 10.0
PIECE = 20
MAP_FILL = "#efe7d2"
ROUTE_INK = "#8b6f47"


# -- small drawing helpers ---------------------------------------------------------------------


def _seat_style(seat: Any) -> tuple[str, str, str]:
    """Fill, letter colour and letter of a seat (an int, or "neutral")."""
    if isinstance(seat, int) and 0 <= seat < len(SEAT_COLOURS):
        return SEAT_COLOURS[seat], SEAT_INK[seat], SEAT_LETTERS[seat]
    return NEUTRAL_COLOUR, "#000000", "N"


def _piece(x: float, y: float, seat: Any, kind: str, size: float = PIECE) -> str:
    """A trader (square) or merchant (circle) in the seat's colour with its letter."""
    fill, ink, letter = _seat_style(seat)
    return _shape(x, y, size, kind == "merchant", fill=fill) + _text(
        x, y + 0.5, letter, round(size * 0.68), weight="bold", fill=ink
    )


def _ghost(x: float, y: float, seat: Any, merchant: bool, size: float = PIECE) -> str:
    """A dashed, pale piece: where a piece would go."""
    fill, _, letter = _seat_style(seat)
    shape = _shape(x, y, size, merchant, fill=fill, fill_opacity=0.35, stroke_dasharray="3 2")
    return shape + _text(x, y + 0.5, letter, round(size * 0.6), weight="bold", fill="#111111")


def _shape(x: float, y: float, size: float, merchant: bool, **style: object) -> str:
    """A piece's outline: a merchant's circle or a trader's square, edged in black."""
    h = size / 2
    if merchant:
        return _el(
            "circle", cx=_f(x), cy=_f(y), r=_f(h + 1), stroke="#111111", stroke_width=1.5, **style
        )
    return _el(
        "rect",
        x=_f(x - h),
        y=_f(y - h),
        width=_f(size),
        height=_f(size),
        rx=2,
        stroke="#111111",
        stroke_width=1.5,
        **style,
    )


def _halo(x: float, y: float, r: float, round_: bool) -> str:
    """The highlight of a ghost piece, of the piece's shape."""
    if round_:
        return ring_circle(x, y, r)
    return ring_rect(x - r, y - r, 2 * r, 2 * r)


def _text_width(text: str, size: float) -> float:
    return len(text) * size * 0.62


# -- static geometry of a board side -----------------------------------------------------------


class Box(NamedTuple):
    """A rectangle by its centre and half sizes."""

    x: float
    y: float
    hw: float
    hh: float


class RouteShape(NamedTuple):
    """How a route is drawn: its course (an SVG path from city centre to city centre), its posts
    (index 0 nearest the route's first city), beside each post the place of a merchant to place
    when a trader may be placed on the post too, and where its bonus marker (and the route's
    target) and its tavern go."""

    path: str
    posts: tuple[tuple[float, float], ...]
    merchants: tuple[tuple[float, float], ...]
    marker: tuple[float, float]
    tavern: tuple[float, float]


class Geometry(NamedTuple):
    """Where a board side is drawn: city boxes (office rows), routes, Coellen spaces."""

    boxes: tuple[Box, ...]
    routes: tuple[RouteShape, ...]
    coellen: tuple[tuple[float, float], ...]


def _clearance(boxes: list[Box], px: float, py: float) -> float:
    """The distance from a point to the nearest of `boxes`."""
    best = math.inf
    for x, y, hw, hh in boxes:
        dx = abs(px - x) - hw
        dy = abs(py - y) - hh
        if dx < best and dy < best:
            d = math.hypot(dx, dy) if dx > 0 and dy > 0 else max(dx, dy, 0.0)
            best = min(best, d)
    return best


def _apart(p: Point, q: Point) -> float:
    """How far apart two points are along the farther axis: two squares of side d centred on
    them overlap when this is below d (so do the clickable boxes of two posts)."""
    return max(abs(p[0] - q[0]), abs(p[1] - q[1]))


def _box_gap(a: Box, b: Box) -> float:
    dx = abs(a.x - b.x) - a.hw - b.hw
    dy = abs(a.y - b.y) - a.hh - b.hh
    return max(dx, dy) if dx < 0 or dy < 0 else math.hypot(dx, dy)


def _office_row_width(n: int) -> float:
    return n * OFFICE + (n - 1) * OFFICE_GAP


def _on_map(xy: tuple[int, int]) -> Point:
    """A point of the board data on the drawing."""
    return xy[0] * SCALE, MAP_TOP + xy[1] * SCALE


def _city_box(board: Board, city: int, xy: tuple[int, int]) -> Box:
    x, y = _on_map(xy)
    return Box(x, y, _office_row_width(board.office_count[city]) / 2 + 5, 20)


Point = tuple[float, float]
SAMPLES = 160
_WEIGHTS = tuple(
    ((1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t**3)
    for t in (i / SAMPLES for i in range(SAMPLES + 1))
)
"""Bernstein weights of the cubic at the sample points of a course."""


def _bezier(a: Point, c1: Point, c2: Point, b: Point, t: float) -> Point:
    u = 1 - t
    return (
        u * u * u * a[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * b[0],
        u * u * u * a[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * b[1],
    )


def _controls(a: Box, b: Box, bend: float, spread: float) -> tuple[Point, Point]:
    """Cubic control points bulging `bend` units sideways; `spread` 0 is a U, 1/3 an arc."""
    dx, dy = b.x - a.x, b.y - a.y
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * bend * 4 / 3, dx / length * bend * 4 / 3
    return (
        (a.x + dx * spread + nx, a.y + dy * spread + ny),
        (b.x - dx * spread + nx, b.y - dy * spread + ny),
    )


def _route_candidate(
    a: Box, b: Box, around: tuple[Box, Box], controls: tuple[Point, Point], posts: int
) -> tuple[tuple[Point, ...], float, list[Point]]:
    """Posts spaced evenly along the part of the curve outside both cities (`around`: their
    boxes with the name plates), that part's length, and samples of the whole curve."""
    c1, c2 = controls
    xs = (a.x, c1[0], c2[0], b.x)
    ys = (a.y, c1[1], c2[1], b.y)
    samples = [
        (
            w0 * xs[0] + w1 * xs[1] + w2 * xs[2] + w3 * xs[3],
            w0 * ys[0] + w1 * ys[1] + w2 * ys[2] + w3 * ys[3],
        )
        for w0, w1, w2, w3 in _WEIGHTS
    ]
    (ax, ay, ahw, ahh), (bx, by, bhw, bhh) = around
    ahw, ahh, bhw, bhh = ahw + 3, ahh + 3, bhw + 3, bhh + 3
    outside = [
        p
        for p in samples
        if (abs(p[0] - ax) > ahw or abs(p[1] - ay) > ahh)
        and (abs(p[0] - bx) > bhw or abs(p[1] - by) > bhh)
    ]
    if len(outside) < 2:
        return (), 0.0, samples
    lengths = [0.0]
    for p, q in pairwise(outside):
        lengths.append(lengths[-1] + math.hypot(q[0] - p[0], q[1] - p[1]))
    total = lengths[-1]
    found = []
    j = 0
    for i in range(posts):
        want = total * (i + 1) / (posts + 1)
        while j < len(lengths) - 1 and lengths[j + 1] < want:
            j += 1
        found.append(outside[j])
    return tuple(found), total, samples


def _label_width(board: Board, city: int, name: str) -> float:
    return _text_width(_city_label(board, city, name), 13) + 10


def _city_label(board: Board, city: int, name: str, tr: Translate = same) -> str:
    """A city's name plate: its name, and the ability its routes upgrade (an English plate
    for the geometry, which is the same in every language)."""
    ability = board.city_ability[city]
    return name + ("  " + tr(PLATE_LABELS[ABILITIES[ability]]) if ability >= 0 else "")


def _outside_map(x: float, y: float) -> float:
    """How far a point lies outside the map area (0 inside, with a margin)."""
    dx = max(16 - x, x - (WIDTH - 16), 0.0)
    dy = max(MAP_TOP + 16 - y, y - (MAP_TOP + MAP_HEIGHT - 16), 0.0)
    return max(dx, dy)


def _beside(
    course: tuple[Point, Point, Point, Point],
    hw: float,
    hh: float,
    posts: list[Box],
    taken: list[Box],
) -> Point:
    """Where a box of half sizes hw, hh goes beside a route: near its middle, clear of the posts'
    clickable squares and of what is `taken`, covering the least."""
    best_spot, best_clear = (0.0, 0.0), -math.inf
    for t in (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9):
        x, y = _bezier(*course, t)
        ta, tb = _bezier(*course, t - 0.05), _bezier(*course, t + 0.05)
        d = math.hypot(tb[0] - ta[0], tb[1] - ta[1]) or 1.0
        nx, ny = -(tb[1] - ta[1]) / d, (tb[0] - ta[0]) / d
        for extra in (0, 8, 16, 24, 32):
            for sign in (1, -1):
                off = abs(nx) * hw + abs(ny) * hh + HIT + 2 + extra
                box = Box(x + sign * nx * off, y + sign * ny * off, hw, hh)
                clear = min(
                    min(_box_gap(box, post) for post in posts) - 1,
                    min(_box_gap(box, other) for other in taken),
                )
                corners = [(box.x + sx * hw, box.y + sy * hh) for sx in (-1, 1) for sy in (-1, 1)]
                outside = max(0.0, max(_outside_map(*c) for c in corners) - 12)
                clear -= 20 * (_outside_map(box.x, box.y) + outside) + extra * 0.1
                if clear > best_clear + 0.5:
                    best_spot, best_clear = (box.x, box.y), clear
    return best_spot


def _merchant_spot(
    posts: tuple[Point, ...],
    i: int,
    placed: list[Point],
    merchants: list[Point],
    markers: list[Box],
    taken: list[Box],
) -> Point:
    """Beside post i of a route, a place for a merchant whose clickable square is clear of every
    post's, of the other routes' merchants and bonus markers (all can be targets at once), and
    as far as may be of the cities."""
    x, y = posts[i]
    a = posts[i - 1] if i > 0 else posts[i]
    b = posts[i + 1] if i + 1 < len(posts) else posts[i]
    if a == b:  # a route of one post: across the line to the nearest city would do as well
        a, b = (x - 1, y), (x + 1, y)
    d = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    nx, ny = -(b[1] - a[1]) / d, (b[0] - a[0]) / d
    directions = [(nx, ny), (-nx, -ny)] + [
        (math.cos(k * math.pi / 8), math.sin(k * math.pi / 8)) for k in range(16)
    ]
    near = 3 * SPACING  # only what is this near can be in the way
    placed = [q for q in placed if _apart(q, (x, y)) < near]
    merchants = [q for q in merchants if _apart(q, (x, y)) < near]
    markers = [m for m in markers if _apart((m.x, m.y), (x, y)) < near + m.hw]
    taken = [o for o in taken if _apart((o.x, o.y), (x, y)) < near + max(o.hw, o.hh)]
    best, best_key = (x + nx * SPACING, y + ny * SPACING), (-math.inf, -math.inf)
    for ux, uy in directions:
        reach = SPACING / max(abs(ux), abs(uy))
        for extra in (0.0, 4.0, 8.0, 12.0, 16.0):
            spot = (x + ux * (reach + extra), y + uy * (reach + extra))
            hard = min(
                min(_apart(spot, q) for q in placed) - SPACING,
                min((_apart(spot, q) for q in merchants), default=math.inf) - SPACING,
                min((_box_gap(Box(*spot, HIT, HIT), m) for m in markers), default=math.inf) - 1,
            )
            soft = min((_box_gap(Box(*spot, HIT - 4, HIT - 4), o) for o in taken), default=99.0)
            soft -= 20 * _outside_map(*spot) + extra
            key = (min(hard, 0.0), soft)
            if key > best_key:
                best, best_key = spot, key
    return best


@lru_cache(maxsize=4)
def _geometry(side: str) -> Geometry:
    """Where every city box, route and post of a side is drawn (computed once per side).

    Routes are straight where their posts fit and nothing is in the way; otherwise they bend
    sideways (an arc or a U) as little as keeps the posts apart and clear of other cities. The
    most crowded routes choose first; bonus markers and taverns then go beside their routes
    where they cover the least."""
    board = board_for(side)
    cities = data.BOARD_45_CITIES if side == "4-5" else data.BOARD_23_CITIES
    boxes = tuple(_city_box(board, c, cities[c].xy) for c in range(board.n_cities))
    # obstacles: each city box with its name plate above, and the Coellen spaces
    obstacles = []
    for c, box in enumerate(boxes):
        hw = max(box.hw, _label_width(board, c, cities[c].name) / 2)
        obstacles.append(Box(box.x, box.y - 10, hw, box.hh + 10))
    coellen = tuple(_on_map(xy) for xy in board.coellen_xy)
    cxs = [x for x, _ in coellen]
    cys = [y for _, y in coellen]
    coellen_box = Box(
        (min(cxs) + max(cxs)) / 2, (min(cys) + max(cys)) / 2, (max(cxs) - min(cxs)) / 2 + 20, 20
    )
    placed: list[Point] = []
    courses: dict[int, tuple[Point, Point, Point, Point, tuple[Point, ...]]] = {}

    def tightness(r: int) -> float:
        a, b = boxes[board.route_a[r]], boxes[board.route_b[r]]
        return (math.hypot(b.x - a.x, b.y - a.y) - a.hw - b.hw) / (board.route_posts[r] + 1)

    for r in sorted(range(board.n_routes), key=tightness):
        ends = (board.route_a[r], board.route_b[r])
        a, b = boxes[ends[0]], boxes[ends[1]]
        around = (obstacles[ends[0]], obstacles[ends[1]])
        k = board.route_posts[r]
        # only what lies within reach of the most bent course can be in the way
        reach = 13 * BEND_STEP + 40
        x0, x1 = min(a.x, b.x) - reach, max(a.x, b.x) + reach
        y0, y1 = min(a.y, b.y) - reach, max(a.y, b.y) + reach
        others = [
            box
            for i, box in enumerate([*obstacles, coellen_box])
            if i not in ends and x0 < box.x < x1 and y0 < box.y < y1
        ]
        near = [q for q in placed if x0 < q[0] < x1 and y0 < q[1] < y1]
        best_score = -math.inf
        best: tuple[tuple[Point, Point], tuple[Point, ...]] | None = None
        for step in range(14):
            for bend, spread in (
                [(0.0, 1 / 3)]
                if step == 0
                else [
                    (sign * step * BEND_STEP, spread) for spread in (1 / 3, 0.0) for sign in (1, -1)
                ]
            ):
                controls = _controls(a, b, bend, spread)
                posts, free, samples = _route_candidate(a, b, around, controls, k)
                if len(posts) < k:
                    continue
                penalty = 10 * max(_outside_map(*p) for p in samples[::6]) + step * 0.3
                score = free / (k + 1) - SPACING - penalty
                if score <= best_score:
                    continue
                for p, q in pairwise(posts):
                    score = min(score, _apart(p, q) - SPACING - penalty)
                for p in posts:
                    for q in near:
                        score = min(score, _apart(p, q) - SPACING - penalty)
                    score = min(score, _clearance(others, *p) - 5 - penalty)
                if score <= best_score:
                    continue
                for px, py in samples[::8]:
                    score = min(score, _clearance(others, px, py) - 3 - penalty)
                if score > best_score:
                    best_score, best = score, (controls, posts)
            if best_score >= 0:
                break
        assert best is not None
        (c1, c2), posts = best
        placed.extend(posts)
        courses[r] = ((a.x, a.y), c1, c2, (b.x, b.y), posts)
    # bonus markers (a route's target) and taverns beside their routes, clear of the posts
    post_boxes = [Box(x, y, HIT, HIT) for x, y in placed]
    taken: list[Box] = [*obstacles, coellen_box]
    spots: dict[int, tuple[Point, Point]] = {}
    for r in range(board.n_routes):
        p0, c1, c2, p1, _ = courses[r]
        marker = _beside((p0, c1, c2, p1), MARKER_HW, MARKER_HH, post_boxes, taken)
        taken.append(Box(*marker, MARKER_HW, MARKER_HH))
        tavern = _beside((p0, c1, c2, p1), 10, 10, post_boxes, taken)
        if board.route_tavern[r]:
            taken.append(Box(*tavern, 10, 10))
        spots[r] = (marker, tavern)
    # where a merchant goes beside a post when a trader and a merchant may both be placed there
    markers = [Box(*spots[r][0], MARKER_HW, MARKER_HH) for r in range(board.n_routes)]
    merchants: dict[int, list[Point]] = {r: [] for r in range(board.n_routes)}
    for r in range(board.n_routes):
        rivals = [q for o in range(board.n_routes) if o != r for q in merchants[o]]
        tags = [m for o, m in enumerate(markers) if o != r]
        for i in range(len(courses[r][4])):
            merchants[r].append(_merchant_spot(courses[r][4], i, placed, rivals, tags, taken))
    shapes: dict[int, RouteShape] = {}
    for r in range(board.n_routes):
        p0, c1, c2, p1, posts = courses[r]
        path = (
            f"M{_f(p0[0])} {_f(p0[1])} C{_f(c1[0])} {_f(c1[1])} {_f(c2[0])} {_f(c2[1])} "
            f"{_f(p1[0])} {_f(p1[1])}"
        )
        shapes[r] = RouteShape(path, posts, tuple(merchants[r]), *spots[r])
    return Geometry(boxes, tuple(shapes[r] for r in range(board.n_routes)), coellen)


# -- the targets -------------------------------------------------------------------------------


def _owned_last(route: dict[str, Any], seat: int, kind: str) -> int:
    """The last post of `route` holding `seat`'s `kind` (the piece `move` lifts), or -1."""
    for i in range(len(route["posts"]) - 1, -1, -1):
        piece = route["posts"][i]
        if piece is not None and piece["seat"] == seat and piece["piece"] == kind:
            return i
    return -1


def _first_free(items: list[Any]) -> int:
    for i, item in enumerate(items):
        if item is None:
            return i
    return -1


def _element(view: dict[str, Any], action: object) -> tuple[Any, ...] | None:
    """The one board element an action names, or None."""
    routes = view["routes"]
    match action:
        case (
            A.Place(route, merchant)
            | A.MovePlace(route, merchant)
            | A.DisplacedPlace(route, merchant)
        ):
            if _first_free(routes[route]["posts"]) < 0:
                return None
            return ("ghost", route, merchant)
        case A.Displace(route, post, _, _) | A.RemovePiece(route, post):
            return ("post", route, post)
        case A.Move(route, merchant):
            post = _owned_last(routes[route], view["turn_owner"], ("trader", "merchant")[merchant])
            return None if post < 0 else ("post", route, post)
        case A.Establish(route) | A.PlaceBonus(route):
            return ("route", route)
        case A.EstablishOffice(city) | A.NeutralOffice(city):
            if _first_free(view["cities"][city]["offices"]) < 0:
                return None
            return ("office", city)
        case A.EstablishExtraOffice(city, merchant):
            return ("extra", city, merchant)
        case A.EstablishUpgrade(ability):
            return ("ability", ability)
        case A.UseBonus(_, ability, _, _) if ability >= 0:
            return ("ability", ability)
        case A.EstablishCoellen(space):
            return ("coellen", space)
    return None


def _targets(
    board: Board, view: dict[str, Any], legal: Sequence[str]
) -> dict[tuple[Any, ...], tuple[str, object]]:
    """Board element -> (notation, action) for the legal actions naming exactly one element,
    each element named by exactly one of them."""
    by_element: dict[tuple[Any, ...], list[tuple[str, object]]] = {}
    for text in dict.fromkeys(legal):
        try:
            action = A.action_from_str(board, text)
        except IllegalActionError:
            continue
        element = _element(view, action)
        if element is not None:
            by_element.setdefault(element, []).append((text, action))
    return {element: found[0] for element, found in by_element.items() if len(found) == 1}


# -- the static layer: what never changes on a side ------------------------------------------------


def _office_xy(board: Board, box: Box, city: int, office: int) -> Point:
    left = box.x - _office_row_width(board.office_count[city]) / 2 + OFFICE / 2
    return left + office * (OFFICE + OFFICE_GAP), box.y


def _route_line(shape: RouteShape) -> str:
    return (
        f'<path d="{shape.path}" fill="none" stroke="{ROUTE_INK}" stroke-width="5" '
        'stroke-linecap="round"/>'
    )


def _post(x: float, y: float) -> str:
    return (
        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{POST_R}" fill="#fffdf5" stroke="#5b4a32" '
        'stroke-width="2"/>'
    )


def _circle_d(x: float, y: float, r: float) -> str:
    """A circle as a subpath, so that many share one <path> element."""
    arc = f"a{_f(r)} {_f(r)} 0 1 0"
    return f"M{_f(x - r)} {_f(y)}{arc} {_f(2 * r)} 0{arc} {_f(-2 * r)} 0"


def _rect_d(x: float, y: float, w: float, h: float, r: float = 0.0) -> str:
    """A rectangle (corners rounded by r) as a subpath."""
    if not r:
        return f"M{_f(x)} {_f(y)}h{_f(w)}v{_f(h)}h{_f(-w)}z"
    arc = f"a{_f(r)} {_f(r)} 0 0 1"
    return (
        f"M{_f(x + r)} {_f(y)}h{_f(w - 2 * r)}{arc} {_f(r)} {_f(r)}v{_f(h - 2 * r)}"
        f"{arc} {_f(-r)} {_f(r)}h{_f(2 * r - w)}{arc} {_f(-r)} {_f(-r)}v{_f(2 * r - h)}"
        f"{arc} {_f(r)} {_f(-r)}z"
    )


def _path(d: list[str], style: str) -> str:
    return f'<path d="{"".join(d)}" {style}/>' if d else ""


@lru_cache(maxsize=16)
def _static_map(side: str, tr: Translate = same) -> tuple[str, str]:
    """The printed map of a side in two layers: the routes with their empty posts and taverns;
    the cities with their name plates and offices (privilege colour, shape, +1 coin) and the
    Coellen special spaces (drawn over the routes, which run from city centre to city centre).

    Shapes of one style share a <path> element: the page and the tests parse it after every move.
    """
    board = board_for(side)
    geo = _geometry(side)
    cities = data.BOARD_45_CITIES if side == "4-5" else data.BOARD_23_CITIES
    texts: list[str] = []
    posts: list[str] = []
    taverns: list[str] = []
    boxes: list[str] = []
    plates: dict[str, list[str]] = {"#b2182b": [], "#f6d04d": [], "#fffaf0": []}
    offices: dict[int, list[str]] = {1: [], 2: [], 3: [], 4: []}
    coins: list[str] = []
    for r, shape in enumerate(geo.routes):
        posts.extend(_circle_d(x, y, POST_R) for x, y in shape.posts)
        if board.route_tavern[r]:
            tx, ty = shape.tavern
            taverns.append(_rect_d(tx - 9, ty - 9, 18, 18, 4))
            texts.append(_text(tx, ty + 0.5, "T", 12, weight="bold", fill="#ffffff"))
    xs = [x for x, _ in geo.coellen]
    ys = [y for _, y in geo.coellen]
    coellen_frame = _rect_d(
        min(xs) - 20, min(ys) - 20, max(xs) - min(xs) + 40, max(ys) - min(ys) + 40, 8
    )
    for (x, y), points, privilege in zip(
        geo.coellen, COELLEN_POINTS, COELLEN_PRIVILEGE, strict=True
    ):
        offices[privilege].append(_circle_d(x, y, 15))
        texts.append(
            _text(x, y + 0.5, str(points), 13, weight="bold", fill=PRIVILEGE_INK[privilege])
        )
    for c, box in enumerate(geo.boxes):
        boxes.append(_rect_d(box.x - box.hw, box.y - box.hh, 2 * box.hw, 2 * box.hh, 6))
        # the name plate: red for the East-West cities, yellow where the banner is yellow
        name = cities[c].name
        label = _city_label(board, c, name, tr)
        w = _text_width(label, 13) + 10
        ly = box.y - box.hh - 10
        if name in EAST_WEST:
            plate, ink = "#b2182b", "#ffffff"
        elif board.city_yellow[c]:
            plate, ink = "#f6d04d", INK
        else:
            plate, ink = "#fffaf0", INK
        plates[plate].append(_rect_d(box.x - w / 2, ly - 9, w, 18, 4))
        texts.append(_text(box.x, ly + 0.5, label, 13, weight="bold", fill=ink))
        for i in range(board.office_count[c]):
            x, y = _office_xy(board, box, c, i)
            privilege = board.office_priv[c][i]
            h = OFFICE / 2
            if board.office_round[c][i]:
                offices[privilege].append(_circle_d(x, y, h))
            else:
                offices[privilege].append(_rect_d(x - h, y - h, OFFICE, OFFICE, 3))
            texts.append(_text(x, y + 0.5, str(privilege), 12, fill=PRIVILEGE_INK[privilege]))
            if board.office_coin[c][i]:
                coins.append(_circle_d(x + 11, y - 13, 7))
                texts.append(_text(x + 11, y - 12.5, "+1", 7.5, weight="bold"))
    lines = "".join(shape.path for shape in geo.routes)
    routes = "".join(
        [
            f'<rect x="0" y="{MAP_TOP}" width="{WIDTH}" height="{MAP_HEIGHT}" rx="10" '
            f'fill="{MAP_FILL}" stroke="#b8a887"/>',
            f'<path d="{lines}" fill="none" stroke="{ROUTE_INK}" stroke-width="5" '
            'stroke-linecap="round"/>',
            _path(posts, 'fill="#fffdf5" stroke="#5b4a32" stroke-width="2"'),
            _path(taverns, 'fill="#7b4a1e"'),
        ]
    )
    return routes, "".join(
        [
            _path([coellen_frame], 'fill="#e9dfc6" stroke="#3b3024" stroke-width="1.5"'),
            _path(boxes, 'fill="#f7f2e4" stroke="#3b3024" stroke-width="1.5"'),
            *(
                _path(d, f'fill="{fill}" stroke="#3b3024" stroke-width="1"')
                for fill, d in plates.items()
            ),
            *(
                _path(d, f'fill="{PRIVILEGE_FILL[p]}" stroke="#3b3024" stroke-width="2"')
                for p, d in offices.items()
            ),
            _path(coins, 'fill="#e8b923" stroke="#6b4f00" stroke-width="1"'),
            *texts,
        ]
    )


# -- the pieces and the targets on the map -------------------------------------------------------


def _piece_words(piece: dict[str, Any] | None, tr: Translate) -> str:
    if piece is None:
        return tr("empty")
    seat = piece["seat"]
    if isinstance(seat, int) and 0 <= seat < len(SEAT_LETTERS):
        return tr("{piece} of player {seat}").format(
            piece=tr(piece["piece"]), seat=SEAT_LETTERS[seat]
        )
    return tr("neutral {piece}").format(piece=tr(piece["piece"]))


def _route_name(view: dict[str, Any], route: int) -> str:
    a, b = view["routes"][route]["cities"]
    return f"{a}–{b}"


def _ghost_label(view: dict[str, Any], action: object, kind: str, name: str, tr: Translate) -> str:
    if isinstance(action, A.MovePlace):
        words = "Put the moved {piece} on {route}"
    elif isinstance(action, A.DisplacedPlace):
        disp = view["pending"]["displacement"]
        neutral = disp is not None and disp["owner"] == "neutral"
        if disp is not None and not disp["hand"][kind + "s"]:
            words = (
                "Place an extra neutral {piece} on {route}"
                if neutral
                else "Place an extra {piece} on {route}"
            )
        else:
            words = (
                "Put the displaced neutral {piece} on {route}"
                if neutral
                else "Put the displaced {piece} on {route}"
            )
    else:
        words = "Place {piece} on {route}"
    return tr(words).format(piece=tr(kind), route=name)


def _draw_route_targets(
    view: dict[str, Any],
    geo: Geometry,
    targets: dict[tuple[Any, ...], tuple[str, object]],
    out: list[str],
    top: Targets,
    tr: Translate,
) -> None:
    """The routes to establish or to mark with a bonus marker, lit up under their posts and the
    cities; the target is the bonus marker's place beside the route (clear of every post), over
    everything. The route being established (its choice pending) is lit up, without a target."""
    pending = view["pending"]["establish_route"]
    if isinstance(pending, int) and 0 <= pending < len(geo.routes):
        shape = geo.routes[pending]
        out.append(
            f'<path d="{shape.path}" fill="none" stroke="{HIGHLIGHT}" stroke-width="16" '
            f'stroke-linecap="round" stroke-dasharray="10 6"/>{_route_line(shape)}'
        )
        out.extend(_post(x, y) for x, y in shape.posts)
    for r, shape in enumerate(geo.routes):
        if ("route", r) not in targets:
            continue
        name = _route_name(view, r)
        text, action = targets[("route", r)]
        out.append(
            f'<path d="{shape.path}" fill="none" stroke="{HIGHLIGHT}" stroke-width="16" '
            f'stroke-linecap="round"/>{_route_line(shape)}'
        )
        out.extend(_post(x, y) for x, y in shape.posts)
        if isinstance(action, A.PlaceBonus):
            kind = view["marker_to_place"]
            marker = tr(MARKER_WORDS[kind]) if kind in MARKER_WORDS else kind
            label = tr("Put the bonus marker {marker} beside {route}").format(
                marker=marker, route=name
            )
        else:
            label = tr("Establish the route {route}").format(route=name)
        mx, my = shape.marker
        body = ring_rect(mx - MARKER_HW, my - MARKER_HH, 2 * MARKER_HW, 2 * MARKER_HH)
        if isinstance(action, A.PlaceBonus):  # the marker to place, pale where it would go
            body += _marker_tag(mx, my, _marker_label(kind, tr), ghost=True)
        elif not view["routes"][r]["bonus"]:
            body += _marker_tag(mx, my, tr("Establish"), ghost=True)
        hit = (mx - MARKER_HW, my - MARKER_HH, 2 * MARKER_HW, 2 * MARKER_HH)
        top.add(text, label, body, hit)


def _square(x: float, y: float, half: float) -> tuple[float, float, float, float]:
    """The clickable box of a target centred on (x, y)."""
    return x - half, y - half, 2 * half, 2 * half


def _marker_label(kind: str, tr: Translate) -> str:
    """A bonus marker's short label (its tag)."""
    return tr(MARKER_LABELS[kind]) if kind in MARKER_LABELS else kind


def _marker_tag(x: float, y: float, label: str, ghost: bool = False) -> str:
    """A bonus marker beside its route (pale and dashed: one about to be placed there)."""
    w = _text_width(label, 11) + 8
    tag = _rect(x - w / 2, y - 9, w, 18, rx=9, fill="#2f2a24", stroke="#f0c040", stroke_width=1.5)
    if ghost:
        tag = _rect(
            x - w / 2,
            y - 9,
            w,
            18,
            rx=9,
            fill="#2f2a24",
            fill_opacity=0.45,
            stroke="#f0c040",
            stroke_width=1.5,
            stroke_dasharray="3 2",
        )
    return tag + _text(x, y + 0.5, label, 11, weight="bold", fill="#ffffff")


def _draw_routes(
    view: dict[str, Any],
    geo: Geometry,
    targets: dict[tuple[Any, ...], tuple[str, object]],
    out: list[str],
    top: Targets,
    tr: Translate,
) -> None:
    viewer = view["seat"]
    for r, shape in enumerate(geo.routes):
        route = view["routes"][r]
        name = _route_name(view, r)
        if route["bonus"]:
            out.append(_marker_tag(*shape.marker, _marker_label(route["bonus"], tr)))
        posts = route["posts"]
        for i, piece in enumerate(posts):
            x, y = shape.posts[i]
            if piece is not None:
                out.append(_piece(x, y, piece["seat"], piece["piece"]))
            if ("post", r, i) in targets:
                text, action = targets[("post", r, i)]
                if isinstance(action, A.Move):
                    kind = piece["piece"] if piece is not None else "piece"
                    label = tr("Move your {piece} from {route}").format(piece=tr(kind), route=name)
                elif isinstance(action, A.RemovePiece):
                    label = tr("Remove the {piece} from {route}, post {post}").format(
                        piece=_piece_words(piece, tr), route=name, post=i + 1
                    )
                else:
                    label = tr("Displace the {piece} on {route}, post {post}").format(
                        piece=_piece_words(piece, tr), route=name, post=i + 1
                    )
                top.add(text, label, ring_circle(x, y, POST_R + 5), _square(x, y, HIT))
        free = _first_free(posts)
        ghosts = [m for m in (0, 1) if ("ghost", r, m) in targets]
        for merchant in ghosts:
            text, action = targets[("ghost", r, merchant)]
            x, y = shape.posts[free]
            if len(ghosts) == 2 and merchant:  # the merchant beside the post, the trader on it
                x, y = shape.merchants[free]
            kind = ("trader", "merchant")[merchant]
            owner = viewer
            disp = view["pending"]["displacement"]
            if isinstance(action, A.DisplacedPlace) and disp is not None:
                owner = disp["owner"]  # a displaced neutral trader is placed by the other player
            body = _halo(x, y, POST_R + 4, bool(merchant)) + _ghost(x, y, owner, bool(merchant))
            top.add(text, _ghost_label(view, action, kind, name, tr), body, _square(x, y, HIT))


def _draw_cities(
    view: dict[str, Any],
    geo: Geometry,
    board: Board,
    targets: dict[tuple[Any, ...], tuple[str, object]],
    out: list[str],
    top: Targets,
    tr: Translate,
) -> None:
    viewer = view["seat"]
    for c, box in enumerate(geo.boxes):
        city = view["cities"][c]
        name = city["name"]
        if city["full"]:  # a heavy frame and a tick in a dark disc
            fx, fy = box.x + box.hw - 2, box.y - box.hh + 2
            out.append(
                f'<rect x="{_f(box.x - box.hw)}" y="{_f(box.y - box.hh)}" '
                f'width="{_f(2 * box.hw)}" height="{_f(2 * box.hh)}" rx="6" fill="none" '
                'stroke="#3b3024" stroke-width="4"/>'
                f'<circle cx="{_f(fx)}" cy="{_f(fy)}" r="8" fill="#222222"/>'
                f'<path d="M{_f(fx - 4)} {_f(fy)} l3 3 l5 -6" fill="none" stroke="#ffffff" '
                'stroke-width="2"/>'
            )
        for i, piece in enumerate(city["offices"]):
            if piece is not None:
                x, y = _office_xy(board, box, c, i)
                out.append(_piece(x, y, piece["seat"], piece["piece"], 21))
        if ("office", c) in targets:
            i = _first_free(city["offices"])
            x, y = _office_xy(board, box, c, i)
            text, action = targets[("office", c)]
            words = (
                "Put the neutral trader in {city}, office {office} ({colour}, {shape})"
                if isinstance(action, A.NeutralOffice)
                else "Put your piece in {city}, office {office} ({colour}, {shape})"
            )
            shape = "merchant" if board.office_round[c][i] else "trader"
            label = tr(words).format(
                city=name,
                office=i + 1,
                colour=tr(PRIVILEGE_NAMES[board.office_priv[c][i]]),
                shape=tr(shape),
            )
            top.add(text, label, ring_circle(x, y, OFFICE / 2 + 6), _square(x, y, OFFICE / 2 + 2))
        # extra offices (zusätzliche Niederlassung) in a row under the city, first placed first
        extras = city["extra_offices"]
        ghosts = [m for m in (0, 1) if ("extra", c, m) in targets]
        ey = box.y + box.hh + 16
        x = box.x - (len(extras) + len(ghosts) - 1) * 15
        for piece in extras:
            out.append(
                f'<rect x="{_f(x - 13)}" y="{_f(ey - 13)}" width="26" height="26" rx="3" '
                'fill="#d8d0bd" stroke="#3b3024" stroke-width="1.5" stroke-dasharray="3 2"/>'
                + _piece(x, ey, piece["seat"], piece["piece"], 20)
            )
            x += 30
        for merchant in ghosts:
            text, _ = targets[("extra", c, merchant)]
            kind = ("trader", "merchant")[merchant]
            body = _halo(x, ey, 14, bool(merchant)) + _ghost(x, ey, viewer, bool(merchant))
            label = tr("Put your {piece} in an extra office of {city}").format(
                piece=tr(kind), city=name
            )
            top.add(text, label, body, _square(x, ey, HIT))
            x += 30


def _draw_coellen(
    view: dict[str, Any],
    geo: Geometry,
    targets: dict[tuple[Any, ...], tuple[str, object]],
    out: list[str],
    top: Targets,
    tr: Translate,
) -> None:
    for i, (x, y) in enumerate(geo.coellen):
        space = view["coellen"][i]
        if space["piece"] is not None:
            out.append(_piece(x, y, space["piece"]["seat"], "merchant", 20))
        if ("coellen", i) in targets:
            text, _ = targets[("coellen", i)]
            label = tr(
                "Put your merchant on the Coellen space worth {points} prestige ({colour})"
            ).format(points=space["points"], colour=tr(PRIVILEGE_NAMES[COELLEN_PRIVILEGE[i]]))
            top.add(text, label, ring_circle(x, y, 20), _square(x, y, 17))


# -- the status line and the players' boards ------------------------------------------------------


def _draw_header(view: dict[str, Any], out: list[str], tr: Translate) -> None:
    out.append(f'<rect x="0" y="0" width="{WIDTH}" height="{MAP_TOP - 4}" fill="#2f2a24"/>')
    out.append(
        _text(
            12,
            18,
            tr("Hansa Teutonica · board {board}").format(board=view["board"]),
            17,
            weight="bold",
            anchor="start",
            fill="#ffffff",
        )
    )
    decider = view["decider"]
    fill, ink, letter = _seat_style(view["turn_owner"])
    status = []
    if view["decision"] == "game_over":
        status.append(tr("Game over"))
    else:
        left = plural(view["actions_left"], "{left} action left", "{left} actions left")
        status.append(tr(left).format(left=view["actions_left"]))
        if isinstance(decider, int):
            who = DECISION_WORDS.get(view["decision"], "player {seat}")
            status.append(tr(who).format(seat=SEAT_LETTERS[decider]))
    pending = view["pending"]
    disp = pending["displacement"]
    if disp is not None:
        hand = disp["hand"]
        status.append(
            tr("displaced: {traders} trader, {merchants} merchant; {extras} extra").format(
                traders=hand["traders"], merchants=hand["merchants"], extras=disp["extras_left"]
            )
        )
    if pending["establish_route"] is not None:
        a, b = view["routes"][pending["establish_route"]]["cities"]
        status.append(tr("establishing {route}").format(route=f"{a}–{b}"))
    held = pending["move"]["held"]
    if held["traders"] or held["merchants"]:
        status.append(
            tr("moving: {traders} trader, {merchants} merchant").format(
                traders=held["traders"], merchants=held["merchants"]
            )
        )
    kind = view["marker_to_place"]
    if kind:
        marker = tr(MARKER_WORDS[kind]) if kind in MARKER_WORDS else kind
        status.append(tr("marker to place: {marker}").format(marker=marker))
    out.append(
        f'<rect x="12" y="33" width="22" height="22" rx="2" fill="{fill}" stroke="#ffffff"/>'
        + _text(23, 44.5, letter, 15, weight="bold", fill=ink)
        + _text(
            42,
            44,
            " · ".join([tr("Turn"), *status]),
            14,
            anchor="start",
            fill="#ffffff",
            fit=WIDTH - 54,
        )
    )
    x0 = 560  # the full-cities track and the marker pile at the right of the title line
    out.append(_text(x0, 18, tr("Full cities"), 13, anchor="end", fill="#ffffff"))
    for i in range(FULL_CITIES_TO_END):
        filled = i < view["full_cities"]
        out.append(
            f'<rect x="{x0 + 6 + i * 22}" y="8" width="19" height="20" rx="3" '
            f'fill="{"#f6d04d" if filled else "#4a423a"}" stroke="#ffffff" stroke-width="1"/>'
            + _text(x0 + 15.5 + i * 22, 18.5, str(i + 1), 11, fill=INK if filled else "#cccccc")
        )
    out.append(
        _text(
            WIDTH - 12,
            18,
            tr("Markers in pile: {count}").format(count=view["markers_left"]),
            13,
            anchor="end",
            fill="#ffffff",
        )
    )


def _ability_column(tr: Translate) -> float:
    """How far the tracks of the player board start right of their names: past the longest
    name in the reader's language."""
    longest = max(_text_width(tr(ABILITY_LABELS[name]), 13) for name in ABILITIES)
    return max(74.0, longest + 20)


def _ability_row(
    x: float, y: float, player: dict[str, Any], ability: int, seat: Any, tr: Translate
) -> str:
    """One track of the player board: the uncovered spaces with their values (the current one
    framed), then one block in the seat's colour for the spaces its pieces still cover."""
    name = ABILITIES[ability]
    values = TRACK_VALUES[ability]
    level = player["ability_levels"][name]
    parts = [_text(x, y, tr(ABILITY_LABELS[name]), 13, anchor="start")]
    bx = x + _ability_column(tr)
    for i in range(level + 1):
        value = values[i]
        shown = "C" if name == "bank" and value == 0 else str(value)
        fill, ink = "#ffffff", INK
        if name == "privilege":
            fill, ink = PRIVILEGE_FILL[value], PRIVILEGE_INK[value]
        current = i == level
        parts.append(
            f'<rect x="{_f(bx + i * 25 - 11)}" y="{_f(y - 11)}" width="22" height="22" rx="3" '
            f'fill="{fill}" stroke="#3b3024" stroke-width="{2.5 if current else 1}"/>'
            + _text(bx + i * 25, y + 0.5, shown, 13, weight="bold" if current else None, fill=ink)
        )
    covered = len(values) - 1 - level
    if covered:
        colour, ink, letter = _seat_style(seat)
        left = bx + (level + 1) * 25 - 11
        width = covered * 25 - 3
        rx = 10 if name == "book" else 2  # merchants cover the book, traders the others
        parts.append(
            f'<rect x="{_f(left)}" y="{_f(y - 9)}" width="{_f(width)}" height="18" rx="{rx}" '
            f'fill="{colour}" stroke="#111111"/>'
        )
        label = _covered_label(player, ability, letter)
        parts.append(_text(left + width / 2, y + 0.5, label, 11, weight="bold", fill=ink))
    return "".join(parts)


def _covered_label(player: dict[str, Any], ability: int, letter: str) -> str:
    """The words on the block of a track's covered spaces: the pieces' letter and the values they
    still cover ("A: 2 3 4"), or the letter alone where the block is too short for them."""
    name = ABILITIES[ability]
    values = TRACK_VALUES[ability]
    level = player["ability_levels"][name]
    hidden = " ".join("C" if name == "bank" and v == 0 else str(v) for v in values[level + 1 :])
    label = f"{letter}: {hidden}"
    if _text_width(label, 11) > (len(values) - 1 - level) * 25 - 5:
        return letter
    return label


def _bank_shows_c(player: dict[str, Any]) -> bool:
    """Whether a player's Bursa track shows its last value, C (uncovered or on the block)."""
    bank = ABILITIES.index("bank")
    if player["ability_levels"]["bank"] == len(TRACK_VALUES[bank]) - 1:
        return True
    return _covered_label(player, bank, "").endswith("C")


def _marker_tags(
    markers: list[dict[str, Any]], width: float, tr: Translate
) -> list[tuple[float, int, str]]:
    """Bonus marker tags in lines: (x offset, line, label) within a board `width` wide."""
    tags = []
    mx, line = 0.0, 0
    for m in markers:
        text = _marker_label(m["kind"], tr)
        w = _text_width(text, 11) + 8
        if mx + w > width and mx > 0:
            mx, line = 0.0, line + 1
        tags.append((mx, line, text))
        mx += w + 5
    return tags


def _ordinal(n: int, tr: Translate) -> str:
    return tr(ORDINALS.get(n, "{n}th")).format(n=n)


def _draw_players(
    view: dict[str, Any],
    targets: dict[tuple[Any, ...], tuple[str, object]],
    y0: float,
    out: list[str],
    top: Targets,
    tr: Translate,
    names: Sequence[str | None] | None = None,
) -> float:
    """The players' boards under the map, four to a row at most; returns the bottom edge."""
    players = view["players"]
    neutral = view["neutral"]
    count = len(players) + (1 if neutral else 0)
    columns = 3 if count > 4 else 2 if count == 4 else count  # room for the abilities' names
    gap = 10
    width = (WIDTH - gap * (columns + 1)) / columns
    tags = [_marker_tags(p["bonus_markers"], width - 24, tr) for p in players]
    lines = [1 + max((line for _, line, _ in t), default=-1) for t in tags]
    y = y0
    for first in range(0, count, columns):
        row = range(first, min(first + columns, count))
        height = 258 + 22 * max([lines[i] for i in row if i < len(lines)] + [0])
        for index in row:
            x = gap + (index - first) * (width + gap)
            if index < len(players):
                frame = (x, y, width, height)
                _draw_player(view, players[index], tags[index], frame, targets, out, top, tr, names)
            elif neutral is not None:
                _draw_neutral(neutral, x, y, width, out, tr)
        y += height + gap
    return y


def _board_frame(x: float, y: float, width: float, height: float, seat: Any, you: bool) -> str:
    colour = _seat_style(seat)[0]
    return (
        f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(width)}" height="{_f(height)}" rx="8" '
        f'fill="#fbf8f0" stroke="{colour}" stroke-width="{5 if you else 3}"/>'
        f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(width)}" height="30" rx="8" fill="{colour}"/>'
    )


def _draw_neutral(
    neutral: dict[str, Any], x: float, y: float, width: float, out: list[str], tr: Translate
) -> None:
    out.append(_board_frame(x, y, width, 104, "neutral", False))
    out.append(
        _text(
            x + 10, y + 15.5, tr("Neutral (N)"), 15, weight="bold", anchor="start", fill="#000000"
        )
    )
    out.append(
        _text(
            x + width - 10,
            y + 15.5,
            tr("Prestige {points}").format(points=neutral["prestige"]),
            15,
            weight="bold",
            anchor="end",
            fill="#000000",
        )
    )
    out.append(_piece(x + 20, y + 50, "neutral", "trader", 16))
    in_supply = plural(neutral["supply"], "{count} trader in supply", "{count} traders in supply")
    in_supply = tr(in_supply).format(count=neutral["supply"])
    out.append(_text(x + 34, y + 50, in_supply, 14, anchor="start", fit=width - 44))
    if neutral["east_west"]:
        out.append(
            _text(
                x + 12,
                y + 80,
                tr("East-West {place}").format(place=_ordinal(neutral["east_west"], tr)),
                13,
                weight="bold",
                anchor="start",
                fill="#b2182b",
            )
        )


def _draw_player(
    view: dict[str, Any],
    p: dict[str, Any],
    tags: list[tuple[float, int, str]],
    frame: tuple[float, float, float, float],
    targets: dict[tuple[Any, ...], tuple[str, object]],
    out: list[str],
    top: Targets,
    tr: Translate,
    names: Sequence[str | None] | None = None,
) -> None:
    x, y, width, height = frame
    seat = p["seat"]
    _, ink, letter = _seat_style(seat)
    you = view["seat"] == seat
    out.append(_board_frame(x, y, width, height, seat, you))
    scores = view["scores"]
    score = scores[seat] if isinstance(scores, list) and seat < len(scores) else p["prestige"]
    label = "Score {points}" if view["decision"] == "game_over" else "Prestige {points}"
    points = tr(label).format(points=score)
    name = seat_name(names, seat)
    if name is None:
        title = tr("You ({seat})" if you else "Player {seat}").format(seat=letter)
    else:  # the name in the bar, clear of the points at its right
        room = width - 20 - text_width(points, 15, bold=True) - 12
        title = name_label(tr, name, seat, you, 15, room)
    out.append(_text(x + 10, y + 15.5, title, 15, weight="bold", anchor="start", fill=ink))
    out.append(_text(x + width - 10, y + 15.5, points, 15, weight="bold", anchor="end", fill=ink))
    for j, (label, counts) in enumerate((("Supply", p["supply"]), ("Stock", p["stock"]))):
        line = y + 46 + j * 24
        out.append(
            _text(x + 12, line, tr(label), 13, anchor="start", fit=70)
            + _piece(x + 86, line, seat, "trader", 16)
            + _text(x + 98, line, str(counts["traders"]), 14, weight="bold", anchor="start")
            + _piece(x + 136, line, seat, "merchant", 16)
            + _text(x + 148, line, str(counts["merchants"]), 14, weight="bold", anchor="start")
        )
    if p["east_west"]:  # a red badge: the East-West connection, and in which place
        out.append(
            f'<rect x="{_f(x + width - 66)}" y="{_f(y + 37)}" width="56" height="18" rx="9" '
            'fill="#b2182b"/>'
            + _text(
                x + width - 38,
                y + 46.5,
                tr("E-W {place}").format(place=_ordinal(p["east_west"], tr)),
                11,
                weight="bold",
                fill="#ffffff",
            )
        )
    for a in range(len(ABILITIES)):
        ry = y + 100 + a * 27
        out.append(_ability_row(x + 12, ry, p, a, seat, tr))
        if ("ability", a) in targets and you:
            text, action = targets[("ability", a)]
            words = (
                "Upgrade your ability {ability} with the bonus marker"
                if isinstance(action, A.UseBonus)
                else "Upgrade your ability {ability}"
            )
            label = tr(words).format(ability=tr(ABILITY_LABELS[ABILITIES[a]]))
            box = (x + 6, ry - 13, width - 12, 26)
            top.add(text, label, ring_rect(*box), box)
    my = y + 100 + 5 * 27 - 2
    markers = p["bonus_markers"]
    heading = tr("Bonus markers" if markers else "Bonus markers: none")
    out.append(_text(x + 12, my, heading, 12, anchor="start"))
    for m, (mx, line, text) in zip(markers, tags, strict=True):
        w = _text_width(text, 11) + 8
        tx, ty = x + 12 + mx, my + 22 + 22 * line
        if m["used"]:  # turned over: pale and dashed
            fill, ink, dash = "#d9d4ca", "#555555", ' stroke-dasharray="3 2"'
        else:
            fill, ink, dash = "#2f2a24", "#ffffff", ""
        out.append(
            f'<rect x="{_f(tx)}" y="{_f(ty - 9)}" width="{_f(w)}" height="18" rx="9" '
            f'fill="{fill}" stroke="#f0c040" stroke-width="1.5"{dash}/>'
            + _text(tx + w / 2, ty + 0.5, text, 11, weight="bold", fill=ink)
        )


def _key(
    view: dict[str, Any],
    board: Board,
    targets: dict[tuple[Any, ...], tuple[str, object]],
    tr: Translate,
) -> list[list[tuple[str, str]]]:
    """The key's lines: what the board's symbols and short words mean, only those it draws."""
    the_map = []
    if any(board.route_tavern):
        the_map.append(("T", tr("route with a Taberna")))
    the_map.append(("1–4", tr("in an office: the Privilegium it needs")))
    if any(any(coins) for coins in board.office_coin):
        the_map.append(("+1", tr("the office brings 1 prestige")))
    if board.coellen_xy:
        points = f"{min(COELLEN_POINTS)}–{max(COELLEN_POINTS)}"
        the_map.append((points, tr("on Coellen: prestige points")))
    pieces = [("■", tr("trader")), ("●", tr("merchant"))]
    players = view["players"]
    # A block of covered spaces that has room for its values ("A: 2 3 4"), the first one drawn.
    blocks = [
        (label, letter)
        for p in players
        for a in range(len(ABILITIES))
        if p["ability_levels"][ABILITIES[a]] < len(TRACK_VALUES[a]) - 1
        for letter in [_seat_style(p["seat"])[2]]
        if (label := _covered_label(p, a, letter)) != letter
    ]
    if blocks:
        label, letter = blocks[0]
        covers = tr("values the pieces of player {seat} still cover").format(seat=letter)
        pieces.append((label, covers))
    if any(_bank_shows_c(p) for p in players):
        pieces.append(("C", tr("cuncti: all (Bursa)")))
    placed = [p["east_west"] for p in players if p["east_west"]]
    if placed:
        place = _ordinal(placed[0], tr)
        badge = tr("E-W {place}").format(place=place)
        pieces.append((badge, tr("{place} to connect East and West").format(place=place)))
    names = []
    for ability in sorted({a for a in board.city_ability if a >= 0}):
        name = ABILITIES[ability]
        plate, whole = tr(PLATE_LABELS[name]), tr(ABILITY_LABELS[name])
        if plate != whole:
            names.append(
                (plate, tr("{ability}, developed by a route to the city").format(ability=whole))
            )
    kinds = {route["bonus"] for route in view["routes"] if route["bonus"]}
    kinds |= {m["kind"] for p in players for m in p["bonus_markers"]}
    if any(isinstance(action, A.PlaceBonus) for _, action in targets.values()):
        kinds.add(view["marker_to_place"])
    markers = [
        (_marker_label(kind, tr), tr(MARKER_WORDS[kind])) for kind in MARKER_WORDS if kind in kinds
    ]
    return [the_map, pieces, names, markers]


def board_svg(
    view: dict[str, Any],
    legal: Sequence[str],
    translate: Translate = same,
    *,
    names: Sequence[str | None] | None = None,
) -> tuple[str, frozenset[str]]:
    """The board of `view` as one inline <svg> element, and the legal actions it carries; every
    word in the reader's language (`translate`, gettext), the actions' notation as it is. With
    `names` (one per seat, None for a seat without one) each player's board shows its player's
    name beside the seat letter."""
    tr = translate
    side = view["board"]
    board = board_for(side)
    geo = _geometry(side)
    targets = _targets(board, view, legal)
    out: list[str] = []
    top = Targets()
    _draw_header(view, out, tr)
    routes, cities = _static_map(side, tr)
    out.append(routes)
    _draw_route_targets(view, geo, targets, out, top, tr)
    out.append(cities)
    _draw_routes(view, geo, targets, out, top, tr)
    _draw_coellen(view, geo, targets, out, top, tr)
    _draw_cities(view, geo, board, targets, out, top, tr)
    bottom = _draw_players(view, targets, MAP_TOP + MAP_HEIGHT + 10, out, top, tr, names)
    key, height = board_key(bottom, WIDTH, tr("Key"), _key(view, board, targets, tr))
    out.append(key)
    placed = frozenset(top.placed)
    svg = board_document(
        "hansa",
        (WIDTH, _f(height)),
        tr("Hansa Teutonica board {side}").format(side=side),
        "Hansa Teutonica",
        TARGET_STYLE,
        "".join(out) + "".join(top.parts),
        font_family=FONT,
        fill=INK,
        text_anchor="middle",
        dominant_baseline="central",
        pointer_events="none",
    )
    return svg, placed
