"""Die Speicherstadt (Stefan Feld, eggertspiele 2010) for 2 to 5 players, with Kaispeicher.

Game id ``speicherstadt``. Authority: the German rules (``rules/speicherstadt.de.txt``: base game,
card descriptions, Kaispeicher, the Yucata notes on playing online) and the Speicherstadt section
of ``rules/RULINGS.md``.

Overview
========
Each round has five phases. **Angebot**: n+1 trade cards are revealed on the water fields (ships
get 3 cubes from the bag; a fire is scored at once and replaced). **Nachfrage**: from the start
player, players place their 3 workers one at a time on the lowest free building space above a card
(8 at most). **Kauf**: left to right, the lowest worker's owner may buy the card for as many coins
as workers stand on it; declining takes the worker away and lowers the price by 1. **Verladung**:
from the start player, each player moves cubes one at a time from bought ships, the Lager or the
market hall to contracts, merchants, the Lager (4) or the market hall (1), exchanges 3:1 or sells
2:1 in the market hall; unused ship cubes are lost. **Einkommen**: 1 coin, 1 more without a
purchase, 1 more with the Bank; the start player passes left. When only "4. Brand" is left after
an offer, that round is the last; then the 4th fire (and, when "3. Brand" lay directly on it, the
3rd first) is scored and the cards score. Most points wins; ties go to more coins, then are
shared. With 2/3/4/5 players the game lasts 16/12/10/8 rounds, also with Kaispeicher.

How the rules map to modules
============================
``data.py`` (cards, goods), ``config.py`` (flags), ``state.py`` (the state), ``actions.py``
(actions and their notation), ``tables.py`` (per-configuration tables, interned actions),
``rules/`` (one module per rulebook section: ``setup``, ``offer``, ``fire``, ``demand``,
``purchase``, ``loading``, ``income``, ``end``, ``scoring``; ``cards`` for owning and discarding),
``views.py`` (view and determinize), ``render.py`` (text), ``heuristics.py`` (the evaluation of a
view for the heuristic and search bots), ``game.py`` (the protocol).

Decisions (``decision`` in views): ``demand`` (place_worker / reserve / pause / done), ``spy``,
``purchase`` (buy / buy_free / decline), ``loading`` (load / exchange / sell / auction / smuggle /
truck / done; after ``auction``/``smuggle`` to ``market`` only the exchange or sale giving that
cube), ``truck`` (truck / done), ``fire_chief`` (double / decline), ``insurance`` (insure /
decline); chance nodes ``draw_card`` and ``draw_cube``. See ``actions.py`` for the notation.

Rule decisions taken here (beyond RULINGS.md)
=============================================
- The draw pile is a multiset per season; each draw is a random card of the topmost season left.
- Cubes on a discarded ship (unbought, or unreserved in the upper row) go to the supply, never back
  to the bag ("Legt sie in den Vorrat zurück, nicht in den Beutel").
- Loading moves cubes between the Lager and the market hall both ways ("ihr verschiebt sie
  zwischen verschiedenen Handelskarten oder der Markthalle"); a cube put into the Lager or the
  market hall during a loading turn stays there until a later round (both stores keep cubes "um sie
  in späteren Runden zu verwenden"). This loses no outcome (moving it on at once equals moving it
  there directly) and makes every loading turn finite.
- Market-hall exchange (and Hafenmeister) takes "1 anderen Warenstein ... aus dem Vorrat": a good
  the supply holds before the given cubes go back (RULINGS.md: not possible when the supply lacks
  it). The cubes given come from the ship cargo first, then the hall, then the Lager (never
  worse for the player; never a cube stored this turn); the cube received joins the cargo and
  must be loaded like a ship cube.
- A seat whose only possible move in the loading phase is ``done`` is passed over automatically.
- Grey workers (Lagerarbeiter) are optional: after his regular workers the owner places one per
  turn or says ``done`` for the rest of the round. A Kaffeepause break may be played at any own
  placement turn while an opponent still has regular workers.
- Spitzel may swap with any worker on a water card or a reserved card (the reservation goes with
  the worker). LKW, like Auktionshalle and Schmuggler, is used during the owner's loading; it is up
  to 3 moves of single cubes between own contracts (equivalent to taking up to 3 and
  redistributing them). Auktionshalle and Schmuggler cubes are "sofort verladen (also mit einer
  deiner Karten nutzen)": at once to a contract, a merchant, a delivery building, the Lager or the
  market hall, or into a market-hall exchange or sale (the Markthallenkarte is one of the player's
  cards), which must then be the very next move.
- A card taken with the Fischmarkt, and the Sparkasse and the Dieb, count as a purchase for the
  income ("Wer in dieser Runde keine Handelskarte gekauft hat").
- Einsatzleiter and Versicherung are asked only when they can act (the owner won, resp. lost
  points, and for the Versicherung has 2 coins).
- ``scores`` during play are the score track; at the end the card points are added. Scores are
  unbounded integers (the Kaispeicher track wraps at 40; ``render`` shows the space and the laps).
- Coins are unlimited (the rules lift the limit), so they are not part of ``inventory``.

Variant flags
=============
``kaispeicher`` (default False): the Kaispeicher expansion — 50 more cards, the upper row and
reservations, 4 workers, 2 coins income, the goods hemp, cloth and glass (54 cubes), grey workers
and break cards, and the new cards.

Glossary (German → English)
===========================
Angebot offer · Nachfrage demand · Kauf purchase · Verladung loading · Einkommen income ·
Spielende game end · Handelskarte trade card · Wasserfeld water field · Gebäudefeld building space ·
Arbeiter worker · Warenstein cube · Beutel bag · Vorrat supply (``reserve``) · Münze coin ·
Markthalle market hall · Umtauschen exchange · Aufbewahren keep · Lager warehouse · Schiff ship ·
Auftrag contract · Kaufmann merchant: Kaffeeröster coffee roaster, Teeverkoster tea taster,
Gewürzhändler spice merchant, Vulkaniseur vulcanizer, Teppichhändler carpet trader · Kontor
counting house · Hafen port · Handelskammer chamber of commerce · Flussschifferkirche boatsmen
church · Feuerwehrmann fireman · Brand fire · Startspieler start player · Zugstapel draw pile ·
Ablagestapel discard pile. Kaispeicher: Kaffeerösterei coffee roastery, Teestube tea room,
Gewürzspeicher spice warehouse, Gummifabrik rubber factory, Teppichlager carpet warehouse,
Schneiderin seamstress, Glasbläser glassblower, Seilmacher rope maker, Leuchtturm lighthouse,
Schauspielhaus theatre, Davidwache police station, Musikhalle music hall, Rathaus city hall, Presse
press, Bürgermeister mayor, Hafenrundfahrt harbour tour, Deichtorhallen (halls), Buchhalter
accountant, Spitzel spy, Fischmarkt fish market, Hafenmeister harbour master, Sparkasse savings
bank, Dieb thief, Auktionshalle auction hall, Schmuggler smugglers, LKW truck, Kaffeepause coffee
break, Pausenkarte break card, Lagerarbeiter warehouse workers (grey workers), Einsatzleiter fire
chief, Versicherung insurance, Löschzug fire engine · Hanf hemp, Tuch cloth, Glas glass · Kaffee
coffee, Tee tea, Safran saffron, Kautschuk rubber, Teppich carpet.

Reconstructed data (see ``reference/speicherstadt/SOURCES.md``)
===============================================================
Marked ``reconstructed=True`` in ``data.py``: the goods on the 10 base contracts (low confidence);
the value of each base fireman design (medium; the deck split is fact); the capacities of the 6
Kaispeicher ships per deck, the goods on the 6 Kaispeicher contracts and the value per deck of the
5 Kaispeicher firemen (low). Inferred: fire points 1/2/3 for the first three fires (the 4th is 4).
All other card data are facts of the sources.
"""

from hanse.games.speicherstadt.game import SpeicherstadtGame

GAME = SpeicherstadtGame

__all__ = ["GAME", "SpeicherstadtGame"]
