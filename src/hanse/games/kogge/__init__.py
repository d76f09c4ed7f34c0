"""Kogge (Andreas Steding, MoD Games 2003; rules v1.1, November 2003), 2 to 4 players.

Nine Baltic cities (0 Tönsberg ... 8 Kopenhagen) sit in a ring; each produces one good (ore,
fur, amber, salt). Each city shows two route markers (Wegemarker) that say where a cog may sail.
Players found Kontore and sell six equal goods to the guild master for bonus chips: five
development points win at once. Otherwise the game ends when the guild master enters or passes his
start city the second time, and the most victory points win (ties share the win).

Game id ``kogge``; ``hanse.games.make("kogge", 3, taxes=True)``.

How the rulebook maps to the modules
------------------------------------
=============================================  ==========================================
Rulebook section                               module
=============================================  ==========================================
Spielmaterial (cities, goods, markers, chips)  ``data.py``
Spielvorbereitung, Startaufstellung festlegen  ``rules/setup.py``
1) Nachschub und Reihenfolge (offer, bids,      ``rules/bidding.py``
supply, turn order; bid ranking of RULINGS)
2) Gildemeister; expert rule A (Steuern)       ``rules/guildmaster.py``
3) Spielerphase (turn order, once per round)   ``rules/phase.py``
3A) Bewegung (incl. Waren und Kontore)         ``rules/movement.py``
3B) Aktionen (menu, end of turn)               ``rules/turn.py``
a) Kontor bauen                                ``rules/kontor.py``
b) Handel mit dem Gildemeister                 ``rules/guild_trade.py``
c) Wegemarker kaufen                           ``rules/markets.py``
d) Waren eintauschen                           ``rules/exchange.py``
e) Handelsrouten verändern; D's look           ``rules/routes.py``
f) Raubüberfall                                ``rules/robbery.py``
Handel untereinander; expert rule B            ``rules/trading.py``
Expert rule C (Konflikte)                      ``rules/conflicts.py``
Spielziel und Spielende (points, the win)      ``rules/scoring.py``, ``rules/common.py``
=============================================  ==========================================

``state.py`` holds the slotted state, ``actions.py`` the actions, the decisions and the notation,
``views.py`` the views (hidden information), ``render.py`` the text board, ``explain.py`` the
messages naming the rule an illegal action breaks, ``heuristics.py`` the evaluation of views for
the heuristic bot and the search levels' settings, ``prospects.py`` the search levels' evaluation
of states (what a cog can do where it can sail next), ``weights.py`` the worths the two share,
``game.py`` the protocol glue.

Decisions
---------
Turns are chains of small decisions (``view["decision"]``):

- ``choose_start`` (secret until all have chosen), ``start_swap`` (D);
- ``bid`` (one marker at a time, never higher than the last, then ``bid_done``; RULINGS.md,
  "Bids are laid as a chain"), ``move_guildmaster``, ``pay_tax`` (A);
- ``move`` (one step at a time, paid with one item: ``move``, ``collect``, ``offer_trade``,
  ``stop``), ``pay_fee`` (the Geheimweg's second item after a step that is not free, no lower
  than the first, so that every pair is paid in one way);
- ``action`` (the menu: ``build_kontor``, ``guildmaster_trade``, ``buy_markers``, ``exchange``,
  ``change_route``, ``look`` (D), ``rob``, ``offer_trade``, ``end_turn``);
- ``exchange`` (one good given or taken at a time, then ``exchange_done``);
- ``offer_trade`` (``trade_item`` one at a time, then ``send_offer`` or ``cancel_trade``) and
  ``answer_trade``;
- ``take_marker`` (after giving the guild master a good: the marker of its colour, chosen from
  the reserve);
- ``split`` (the robbed player lays the first pile one good at a time), ``choose_pile`` (the
  robber), ``forced_step`` (the next player clockwise moves the robber);
- for C: ``attack``, ``conflict_bid`` (secret: how many markers of each value, 8 down to 0),
  ``demand``, ``push``.

No decision offers more than a few dozen actions (the action phase's menu is the widest, about
40 in random games), so a person can choose from a menu and a research environment has a small
fixed action space.

Holdings are secret by default (RULINGS.md, "Holdings are secret"; flag ``open_holdings``):
``views.py`` shows other seats' goods and markers as counts beside what the table has seen of them
(``knowledge.py``), and ``determinize``/``resample_hidden`` deal the rest on top of that.

Chance nodes: ``deal`` (a marker from the reserve: set-up, offer, +1 chip) and ``lot`` (the order
of two players in the same start city).

Variant flags (expert rules, all off by default; RULINGS.md)
------------------------------------------------------------
- ``taxes`` (A, Steuern): cogs in the guild master's new city pay one good; foreign goods there
  are confiscated.
- ``kontor_trade`` (B, Handel mit Kontoren): offers to another player's Kontor in one's city.
- ``conflicts`` (C, Konflikte): after the action phase; goods and markers become secret.
- ``memory`` (D, Memory): all markers face down; start cargo two ore and two fur; a paid look.

Decisions on unclear points (besides RULINGS.md)
------------------------------------------------
- Hidden information: outside C and D the players' goods and markers are open (RULINGS.md says
  they are secret only in C and D). The reserve of markers is open (the guild master's trade lets
  a player pick from it). A face-down marker is known to whoever placed it (and in D to whoever
  saw it); views are snapshots of what the viewer knows, not of deductions from history. With
  secret goods (C, D) the two piles of a robbed cargo are seen by the victim and the robber only;
  trade offers and conflict demands are spoken, so public.
- Trades between players ('JEDERZEIT') are offered by the player on turn in any city of his
  movement (before the first step, between steps, at the end) and in his action phase; so that a
  game stays finite each partner (cog or, with B, Kontor) receives at most one offer during the
  movement and one during the action phase.
- Collecting goods from one's Kontor is a choice (``collect``) and takes all of them.
- A robbery ends the turn at once, so no conflict (C) follows it. In a conflict the active player
  may start one conflict, then every other player in his city (clockwise) may attack him, each
  pair at most once per turn; a player with markers must choose at least one; equal choices have
  no winner; the winner's push is optional.
- A player may not rob a city holding his own robbery marker (his cog can only be there after a
  blocked step; a city holds at most one robbery marker per player); robbing an empty cog or city
  is allowed.
- The robber's free step and the conflict winner's push go only along possible routes ('natürlich
  nur entlang der möglichen Routen'): not along a face-up route into a city with the moved cog's
  own robbery marker. A face-down route may be chosen and stops the cog there if it leads into
  such a city. With no possible route the robber's cog stays.
- The start re-choice forbids a city that already holds two Kontore.
- ``scores`` are victory points; a development-point win is told by ``winners``.
- JSON actions are read strictly: every field an int or a list of ints in its range (multisets
  such as bid markers in any order); anything else is an ``IllegalActionError``.

Glossary (German → English)
---------------------------
Kogge: cog (the player's ship) · Kontor/Kontore: trading post(s) · Gildemeister: guild master ·
Wegemarker/Zahlenchip: route marker · Routenanzeiger/Quadrat: route square · Vorrat: supply
(goods) and reserve (markers) · Nachschub: supply of new goods · Gebot: bid · Reihenfolge: turn
order · Raubmarker: robbery marker · Raubüberfall: robbery · Bonuschip: bonus chip ·
Entwicklungspunkt: development point · Siegpunkt: victory point · Spielende-Marker: game-end
marker · Steuern: taxes · Konflikt: conflict · Erz/Felle/Bernstein/Salz: ore/fur/amber/salt ·
Geheimweg: secret route · Handelszentrum: trading city.

Data (``data.py``, from ``shared/reference/kogge/kogge.json``)
--------------------------------------------------------------
All counts, scores and rules come from the German rulebook. The names of cities 0 (Tönsberg) and
8 (Kopenhagen) and the goods of cities 0, 1 and 8 are medium confidence (two secondary sources
agree); nothing is reconstructed. Drawing positions follow the ring of the printed board.
"""

from hanse.games.kogge.game import KoggeGame

GAME = KoggeGame

__all__ = ["GAME", "KoggeGame"]
