"""State encoders: each game's observation vector written straight from the state.

One module per game, ``StateEncoder(game, layout)`` with ``write(state, seat, base, positions,
values)`` (see :mod:`hanse.env.sparse`). Each writes exactly the vector that
``hanse.env.observations.<game>`` writes from the seat's view, reading only what that view shows.
"""
