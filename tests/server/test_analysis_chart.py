"""The win-chance chart of the post-game analysis: the largest losses' marks never hide one
another, even where two of them fall on neighbouring moves, and the first-ranked lies on top."""

from __future__ import annotations

import math
import re

from hanse.server.analysis_chart import HEIGHT, MARK_RADIUS, TOP, win_chance_chart


def _analysis(loss_steps: list[int], steps: int = 400) -> dict[str, object]:
    chances = [{"step": s, "chances": [0.5, 0.3, 0.2]} for s in range(1, steps + 1)]
    decisions = [
        {
            "step": s,
            "seat": s % 3,
            "chances": [0.5, 0.3, 0.2],
            "loss": 0.1 + s / 10_000,
            "largest_loss": True,
        }
        for s in loss_steps
    ]
    return {"num_players": 3, "chances": chances, "decisions": decisions}


def _circles(svg: str) -> dict[int, tuple[float, float]]:
    marks = re.findall(
        r'<a class="loss" data-rank="(\d+)".*?<circle cx="([\d.]+)" cy="([\d.]+)"', svg
    )
    return {int(rank): (float(cx), float(cy)) for rank, cx, cy in marks}


def test_marks_on_neighbouring_moves_are_moved_apart_and_the_first_lies_on_top() -> None:
    svg = win_chance_chart(
        "t",
        _analysis([357, 358, 359, 10, 200]),
        400,
        ["A", "B", "C"],
        "chart",
        ("moves", "win chance"),
        "{rank}",
    )
    circles = _circles(svg)
    assert sorted(circles) == [1, 2, 3, 4, 5]
    for a in circles:
        for b in circles:
            if a < b:
                assert math.dist(circles[a], circles[b]) >= 2 * MARK_RADIUS, (a, b)
    for _, cy in circles.values():
        assert cy - MARK_RADIUS >= TOP and cy + MARK_RADIUS <= HEIGHT
    # Drawn last in the document, so on top wherever marks touch.
    assert re.findall(r'data-rank="(\d+)"', svg)[-1] == "1"


def test_marks_far_apart_stay_on_their_lines() -> None:
    svg = win_chance_chart(
        "t", _analysis([51, 252]), 400, ["A", "B", "C"], "chart", ("m", "w"), "{rank}"
    )
    heights = {round(cy, 1) for _, cy in _circles(svg).values()}
    assert len(heights) == 1  # both at their seat's win chance, not moved
