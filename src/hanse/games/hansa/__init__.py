"""Hansa Teutonica (Andreas Steding, Argentum 2009/14): the base game for 2 to 5 players.

Players place traders (Händler, cubes) and merchants (Großhändler, discs) on the posts of trade
routes between Hanseatic cities, displace each other, and establish complete routes to take offices
in the cities, develop the abilities of their player boards, or take the Coellen special spaces.
The game ends at once after the action in which a prestige marker reaches 20, the tenth city
becomes full, or a bonus marker cannot be drawn; the final scoring adds abilities, bonus markers,
Coellen, city control and the largest network. Game id ``hansa``:
``hanse.games.make("hansa", 3)``.

Rules to modules
----------------
==========================================  ================================================
rulebook section                            module
==========================================  ================================================
Material, Aufbau des Spielplans             :mod:`.data` (transcribed), :mod:`.board`
Startaufbau (2 players: neutral set-up)     :mod:`.rules.setup`
Spielablauf, Spielende                      :mod:`.rules.turn`
Aktionen 1-4 (Einnahmen ... Umsetzen)       :mod:`.rules.actions`
Aktion 5: Handelsroute einrichten           :mod:`.rules.establish`
Stadtkontrolle, Ost-West, Netzwerk          :mod:`.rules.cities`
Bonusmarker                                 :mod:`.rules.bonus`
Auswertung der Prestigepunkte A-F           :mod:`.rules.scoring`
Regeln für zwei Spieler (neutral player)    :mod:`.rules.establish`, :mod:`.rules.actions`,
                                            :mod:`.rules.bonus`
==========================================  ================================================

:mod:`.rules.posts` keeps the per-route counts of the state in step with its posts.
:mod:`.state` holds the slotted state, :mod:`.actions` the action values and their notation,
:mod:`.views` the views and :func:`~.views.determinize`, :mod:`.explain` the messages naming
the rule that forbids an action, :mod:`.render` the terminal text, :mod:`.game` the protocol and
the interned action tables, :mod:`.policy` the kind-balanced playout policy of ``hanse bench``,
and :mod:`.heuristics` the evaluation of the easy bot.

Decisions
---------
A turn is a chain of small decisions (``decision`` in the view): ``action`` (the main choice:
``income``, ``place``, ``displace``, ``move``, ``establish``, ``use_bonus``, ``end_turn``);
``displaced_place`` (the displaced owner, or for a neutral piece the other player:
``displaced_place``, ``displaced_move``, ``displaced_done``); ``move_lift`` / ``move_place``;
``establish_choice`` (``establish_office``, ``establish_upgrade``, ``establish_coellen``,
``establish_extra_office``, ``establish_none``); ``remove_pieces`` (``remove_piece``,
``remove_done``); ``neutral_office``; ``place_bonus``; and the chance nodes ``setup_markers`` and
``draw_bonus``.

Readings decided here (RULINGS.md decides the others)
-------------------------------------------------------
- The golden start markers are laid by a chance node (six orders); flag ``shuffle_golden_markers``.
- Niederlassungstausch swaps any two neighbouring occupied printed offices whose pieces differ
  (the text names no owner); flag ``swap_any_offices=False`` demands an own piece among the two.
- "3 Händlersteine entfernen" removes up to three opposing pieces from route posts ("erlaubt"; the
  user may stop earlier); with two players the neutral traders count as opposing pieces, as they
  do for displacing, and go back to the neutral supply.
- Bonus markers are used at the turn's main decision, between actions and after the last one;
  using one inside another action would gain nothing that using it just before does not. The
  extra-office marker is the exception the rules name: it is used within an establish action.
- A marker taken is drawn face down at once (no marker left: the game ends after the action), and
  its kind is turned up by a chance node when it is placed at the end of the turn, one after
  another. The pile has no order, so nothing in the game is hidden; the view shows the unrevealed
  markers' kinds, which every player can deduce.
- With no free post on any route but the displacement route, the displaced piece goes to its
  owner's stock (it "darf nicht in den eigenen Vorrat genommen werden") and the extras lapse; with
  no route for a new bonus marker, the marker leaves the game (the rules are silent on both).
- A displaced neutral trader and one extra from the neutral supply (54 traders, two colours) are
  placed by the other player under the displacement rules; both must be placed wherever a post
  is free ("setzt ... den verdrängten und einen zusätzlichen neutralen Händler"), and only a piece
  with no free post, or with no neutral trader left, lapses (RULINGS.md).
  A route full of neutral traders is established at once in the order of an establish: a)
  prestige for control, b) the neutral player's marker leaves the game (and must be replaced; none
  left ends the game), then the neutral trader takes the lowest free office of either city (any
  colour and shape; the active player picks the city when both have one; the +1 coin, full cities
  and East-West apply to the neutral player too).
- Posts of a base-game route are interchangeable, so actions putting a piece on a route name the
  route only (the piece takes the lowest free post); displacing and removing name a post.

Variant flags
-------------
``swap_any_offices`` (default True) and ``shuffle_golden_markers`` (default True), see
:class:`~.config.HansaConfig`.

Glossary (German → English)
---------------------------
Händler → trader (cube); Großhändler → merchant (disc); Händlerstein → piece; Vorrat → supply;
Kasse → stock; Handelsroute → route; Verbindungspunkt → post; Niederlassung → office;
Stadt → city; Taberna → tavern; Bonusmarker → bonus marker; Schreibtisch, Spielertableau → player
board; Eigenschaft → ability; Stadtschlüssel → keys; Actiones → actions; Privilegium → privilege;
Liber Sophiae → book; Geldbeutel → bank; Einnahmen → income; Einsetzen → place; Verdrängen →
displace; Umsetzen → move; Handelsroute einrichten → establish; Prestigepunkte → prestige;
Ost-West-Verbindung → East-West connection; zusätzliche Niederlassung → extra office;
Niederlassungstausch → swap offices; Sonderprestigepunkte → Coellen special spaces.

Data
----
Both board sides, the player board and the markers come from ``reference/hansa_teutonica``
(boards.json, cross-checked against scans of the printed board; see its SOURCES.md). Nothing is
reconstructed; only the golden markers' taverns are left free by the rules.
"""

from __future__ import annotations

from hanse.games.hansa.game import HansaGame

GAME = HansaGame

__all__ = ["GAME", "HansaGame"]
