"""The rules of Lübeck, one module per section of the rulebook (``luebeck.de.txt``).

- :mod:`.setup`: "Vorbereitung" (cogs, figures, the deal of 3 cards).
- :mod:`.layout`: "Kartenauslage bilden" and the deck passes of "Ende des Spiels".
- :mod:`.draft`: "Kartenpäckchen wählen" (the draft and the naming of the first actor).
- :mod:`.cogs`: the cogs on the map, shared by the actions below.
- :mod:`.turn`: "Aktionen": the action cycle, "Handelsfahrt in Lübeck starten", "Passen" and
  "Karte abwerfen".
- :mod:`.cards`: "Kartenaktionen": goods cards and the special cards.
- :mod:`.round_end`: "Nach der Runde" (end stations, taking figures back, the compass).
- :mod:`.scoring`: "Ende des Spiels" (the final scoring).
"""
