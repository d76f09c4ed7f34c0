"""Static tables of one board side, precomputed once per game from :mod:`hanse.games.hansa.data`.

Cities and routes are numbered in the order of ``data.py``. Route posts are numbered in one flat
range (``route_start[r]`` .. ``route_start[r] + route_posts[r] - 1``), and so are the printed
offices (``office_start[c]`` ..), so that a state holds them in two flat lists of ints.
"""

from __future__ import annotations

from hanse.games.hansa import data


class Board:
    """Topology and printed content of one side of the board (Aufbau des Spielplans)."""

    def __init__(self, side: str) -> None:
        if side == "4-5":
            cities, routes, coellen_xy = (
                data.BOARD_45_CITIES,
                data.BOARD_45_ROUTES,
                data.BOARD_45_COELLEN_XY,
            )
        elif side == "2-3":
            cities, routes, coellen_xy = (
                data.BOARD_23_CITIES,
                data.BOARD_23_ROUTES,
                data.BOARD_23_COELLEN_XY,
            )
        else:
            raise ValueError(f"unknown board side {side!r}")
        self.side = side
        self.coellen_xy = coellen_xy
        self.city_names: tuple[str, ...] = tuple(c.name for c in cities)
        self.city_ascii: tuple[str, ...] = tuple(c.ascii for c in cities)
        index = {c.name: i for i, c in enumerate(cities)}
        self.city_index = dict(index)
        for i, c in enumerate(cities):
            self.city_index[c.ascii] = i
            self.city_index[c.ascii.lower()] = i
            self.city_index[c.name.lower()] = i
        self.n_cities = len(cities)
        self.office_priv: tuple[tuple[int, ...], ...] = tuple(
            tuple(o[0] for o in c.offices) for c in cities
        )
        self.office_round: tuple[tuple[int, ...], ...] = tuple(
            tuple(1 if o[1] == "round" else 0 for o in c.offices) for c in cities
        )
        self.office_coin: tuple[tuple[bool, ...], ...] = tuple(
            tuple(o[2] for o in c.offices) for c in cities
        )
        self.office_count: tuple[int, ...] = tuple(len(c.offices) for c in cities)
        starts = []
        total = 0
        for c in cities:
            starts.append(total)
            total += len(c.offices)
        self.office_start: tuple[int, ...] = tuple(starts)
        self.n_offices = total
        self.city_ability: tuple[int, ...] = tuple(
            data.ABILITIES.index(c.upgrade) if c.upgrade else -1 for c in cities
        )
        self.city_yellow: tuple[bool, ...] = tuple(c.banner == "yellow" for c in cities)

        self.n_routes = len(routes)
        self.route_a: tuple[int, ...] = tuple(index[r.a] for r in routes)
        self.route_b: tuple[int, ...] = tuple(index[r.b] for r in routes)
        self.route_posts: tuple[int, ...] = tuple(r.posts for r in routes)
        self.route_tavern: tuple[bool, ...] = tuple(r.tavern for r in routes)
        route_starts = []
        total = 0
        for route_data in routes:
            route_starts.append(total)
            total += route_data.posts
        self.route_start: tuple[int, ...] = tuple(route_starts)
        self.n_posts = total
        self.post_route: tuple[int, ...] = tuple(
            r for r in range(self.n_routes) for _ in range(self.route_posts[r])
        )
        self.route_post_range: tuple[range, ...] = tuple(
            range(self.route_start[r], self.route_start[r] + self.route_posts[r])
            for r in range(self.n_routes)
        )
        self.route_ascii: tuple[str, ...] = tuple(
            f"{self.city_ascii[self.route_a[r]]}-{self.city_ascii[self.route_b[r]]}"
            for r in range(self.n_routes)
        )
        self.route_index: dict[tuple[int, int], int] = {}
        for r in range(self.n_routes):
            a, b = self.route_a[r], self.route_b[r]
            self.route_index[(a, b)] = r
            self.route_index[(b, a)] = r
        self.city_routes: tuple[tuple[int, ...], ...] = tuple(
            tuple(r for r in range(self.n_routes) if c in (self.route_a[r], self.route_b[r]))
            for c in range(self.n_cities)
        )
        self.city_neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                sorted(
                    self.route_b[r] if self.route_a[r] == c else self.route_a[r]
                    for r in self.city_routes[c]
                )
            )
            for c in range(self.n_cities)
        )
        self.route_adjacent: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                sorted(
                    {
                        q
                        for c in (self.route_a[r], self.route_b[r])
                        for q in self.city_routes[c]
                        if q != r
                    }
                )
            )
            for r in range(self.n_routes)
        )
        self.route_rings: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            self._rings(r) for r in range(self.n_routes)
        )
        self.route_yellow: tuple[bool, ...] = tuple(
            self.city_yellow[self.route_a[r]] or self.city_yellow[self.route_b[r]]
            for r in range(self.n_routes)
        )
        self.tavern_routes: tuple[int, ...] = tuple(
            r for r in range(self.n_routes) if self.route_tavern[r]
        )
        self.coellen = index[data.COELLEN]
        self.coellen_route = self.route_index[(index[data.COELLEN], index[data.COELLEN_PARTNER])]
        self.east = index[data.EAST_WEST[0]]
        self.west = index[data.EAST_WEST[1]]

    def _rings(self, route: int) -> tuple[tuple[int, ...], ...]:
        """Routes by breadth-first distance from `route` (distance 1 = sharing a city)."""
        seen = {route}
        frontier = [route]
        rings: list[tuple[int, ...]] = []
        while frontier:
            nxt = sorted({q for r in frontier for q in self.route_adjacent[r] if q not in seen})
            if not nxt:
                break
            seen.update(nxt)
            rings.append(tuple(nxt))
            frontier = nxt
        return tuple(rings)

    def other_city(self, route: int, city: int) -> int:
        return self.route_b[route] if self.route_a[route] == city else self.route_a[route]


BOARDS: dict[str, Board] = {}


def board_for(side: str) -> Board:
    """The shared, immutable tables of a side (built once per process)."""
    if side not in BOARDS:
        BOARDS[side] = Board(side)
    return BOARDS[side]
