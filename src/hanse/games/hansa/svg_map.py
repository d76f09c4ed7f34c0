"""The map of the Hansa Teutonica board: the printed side (routes, posts, taverns, cities with
their offices, the Coellen spaces), the pieces on it and its targets."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from hanse.games.hansa import actions as A  # noqa: N812  # the rule-set's action module
from hanse.games.hansa import data
from hanse.games.hansa.board import Board, board_for
from hanse.games.hansa.data import (
    COELLEN_POINTS,
    COELLEN_PRIVILEGE,
    EAST_WEST,
)
from hanse.games.hansa.svg_draw import (
    HIT,
    MAP_FILL,
    MAP_HEIGHT,
    MAP_TOP,
    MARKER_HH,
    MARKER_HW,
    MARKER_LABELS,
    MARKER_WORDS,
    OFFICE,
    POST_R,
    PRIVILEGE_FILL,
    PRIVILEGE_INK,
    PRIVILEGE_NAMES,
    ROUTE_INK,
    WIDTH,
    _ghost,
    _halo,
    _piece,
    _text_width,
)
from hanse.games.hansa.svg_geometry import (
    Box,
    Geometry,
    RouteShape,
    _city_label,
    _geometry,
    _office_xy,
)
from hanse.games.hansa.svg_places import (
    COELLEN,
    city_key,
    city_part,
    place_group,
    route_key,
    route_part,
)
from hanse.games.hansa.svg_targets import Choice, _first_free, add_target
from hanse.games.svg_parts import (
    HIGHLIGHT,
    INK,
    SEAT_LETTERS,
    Targets,
    Translate,
    ring_circle,
    ring_rect,
    same,
    seat_name,
)
from hanse.games.svg_parts import coordinate as _f
from hanse.games.svg_parts import rect as _rect
from hanse.games.svg_parts import text as _text


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


POST_STYLE = 'fill="#fffdf5" stroke="#5b4a32" stroke-width="2"'
BOX_STYLE = 'fill="#f7f2e4" stroke="#3b3024" stroke-width="1.5"'
PLATE_STYLE = 'fill="{fill}" stroke="#3b3024" stroke-width="1"'
OFFICE_STYLE = 'fill="{fill}" stroke="#3b3024" stroke-width="2"'


def _path(d: list[str], style: str) -> str:
    return f'<path d="{"".join(d)}" {style}/>' if d else ""


class StaticMap(NamedTuple):
    """The printed map of a side: the ground (the map and every route's course, under all);
    each route's posts and tavern; each city with its name plate and offices (privilege colour,
    shape, +1 coin); the Coellen special spaces."""

    ground: str
    routes: tuple[str, ...]
    cities: tuple[str, ...]
    coellen: str


@lru_cache(maxsize=16)
def _static_map(side: str, tr: Translate = same) -> StaticMap:
    """The printed map of a side, in the parts the board's places draw (the courses run from
    city centre to city centre, under the cities; the posts are drawn over them).

    Shapes of one style share a <path> element: the page and the tests parse it after every move.
    """
    board = board_for(side)
    geo = _geometry(side)
    cities = data.BOARD_45_CITIES if side == "4-5" else data.BOARD_23_CITIES
    routes = []
    for r, shape in enumerate(geo.routes):
        parts = [_path([_circle_d(x, y, POST_R) for x, y in shape.posts], POST_STYLE)]
        if board.route_tavern[r]:
            tx, ty = shape.tavern
            parts.append(_path([_rect_d(tx - 9, ty - 9, 18, 18, 4)], 'fill="#7b4a1e"'))
            parts.append(_text(tx, ty + 0.5, "T", 12, weight="bold", fill="#ffffff"))
        routes.append("".join(parts))
    city_parts = []
    for c, box in enumerate(geo.boxes):
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
        parts = [
            _path([_rect_d(box.x - box.hw, box.y - box.hh, 2 * box.hw, 2 * box.hh, 6)], BOX_STYLE),
            _path([_rect_d(box.x - w / 2, ly - 9, w, 18, 4)], PLATE_STYLE.format(fill=plate)),
            _text(box.x, ly + 0.5, label, 13, weight="bold", fill=ink),
        ]
        texts = []
        offices: dict[int, list[str]] = {1: [], 2: [], 3: [], 4: []}
        coins = []
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
                coins.append(_circle_d(x + 11, y - 12.5, 8))  # read at a third of its size
                texts.append(_text(x + 11, y - 12, "+1", 9, weight="bold"))
        parts.extend(
            _path(d, OFFICE_STYLE.format(fill=PRIVILEGE_FILL[p])) for p, d in offices.items()
        )
        parts.append(_path(coins, 'fill="#e8b923" stroke="#6b4f00" stroke-width="1"'))
        city_parts.append("".join(parts + texts))
    coellen = ""
    if geo.coellen:
        xs = [x for x, _ in geo.coellen]
        ys = [y for _, y in geo.coellen]
        frame = _rect_d(
            min(xs) - 20, min(ys) - 20, max(xs) - min(xs) + 40, max(ys) - min(ys) + 40, 8
        )
        spaces: dict[int, list[str]] = {1: [], 2: [], 3: [], 4: []}
        texts = []
        for (x, y), points, privilege in zip(
            geo.coellen, COELLEN_POINTS, COELLEN_PRIVILEGE, strict=True
        ):
            spaces[privilege].append(_circle_d(x, y, 15))
            texts.append(
                _text(x, y + 0.5, str(points), 13, weight="bold", fill=PRIVILEGE_INK[privilege])
            )
        coellen = "".join(
            [
                _path([frame], 'fill="#e9dfc6" stroke="#3b3024" stroke-width="1.5"'),
                *(_path(d, OFFICE_STYLE.format(fill=PRIVILEGE_FILL[p])) for p, d in spaces.items()),
                *texts,
            ]
        )
    lines = "".join(shape.path for shape in geo.routes)
    ground = (
        f'<rect x="0" y="{MAP_TOP}" width="{WIDTH}" height="{MAP_HEIGHT}" rx="10" '
        f'fill="{MAP_FILL}" stroke="#b8a887"/>'
        f'<path d="{lines}" fill="none" stroke="{ROUTE_INK}" stroke-width="5" '
        'stroke-linecap="round"/>'
    )
    return StaticMap(ground, tuple(routes), tuple(city_parts), coellen)


# -- the pieces and the targets on the map -------------------------------------------------------


def _piece_words(
    piece: dict[str, Any] | None, tr: Translate, names: Sequence[str | None] | None = None
) -> str:
    """A piece in words: "trader of Anna (B)", "trader of player B" where the seat has no name,
    "neutral trader"."""
    if piece is None:
        return tr("empty")
    seat = piece["seat"]
    if isinstance(seat, int) and 0 <= seat < len(SEAT_LETTERS):
        name = seat_name(names, seat)
        if name is not None:
            player = tr("{name} ({seat})").format(name=name, seat=SEAT_LETTERS[seat])
            return tr("{piece} of {player}").format(piece=tr(piece["piece"]), player=player)
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
    targets: dict[tuple[Any, ...], Choice],
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
        choice = targets[("route", r)]
        action = choice.action
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
        add_target(top, choice, label, body, hit)


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


def _post_label(
    view: dict[str, Any],
    choice: Choice,
    piece: dict[str, Any] | None,
    route: int,
    post: int,
    tr: Translate,
    names: Sequence[str | None] | None,
) -> str:
    """The words of a target on a post: the piece it lifts, removes or displaces."""
    name = _route_name(view, route)
    action = choice.action
    if isinstance(action, A.Move):
        kind = piece["piece"] if piece is not None else "piece"
        return tr("Move your {piece} from {route}").format(piece=tr(kind), route=name)
    if isinstance(action, A.RemovePiece):
        words = "Remove the {piece} from {route}, post {post}"
    elif isinstance(action, A.DisplacedMove):
        words = "Take the {piece} from {route}, post {post}, as an extra piece"
    else:
        words = "Displace the {piece} on {route}, post {post}"
    return tr(words).format(piece=_piece_words(piece, tr, names), route=name, post=post + 1)


def _draw_routes(
    view: dict[str, Any],
    geo: Geometry,
    board: Board,
    targets: dict[tuple[Any, ...], Choice],
    out: list[str],
    top: Targets,
    tr: Translate,
    names: Sequence[str | None] | None = None,
) -> None:
    """Each route as a place: its posts with their pieces, its tavern and bonus marker; the
    targets on its posts (a piece to lift, remove or displace) and of the pieces to place."""
    viewer = view["seat"]
    printed = _static_map(view["board"], tr).routes
    for r, shape in enumerate(geo.routes):
        route = view["routes"][r]
        name = _route_name(view, r)
        parts = [printed[r]]
        if route["bonus"]:
            parts.append(_marker_tag(*shape.marker, _marker_label(route["bonus"], tr)))
        posts = route["posts"]
        for i, piece in enumerate(posts):
            x, y = shape.posts[i]
            if piece is not None:
                parts.append(_piece(x, y, piece["seat"], piece["piece"]))
            if ("post", r, i) in targets:
                choice = targets[("post", r, i)]
                label = _post_label(view, choice, piece, r, i, tr, names)
                body = ring_circle(x, y, POST_R + 5)
                add_target(top, choice, label, body, _square(x, y, HIT))
        out.append(place_group(route_key(board, r), route_part(view, r), "".join(parts)))
        free = _first_free(posts)
        ghosts = [m for m in (0, 1) if ("ghost", r, m) in targets]
        for merchant in ghosts:
            choice = targets[("ghost", r, merchant)]
            action = choice.action
            x, y = shape.posts[free]
            if len(ghosts) == 2 and merchant:  # the merchant beside the post, the trader on it
                x, y = shape.merchants[free]
            kind = ("trader", "merchant")[merchant]
            owner = viewer
            disp = view["pending"]["displacement"]
            if isinstance(action, A.DisplacedPlace) and disp is not None:
                owner = disp["owner"]  # a displaced neutral trader is placed by the other player
            body = _halo(x, y, POST_R + 4, bool(merchant)) + _ghost(x, y, owner, bool(merchant))
            label = _ghost_label(view, action, kind, name, tr)
            add_target(top, choice, label, body, _square(x, y, HIT))


def _full_mark(box: Box) -> str:
    """A full city: a heavy frame and a tick in a dark disc."""
    fx, fy = box.x + box.hw - 2, box.y - box.hh + 2
    return (
        f'<rect x="{_f(box.x - box.hw)}" y="{_f(box.y - box.hh)}" '
        f'width="{_f(2 * box.hw)}" height="{_f(2 * box.hh)}" rx="6" fill="none" '
        'stroke="#3b3024" stroke-width="4"/>'
        f'<circle cx="{_f(fx)}" cy="{_f(fy)}" r="8" fill="#222222"/>'
        f'<path d="M{_f(fx - 4)} {_f(fy)} l3 3 l5 -6" fill="none" stroke="#ffffff" '
        'stroke-width="2"/>'
    )


def _swap_mark(x: float, y: float) -> str:
    """Where two neighbouring offices may swap their pieces: a ring between them, arrows in it."""
    return (
        ring_circle(x, y, 10)
        + f'<circle cx="{_f(x)}" cy="{_f(y)}" r="8" fill="#2f2a24"/>'
        + _text(x, y + 0.5, "⇄", 12, weight="bold", fill="#ffffff")
    )


def _draw_cities(
    view: dict[str, Any],
    geo: Geometry,
    board: Board,
    targets: dict[tuple[Any, ...], Choice],
    out: list[str],
    top: Targets,
    tr: Translate,
) -> None:
    """Each city as a place: its offices and extra offices with their pieces; the targets of an
    office to take, of an extra office, of two offices to swap."""
    viewer = view["seat"]
    printed = _static_map(view["board"], tr).cities
    for c, box in enumerate(geo.boxes):
        city = view["cities"][c]
        name = city["name"]
        parts = [printed[c]]
        if city["full"]:
            parts.append(_full_mark(box))
        for i, piece in enumerate(city["offices"]):
            if piece is not None:
                x, y = _office_xy(board, box, c, i)
                parts.append(_piece(x, y, piece["seat"], piece["piece"], 21))
        if ("office", c) in targets:
            i = _first_free(city["offices"])
            x, y = _office_xy(board, box, c, i)
            choice = targets[("office", c)]
            words = (
                "Put the neutral trader in {city}, office {office} ({colour}, {shape})"
                if isinstance(choice.action, A.NeutralOffice)
                else "Put your piece in {city}, office {office} ({colour}, {shape})"
            )
            shape = "merchant" if board.office_round[c][i] else "trader"
            label = tr(words).format(
                city=name,
                office=i + 1,
                colour=tr(PRIVILEGE_NAMES[board.office_priv[c][i]]),
                shape=tr(shape),
            )
            body = ring_circle(x, y, OFFICE / 2 + 6)
            add_target(top, choice, label, body, _square(x, y, OFFICE / 2 + 2))
        for i in range(board.office_count[c] - 1):
            if ("swap", c, i) in targets:
                (ax, y), (bx, _) = _office_xy(board, box, c, i), _office_xy(board, box, c, i + 1)
                x = (ax + bx) / 2
                label = tr("Swap the pieces in {city}, offices {left} and {right}").format(
                    city=name, left=i + 1, right=i + 2
                )
                hit = (x - 8, y - 12, 16, 24)
                add_target(top, targets[("swap", c, i)], label, _swap_mark(x, y), hit)
        # extra offices (zusätzliche Niederlassung) in a row under the city, first placed first
        extras = city["extra_offices"]
        ghosts = [m for m in (0, 1) if ("extra", c, m) in targets]
        ey = box.y + box.hh + 16
        x = box.x - (len(extras) + len(ghosts) - 1) * 15
        for piece in extras:
            parts.append(
                f'<rect x="{_f(x - 13)}" y="{_f(ey - 13)}" width="26" height="26" rx="3" '
                'fill="#d8d0bd" stroke="#3b3024" stroke-width="1.5" stroke-dasharray="3 2"/>'
                + _piece(x, ey, piece["seat"], piece["piece"], 20)
            )
            x += 30
        for merchant in ghosts:
            choice = targets[("extra", c, merchant)]
            kind = ("trader", "merchant")[merchant]
            body = _halo(x, ey, 14, bool(merchant)) + _ghost(x, ey, viewer, bool(merchant))
            label = tr("Put your {piece} in an extra office of {city}").format(
                piece=tr(kind), city=name
            )
            add_target(top, choice, label, body, _square(x, ey, HIT))
            x += 30
        out.append(place_group(city_key(board, c), city_part(view, c), "".join(parts)))


def _draw_coellen(
    view: dict[str, Any],
    geo: Geometry,
    targets: dict[tuple[Any, ...], Choice],
    out: list[str],
    top: Targets,
    tr: Translate,
) -> None:
    """The Coellen special spaces as one place (a side without them draws none)."""
    if not geo.coellen:
        return
    parts = [_static_map(view["board"], tr).coellen]
    for i, (x, y) in enumerate(geo.coellen):
        space = view["coellen"][i]
        if space["piece"] is not None:
            parts.append(_piece(x, y, space["piece"]["seat"], "merchant", 20))
        if ("coellen", i) in targets:
            label = tr(
                "Put your merchant on the Coellen space worth {points} prestige ({colour})"
            ).format(points=space["points"], colour=tr(PRIVILEGE_NAMES[COELLEN_PRIVILEGE[i]]))
            body = ring_circle(x, y, 20)
            add_target(top, targets[("coellen", i)], label, body, _square(x, y, 17))
    out.append(place_group(COELLEN, view["coellen"], "".join(parts)))
