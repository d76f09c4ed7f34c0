"""`learned:PATH`: a weights file made here loads through the registry, plays only legal moves in
every game, follows its policy, and refuses games, files and names it cannot play."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from hanse.bots import make_bot
from hanse.bots.learned import LearnedBot, save_weights
from hanse.core.match import sample_chance
from hanse.core.protocol import CHANCE, Game, IllegalActionError
from hanse.env import ActionCodec, ObservationEncoder
from hanse.games import game_class, make

GAME_IDS = ("luebeck", "hansa", "kogge", "speicherstadt")


def tiny_weights(
    path: Path, game: Game, seed: int = 0, policy_bias: np.ndarray | None = None
) -> Path:
    """A random network of one hidden layer of 8 for `game`."""
    rng = np.random.default_rng(seed)
    inputs = ObservationEncoder(game).size
    codes = ActionCodec(game).size
    bias = rng.normal(size=codes) if policy_bias is None else policy_bias
    save_weights(
        path,
        game=game,
        hidden=[(rng.normal(size=(inputs, 8)), rng.normal(size=8))],
        policy=(rng.normal(size=(8, codes)), bias),
        value=(rng.normal(size=(8, 1)), np.zeros(1)),
        note="test",
    )
    return path


def play_against_random(game: Game, bot: LearnedBot, seed: int, decisions: int) -> int:
    """Up to `decisions` decisions of a game with the bot in seat 0 and random play elsewhere;
    asserts every choice of the bot is legal; returns how many the bot made."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    made = 0
    for _ in range(decisions):
        if game.is_terminal(state):
            break
        seat = game.current_player(state)
        if seat == CHANCE:
            game.apply_action(state, sample_chance(game, state, rng))
            continue
        legal = game.legal_actions(state)
        if seat == 0:
            action = bot.act(game, game.view(state, seat), legal, rng)
            assert action in legal
            made += 1
        else:
            action = rng.choice(legal)
        game.apply_action(state, action)
    return made


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_weights_file_plays_legal_moves_in_every_game(tmp_path: Path, game_id: str) -> None:
    for players in (game_class(game_id).min_players, game_class(game_id).max_players):
        game = make(game_id, players)
        path = tiny_weights(tmp_path / f"{game_id}-{players}.npz", game, seed=players)
        bot = make_bot(f"learned:{path}")
        assert isinstance(bot, LearnedBot) and bot.name == f"learned:{path}"
        assert play_against_random(game, bot, seed=players, decisions=400) > 0


def test_the_bot_plays_the_most_probable_legal_code(tmp_path: Path) -> None:
    game = make("kogge", 3)
    codec = ActionCodec(game)
    # Logits rising with the code: the bot must pick the legal action of the highest code.
    path = tiny_weights(tmp_path / "w.npz", game, policy_bias=np.arange(codec.size) * 1e6)
    bot = LearnedBot(path)
    rng = random.Random(4)
    state = game.new_initial_state()
    checked = 0
    while not game.is_terminal(state) and checked < 60:
        seat = game.current_player(state)
        if seat == CHANCE:
            game.apply_action(state, sample_chance(game, state, rng))
            continue
        legal = game.legal_actions(state)
        chosen = bot.act(game, game.view(state, seat), legal, rng)
        assert codec.encode(chosen) == max(codec.codes(legal))
        checked += 1
        game.apply_action(state, rng.choice(legal))
    assert checked == 60


def test_the_numpy_forward_is_the_saved_network(tmp_path: Path) -> None:
    game = make("luebeck", 3)
    path = tiny_weights(tmp_path / "w.npz", game)
    bot = LearnedBot(path)
    saved = np.load(path)
    x = np.linspace(0.0, 1.0, ObservationEncoder(game).size, dtype=np.float32)
    hidden = np.maximum(x @ saved["hidden0_w"] + saved["hidden0_b"], 0.0)
    expected = hidden @ saved["policy_w"] + saved["policy_b"]
    assert np.allclose(bot.logits(x), expected, rtol=1e-5)
    assert str(saved["note"]) == "test" and bot.describe().startswith("luebeck with 3 players")


def test_another_configuration_is_refused_with_what_the_weights_are_for(tmp_path: Path) -> None:
    path = tiny_weights(tmp_path / "w.npz", make("luebeck", 3))
    bot = make_bot(f"learned:{path}")
    for other, words in (
        (make("kogge", 3), "cannot play kogge with 3 players"),
        (make("luebeck", 4), "cannot play luebeck with 4 players"),
        (make("luebeck", 3, must_pass_at_three=True), "must_pass_at_three=True"),
    ):
        state = other.new_initial_state()
        rng = random.Random(0)
        while other.current_player(state) == CHANCE:
            other.apply_action(state, sample_chance(other, state, rng))
        seat = other.current_player(state)
        with pytest.raises(IllegalActionError, match="trained for luebeck with 3 players") as error:
            bot.act(other, other.view(state, seat), other.legal_actions(state), rng)
        assert words in str(error.value)


def test_files_that_are_not_weights_are_refused(tmp_path: Path) -> None:
    with pytest.raises(IllegalActionError, match="cannot read weights"):
        make_bot(f"learned:{tmp_path / 'missing.npz'}")
    text = tmp_path / "text.npz"
    text.write_text("not an archive")
    with pytest.raises(IllegalActionError, match="cannot read weights"):
        make_bot(f"learned:{text}")
    other = tmp_path / "other.npz"
    np.savez(other, w=np.zeros(3))
    with pytest.raises(IllegalActionError, match="not a Hanse weights file"):
        make_bot(f"learned:{other}")
    with pytest.raises(IllegalActionError, match="give the weights file"):
        make_bot("learned:")


def test_layers_that_do_not_chain_are_refused(tmp_path: Path) -> None:
    game = make("luebeck", 3)
    path = tmp_path / "bad.npz"
    inputs, codes = ObservationEncoder(game).size, ActionCodec(game).size
    save_weights(
        path,
        game=game,
        hidden=[(np.zeros((inputs, 8)), np.zeros(8))],
        policy=(np.zeros((9, codes)), np.zeros(codes)),
        value=(np.zeros((8, 1)), np.zeros(1)),
    )
    with pytest.raises(IllegalActionError, match="do not chain"):
        LearnedBot(path)


def test_the_arena_plays_it_and_refuses_another_game_before_the_first(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from hanse.cli import app

    path = tiny_weights(tmp_path / "w.npz", make("luebeck", 3))
    runner = CliRunner()
    arguments = f"arena luebeck -p 3 --challenger learned:{path} --bot random --games 1 --json"
    played = runner.invoke(app, arguments.split())
    assert played.exit_code == 0, played.output
    assert '"games": 3' in played.output
    refused = runner.invoke(
        app, ["arena", "kogge", "-p", "3", "--challenger", f"learned:{path}", "--bot", "easy"]
    )
    assert refused.exit_code == 2
    assert "trained for luebeck with 3 players and cannot play kogge" in refused.output


def test_the_learned_level_plays_luebeck_at_three_and_refuses_the_rest() -> None:
    bot = make_bot("learned")
    assert isinstance(bot, LearnedBot) and bot.name == "learned"
    assert bot.describe(flags=False) == "luebeck with 3 players"
    game = make("luebeck", 3)
    assert play_against_random(game, bot, seed=5, decisions=300) > 0
    with pytest.raises(IllegalActionError, match="'learned' was trained for luebeck with 3"):
        bot.check_game(make("luebeck", 4))
