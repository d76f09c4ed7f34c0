"""PNG plots of a tournament (matplotlib, optional extra ``arena``)."""

from __future__ import annotations

from pathlib import Path

from hanse.arena.stats import TournamentReport


def save_plots(result: TournamentReport, folder: Path) -> list[Path]:
    """Score distributions per bot, win rate by seat, rating over games; returns the files."""
    try:
        import matplotlib
    except ImportError:
        raise RuntimeError("plots need the extra: pip install 'hanse[arena]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder.mkdir(parents=True, exist_ok=True)
    title = f"{result.game_id}, {result.num_players} players, {result.games} games"
    paths = []

    figure, axes = plt.subplots(figsize=(7, 4))
    names = list(result.bots)
    axes.boxplot([result.bots[n].scores for n in names], tick_labels=names)
    axes.set_ylabel("final score")
    axes.set_title(f"Scores per bot: {title}")
    paths.append(_save(figure, folder / "scores.png"))

    figure, axes = plt.subplots(figsize=(7, 4))
    seats = list(range(result.num_players))
    low = [r - ci[0] for r, ci in zip(result.seat_win_rates, result.seat_ci95, strict=True)]
    high = [ci[1] - r for r, ci in zip(result.seat_win_rates, result.seat_ci95, strict=True)]
    axes.bar([str(s) for s in seats], result.seat_win_rates, yerr=[low, high], capsize=4)
    axes.axhline(1 / result.num_players, color="grey", linestyle="--", label="fair share")
    axes.set_xlabel("seat")
    axes.set_ylabel("win rate (95% CI)")
    axes.set_title(f"Win rate by seat: {title}")
    axes.legend()
    paths.append(_save(figure, folder / "seats.png"))

    if result.rating_history:
        figure, axes = plt.subplots(figsize=(7, 4))
        for name in names:
            axes.plot([h[name] for h in result.rating_history], label=name)
        axes.set_xlabel("games")
        axes.set_ylabel("rating (mu)")
        axes.set_title(f"Rating over games: {title}")
        axes.legend()
        paths.append(_save(figure, folder / "ratings.png"))
    plt.close("all")
    return paths


def _save(figure: object, path: Path) -> Path:
    figure.tight_layout()  # type: ignore[attr-defined]
    figure.savefig(path, dpi=100)  # type: ignore[attr-defined]
    return path
