"""What every game's SVG board shares (DESIGN.md, "The web platform": boards are SVG rendered on the
server, every legal action a clickable target on the board or a button in the action bar; issue 16).

For the four games: at every player count and flag set, random games' boards carry only legal
actions, each exactly once as a labelled button target; the final board parses; a spectator's
board carries no target and nothing of a seat's own; at many decision nodes of random games no
two clickable targets overlap (a click meant for one never lands on another); and the board speaks
the reader's language (issue 16: every word through the game's catalog, the actions' notation
unchanged). What only one game draws is tested in its own module.
"""

from __future__ import annotations

import importlib
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import pytest
from babel.messages.pofile import read_po

from hanse.core import CHANCE
from hanse.core.match import sample_chance
from hanse.core.testing import SVG_NS, check_board_svg, decision_nodes, flag_sets
from hanse.core.words import template_fields
from hanse.games import REGISTRY, make
from hanse.web.i18n import LOCALE, game_translations


class Game(NamedTuple):
    name: str
    counts: tuple[int, ...]
    yours: str
    """What only a seated player's board shows (never a spectator's)."""
    title: str
    """What the board's <title> holds in every language."""
    seeds: tuple[int, ...]
    every: int
    limit: int | None
    """How the random walks see a game: seeds, every n-th decision, at most `limit` decisions."""
    carried: frozenset[str]
    """Kinds of action the walks surely meet on the board."""


GAMES = (
    # Hansa: 2-3 players play board side 2-3, 4-5 players side 4-5.
    Game(
        "hansa", (2, 3, 4, 5), "You (", "Hansa Teutonica", (0, 1), 7, 600,
        frozenset({"place", "move", "move_place"}),
    ),
    Game("kogge", (2, 3, 4), "(you)", "Kogge", (0, 1), 5, None, frozenset({"bid", "move"})),
    Game(
        "luebeck", (3, 4, 5), "Your hand", "Lübeck", (0, 1, 2), 5, None,
        frozenset({"draft", "voyage"}),
    ),
    Game(
        "speicherstadt", (2, 3, 4, 5), "You (", "Die Speicherstadt", (0, 1), 7, None,
        frozenset({"place", "buy"}),
    ),
)  # fmt: skip
IDS = [g.name for g in GAMES]
BY_NAME = {g.name: g for g in GAMES}
CARRIED_WITH_FLAG = {("speicherstadt", "kaispeicher"): {"reserve"}}
"""Kinds the walks meet on the board when a flag is on."""


WALKS = [
    (game.name, n, flags)
    for game in GAMES
    for flags in flag_sets(REGISTRY[game.name].config_class)
    for n in game.counts
]


BoardSvg = Callable[..., tuple[str, frozenset[str]]]
"""``board_svg(view, legal, translate=identity) -> (svg, placed)`` of a game's ``svg`` module."""


def _board_svg(game: str) -> BoardSvg:
    module = importlib.import_module(f"hanse.games.{game}.svg")
    return module.board_svg  # type: ignore[no-any-return]


def _decisions(
    name: str, n: int, seed: int, every: int, limit: int
) -> Iterator[tuple[Any, Any, int]]:
    game = make(name, n)
    for state, seat in decision_nodes(game, seed, every, limit):
        yield game, state, seat


@pytest.mark.parametrize(
    ("name", "n", "flags"),
    WALKS,
    ids=[f"{name}-{n}-{'+'.join(flags) or 'default'}" for name, n, flags in WALKS],
)
def test_random_games_draw_only_legal_targets_once(
    name: str, n: int, flags: dict[str, Any]
) -> None:
    """At every player count and flag set: the board parses, every action it carries is legal
    and appears exactly once as a labelled button target, and nothing else is clickable."""
    game_info = BY_NAME[name]
    board_svg = _board_svg(name)
    game = make(name, n, **flags)
    kinds: set[str] = set()
    for seed in game_info.seeds:
        for state, seat in decision_nodes(game, seed, game_info.every, game_info.limit):
            legal = [game.action_to_str(a) for a in game.legal_actions(state)]
            svg, placed = board_svg(game.view(state, seat), legal)
            check_board_svg(svg, placed, legal, game_info.title)
            kinds |= {action.split()[0] for action in placed}
    expected = set(game_info.carried)
    for flag in flags:
        expected |= CARRIED_WITH_FLAG.get((name, flag), set())
    assert expected <= kinds


# -- where the pointer lands on a target ---------------------------------------------------


class Box(NamedTuple):
    x0: float
    y0: float
    x1: float
    y1: float

    def union(self, other: Box | None) -> Box:
        if other is None:
            return self
        return Box(
            min(self.x0, other.x0),
            min(self.y0, other.y0),
            max(self.x1, other.x1),
            max(self.y1, other.y1),
        )

    def grow(self, d: float) -> Box:
        return Box(self.x0 - d, self.y0 - d, self.x1 + d, self.y1 + d)

    def overlaps(self, other: Box) -> bool:
        """More than touching: coordinates are written to a tenth of a unit."""
        eps = 0.01
        return (
            min(self.x1, other.x1) - max(self.x0, other.x0) > eps
            and min(self.y1, other.y1) - max(self.y0, other.y0) > eps
        )


