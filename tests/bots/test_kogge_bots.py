"""Kogge's computer opponents: bot puzzles and the no-cheating check (issue 7).

A puzzle is a decision position of a seeded random game where the rulebook
(``shared/rules/kogge.de.txt``) makes one choice clearly best, checked with the engine rather than
taken from what a bot does:

- the robber's pile (3B f Raubüberfall): one pile holds at least as many goods, each as valuable,
  as the other, so taking it scores more for the robber and less for the victim;
- the unfinished exchange (3B d Waren eintauschen): the given goods lie on the city whatever
  happens, goods may still be taken for them, and there is only one exchange per turn, so
  ``exchange done`` throws goods away;
- the guild master's last move (2 Gildemeister; Spielziel und Spielende): two steps end the game
  with the start player as the only winner on victory points, one step plays on.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

import pytest

from hanse.bots.heuristic import HeuristicBot, best_by_lookahead, heuristic_leaf
from hanse.bots.registry import level_settings
from hanse.bots.search import ISMCTSBot, SearchSettings
from hanse.core import CHANCE, TERMINAL
from hanse.core.match import child, sample_chance
from hanse.games import make
from hanse.games.kogge import heuristics as kogge_heuristics
from hanse.games.kogge.actions import Decision
from hanse.games.kogge.data import GOOD_NAMES, GOOD_VP
from hanse.games.kogge.heuristics import (
    _worth,
    heuristic_value,
    search_candidates,
    search_leaf_after_turn,
    turn_of,
)
from hanse.games.kogge.prospects import (
    development_worth,
    holdings,
    progress,
    remaining,
    search_leaf,
    worth,
)

EXPERT = (("taxes", True), ("kontor_trade", True), ("conflicts", True), ("memory", True))
"""All four expert rules (Zusatzregeln A-D); with C and D cargo and markers are secret."""
DEFAULT: tuple[tuple[str, bool], ...] = ()
OPEN = (("open_holdings", True),)
"""Everyone's goods and markers on show (RULINGS.md, "Holdings are secret": the flag)."""

Flags = tuple[tuple[str, bool], ...]
Puzzle = tuple[Any, Any]  # (game, state at the puzzle's decision)


def search_bot(iterations: int) -> ISMCTSBot:
    """The ``medium`` level's search (random rollouts cut after 10 decisions, judged by the
    heuristics) with a budget in iterations instead of seconds, so it is deterministic."""
    settings = SearchSettings(iterations=iterations, rollout_limit=10, evaluate=heuristic_leaf)
    return ISMCTSBot("search", settings)


def choose(bot: Any, game: Any, state: Any, seed: int = 0) -> str:
    seat = game.current_player(state)
    legal = game.legal_actions(state)
    return str(
        game.action_to_str(bot.act(game, game.view(state, seat), legal, random.Random(seed)))
    )


@functools.cache
def scan(flags: Flags, count: int, is_puzzle: Callable[[Any, Any], bool]) -> tuple[Puzzle, ...]:
    """The first decision state of each seeded random game (3 players) that `is_puzzle` accepts."""
    game = make("kogge", 3, **dict(flags))
    found: list[Puzzle] = []
    for seed in range(300):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while (player := game.current_player(state)) != TERMINAL:
            if player == CHANCE:
                game.apply_action(state, sample_chance(game, state, rng))
                continue
            if is_puzzle(game, state):
                found.append((game, state.clone()))
                break
            legal = game.legal_actions(state)
            game.apply_action(state, legal[rng.randrange(len(legal))])
        if len(found) == count:
            break
    assert len(found) == count, f"the seeded scan found {len(found)} of {count} positions"
    return tuple(found)


def _action(game: Any, state: Any, text: str) -> Any:
    return next(a for a in game.legal_actions(state) if game.action_to_str(a) == text)


# -- 3B f) Raubüberfall: which pile the robber takes ------------------------------------------
def _values(pile: dict[str, int]) -> list[int]:
    """Victory points of each good of a pile, the most valuable first (Spielende: salt 7,
    amber 5, fur 3, ore 1)."""
    return sorted(
        (GOOD_VP[t] for t, name in enumerate(GOOD_NAMES) for _ in range(pile[name])), reverse=True
    )


