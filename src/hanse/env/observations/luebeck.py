"""Lübeck observations: a seat's view as a fixed-length vector.

Segments, in order (K = 42 card kinds, C = cogs in play: 4/5/6, P = packs: 5/6/7, n players;
seats relative to the viewer):

=====================  ==============  =======================================================
segment                size            content
=====================  ==============  =======================================================
decision               7               deal, layout, draft, choose_first, action, take_back, over
decider                n + 2           relative seat, chance, nobody (game over)
round                  4               round / 10, last round, second pass, final shuffle
piles                  2 + 2K + 1      deck size / 60, discard size / 60, discard per kind,
                                       deck known (second pass), deck per kind
start_player           n               relative seat
free_cogs              1               cogs on the cog field / C
cog i (C times)        1 + 11 + n      on the map, city one-hot, figures by relative seat
pack i (P times)       1 + K           laid out, cards per kind
layout                 3               packs kept / P, cards laid out / 60, cards to deal / 20
player i (n times)     4 + 11 + K      score / 50, hand size / 10, reserve / 2, passed,
                                       Verdoppelung cities, cards seen entering the hand
hand                   K               own hand per kind
=====================  ==============  =======================================================

Card counts are divided by the copies of their kind. Total: 3 players 598, 4 players 720,
5 players 844 (``hanse.env.ObservationEncoder(game).size``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hanse.env.features import Features
from hanse.games.luebeck import data

_KIND = data.LABEL_TO_KIND
_CITY = data.CITY_INDEX
_K = data.N_KINDS
_COPIES = data.KIND_COPIES
_PHASES = ("deal", "layout", "draft", "choose_first", "action", "take_back", "over")


def _per_kind(f: Features, name: str, labels: Iterable[str]) -> None:
    row = [0.0] * _K
    for label in labels:
        kind = _KIND[label]
        row[kind] += 1.0 / _COPIES[kind]
    f.vector(name, row)


def encode(game: Any, view: dict[str, Any], f: Features) -> None:
    n = game.num_players
    cogs = data.COGS_BY_PLAYERS[n]
    packs = data.PACKS_BY_PLAYERS[n]
    f.one_hot("decision", _PHASES.index(view["decision"]), len(_PHASES))
    f.decider("decider", view["decider"])
    f.scalar("round", view["round"], 10)
    f.flag("last_round", view["last_round"])
    f.flag("second_pass", view["deck_pass"] == 2)
    f.flag("final_shuffle", view["final_shuffle"])
    f.scalar("deck_size", view["deck_size"], data.TOTAL_CARDS)
    f.scalar("discard_size", view["discard_size"], data.TOTAL_CARDS)
    _per_kind(f, "discard", view["discard"])
    f.flag("deck_known", "deck" in view)
    _per_kind(f, "deck", view.get("deck", []))
    f.seat("start_player", view["start_player"])
    f.scalar("free_cogs", view["free_cogs"], cogs)
    on_map = view["cogs"]
    for i in range(cogs):
        cog = on_map[i] if i < len(on_map) else None
        f.flag("cog.on_map", cog)
        f.one_hot("cog.city", _CITY[cog["city"]] if cog else None, data.N_CITIES)
        f.seats("cog.figures", cog["figures"] if cog else ())
    layout = view["layout"]
    for i in range(packs):
        pack = layout[i] if i < len(layout) else None
        f.flag("pack.laid_out", pack is not None)
        _per_kind(f, "pack.cards", pack or ())
    f.scalar("layout_kept", view["layout_kept"], packs)
    f.scalar("layout_drawn", view["layout_drawn"], data.TOTAL_CARDS)
    f.scalar("to_deal", view["to_deal"], 20)
    players = view["players"]
    for r in range(n):
        p = players[(f.viewer + r) % n]
        f.scalar("player.score", p["score"], 50)
        f.scalar("player.hand_size", p["hand_size"], 10)
        f.scalar("player.reserve", p["reserve"], data.FIGURES_PER_PLAYER)
        f.flag("player.passed", p["passed"])
        f.counts("player.doubled", (_CITY[c] for c in p["doubled"]), data.N_CITIES)
        _per_kind(f, "player.known_hand", p["known_hand"])
    _per_kind(f, "hand", view.get("hand", []))
