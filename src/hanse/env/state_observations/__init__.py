"""State encoders: each game's observation vector written straight from the state.

One module per game, ``StateEncoder(game, layout)`` with ``divisors`` and ``encode(state, seat,
row, at, extra_positions, extra_values)``, writing one byte code per number (see
:mod:`hanse.env.sparse`); Kogge, Hansa and Die Speicherstadt are made of blocks
(:class:`hanse.env.sparse.BlockEncoder`) for the batched env's incremental rows. Each writes
exactly the vector that ``hanse.env.observations.<game>`` writes from the seat's view, reading
only what that view shows.
"""