def _dominates(pile: dict[str, int], other: dict[str, int]) -> bool:
    """At least as many goods, the i-th most valuable worth at least the other's i-th, and more
    points in all. So this pile scores more, and pays whatever the other pays ('eine beliebige
    Ware' for a step, 3A, or a lot of markers, 3B c)."""
    mine, theirs = _values(pile), _values(other)
    return (
        len(mine) >= len(theirs)
        and all(a >= b for a, b in zip(mine, theirs, strict=False))
        and sum(mine) > sum(theirs)
    )


def better_pile(game: Any, state: Any) -> int | None:
    """The pile that is clearly better for the robber, or None. The robber sees both piles (with
    secret goods too: the victim and the robber see them). The engine confirms it: taking it
    leaves the robber with more victory points and the victim with fewer than the other pile."""
    if game.decision_name(state) != "choose_pile":
        return None
    seat = game.current_player(state)
    robbery = game.view(state, seat)["robbery"]
    piles, victim = robbery["piles"], robbery["victim"]
    for pile in (0, 1):
        if _dominates(piles[pile], piles[1 - pile]):
            take = game.scores(child(game, state, _action(game, state, f"pile {pile}")))
            leave = game.scores(child(game, state, _action(game, state, f"pile {1 - pile}")))
            if take[seat] > leave[seat] and take[victim] < leave[victim]:
                return pile
    return None


def has_better_pile(game: Any, state: Any) -> bool:
    return better_pile(game, state) is not None


def pile_puzzles() -> list[Puzzle]:
    return [*scan(DEFAULT, 3, has_better_pile), *scan(EXPERT, 5, has_better_pile)]


# -- 3B d) Waren eintauschen: leaving an exchange with goods still owed -----------------------
def unfinished_exchange(game: Any, state: Any) -> bool:
    """The cog has given all its cargo to the city and may still take goods for it ('für eine
    Ware bekommt man zwei Waren'), or stop with ``exchange done``. The given goods stay on the
    city either way and there is only one exchange per turn ('nur EINE Tauschrunde'; each action
    once per round, 3B), so every take followed by done scores more than done now."""
    if game.decision_name(state) != "exchange":
        return False
    seat = game.current_player(state)
    texts = [game.action_to_str(a) for a in game.legal_actions(state)]
    takes = [t for t in texts if t.startswith("exchange take")]
    if (
        not takes
        or "exchange done" not in texts
        or any(t.startswith("exchange give") for t in texts)
    ):
        return False
    done = child(game, state, _action(game, state, "exchange done"))
    if any(game.action_to_str(a).startswith("exchange") for a in game.legal_actions(done)):
        return False
    now = game.scores(done)[seat]
    for take in takes:
        after = child(game, state, _action(game, state, take))
        if game.scores(child(game, after, _action(game, after, "exchange done")))[seat] <= now:
            return False
    return True


def exchange_puzzles() -> list[Puzzle]:
    return [*scan(DEFAULT, 3, unfinished_exchange), *scan(EXPERT, 3, unfinished_exchange)]


# -- 2) Gildemeister; Spielende: the start player ends the game while ahead --------------------
def ending_wins(game: Any, state: Any) -> bool:
    """Two steps take the guild master into or past his start city the second time, which ends
    the game at once (2 Gildemeister), and the start player alone has the most victory points
    (Spielende); one step plays on, where the others may still catch up. Ending is a sure win.
    Only with open goods (no C or D): then every seat's points are in the start player's view."""
    if game.decision_name(state) != "move_guildmaster":
        return False
    seat = game.current_player(state)
    if not all(isinstance(p["cargo"], dict) for p in game.view(state, seat)["players"]):
        return False
    one = child(game, state, _action(game, state, "gm 1"))
    two = child(game, state, _action(game, state, "gm 2"))
    return not game.is_terminal(one) and game.is_terminal(two) and game.winners(two) == [seat]


