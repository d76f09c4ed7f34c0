"""The rules of Die Speicherstadt, one module per section of the rulebook.

==================  ==========================================================================
module              rulebook section
==================  ==========================================================================
``setup``           Spielvorbereitungen (Kaispeicher: Spielvorbereitung)
``offer``           1. Angebot (Kaispeicher: the upper row)
``fire``            Brand (Handelskarten), Einsatzleiter, Versicherung, Löschzug
``demand``          2. Nachfrage (Kaispeicher: reservations, Kaffeepause, Lagerarbeiter)
``purchase``        3. Kauf (Kaispeicher: reserved cards, Spitzel, Fischmarkt, Sparkasse, Dieb)
``loading``         4. Verladung (Hafenmeister, Auktionshalle, Schmuggler, LKW)
``income``          5. Einkommen, the next round and the trigger of the Spielende
``scoring``         Spielende: the end-game scoring of every card
``cards``           owning and discarding trade cards (shared by the phases)
==================  ==========================================================================
"""
