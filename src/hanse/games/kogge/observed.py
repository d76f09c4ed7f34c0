"""observe_action and the log's notes: what each seat newly learns from a move (a face-down
marker turned, the start cities revealed, what a look or a route change shows, a conflict's
outcome), as ``views.py`` decides what each seat may know."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanse.core import CHANCE
from hanse.core.words import Phrase, closed_with_notes, fill, phrase
from hanse.games.kogge.actions import (
    GMT_GOOD,
    SECRET_SLOT,
    ChangeRoute,
    ChooseStart,
    ConflictBid,
    Deal,
    Decision,
    Demand,
    ForcedStep,
    GuildmasterTrade,
    Look,
    Move,
    Push,
    Split,
    action_to_str,
)
from hanse.games.kogge.data import (
    GOOD_NAMES,
    MARKER_COLOUR,
)
from hanse.games.kogge.rules.common import open_slots
from hanse.games.kogge.state import KoggeState
from hanse.games.kogge.words import NOTE_WORDS, city_label
from hanse.games.svg_parts import SEAT_LETTERS

if TYPE_CHECKING:
    from hanse.core import Action
    from hanse.games.kogge.game import KoggeGame


from hanse.games.kogge.views import knows_square, marker_list, sees_piles


def observe_action(
    g: KoggeGame, s: KoggeState, actor: int, action: Action, viewer: int | None
) -> str:
    """The action as ``viewer`` sees it: secret choices and face-down markers are redacted, and
    what the action shows the viewer is told in a closing note (:func:`note_phrases`; issue 21:
    what the view newly shows, the log tells)."""
    text = action_to_str(action)
    if actor == CHANCE:
        seen = text
        if isinstance(action, Deal):
            if s.phase == Decision.DEAL and g.memory and s.deal_idx > 0:
                seen = "deal ?"
            elif s.phase == Decision.DRAW_BONUS and g.hidden and viewer != s.queue[0]:
                seen = f"deal ? to player {SEAT_LETTERS[s.queue[0]]}"
    else:
        seen = text if viewer == actor else _redacted(g, s, action, text, viewer)
    return closed_with_notes(seen, note_phrases(g, s, actor, action, viewer))


def note_phrases(
    g: KoggeGame, s: KoggeState, actor: int, action: Action, viewer: int | None
) -> list[Phrase]:
    """What `action` shows `viewer` beyond its own words, as the phrases of the note closing its
    log text (the web log translates them): a face-down marker turned, the start choices
    revealed, a conflict's outcome, the players skipped in the bids, ..."""
    notes = [] if actor == CHANCE else _told(g, s, actor, action, viewer)
    if s.phase in _BEFORE_BIDS:
        skipped = _skipped_bidders(g, s, action)
        if skipped is not None:
            notes.append(skipped)
    return notes


_BEFORE_BIDS = (Decision.DRAW_BONUS, Decision.DRAW_OFFER, Decision.BID)


def _skipped_bidders(g: KoggeGame, s: KoggeState, action: Action) -> Phrase | None:
    """Who is skipped in the bids: 'Wer keinen Wegemarker hat, muß das ... ansagen und wird
    übersprungen' (likewise a player left with only combinations bid already)."""
    after = s.clone()
    g._apply(after, action)
    if s.phase == Decision.BID:
        if after.phase == Decision.BID and after.actor == s.actor:
            return None
        first = s.idx + 1
    elif after.phase in _BEFORE_BIDS[:2]:
        return None
    else:
        first = 0
    last = after.idx if after.phase == Decision.BID else g.num_players
    passed = [SEAT_LETTERS[s.order[i]] for i in range(first, last)]
    if not passed:
        return None
    if len(passed) == 1:
        return phrase(NOTE_WORDS["skipped"], seat=passed[0])
    return phrase(NOTE_WORDS["skipped_many"], seats=", ".join(passed))