def ending_puzzles() -> list[Puzzle]:
    return list(scan(OPEN, 4, ending_wins))


# -- the easy bot ----------------------------------------------------------------------------
def test_puzzle_easy_takes_the_better_pile() -> None:
    puzzles = pile_puzzles()
    answers = [better_pile(game, state) for game, state in puzzles]
    # The larger pile (pile 0) is not always the answer, so always taking it fails this test.
    assert set(answers) == {0, 1}
    for (game, state), pile in zip(puzzles, answers, strict=True):
        assert choose(HeuristicBot(), game, state) == f"pile {pile}"


def test_puzzle_easy_takes_every_good_the_exchange_allows() -> None:
    for game, state in exchange_puzzles():
        assert choose(HeuristicBot(), game, state).startswith("exchange take")


def test_puzzle_easy_ends_the_game_while_ahead() -> None:
    for game, state in ending_puzzles():
        for seed in range(4):  # the bot's tie-break draws from this generator
            assert choose(HeuristicBot(), game, state, seed) == "gm 2"


# -- the search ------------------------------------------------------------------------------
def test_puzzle_search_ends_the_game_while_ahead() -> None:
    for game, state in ending_puzzles():
        assert choose(search_bot(200), game, state) == "gm 2"


def test_puzzle_search_takes_every_good_the_exchange_allows() -> None:
    for game, state in exchange_puzzles():
        assert choose(search_bot(200), game, state).startswith("exchange take")


# -- no cheating -----------------------------------------------------------------------------
def loser(game: Any, state: Any) -> int:
    """The other side of the conflict whose winner is deciding."""
    seat = game.current_player(state)
    sides = game.view(state, seat)["conflict"]["sides"]
    return int(next(side for side in sides if side != seat))


def has_hidden_target(game: Any, state: Any) -> bool:
    """The conflict winner names three goods and takes those the loser has ('DREI Waren von
    seinem Gegner wünschen', C Konflikte). With C the players keep 'ihre Waren und Wegemarker
    verdeckt': the winner sees only the size of the loser's cargo, while a bot reading the state
    would demand exactly the goods the loser holds."""
    if game.decision_name(state) != "demand":
        return False
    seat = game.current_player(state)
    players = game.view(state, seat)["players"]
    sizes = [player["cargo"] for player in players]
    target = loser(game, state)
    third = next(q for q in range(game.num_players) if q not in (seat, target))
    # Goods are conserved and the supply and the cities are open, so the loser's cargo is only
    # uncertain when the third player holds secret goods too, and the table has not seen it all.
    unseen = sizes[target] - sum(players[target]["known_cargo"].values())
    if not (sizes[target] >= 3 and sizes[third] >= 2 and unseen >= 2):
        return False
    rng = random.Random(0)
    redealt = (game.resample_hidden(state, seat, rng) for _ in range(4))
    return any(cargo(game, other, target) != cargo(game, state, target) for other in redealt)


def cargo(game: Any, state: Any, seat: int) -> Any:
    """A seat's cargo as that seat sees it."""
    return game.view(state, seat)["players"][seat]["cargo"]


def test_bots_choose_the_same_when_other_seats_secrets_are_redealt() -> None:
    rng = random.Random(3)
    cheater_changed = False
    for game, state in scan(EXPERT, 2, has_hidden_target):
        seat = game.current_player(state)
        target = loser(game, state)
        redealt = [game.resample_hidden(state, seat, random.Random(0)) for _ in range(4)]
        redealt += [game.resample_hidden(state, seat, rng) for _ in range(4)]
        # The re-deal changes what the demand is about, so a bot that cheated could notice.
        assert any(cargo(game, other, target) != cargo(game, state, target) for other in redealt)
        easy, search, cheat = set(), set(), set()
        for other in [state, *redealt]:
            view = game.view(other, seat)
            legal = game.legal_actions(other)
            easy.add(HeuristicBot().act(game, view, legal, random.Random(4)))
            search.add(search_bot(60).act(game, view, legal, random.Random(4)))
            # The easy bot's lookahead run on the state itself: a cheater.
            cheat.add(best_by_lookahead(game, other, legal, seat, random.Random(4)))
        assert len(easy) == 1
        assert len(search) == 1
        cheater_changed |= len(cheat) > 1
    # Control: at these positions looking at the secrets does change the choice.
    assert cheater_changed


