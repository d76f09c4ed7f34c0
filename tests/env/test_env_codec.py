"""The action codec: every action the rules offer has one code, and codes decode to it.

DESIGN.md, "Actions": integer codes exist only at the RL boundary, every possible action of a
configuration enumerated once (``hanse.games.<game>.codec.all_actions``).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from env_helpers import CODEC_CONFIG_IDS, CODEC_CONFIGS, make_config, walk

import hanse.env.codec as codec_module
from hanse.core.match import sample_chance
from hanse.core.protocol import CHANCE, IllegalActionError
from hanse.env import ActionCodec
from hanse.games import make


@pytest.mark.parametrize("config", CODEC_CONFIGS, ids=CODEC_CONFIG_IDS)
def test_every_legal_action_of_random_games_has_a_code_that_decodes_to_it(
    config: tuple[str, int, dict[str, Any]],
) -> None:
    game = make_config(config)
    codec = ActionCodec(game)
    assert len(set(codec.actions)) == codec.size  # each action listed once
    for seed in range(10):
        for state, _seat in walk(game, seed, max_decisions=2000):
            legal = game.legal_actions(state)
            codes = codec.codes(legal)
            assert len(set(codes)) == len(legal)
            for action, code in zip(legal, codes, strict=True):
                assert codec.decode(code) == action
                assert codec.encode(action) == code
                # The codec lists the engine's own action objects, so the batched env finds
                # codes by identity without hashing (a fresh but equal object would be slower).
                assert codec.decode(code) is action, f"{action!r} is not the codec's object"


@pytest.mark.parametrize("config", CODEC_CONFIGS, ids=CODEC_CONFIG_IDS)
def test_every_chance_outcome_has_a_code(config: tuple[str, int, dict[str, Any]]) -> None:
    game = make_config(config)
    codec = ActionCodec(game)
    assert len(set(codec.chance_outcomes)) == codec.chance_size
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_initial_state()
        for _ in range(3000):
            if game.is_terminal(state):
                break
            if game.current_player(state) == CHANCE:
                for action, _p in game.chance_outcomes(state):
                    assert codec.decode_chance(codec.encode_chance(action)) == action
                game.apply_action(state, sample_chance(game, state, rng))
            else:
                legal = game.legal_actions(state)
                game.apply_action(state, legal[rng.randrange(len(legal))])


def test_the_mask_marks_exactly_the_legal_codes() -> None:
    game = make("luebeck", 4)
    codec = ActionCodec(game)
    for state, _seat in walk(game, 3, max_decisions=300):
        legal = game.legal_actions(state)
        mask = codec.mask(legal)
        assert {codec.decode(int(code)) for code in mask.nonzero()[0]} == set(legal)


def test_codes_out_of_range_and_foreign_actions_are_refused() -> None:
    codec = ActionCodec(make("luebeck", 3))
    with pytest.raises(IllegalActionError, match="outside"):
        codec.decode(codec.size)
    with pytest.raises(IllegalActionError, match="not an action of luebeck"):
        codec.encode(ActionCodec(make("hansa", 3)).decode(0))
    with pytest.raises(IllegalActionError, match="outside"):
        codec.decode_chance(-1)


def test_fewer_players_offer_fewer_cogs_and_packs_in_luebeck() -> None:
    """Lübeck, Vorbereitung: 4/5/6 cogs and 5/6/7 packs for 3/4/5 players, so the action space
    grows with the player count."""
    sizes = [ActionCodec(make("luebeck", n)).size for n in (3, 4, 5)]
    assert sizes == sorted(sizes) and len(set(sizes)) == 3


def test_the_documented_sizes_are_the_sizes() -> None:
    """The table in hanse.env.codec's docstring lists N per game, player count and flags."""
    doc = codec_module.__doc__ or ""
    rows = re.findall(r"^(luebeck|hansa|speicherstadt|kogge)( \(\w+\))?\s+([-\d ]+)$", doc, re.M)
    assert rows
    for game_id, flag, numbers in rows:
        flags = {flag.strip(" ()"): True} if flag else {}
        for players, text in zip(range(2, 6), numbers.split(), strict=True):
            if text == "--":
                continue
            assert ActionCodec(make(game_id, players, **flags)).size == int(text), (
                game_id,
                players,
                flags,
            )


def test_a_game_without_a_codec_is_refused_with_a_message() -> None:
    """A game package without a codec module has no research environment: refused in words."""
    import pytest as _pytest

    from hanse.core.protocol import IllegalActionError
    from hanse.env import ActionCodec
    from hanse.games.kogge import KoggeGame

    class Uncoded(KoggeGame):  # its module, this test's package, has no codec
        pass

    with _pytest.raises(IllegalActionError, match="no action codec"):
        ActionCodec(Uncoded(3))


def test_kogge_space_is_small_since_bids_are_steps() -> None:
    """Issue 17/18: with bids laid one marker at a time and the Geheimweg's two items paid one
    at a time (13 first items and 13 second ones, not 91 pairs), Kogge's space stays under 400
    codes in every flag set, and every legal action of random games has a code."""
    flags = {"taxes": True, "kontor_trade": True, "conflicts": True, "memory": True}
    assert ActionCodec(make("kogge", 4, **flags)).size == 364