_PATH_TOKEN = re.compile(r"[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)(?:[eE]-?\d+)?")
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "Q": 4, "Z": 0}


def _path_box(d: str) -> Box:
    """The box of a path's points and control points (a curve lies inside its control points)."""
    points: list[tuple[float, float]] = []
    tokens = _PATH_TOKEN.findall(d)
    x = y = start_x = start_y = 0.0
    command = "M"
    i = 0
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command in "Zz":
                x, y = start_x, start_y
                continue
        kind, relative = command.upper(), command.islower()
        assert kind in _ARITY, f"path command {command} not measured"
        args = [float(v) for v in tokens[i : i + _ARITY[kind]]]
        i += _ARITY[kind]
        if kind == "H":
            x = x + args[0] if relative else args[0]
            points.append((x, y))
        elif kind == "V":
            y = y + args[0] if relative else args[0]
            points.append((x, y))
        else:
            for k in range(0, len(args), 2):
                px, py = args[k], args[k + 1]
                points.append((px + x, py + y) if relative else (px, py))
            x, y = points[-1]
            if kind == "M":
                start_x, start_y = x, y
                command = "l" if relative else "L"
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Box(min(xs), min(ys), max(xs), max(ys))


def _number(el: ET.Element, name: str, default: float = 0.0) -> float:
    value = el.get(name)
    return default if value is None else float(value)


def _shape_box(el: ET.Element, style: dict[str, str]) -> Box | None:
    """The box an element paints (its stroke included), or None for what paints nothing."""
    tag = el.tag.removeprefix(SVG_NS)
    if tag == "circle":
        cx, cy, r = _number(el, "cx"), _number(el, "cy"), _number(el, "r")
        box = Box(cx - r, cy - r, cx + r, cy + r)
    elif tag == "rect":
        x, y = _number(el, "x"), _number(el, "y")
        box = Box(x, y, x + _number(el, "width"), y + _number(el, "height"))
    elif tag == "line":
        xs = _number(el, "x1"), _number(el, "x2")
        ys = _number(el, "y1"), _number(el, "y2")
        box = Box(min(xs), min(ys), max(xs), max(ys))
    elif tag == "path":
        box = _path_box(el.get("d", ""))
    elif tag == "text":
        size = _number(el, "font-size", 16)
        x, y = _number(el, "x"), _number(el, "y")
        width = _number(el, "textLength", len(el.text or "") * size * 0.65)
        left = {"start": x, "middle": x - width / 2, "end": x - width}[style["text-anchor"]]
        top = y - size / 2 if style["dominant-baseline"] == "central" else y - size
        return Box(left, top, left + width, top + size)
    else:
        assert tag in ("g", "title", "style", "svg"), f"<{tag}> in a target is not measured"
        return None
    if style["stroke"] not in ("", "none"):
        box = box.grow(float(style["stroke-width"]) / 2)
    return box


INHERITED = ("stroke", "stroke-width", "pointer-events", "text-anchor", "dominant-baseline")


def target_boxes(svg: str) -> dict[str, Box]:
    """Every target's action and the box of all in it that takes the pointer (what lies under
    ``pointer-events="none"`` does not)."""
    found: dict[str, Box] = {}

    def target_of(el: ET.Element) -> str | None:
        """A target's action, or the start of the actions it offers (``data-choose``)."""
        if el.get("data-choose") is not None:
            return "choose " + (el.get("data-choose") or "")
        return el.get("data-action")

    def walk(el: ET.Element, style: dict[str, str], action: str | None) -> Box | None:
        style = {name: el.get(name, style[name]) for name in INHERITED}
        if target_of(el) is not None:
            assert action is None, "a target inside a target"
            action = target_of(el)
        box = None
        if action is not None and style["pointer-events"] != "none":
            box = _shape_box(el, style)
        for child in el:
            inner = walk(child, style, action)
            if inner is not None:
                box = inner.union(box)
        if target_of(el) is not None:
            assert box is not None, f"{action} takes no click"
            found[target_of(el) or ""] = box
            return None
        return box

    root = {"stroke": "none", "stroke-width": "1", "pointer-events": "visiblePainted"}
    root |= {"text-anchor": "start", "dominant-baseline": "auto"}
    walk(ET.fromstring(svg), root, None)
    return found


def overlapping(svg: str) -> list[tuple[str, str]]:
    boxes = sorted(target_boxes(svg).items())
    return [
        (a, b)
        for i, (a, box) in enumerate(boxes)
        for b, other in boxes[i + 1 :]
        if box.overlaps(other)
    ]


# -- the tests ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_targets_never_overlap(game: Game) -> None:
    """Every third decision of random games at every player count (and so, for Hansa, both sides
    of the board): no two targets' boxes intersect, however crowded the board."""
    board_svg = _board_svg(game.name)
    checked = 0
    for n in game.counts:
        for seed in (0, 1):
            for g, state, seat in _decisions(game.name, n, seed, 3, 450):
                legal = [g.action_to_str(a) for a in g.legal_actions(state)]
                svg, placed = board_svg(g.view(state, seat), legal)
                assert not overlapping(svg), (n, seed, overlapping(svg))
                checked += len(placed) > 1
    assert checked > 100  # most decisions put several targets on the board


