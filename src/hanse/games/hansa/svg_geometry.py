"""Where a side of the Hansa Teutonica board is drawn: city boxes, the course of each route with
its posts, beside each post where a merchant would go, and the places of the bonus markers and
taverns (computed once per side, from the coordinates of ``data.py``)."""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import pairwise
from typing import NamedTuple

from hanse.games.hansa import data
from hanse.games.hansa.board import Board, board_for
from hanse.games.hansa.data import (
    ABILITIES,
)
from hanse.games.hansa.svg_draw import (
    BEND_STEP,
    HIT,
    MAP_HEIGHT,
    MAP_TOP,
    MARKER_HH,
    MARKER_HW,
    OFFICE,
    OFFICE_GAP,
    PLATE_LABELS,
    SCALE,
    SPACING,
    WIDTH,
    _text_width,
)
from hanse.games.svg_parts import (
    Translate,
    same,
)
from hanse.games.svg_parts import coordinate as _f

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


def _office_xy(board: Board, box: Box, city: int, office: int) -> Point:
    left = box.x - _office_row_width(board.office_count[city]) / 2 + OFFICE / 2
    return left + office * (OFFICE + OFFICE_GAP), box.y