# -- the search levels' evaluation and root actions (heuristics.SEARCH_TUNING) ---------------
def test_search_levels_use_kogge_tuning() -> None:
    """``medium`` and ``hard`` judge Kogge leaves by the prospects of the cogs at the end of the
    Spielerphase under way, without random steps (they only spend goods and markers: 3A
    Bewegung), over the plain bids."""
    settings = level_settings(1.0).for_game(make("kogge", 3))
    assert settings.evaluate is search_leaf_after_turn
    assert settings.root_filter is search_candidates
    assert settings.rollout_limit == 0
    assert settings.widening is not None


def judged_state(monkeypatch: pytest.MonkeyPatch, game: Any, state: Any) -> Any:
    """The state the search levels' leaf evaluation hands to prospects.search_leaf."""
    judged: list[Any] = []
    monkeypatch.setattr(kogge_heuristics, "search_leaf", lambda g, s: judged.append(s) or [0.0])
    search_leaf_after_turn(game, state)
    (end,) = judged
    return end


@pytest.mark.parametrize("seed", range(3))
def test_a_search_leaf_is_judged_at_the_end_of_the_spielerphase(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    """A cog halfway through its actions (3B) is not comparable with one done: the leaf is played
    to the end of the Spielerphase by the easy bot's choices first, and itself left untouched."""
    game = make("kogge", 3)
    state = first_state(game, seed, lambda s: s.phase == Decision.ACTION)
    owner = turn_of(game, state)
    assert owner == game.current_player(state) >= 0
    before = game.view(state, owner)
    end = judged_state(monkeypatch, game, state)
    assert game.view(state, owner) == before
    assert end is not state
    wide = len(game.legal_actions(end)) > kogge_heuristics.WIDEST_PLAY_OUT
    assert turn_of(game, end) != owner or game.current_player(end) < 0 or wide


def test_a_play_out_goes_through_the_bids_laid_marker_by_marker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bid laid one marker at a time (RULINGS.md, "Bids are laid as a chain") offers at most
    ten actions, so the play-out weighs it and goes on to the end of the bidder's turn."""
    game = make("kogge", 3)
    state = first_state(game, 0, lambda s: s.phase == Decision.BID)
    assert turn_of(game, state) == game.current_player(state)
    assert len(game.legal_actions(state)) <= 10 < kogge_heuristics.WIDEST_PLAY_OUT
    end = judged_state(monkeypatch, game, state)
    assert end is not state and end.bids[turn_of(game, state)]


def first_state(game: Any, seed: int, accept: Callable[[Any], bool]) -> Any:
    """The first decision state of a seeded random game that `accept` takes."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while game.current_player(state) != TERMINAL:
        if game.current_player(state) == CHANCE:
            game.apply_action(state, sample_chance(game, state, rng))
            continue
        if accept(state):
            return state
        legal = game.legal_actions(state)
        game.apply_action(state, legal[rng.randrange(len(legal))])
    raise AssertionError("no such state in the seeded game")


def test_search_bids_are_single_markers_or_equal_sets() -> None:
    """1 Nachschub und Reihenfolge: a set of equal markers beats every mixed bid, and a single
    marker is the cheapest bid for goods in its city; the mixed bids are left out. Bids are laid
    one marker at a time (RULINGS.md, "Bids are laid as a chain"): any first marker, then only
    another of the same value, or done."""
    game = make("kogge", 3)

    def pair_in_hand(s: Any) -> bool:
        p = game.current_player(s)
        return game.decision_name(s) == "bid" and not s.bids[p] and max(s.hand[p * 9 :][:9]) > 1

    state = first_state(game, 1, pair_in_hand)
    seat = game.current_player(state)
    legal = game.legal_actions(state)
    kept = search_candidates(game, game.view(state, seat), legal, random.Random(0))
    assert kept == list(legal)
    first = next(a for a in legal if state.hand[seat * 9 + a.marker] >= 2)
    state = child(game, state, first)
    legal = game.legal_actions(state)
    kept = search_candidates(game, game.view(state, seat), legal, random.Random(0))
    assert len(kept) < len(legal)
    assert [game.action_to_str(a) for a in kept] == [f"bid {first.marker}", "bid done"]


def test_holdings_are_what_the_easy_bot_counts() -> None:
    """Without the prospects the search values a seat as the easy bot does (heuristics)."""
    game = make("kogge", 3)
    for seed in range(3):
        state = first_state(game, seed, lambda s: s.round == 3)
        for seat in range(3):
            assert holdings(state, seat) == pytest.approx(_worth(game.view(state, seat), seat))


def test_cog_next_to_a_selling_city_is_worth_more() -> None:
    """3B d Waren eintauschen: ore given for twice as much salt gains points, but only in the
    city the cog sails to. The same cargo one free step from Lübeck's salt (7) is worth more to
    the search than next to ore cities, while the easy bot sees no difference."""
    game = make("kogge", 3)
    state = first_state(game, 2, lambda s: game.decision_name(s) == "move")
    seat = game.current_player(state)
    c = state.pos[seat]
    state.cargo[seat * 4 : seat * 4 + 4] = [3, 0, 0, 0]
    state.steps = 0
    state.robbed = [0] * 9
    ore_city, salt_city = next(x for x in (0, 1, 2) if x != c), 7 if c != 7 else 8
    near, far = state.clone(), state.clone()
    for s, target in ((near, salt_city), (far, ore_city)):
        s.sq_val[2 * c] = s.sq_val[2 * c + 1] = target
        for city in range(9):  # no second step leads to salt either
            if city != c:
                s.sq_val[2 * city] = s.sq_val[2 * city + 1] = ore_city
        s.city_goods[salt_city * 4 : salt_city * 4 + 4] = [0, 0, 0, 4]
    assert worth(near, seat) > worth(far, seat) + 5
    assert search_leaf(game, near)[seat] > search_leaf(game, far)[seat]
    assert heuristic_value(game, game.view(near, seat), seat) == heuristic_value(
        game, game.view(far, seat), seat
    )


def test_development_points_fade_towards_the_guild_masters_end() -> None:
    """The guild master's second arrival at his start city ends the game on victory points
    (Spielende), so a development point short of the five that win (Spielziel) is worth less the
    nearer his end; the fourth, one short of the win, keeps its worth."""
    game = make("kogge", 3)
    state = first_state(game, 0, lambda s: game.decision_name(s) == "move")
    state.passes, state.gm = 0, state.end_city
    assert remaining(state) == 1.0
    state.passes, state.gm = 1, (state.end_city - 1) % 9
    assert remaining(state) == pytest.approx(1 / 18)
    assert development_worth(2, remaining(state)) < development_worth(2, 1.0)
    assert development_worth(4, 0.0) == development_worth(4, 1.0)


def test_progress_grows_with_the_price_of_a_kontor_held() -> None:
    """3B a Kontor bauen: in Lübeck (7, salt) a Kontor costs ore, fur, amber and a 7 marker; each
    piece of that price the cog holds brings it nearer."""
    game = make("kogge", 3)
    state = first_state(game, 0, lambda s: game.decision_name(s) == "move")
    seat = game.current_player(state)
    state.kontor_owner = [-1] * 18
    values = []
    for cargo, sevens in (
        ([0, 0, 0, 0], 0),
        ([1, 1, 0, 0], 0),
        ([1, 1, 1, 0], 0),
        ([1, 1, 1, 0], 1),
    ):
        state.cargo[seat * 4 : seat * 4 + 4] = cargo
        state.hand[seat * 9 : seat * 9 + 9] = [0] * 7 + [sevens, 0]
        values.append(progress(state, seat, 15.0))
    assert values == sorted(values) and len(set(values)) == len(values)