def test_the_measure_sees_an_overlap() -> None:
    """The check itself: two targets sharing a corner overlap, two side by side do not; a ring
    that takes no click does not count, a stroke does."""

    def target(action: str, body: str) -> str:
        return f'<g data-action="{action}">{body}</g>'

    def svg(*parts: str) -> str:
        return f'<svg xmlns="http://www.w3.org/2000/svg">{"".join(parts)}</svg>'

    a = target("a", '<rect x="0" y="0" width="10" height="10"/>')
    b = target("b", '<rect x="9" y="9" width="10" height="10"/>')
    c = target("c", '<rect x="10" y="0" width="10" height="10"/>')
    assert overlapping(svg(a, b)) == [("a", "b")]
    assert overlapping(svg(a, c)) == []
    ring = '<circle cx="15" cy="5" r="8" stroke="#000" stroke-width="4" pointer-events="none"/>'
    assert (
        overlapping(svg(a, target("c", ring + '<rect x="10" y="0" width="10" height="10"/>'))) == []
    )
    stroked = '<rect x="11" y="0" width="10" height="10" stroke="#000" stroke-width="3"/>'
    assert overlapping(svg(a, target("d", stroked))) == [("a", "d")]
    route = '<path d="M 30 0 C 40 40 -10 40 0 50" stroke="#000" stroke-width="2"/>'
    assert overlapping(svg(a, target("e", route))) == [("a", "e")]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_final_board_parses(game: Game) -> None:
    g = make(game.name, game.counts[-1])
    state = g.new_initial_state()
    rng = random.Random(11)
    while not g.is_terminal(state):
        if g.current_player(state) == CHANCE:
            g.apply_action(state, sample_chance(g, state, rng))
        else:
            g.apply_action(state, rng.choice(g.legal_actions(state)))
    for seat in (None, 0):
        svg, placed = _board_svg(game.name)(g.view(state, seat), [])
        assert placed == frozenset()
        ET.fromstring(svg)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_spectator_board_has_no_targets(game: Game) -> None:
    board_svg = _board_svg(game.name)
    for n in game.counts:
        for g, state, _seat in _decisions(game.name, n, 7, 5, 120):
            svg, placed = board_svg(g.view(state, None), [])
            assert placed == frozenset()
            assert not [el for el in ET.fromstring(svg).iter() if el.get("data-action")]
            assert game.yours not in svg


# -- the board in the reader's language -----------------------------------------------------


def _actions(svg: str) -> list[str]:
    """The notations the board's targets send back, in the order drawn."""
    return [
        el.get("data-action") or "" for el in ET.fromstring(svg).iter() if el.get("data-action")
    ]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_board_speaks_the_readers_language(game: Game) -> None:
    """At decision nodes of random games (the fewest and the most players, seated and spectating)
    the German board carries the same targets with the same notation as the English one and
    still parses; every word it asks its `translate` for has a German and an Italian entry in the
    game's catalogs, with exactly the fields of the English template (a name or a number filled
    in after translating is never asked for)."""
    board_svg = _board_svg(game.name)
    catalogs: dict[str, list[Any]] = {}
    for lang in ("de", "it"):  # the game's words, then its log's (a board may say a move as
        catalogs[lang] = []  # its button does: Hansa's income on the stock)
        for name in (f"{game.name}.po", f"{game.name}_log.po"):
            path = LOCALE / lang / "LC_MESSAGES" / name
            if path.exists():
                with path.open("rb") as po:
                    catalogs[lang].append(read_po(po, locale=lang))
    german = game_translations("de", game.name).gettext
    asked: set[str] = set()

    def recording(text: str) -> str:
        assert text, "the empty msgid is the catalog's header"
        asked.add(text)
        return german(text)

    boards = changed = 0
    for n in (game.counts[0], game.counts[-1]):
        for g, state, seat in _decisions(game.name, n, 3, 4, 240):
            legal = [g.action_to_str(a) for a in g.legal_actions(state)]
            for viewer, shown in ((seat, legal), (None, [])):
                view = g.view(state, viewer)
                english, placed = board_svg(view, shown)
                svg, placed_de = board_svg(view, shown, recording)
                assert placed_de == placed
                assert _actions(svg) == _actions(english)
                check_board_svg(svg, placed_de, shown, game.title)
                boards += 1
                changed += svg != english
    assert boards > 20 and changed == boards  # every board has words, all of them German
    missing = []
    for msgid in sorted(asked):
        for lang, found in catalogs.items():
            message = next((c.get(msgid) for c in found if c.get(msgid) is not None), None)
            if message is None or not message.string:
                missing.append(f"{lang}: {msgid!r}")
                continue
            text = str(message.string)
            assert template_fields(text) == template_fields(msgid), (lang, msgid, text)
    assert not missing, f"{game.name}.po lacks {missing}"
