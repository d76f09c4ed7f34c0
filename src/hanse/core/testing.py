"""The conformance suite every game must pass (DESIGN.md, "Tests", item 1).

A game's tests call :func:`check_conformance` with its id, player counts and seeds. The suite plays
seeded random games through the protocol and checks, at every node or at a sample of them:

=======================  =========================================================================
check                    what it catches
=======================  =========================================================================
``legal_nonempty``       a decision node with no legal action
``legal_unique``         duplicate legal actions
``legal_deterministic``  legal actions whose order or content changes between calls or clones
``chance``               chance outcomes empty, duplicated, non-positive or not summing to 1
``notation``             an action whose text does not parse back to the same action
``json``                 an action whose JSON is not serialisable or does not parse back
``illegal_rejected``     an illegal action that is accepted, not refused with IllegalActionError,
                         or that changes the state while being refused
``clone``                a clone that differs from its original or shares mutable parts with it
``view_json``            a view that is not plain JSON, or lacks ``seat``/``decider``/``decision``
``view_determinize``     ``view(determinize(view(s, p)), p) != view(s, p)``, or a determinized
                         state that offers its decider other legal actions than the real one
``view_leak``            a view that changes when the secrets the viewer may not know are re-dealt
``observe``              ``observe_action`` that does not give a text for every viewer
``log_hides``            two actions (or chance outcomes) at one node that a viewer's log writes
                         alike, but that leave that viewer different views: the view tells what
                         the log hides
``log_tells``            a state and the same state with the viewer's hidden information re-dealt,
                         and an action the viewer's log writes alike in both, that leave the
                         viewer different views: a secret became public and the log did not
                         say so
``inventory``            physical pieces appearing or vanishing
``scores``               scores or returns of the wrong shape or out of range; no winner
``bound``                a game that does not end within the stated number of actions
``replay``               a record that does not replay to the same final state
``seed``                 the same seed giving another record
=======================  =========================================================================

Each failure raises :class:`ConformanceError` naming the check, the game, the seed and the step.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hanse.core.match import replay_final, sample_chance
from hanse.core.protocol import CHANCE, TERMINAL, Action, Game, IllegalActionError
from hanse.core.record import MatchRecord, RecordError

CHECKS = (
    "legal_nonempty",
    "legal_unique",
    "legal_deterministic",
    "chance",
    "notation",
    "json",
    "illegal_rejected",
    "clone",
    "view_json",
    "view_determinize",
    "view_leak",
    "observe",
    "log_hides",
    "log_tells",
    "inventory",
    "scores",
    "bound",
    "replay",
    "seed",
)


class ConformanceError(AssertionError):
    """A game broke the protocol; `check` names which rule of the suite."""

    def __init__(self, check: str, message: str) -> None:
        super().__init__(f"[{check}] {message}")
        self.check = check


@dataclass
class _Walk:
    """One seeded random game under observation."""

    game: Game
    seed: int
    view_every: int
    where: str = ""
    seen_actions: dict[Action, None] = field(default_factory=dict)  # insertion-ordered set
    steps: int = 0

    def fail(self, check: str, message: str) -> ConformanceError:
        return ConformanceError(
            check, f"{self.where}, seed {self.seed}, step {self.steps}: {message}"
        )


def _plain_json(value: Any) -> bool:
    """True for values made only of dict (str keys), list, str, int, float, bool and None."""
    if value is None or isinstance(value, str | bool | int | float):
        return not isinstance(value, float) or math.isfinite(value)
    if isinstance(value, list):
        return all(_plain_json(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain_json(v) for k, v in value.items())
    return False


def _check_action_forms(walk: _Walk, action: Action) -> None:
    """Notation and JSON round trips, once per distinct action."""
    if action in walk.seen_actions:
        return
    game = walk.game
    try:
        text = game.action_to_str(action)
        back = game.action_from_str(text)
    except IllegalActionError as error:
        raise walk.fail("notation", f"{action!r} does not parse back: {error}") from None
    if not isinstance(text, str) or back != action:
        raise walk.fail("notation", f"{action!r} -> {text!r} -> {back!r}")
    try:
        obj = game.action_to_json(action)
        encoded = json.dumps(obj)
    except (TypeError, ValueError) as error:
        raise walk.fail("json", f"{action!r} has no JSON form: {error}") from None
    if not isinstance(obj, dict) or not isinstance(obj.get("kind"), str):
        raise walk.fail("json", f"{action!r} -> {obj!r} lacks a string 'kind'")
    try:
        back = game.action_from_json(json.loads(encoded))
    except IllegalActionError as error:
        raise walk.fail("json", f"{encoded} does not parse back: {error}") from None
    if back != action:
        raise walk.fail("json", f"{action!r} -> {encoded} -> {back!r}")
    walk.seen_actions[action] = None


def _check_decision(walk: _Walk, state: Any, legal: Sequence[Action]) -> None:
    game = walk.game
    if not legal:
        raise walk.fail("legal_nonempty", "a decision node without legal actions")
    if len(set(legal)) != len(legal):
        dupes = sorted({game.action_to_str(a) for a in legal if legal.count(a) > 1})
        raise walk.fail("legal_unique", f"duplicate legal actions {dupes}")
    again = list(game.legal_actions(state))
    copy_legal = list(game.legal_actions(state.clone()))
    if again != list(legal) or copy_legal != list(legal):
        raise walk.fail("legal_deterministic", "legal actions differ between calls or on a clone")
    for action in legal:
        _check_action_forms(walk, action)


def _check_chance(walk: _Walk, outcomes: Sequence[tuple[Action, float]]) -> None:
    if not outcomes:
        raise walk.fail("chance", "a chance node without outcomes")
    actions = [a for a, _ in outcomes]
    if len(set(actions)) != len(actions):
        raise walk.fail("chance", "duplicate chance outcomes")
    if any(not (p > 0.0) for _, p in outcomes):
        raise walk.fail("chance", "a chance outcome with probability <= 0")
    total = math.fsum(p for _, p in outcomes)
    if abs(total - 1.0) > 1e-9:
        raise walk.fail("chance", f"chance probabilities sum to {total!r}, not 1")
    for action in actions:
        _check_action_forms(walk, action)


ILLEGAL_PROBES = 6


def _check_illegal(walk: _Walk, state: Any, legal: Sequence[Action], rng: random.Random) -> None:
    """Actions seen elsewhere but not legal here must be refused and change nothing."""
    game = walk.game
    legal_set = set(legal)
    candidates = [a for a in walk.seen_actions if a not in legal_set]
    for candidate in rng.sample(candidates, min(ILLEGAL_PROBES, len(candidates))):
        before = state.clone()
        try:
            game.apply_action(state, candidate)
        except IllegalActionError:
            if state != before:
                raise walk.fail(
                    "illegal_rejected",
                    f"refusing {game.action_to_str(candidate)!r} changed the state",
                ) from None
            continue
        except Exception as error:  # noqa: BLE001  # any other exception is the failure
            raise walk.fail(
                "illegal_rejected",
                f"{game.action_to_str(candidate)!r} raised {type(error).__name__}, "
                "not IllegalActionError",
            ) from None
        raise walk.fail(
            "illegal_rejected", f"illegal {game.action_to_str(candidate)!r} was accepted"
        )


def _check_clone(walk: _Walk, state: Any, action: Action) -> None:
    game = walk.game
    before = state.clone()
    if before != state:
        raise walk.fail("clone", "a clone differs from its original")
    copy = state.clone()
    game.apply_action(copy, action)
    if state != before:
        raise walk.fail("clone", "applying an action to a clone changed the original")
    probe = state.clone()
    trusted = state.clone()
    game.apply_action(state, action)
    game.apply_action(probe, action)
    game.apply_trusted(trusted, action)
    if probe != state:
        raise walk.fail("clone", "the same action on a clone and on its original diverged")
    if trusted != state:
        raise walk.fail("clone", "apply_trusted and apply_action led to different states")
    if copy != state:
        raise walk.fail("clone", "the same action on two clones diverged")


def _check_views(walk: _Walk, state: Any, rng: random.Random) -> None:
    game = walk.game
    player = game.current_player(state)
    for seat in [None, *range(game.num_players)]:
        view = game.view(state, seat)
        if not _plain_json(view) or json.loads(json.dumps(view)) != view:
            raise walk.fail("view_json", f"the view of seat {seat} is not plain JSON")
        missing = {"seat", "decider", "decision"} - set(view)
        if missing or view["seat"] != seat:
            raise walk.fail("view_json", f"the view of seat {seat} lacks {sorted(missing)} or seat")
        sampled = game.determinize(view, random.Random(rng.random()))
        if game.view(sampled, seat) != view:
            raise walk.fail(
                "view_determinize", f"view(determinize(view)) differs from the view of seat {seat}"
            )
        if seat is not None and seat == player:
            real = list(game.legal_actions(state))
            if list(game.legal_actions(sampled)) != real:
                raise walk.fail(
                    "view_determinize",
                    f"a determinized state offers seat {seat} other legal actions",
                )
        resampled = game.resample_hidden(state, seat, random.Random(rng.random()))
        if game.view(resampled, seat) != view:
            raise walk.fail(
                "view_leak",
                f"the view of seat {seat} changed when its hidden information was re-dealt",
            )
        if getattr(game, "views_hide_nothing", False) and seat is not None:
            spectator = {**game.view(state, None), "seat": seat}
            if view != spectator:
                raise walk.fail(
                    "views_hide_nothing",
                    f"the game says no view hides anything, but seat {seat}'s differs from the "
                    "spectator's (its log would tell chance outcomes in words to everybody)",
                )


def _check_observe(walk: _Walk, state: Any, player: int, action: Action) -> None:
    game = walk.game
    for viewer in [None, *range(game.num_players)]:
        seen = game.observe_action(state, player, action, viewer)
        if not isinstance(seen, str) or not seen:
            raise walk.fail("observe", f"observe_action for viewer {viewer} gave {seen!r}")


SECRECY_PROBES = 4
SKIPPABLE = frozenset({"log_hides", "log_tells"})


def _child(game: Game, state: Any, action: Action) -> Any:
    child = state.clone()
    game.apply_action(child, action)
    return child


def _choices(game: Game, state: Any, player: int) -> list[Action]:
    if player == CHANCE:
        return [a for a, _ in game.chance_outcomes(state)]
    return list(game.legal_actions(state))


def _check_secrecy(
    walk: _Walk, state: Any, player: int, action: Action, rng: random.Random
) -> None:
    """``log_hides`` and ``log_tells``: what a viewer may know is exactly its view, and its view
    changes only as its log says (issue 21: "What the log hides, the view hides")."""
    game = walk.game
    viewers: list[int | None] = [None, *range(game.num_players)]
    child = _child(game, state, action)
    choices = _choices(game, state, player)
    others = [a for a in choices if a != action]
    for other in rng.sample(others, min(SECRECY_PROBES, len(others))):
        other_child: Any = None
        for viewer in viewers:
            seen = game.observe_action(state, player, action, viewer)
            if game.observe_action(state, player, other, viewer) != seen:
                continue
            if other_child is None:
                other_child = _child(game, state, other)
            if game.view(child, viewer) != game.view(other_child, viewer):
                raise walk.fail(
                    "log_hides",
                    f"{game.action_to_str(action)!r} and {game.action_to_str(other)!r} read "
                    f"{seen!r} in the log of viewer {viewer}, but leave it different views",
                )
    for viewer in viewers:
        twin = game.resample_hidden(state, viewer, random.Random(rng.random()))
        if game.current_player(twin) != player:
            continue
        seen = game.observe_action(state, player, action, viewer)
        alike = [a for a in _choices(game, twin, player)]
        alike = [a for a in alike if game.observe_action(twin, player, a, viewer) == seen]
        for twin_action in rng.sample(alike, min(SECRECY_PROBES, len(alike))):
            if game.view(_child(game, twin, twin_action), viewer) != game.view(child, viewer):
                raise walk.fail(
                    "log_tells",
                    f"viewer {viewer} reads {seen!r} in its log, but what its view then shows "
                    "depends on what it could not know: the log must say what became public",
                )


def _check_scores(walk: _Walk, state: Any) -> None:
    game = walk.game
    scores = game.scores(state)
    returns = game.returns(state)
    n = game.num_players
    if len(scores) != n or not all(isinstance(s, int) for s in scores):
        raise walk.fail("scores", f"scores {scores!r} are not {n} integers")
    if len(returns) != n or not all(-1.0 <= r <= 1.0 for r in returns):
        raise walk.fail("scores", f"returns {returns!r} are not {n} values in [-1, 1]")
    if game.is_terminal(state):
        winners = game.winners(state)
        if not winners or not set(winners) <= set(range(n)):
            raise walk.fail("scores", f"winners {winners!r} of a finished game")


def play_random(
    game: Game,
    seed: int,
    max_actions: int,
    view_every: int = 1,
    where: str = "",
    skip: frozenset[str] = frozenset(),
) -> tuple[MatchRecord, Any]:
    """Play one seeded uniformly random game under every check; returns its record and final state.

    ``view_every`` checks views, clones, observations and illegal actions at every k-th node only
    (the cheap checks run at every node). ``skip`` names checks a game is known to fail, which its
    tests must say and show (only ``log_hides`` and ``log_tells`` can be skipped).
    """
    if not skip <= SKIPPABLE:
        raise ValueError(f"only {sorted(SKIPPABLE)} can be skipped, not {sorted(skip)}")
    walk = _Walk(game, seed, max(1, view_every), where or type(game).game_id)
    rng = random.Random(seed)  # only for the choices, so that checks do not change the game
    check_rng = random.Random(seed + 1)
    state = game.new_initial_state()
    record = MatchRecord(type(game).game_id, game.num_players, dict(game.flags), seed)
    inventory = game.inventory(state)
    transition: tuple[Any, int, Action] | None = None
    while True:
        player = game.current_player(state)
        if player == TERMINAL:
            break
        if walk.steps >= max_actions:
            raise walk.fail("bound", f"the game did not end within {max_actions} actions")
        deep = walk.steps % walk.view_every == 0
        if player == CHANCE:
            outcomes = game.chance_outcomes(state)
            _check_chance(walk, outcomes)
            action = sample_chance(game, state, rng)
        else:
            legal = game.legal_actions(state)
            _check_decision(walk, state, legal)
            action = legal[rng.randrange(len(legal))]
            if deep:
                _check_illegal(walk, state, legal, check_rng)
        if deep:
            _check_views(walk, state, check_rng)
            _check_observe(walk, state, player, action)
            if transition is not None and not skip:  # once the state it led to passed the views
                _check_secrecy(walk, *transition, check_rng)
            _check_scores(walk, state)
            before = state.clone()
            _check_clone(walk, state, action)  # applies the action to `state` too
            transition = (before, player, action)
        else:
            game.apply_action(state, action)
            transition = None
        record.actions.append((player, game.action_to_str(action)))
        walk.steps += 1
        if game.inventory(state) != inventory:
            raise walk.fail(
                "inventory", f"pieces changed from {inventory} to {game.inventory(state)}"
            )
    _check_views(walk, state, check_rng)
    if transition is not None and not skip:
        _check_secrecy(walk, *transition, check_rng)
    _check_scores(walk, state)
    record.scores = list(game.scores(state))
    return record, state


def check_game(
    make_game: Callable[[], Game],
    seeds: Iterable[int],
    max_actions: int,
    view_every: int = 1,
    where: str = "",
    skip: frozenset[str] = frozenset(),
) -> None:
    """Every check of the suite on random games with each seed; see the module docstring."""
    for seed in seeds:
        game = make_game()
        where = where or type(game).game_id
        record, final = play_random(game, seed, max_actions, view_every, where, skip)
        try:
            replayed = replay_final(record, make_game())
        except RecordError as error:
            raise ConformanceError("replay", f"{where}, seed {seed}: {error}") from None
        if replayed != final:
            raise ConformanceError("replay", f"{where}, seed {seed}: replay ends in another state")
        again, _ = play_random(make_game(), seed, max_actions, max_actions + 1, where, skip)
        if again.actions != record.actions:
            raise ConformanceError("seed", f"{where}, seed {seed}: the same seed played otherwise")


def check_conformance(
    game_id: str,
    player_counts: Iterable[int],
    seeds: Iterable[int],
    *,
    flags: dict[str, Any] | None = None,
    max_actions: int = 100_000,
    view_every: int = 1,
    skip: frozenset[str] = frozenset(),
) -> None:
    """The conformance suite for a registered game at each player count over all seeds."""
    from hanse.games import make

    seeds = list(seeds)
    for n in player_counts:
        where = f"{game_id} {n}p {flags or {}}"

        def make_game(n: int = n) -> Game:
            return make(game_id, n, **(flags or {}))

        check_game(make_game, seeds, max_actions, view_every, where, skip)


def walk_choices(
    game: Game,
    choices: Sequence[int],
    rng_seed: int = 0,
    on_step: Callable[[Any, Any], None] | None = None,
) -> Any:
    """Follow a list of choice indices through a game (for Hypothesis walks); returns the state.

    Each choice picks ``legal[choice % len(legal)]`` at a decision node and
    ``outcomes[choice % len(outcomes)]`` at a chance node, so Hypothesis shrinks a failing walk to a
    short sequence of small numbers. Every step asserts the cheap protocol checks; a game's own
    invariants go in ``on_step(before, after)``, called after each action with a copy of the state
    before it.
    """
    walk = _Walk(game, rng_seed, 1, f"{type(game).game_id} walk")
    state = game.new_initial_state()
    inventory = game.inventory(state)
    for choice in choices:
        player = game.current_player(state)
        if player == TERMINAL:
            break
        if player == CHANCE:
            outcomes = game.chance_outcomes(state)
            _check_chance(walk, outcomes)
            action = outcomes[choice % len(outcomes)][0]
        else:
            legal = game.legal_actions(state)
            _check_decision(walk, state, legal)
            action = legal[choice % len(legal)]
        before = state.clone() if on_step is not None else None
        game.apply_action(state, action)
        walk.steps += 1
        if game.inventory(state) != inventory:
            raise walk.fail("inventory", "pieces changed during the walk")
        _check_scores(walk, state)
        if on_step is not None:
            on_step(before, state)
    return state


# -- SVG boards (DESIGN.md, "The web platform") -------------------------------------------------
SVG_NS = "{http://www.w3.org/2000/svg}"


def flag_sets(config_class: type) -> list[dict[str, Any]]:
    """Every combination of a game's on/off flags turned from their defaults, the defaults
    themselves first (issue 16: tests "for every game, player count and flag set")."""
    fields = [f for f in dataclasses.fields(config_class) if isinstance(f.default, bool)]
    return [
        {f.name: not f.default for f in changed}
        for size in range(len(fields) + 1)
        for changed in itertools.combinations(fields, size)
    ]


def decision_nodes(
    game: Game,
    seed: int,
    every: int = 1,
    limit: int | None = None,
    policy: Callable[[Game, Any, list[Action], random.Random], Action] | None = None,
) -> Iterable[tuple[Any, int]]:
    """Every `every`-th decision node of a seeded game, as (state, deciding seat): chance by its
    probabilities, decisions by `policy` (uniformly random by default), at most `limit`
    decisions. The state must not be kept past the next step."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    decisions = 0
    while not game.is_terminal(state) and (limit is None or decisions < limit):
        player = game.current_player(state)
        if player == CHANCE:
            game.apply_action(state, sample_chance(game, state, rng))
            continue
        legal = list(game.legal_actions(state))
        if decisions % every == 0:
            yield state, player
        decisions += 1
        action = policy(game, state, legal, rng) if policy else legal[rng.randrange(len(legal))]
        game.apply_action(state, action)


