"""Weitere Regel: Handel untereinander, and expert rule B (Handel mit Kontoren).

Players whose cogs stand in the same city may trade goods and markers on any terms. As ruled in
RULINGS.md, the player on turn offers (while moving or acting) an exchange to such a player, who
accepts or declines; goods in Kontore, Kontore and bonus chips cannot be traded. Trades are
allowed 'JEDERZEIT': the player on turn may offer in every city of his movement and in his action
phase. The offer is built one item at a time; given items are set aside until the answer. To keep
a game finite each partner receives at most one offer during the movement and one during the
action phase.

B: the player on turn may also trade with another player's Kontor in his city: only the Kontor's
goods and the owner's markers; goods for the owner go into the Kontor.

When goods and markers are secret (C, D) the offerer may ask for at most as many goods and markers
as the partner holds in total; the partner can accept only what he has.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanse.games.kogge.actions import Decision
from hanse.games.kogge.rules.phase import USED_MOVED
from hanse.games.kogge.state import KoggeState

if TYPE_CHECKING:
    from hanse.core import Action
    from hanse.games.kogge.game import KoggeGame


def owns_kontor(s: KoggeState, q: int, c: int) -> bool:
    return s.kontor_owner[2 * c] == q or s.kontor_owner[2 * c + 1] == q


def kontor_stock(s: KoggeState, q: int, c: int) -> list[int]:
    stock = [0, 0, 0, 0]
    for pl in (2 * c, 2 * c + 1):
        if s.kontor_owner[pl] == q:
            for t in range(4):
                stock[t] += s.kontor_goods[pl * 4 + t]
    return stock


def add_offers(g: KoggeGame, s: KoggeState, acts: list[Action]) -> None:
    p = s.actor
    c = s.pos[p]
    for q in range(g.num_players):
        if q == p:
            continue
        if s.pos[q] == c and not s.traded >> (2 * q) & 1:
            acts.append(g.offer_trade[2 * q])
        if g.kontor_trade and not s.traded >> (2 * q + 1) & 1 and owns_kontor(s, q, c):
            acts.append(g.offer_trade[2 * q + 1])


def apply_offer(g: KoggeGame, s: KoggeState, seat: int, kontor: int) -> None:
    s.traded |= 1 << (2 * seat + kontor)
    s.partner = seat
    s.via_kontor = kontor
    s.phase = Decision.TRADE


def legal_compose(g: KoggeGame, s: KoggeState) -> list[Action]:
    p = s.actor
    q = s.partner
    items = g.trade_item
    acts: list[Action] = []
    for t in range(4):
        if s.cargo[p * 4 + t]:
            acts.append(items[t])
    for v in range(9):
        if s.hand[p * 9 + v]:
            acts.append(items[4 + v])
    ask_g = s.ask_goods
    if s.via_kontor:
        stock = kontor_stock(s, q, s.pos[p])
        for t in range(4):
            if ask_g[t] < stock[t]:
                acts.append(items[13 + t])
    elif g.hidden:
        if sum(ask_g) < sum(s.cargo[q * 4 : q * 4 + 4]):
            acts.extend(items[13:17])
    else:
        for t in range(4):
            if ask_g[t] < s.cargo[q * 4 + t]:
                acts.append(items[13 + t])
    ask_m = s.ask_markers
    if g.hidden:
        if sum(ask_m) < sum(s.hand[q * 9 : q * 9 + 9]):
            acts.extend(items[17:26])
    else:
        for v in range(9):
            if ask_m[v] < s.hand[q * 9 + v]:
                acts.append(items[17 + v])
    if any(s.esc_goods) or any(s.esc_markers) or any(ask_g) or any(ask_m):
        acts.append(g.send_offer)
    acts.append(g.cancel_trade)
    return acts


def apply_item(g: KoggeGame, s: KoggeState, side: int, good: int, marker: int) -> None:
    p = s.actor
    if side == 0:
        if good >= 0:
            s.cargo[p * 4 + good] -= 1
            s.esc_goods[good] += 1
        else:
            s.hand[p * 9 + marker] -= 1
            s.esc_markers[marker] += 1
    elif good >= 0:
        s.ask_goods[good] += 1
    else:
        s.ask_markers[marker] += 1


def apply_send(g: KoggeGame, s: KoggeState) -> None:
    s.phase = Decision.ANSWER
    s.actor = s.partner


def _partner_has(s: KoggeState) -> bool:
    q = s.partner
    c = s.pos[s.turn_owner]
    if s.via_kontor:
        stock = kontor_stock(s, q, c)
        if any(s.ask_goods[t] > stock[t] for t in range(4)):
            return False
    elif any(s.ask_goods[t] > s.cargo[q * 4 + t] for t in range(4)):
        return False
    return all(s.ask_markers[v] <= s.hand[q * 9 + v] for v in range(9))


def legal_answer(g: KoggeGame, s: KoggeState) -> list[Action]:
    if _partner_has(s):
        return g.answer
    return [g.answer[0]]


def apply_answer(g: KoggeGame, s: KoggeState, accept: int) -> None:
    if accept:
        _transfer(s)
    _close(s)


def apply_cancel(g: KoggeGame, s: KoggeState) -> None:
    _close(s)


def _transfer(s: KoggeState) -> None:
    p = s.turn_owner
    q = s.partner
    c = s.pos[p]
    places = [pl for pl in (2 * c, 2 * c + 1) if s.kontor_owner[pl] == q]
    for t in range(4):
        # Goods asked for come from the partner's cog, or (B) from his Kontore here.
        want = s.ask_goods[t]
        if s.via_kontor:
            for pl in places:
                take = min(want, s.kontor_goods[pl * 4 + t])
                s.kontor_goods[pl * 4 + t] -= take
                want -= take
        else:
            s.cargo[q * 4 + t] -= want
        s.cargo[p * 4 + t] += s.ask_goods[t]
        # Goods given go onto the partner's cog, or (B) into his Kontor.
        if s.via_kontor:
            s.kontor_goods[places[0] * 4 + t] += s.esc_goods[t]
        else:
            s.cargo[q * 4 + t] += s.esc_goods[t]
        s.esc_goods[t] = 0
    for v in range(9):
        s.hand[q * 9 + v] += s.esc_markers[v] - s.ask_markers[v]
        s.hand[p * 9 + v] += s.ask_markers[v]
        s.esc_markers[v] = 0


def _close(s: KoggeState) -> None:
    """Return what is still set aside to the offerer and go back to his actions."""
    p = s.turn_owner
    for t in range(4):
        s.cargo[p * 4 + t] += s.esc_goods[t]
        s.esc_goods[t] = 0
        s.ask_goods[t] = 0
    for v in range(9):
        s.hand[p * 9 + v] += s.esc_markers[v]
        s.esc_markers[v] = 0
        s.ask_markers[v] = 0
    s.partner = -1
    s.via_kontor = 0
    # Back to where the offer was made: the movement or the action phase.
    s.phase = Decision.ACTION if s.used & USED_MOVED else Decision.MOVE
    s.actor = p
