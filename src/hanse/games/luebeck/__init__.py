"""Lübeck (Reiner Stockhausen, dlp games 2009), 3 to 5 players: game id ``luebeck``.

Overview
--------
Players draft packs of cards, then take turns until everybody has passed: they start voyages
with their two merchant figures on the shared cogs, and play goods cards for the city a cog of
theirs lies in, or lies just before (moving the cog, with everybody aboard, along the arrow).
Goods cards score their value at once; special cards start voyages elsewhere (Handelsfahrt),
double a city's goods for the round (Verdoppelung), sink a cog (Piraten) or move a figure between
cogs (Schiffswechsel). Nobody may pass holding more than 3 cards; a player stuck with unplayable
cards throws one overboard and pays its value. The game ends after the deck has been played
through twice; cards left in hand then score minus.

Rules and modules (rulebook sections of ``shared/rules/luebeck.de.txt``)
-------------------------------------------------------------------------
- Vorbereitung: :mod:`.rules.setup` (cogs 4/5/6, figures, 3 cards dealt; seat 0 starts).
- Kartenauslage bilden (and the deck passes of "Ende des Spiels"): :mod:`.rules.layout`.
- Kartenpäckchen wählen: :mod:`.rules.draft` (the draft; the last drafter names the first actor).
- Aktionen, Handelsfahrt in Lübeck starten, Passen, Karte abwerfen: :mod:`.rules.turn`.
- Kartenaktionen (goods, Handelsfahrt, Verdoppelung, Piraten, Schiffswechsel): :mod:`.rules.cards`.
- Nach der Runde (end stations, taking figures back, the compass): :mod:`.rules.round_end`.
- Ende des Spiels (final scoring): :mod:`.rules.scoring`.
- The cogs on the map: :mod:`.rules.cogs`; data: :mod:`.data`; state: :mod:`.state`; actions and
  notation: :mod:`.actions`; views, determinization: :mod:`.views`; text board: :mod:`.render`.

Decisions (the ``decision`` of a view): ``deal`` and ``layout`` (chance: one card drawn from the
deck, a multiset), ``draft``, ``choose_first``, ``action``, ``take_back``, ``over``.

Cards are named by label: ``"Riga 3"``, ``"Handelsfahrt Riga"``, ``"Verdoppelung Riga"``,
``"Piraten"``, ``"Schiffswechsel"``. Cogs are named by their index in the view's ``cogs`` list
(sorted by city, then figures); ``null``/no index is a free cog from the cog field.

Views (:mod:`.views`) hold the fields of the issue (``round``, ``last_round``, ``deck_pass``,
``deck_size``, ``discard_size``, ``start_player``, ``decider``, ``decision``, ``free_cogs``,
``cogs``, ``layout``, ``hand``, ``players`` with ``score``/``hand_size``/``reserve``/``passed``/
``doubled``) and, so that ``determinize`` can rebuild a state from a view alone: the open
``discard`` pile, the ``deck`` from the second pass on (the reshuffled open pile, known to all),
``final_shuffle``, per player the ``lying`` Verdoppelung cards and the ``known_hand`` (cards seen
drafted and not yet played), and the progress counters ``layout_kept``, ``layout_drawn`` and
``to_deal``.

Variant flags (:class:`.config.LuebeckConfig`, defaults from RULINGS.md)
------------------------------------------------------------------------
- ``must_pass_at_three`` (False): with 3 or fewer cards a player must pass at once (the Italian
  reading) instead of may pass (the German "darf").
- ``double_includes_move`` (True): a Verdoppelung also doubles goods cards that move a cog into
  its city.

Rulings decided here (beyond RULINGS.md)
----------------------------------------
- A cog that loses its last figure by Schiffswechsel goes back to the cog field at once, as the
  rulebook says for taking figures back.
- Identical cogs (same city, same figures) give one action, on the first of them.
- Cards are dealt one at a time clockwise from the start player; a layout lays its new single
  packs first, then one card on each pack in order; drafted packs are public, so the cards a
  player was seen to take stay known to all (``known_hand``) until played.
- After the last round nobody takes figures back (it could change nothing).
- If even the last shuffle cannot complete a layout (no card left anywhere), it stays short and a
  drafter finding no pack is skipped.
- Two Verdoppelung cards for one city (impossible with the present card list) double once.
- A Handelsfahrt card starts its voyage in the city printed on it ("in einer dieser Städte": the
  card exists once per city, like the Verdoppelung), with the figure from the reserve that a start
  in Lübeck needs; it scores nothing and moves no cog.

Glossary (German → English)
---------------------------
Kogge: cog (trading ship) · Koggenfeld: cog field · Spielfigur: figure · Reserve/Vorrat: reserve ·
Wertungsleiste: score track · Warenkarte: goods card · Sonderkarte: special card · Handelsfahrt:
trading voyage · Verdoppelung: doubling · Piraten: pirates · Schiffswechsel: change of ship ·
Kartenauslage: layout · Kartenpäckchen: pack · Startspieler/Kompassplättchen: start player/compass
tile · Passen: pass · Karte abwerfen: discard a card · Ablagestapel: discard pile · Endstation: end
station · Schlusswertung: final scoring · Runde: round · Durchlauf: pass through the deck.

Reconstructed data
------------------
The real board graph and card list are not published: :mod:`.data` holds the reconstruction of
``shared/reference/luebeck`` (cities and end stations are the rulebook's; most arrows, all card
counts and all values are invented to fit the rulebook), plus the arrow Visby → Helsingborg that the
rulebook's Verdoppelung example requires. Replace :mod:`.data` when the real ones are known.

Performance
-----------
``taskset -c 1 hanse bench luebeck --seconds 5`` (one core, uniform random playouts), measured on
the shared 2-core development machine: 270-420 complete games/s and 68,000-104,000 decisions/s
at every player count (about 245 decisions and 350 actions per game), ``clone`` 1.2-2.8 µs,
``legal_actions`` about 2 µs; the range is the machine's load. Goal: 100 games/s, 30,000
decisions/s, clone under 10 µs.
"""

from __future__ import annotations

from .game import LuebeckGame

GAME = LuebeckGame

__all__ = ["GAME", "LuebeckGame"]