def _redacted(g: KoggeGame, s: KoggeState, action: Action, text: str, viewer: int | None) -> str:
    if isinstance(action, ChooseStart):
        return "start ?"
    if isinstance(action, ChangeRoute) and g.hidden:
        return f"route {action.slot} ?"
    if isinstance(action, ConflictBid):
        return "cbid ?"
    if isinstance(action, Split) and not sees_piles(g, s, viewer):
        return "split ?"
    if isinstance(action, Demand) and viewer not in s.conf:
        return "demand ?"
    return text


def _told(
    g: KoggeGame, s: KoggeState, actor: int, action: Action, viewer: int | None
) -> list[Phrase]:
    """What ``action`` shows ``viewer`` beyond its own words (none: an empty list)."""
    kind = type(action)
    if kind is Move or kind is ForcedStep or kind is Push:
        return _turned(g, s, actor, action, viewer)
    if kind is ChooseStart and len(s.queue) == 1:
        return _start_reveal(g, s, action, viewer)
    if kind is ConflictBid and s.conf_value == 0 and actor == s.conf[1]:
        return _conflict_outcome(s, action, viewer)
    if kind is Demand:
        return [_demand_outcome(s, action, viewer)]
    if kind is Split and viewer == s.turn_owner:
        return _second_pile(s, action)
    if viewer != actor:
        return []
    if kind is Look:
        c = s.pos[actor]
        return [phrase(NOTE_WORDS["sees"], marker=s.sq_val[2 * c], other=s.sq_val[2 * c + 1])]
    if kind is ChangeRoute:
        sq = 2 * s.pos[actor] + action.slot  # type: ignore[attr-defined]
        if not knows_square(s, viewer, sq):
            return [phrase(NOTE_WORDS["takes_marker"], marker=s.sq_val[sq])]
        return []
    if kind is GuildmasterTrade and action.option == GMT_GOOD and g.hidden:  # type: ignore[attr-defined]
        colour = action.good  # type: ignore[attr-defined]
        held = [v for v in range(9) if MARKER_COLOUR[v] == colour for _ in range(s.reserve[v])]
        if not held:
            return [phrase(NOTE_WORDS["reserve_holds_none"])]
        return [phrase(NOTE_WORDS["reserve_holds"], markers=", ".join(map(str, held)))]
    return []


def _turned(
    g: KoggeGame, s: KoggeState, actor: int, action: Action, viewer: int | None
) -> list[Phrase]:
    """A step along a face-down marker turns it for everybody to see (3A Bewegung; Memory: shown
    and covered again); a step chosen for another cog turns the other marker too when the first
    points home (RULINGS.md, "Route markers pointing to their own city")."""
    if isinstance(action, Move):
        if action.slot == SECRET_SLOT:
            return []
        seat, slot = actor, action.slot
    elif isinstance(action, ForcedStep):
        seat, slot = s.turn_owner, action.slot
    else:
        assert isinstance(action, Push)
        seat = s.conf[1] if s.conf_winner == s.conf[0] else s.conf[0]
        slot = action.slot
    c = s.pos[seat]
    used = [2 * c + slot]
    points_home = s.sq_val[2 * c + slot] == c
    if not isinstance(action, Move) and points_home and 1 - slot in open_slots(s, seat):
        used.append(2 * c + 1 - slot)
    shown = [s.sq_val[sq] for sq in used if not s.sq_up[sq]]
    if not shown:
        return []
    if len(shown) == 1:
        return [phrase(NOTE_WORDS["shows"], marker=shown[0])]
    first, then = shown
    return [phrase(NOTE_WORDS["show_both"], marker=first, other=then)]


def _start_reveal(g: KoggeGame, s: KoggeState, action: Action, viewer: int | None) -> list[Phrase]:
    """The last secret start choice reveals all of them ('Startaufstellung festlegen'); in
    Memory each player then sees the markers of his start city."""
    assert isinstance(action, ChooseStart)
    after = s.clone()
    g._apply(after, action)
    chosen = [(p, s.start_choice[p]) for p in range(g.num_players) if s.start_choice[p] >= 0]
    chosen.append((s.actor, action.marker))
    notes = [
        phrase(NOTE_WORDS["starts_in"], seat=SEAT_LETTERS[p], city=city_label(c))
        for p, c in sorted(chosen)
    ]
    if viewer is not None and g.memory and after.pos[viewer] >= 0 and s.pos[viewer] < 0:
        c = after.pos[viewer]
        notes.append(
            phrase(
                NOTE_WORDS["city_shows"],
                marker=after.sq_val[2 * c],
                other=after.sq_val[2 * c + 1],
            )
        )
    return notes