def check_board_svg(svg: str, placed: frozenset[str], legal: Sequence[str], title: str) -> Any:
    """A game's SVG board as the pages need it (issue 16): well-formed, scalable, titled; every
    action it carries legal and placed exactly once, as a labelled button target. Returns the
    parsed root (an ``xml.etree`` element)."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg)
    assert root.tag == f"{SVG_NS}svg"
    assert root.get("viewBox") and root.get("width") == "100%"
    heading = root.find(f"{SVG_NS}title")
    assert heading is not None and title in (heading.text or "")
    targets = [el for el in root.iter() if el.get("data-action") is not None]
    found = [el.get("data-action") or "" for el in targets]
    assert len(found) == len(set(found)), f"an action placed twice: {sorted(found)}"
    # A target naming the start of several actions' notation (data-choose): the page offers those
    # as the follow-up of a click on it. Each group has several actions, none placed twice.
    choosers = [el for el in root.iter() if el.get("data-choose") is not None]
    chosen: list[str] = []
    for el in choosers:
        start = el.get("data-choose") or ""
        group = [action for action in legal if action == start or action.startswith(start + " ")]
        assert len(group) > 1, f"{start!r} starts {group}: one action is a data-action target"
        chosen += group
    assert len(chosen) == len(set(chosen)), f"an action chosen twice: {sorted(chosen)}"
    assert not set(found) & set(chosen), f"both sent and chosen: {set(found) & set(chosen)}"
    assert set(found) | set(chosen) == placed
    assert placed <= set(legal), f"not legal: {sorted(placed - set(legal))}"
    for el in targets + choosers:
        assert el.get("role") == "button"
        assert el.get("tabindex") == "0"
        label = el.get("aria-label") or ""
        assert len(label) > 3 and any(ch.isalpha() for ch in label)
    return root


def chance_log_lines(game: Any, state: Any, action: Action) -> list[str | None]:
    """Each seat's and then a spectator's log line of a chance outcome at `state`, in English
    words (``GameBase.log_said``; None where the viewer keeps the game's text), for the tests of
    each game's chance words."""
    from hanse.core.words import log_line

    viewers: list[int | None] = [*range(game.num_players), None]
    seen = [game.observe_action(state, CHANCE, action, viewer) for viewer in viewers]
    said = game.log_said(state, CHANCE, action, seen, viewers)
    return [None if line is None else log_line(line, str, "") for line in said]
