"""The cogs on the map, shared by the actions and the end of a round.

A cog on the map is the int ``city << COG_SHIFT | figures``; ``s.cogs`` keeps them sorted, so
equal situations give equal states and identical cogs sit side by side (the rules offer one action
for a group of identical cogs). A cog that loses its last figure goes back to the cog field at
once ("Wird dadurch eine Kogge leer, wird sie zurück auf das Koggenfeld gelegt").
"""

from __future__ import annotations

from bisect import insort

from .. import data
from ..state import LuebeckState

COG_SHIFT = data.COG_SHIFT
FIGURE_MASK = data.FIGURE_MASK


def figures_on_cogs(s: LuebeckState, seat: int) -> int:
    bit = 1 << seat
    return sum(1 for code in s.cogs if code & bit)


def reserve(s: LuebeckState, seat: int) -> int:
    """Figures of the seat not on a cog (the two merchant figures of a colour)."""
    return data.FIGURES_PER_PLAYER - figures_on_cogs(s, seat)


def launch(s: LuebeckState, city: int, seat: int) -> None:
    """A cog from the cog field enters the map in `city` with the seat's figure on it."""
    s.free_cogs -= 1
    insort(s.cogs, city << COG_SHIFT | 1 << seat)


def replace(s: LuebeckState, index: int, code: int) -> None:
    """Cog `index` becomes `code`; an empty cog goes back to the cog field."""
    del s.cogs[index]
    if code & FIGURE_MASK:
        insort(s.cogs, code)
    else:
        s.free_cogs += 1


def remove(s: LuebeckState, index: int) -> None:
    """The cog leaves the map; its figures go back to their reserves (Piraten, end stations)."""
    del s.cogs[index]
    s.free_cogs += 1


def label(code: int) -> str:
    """A cog for messages and the renderer: city and seats aboard."""
    seats = ",".join(str(p) for p in range(COG_SHIFT) if code >> p & 1)
    return f"{data.CITIES[code >> COG_SHIFT]}[{seats}]"