def _conflict_outcome(s: KoggeState, action: Action, viewer: int | None) -> list[Phrase]:
    """Both choices are made: the markers are exchanged. The two sides learn what they received;
    everybody learns how many went each way and who won (RULINGS.md, "C, secret choice")."""
    from hanse.games.kogge.rules.bidding import bid_key

    assert isinstance(action, ConflictBid)
    att, dfd = s.conf
    laid_a = marker_list(s.stake[:9])
    laid_d = marker_list(s.stake[9:]) + [0] * action.count
    key_a, key_d = (
        bid_key(tuple(sorted(laid_a, reverse=True))),
        bid_key(tuple(sorted(laid_d, reverse=True))),
    )
    a, d = SEAT_LETTERS[att], SEAT_LETTERS[dfd]
    notes = []
    giver = {att: d, dfd: a}.get(viewer)  # type: ignore[arg-type]
    received = {att: laid_d, dfd: laid_a}.get(viewer)  # type: ignore[arg-type]
    if received is not None:
        key = "receive" + {0: "_nothing", 1: "_one"}.get(len(received), "")
        markers = ", ".join(map(str, sorted(received, reverse=True)))
        notes.append(fill(NOTE_WORDS[key], {"markers": markers, "seat": giver}))
    for seat, laid in ((a, laid_a), (d, laid_d)):
        key = "put_in" + {0: "_none", 1: "_one"}.get(len(laid), "")
        notes.append(fill(NOTE_WORDS[key], {"seat": seat, "count": len(laid)}))
    if key_a == key_d:
        notes.append(phrase(NOTE_WORDS["nobody_wins"]))
    else:
        winner, loser = (a, d) if key_a > key_d else (d, a)
        notes.append(phrase(NOTE_WORDS["wins"], seat=winner, other=loser))
    return notes


def _second_pile(s: KoggeState, action: Action) -> list[Phrase]:
    """The good that completes the first pile makes the rest of the cargo the second: the robber
    now sees both piles (f) Raubüberfall)."""
    assert isinstance(action, Split)
    q = s.victim
    rest = s.cargo[q * 4 : q * 4 + 4]
    rest[action.good] -= 1
    laid = sum(s.piles[:4]) + 1
    if 2 * laid < laid + sum(rest):
        return []
    return [_goods_phrase("other_pile", rest)]


def _goods_phrase(note: str, counts: list[int], **names: str) -> Phrase:
    """The note of that name with the count of each good ("the other pile: 0 ore, 2 fur, 0 amber,
    1 salt"), or its ``_nothing`` form where every count is 0; `names` fill its other fields."""
    if not any(counts):
        return fill(NOTE_WORDS[f"{note}_nothing"], names)
    return fill(NOTE_WORDS[note], {**dict(zip(GOOD_NAMES, counts, strict=True)), **names})


def _demand_outcome(s: KoggeState, action: Action, viewer: int | None) -> Phrase:
    """The winner takes those of the three goods named that the loser has; the others learn how
    many (RULINGS.md, "C, secret choice")."""
    assert isinstance(action, Demand)
    loser = s.conf[1] if s.conf_winner == s.conf[0] else s.conf[0]
    got = [min(action.goods[t], s.cargo[loser * 4 + t]) for t in range(4)]
    names = {"seat": SEAT_LETTERS[s.conf_winner], "other": SEAT_LETTERS[loser]}
    if viewer in s.conf or not any(got):
        return _goods_phrase("winner_takes", got, **names)
    if sum(got) == 1:
        return fill(NOTE_WORDS["winner_takes_one"], names)
    return fill(NOTE_WORDS["winner_takes_count"], {**names, "count": sum(got)})
