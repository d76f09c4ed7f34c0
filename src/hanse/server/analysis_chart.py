"""The win chances of every seat through a game as an SVG chart, drawn on the server (no script,
no third-party library): one line per seat over the moves, the largest losses marked where they
happened, each mark a link to the replay at that move as its player saw it."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from hanse.games.svg_parts import SEAT_COLOURS, SEAT_LETTERS

WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 52, 24, 12, 40
MARK_RADIUS = 9


def win_chance_chart(
    table_id: str,
    analysis: dict[str, Any],
    steps: int,
    names: Sequence[str],
    label: str,
    axis_words: tuple[str, str],
    loss_words: str,
) -> str:
    """`analysis` as ``Analysis.to_json`` makes it; `steps` the record's actions; `label` the
    chart's name for a screen reader, `axis_words` (moves, win chance), `loss_words` the title of
    a largest loss's mark with ``{rank}``, ``{who}``, ``{step}``, ``{loss}`` to fill in."""
    players = int(analysis["num_players"])
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    last = max(steps, 1)

    def x(step: int) -> float:
        return LEFT + inner_w * step / last

    def y(chance: float) -> float:
        return TOP + inner_h * (1.0 - chance)

    parts = [
        f'<svg class="analysis-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">'
    ]
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(
            f'<line class="grid" x1="{LEFT}" y1="{y(tick):.1f}" x2="{WIDTH - RIGHT}" '
            f'y2="{y(tick):.1f}"/><text x="{LEFT - 4}" y="{y(tick) + 5:.1f}" '
            f'text-anchor="end">{round(tick * 100)}%</text>'
        )
    bottom = HEIGHT - BOTTOM
    parts.append(
        f'<line class="axis" x1="{LEFT}" y1="{bottom}" x2="{WIDTH - RIGHT}" y2="{bottom}"/>'
    )
    parts.append(f'<text x="{LEFT}" y="{bottom + 17}">0</text>')
    parts.append(f'<text x="{WIDTH - RIGHT}" y="{bottom + 17}" text-anchor="end">{steps}</text>')
    parts.append(
        f'<text x="{LEFT + inner_w / 2:.1f}" y="{HEIGHT - 4}" text-anchor="middle">'
        f"{escape(axis_words[0])}</text>"
    )
    parts.append(
        f'<text x="14" y="{TOP + inner_h / 2:.1f}" text-anchor="middle" '
        f'transform="rotate(-90 14 {TOP + inner_h / 2:.1f})">{escape(axis_words[1])}</text>'
    )
    points = [(0, [1.0 / players] * players)] + [
        (int(c["step"]), [float(v) for v in c["chances"]]) for c in analysis["chances"]
    ]
    for seat in range(players):
        line = " ".join(f"{x(step):.1f},{y(chances[seat]):.1f}" for step, chances in points)
        parts.append(
            f'<polyline class="seat" data-seat="{seat}" points="{line}" '
            f'stroke="{SEAT_COLOURS[seat]}"><title>{escape(names[seat])}</title></polyline>'
        )
    end_step, end = points[-1]
    for seat, label_y in _spread([y(chance) for chance in end], 15.0).items():
        parts.append(
            f'<text class="end" x="{x(end_step) + 4:.1f}" y="{label_y + 5:.1f}" '
            f'fill="{SEAT_COLOURS[seat]}">{SEAT_LETTERS[seat]}</text>'
        )
    ranked = sorted(
        (d for d in analysis["decisions"] if d.get("largest_loss")),
        key=lambda d: (-d["loss"], d["step"]),
    )
    marks = [(x(int(d["step"])), y(float(d["chances"][int(d["seat"])]))) for d in ranked]
    circles = _apart(marks, 2 * MARK_RADIUS + 1)
    # The first-ranked mark is drawn last, so it lies on top where marks touch and stays clickable.
    for rank in range(len(ranked), 0, -1):
        decision = ranked[rank - 1]
        step, seat = int(decision["step"]), int(decision["seat"])
        mark_x, mark_y = circles[rank - 1]
        title = loss_words.format(
            rank=rank,
            who=names[seat],
            step=step,
            loss=f"{100 * float(decision['loss']):.1f}",
        )
        parts.append(
            f'<a class="loss" data-rank="{rank}" data-step="{step}" href="/tables/'
            f'{escape(table_id)}/replay?step={step}&amp;seat={seat}"><title>{escape(title)}</title>'
            f'<line x1="{x(step):.1f}" y1="{TOP}" x2="{x(step):.1f}" y2="{bottom}" '
            f'stroke="{SEAT_COLOURS[seat]}"/>'
            f'<circle cx="{mark_x:.1f}" cy="{mark_y:.1f}" r="{MARK_RADIUS}" fill="#fff" '
            f'stroke="{SEAT_COLOURS[seat]}"/>'
            f'<text x="{mark_x:.1f}" y="{mark_y + 4.5:.1f}" text-anchor="middle">{rank}</text>'
            "</a>"
        )
    parts.append("</svg>")
    return "".join(parts)


def _spread(heights: list[float], gap: float) -> dict[int, float]:
    """The seats' end labels at their lines' heights, moved apart to at least `gap` (top to
    bottom in order), so that lines ending together keep every letter readable."""
    order = sorted(range(len(heights)), key=lambda seat: heights[seat])
    placed: dict[int, float] = {}
    previous = -float("inf")
    for seat in order:
        placed[seat] = max(heights[seat], previous + gap)
        previous = placed[seat]
    return placed


def _apart(marks: list[tuple[float, float]], gap: float) -> list[tuple[float, float]]:
    """The largest losses' circles where they happened, those of moves close together (closer
    than `gap` across) moved apart up and down by `gap`, so that no number hides another, and
    kept inside the chart."""
    order = sorted(range(len(marks)), key=lambda i: marks[i])
    placed = list(marks)
    cluster: list[int] = []
    for i in [*order, -1]:
        if i >= 0 and cluster and marks[i][0] - marks[cluster[-1]][0] < gap:
            cluster.append(i)
            continue
        if len(cluster) > 1:
            heights = _spread([marks[j][1] for j in cluster], gap)
            top = max(0.0, max(heights.values()) - (HEIGHT - BOTTOM - gap / 2))
            for k, j in enumerate(cluster):
                placed[j] = (marks[j][0], max(TOP + gap / 2, heights[k] - top))
        cluster = [i]
    return placed
