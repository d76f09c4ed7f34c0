"""Web tables: the server behind ``hanse serve`` (DESIGN.md, "The web platform").

The server only authenticates, transports and persists. A table's append-only move log in the
database *is* its record; a table's state is the replay of that log through the game protocol,
cached per worker and rebuilt on a miss, so nothing lives only in one worker's memory.

Modules:

- ``settings``: what ``hanse serve`` is configured with (database, Redis, secret, limits).
- ``models`` and ``storage``: the SQLAlchemy 2 tables, engines and Alembic migrations.
- ``security``: invite secrets, seat tokens, account passwords (argon2), signed cookies, CSRF.
- ``live_table``: one table's game replayed from its log, with each viewer's log and payload.
- ``tables``: the table service (read, submit, take back, hand over); the one place that writes
  moves; ``table_seating``: its creating tables and taking their seats; ``table_specs``: what it
  is asked and answers with.
- ``accounts``: accounts, sign-ins and an account's tables; ``chat``: a table's chat.
- ``events``: live change events fanned out to every worker (in process, or Redis pub/sub).
- ``bots``: bot seats, thinking in worker processes, one lease per bot decision.
- ``limits``: request-size and rate limits; ``signin``: growing delays after wrong passwords.
- ``redis_link``: whether Redis answers; without it a worker goes on alone (DESIGN.md).
- ``names``: the names people give themselves (NFC; invisible characters refused).
- ``health``: ``/healthz`` and ``/readyz``; ``metrics``: Prometheus at ``/metrics``.
- ``notices``: turn notice settings and the outbox rows written with a move; ``outbox_worker``:
  the task sending them (``mailer`` by SMTP, ``webhooks`` signed), in ``notice_words``;
  ``notice_pages``: ``/api/me/notices``, the confirmation and unsubscribe pages.
- ``api``: the JSON and WebSocket routes; ``app``: the FastAPI application.
- ``serve``: the ``hanse serve`` command; ``worker``: what each of its processes serves;
  ``loadtest``: ``hanse bench --server``.
"""
