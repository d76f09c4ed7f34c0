"""JSON answers serialised by orjson: the API's tables, moves and clocks.

FastAPI's own ``ORJSONResponse`` is deprecated and warns at every answer (a cost on the hottest
routes); this is the same rendering without it. Keys that are not strings (a score breakdown's
numbers) become strings, as FastAPI's did.
"""

from __future__ import annotations

from typing import Any

import orjson
from starlette.responses import Response


class OrjsonResponse(Response):
    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return orjson.dumps(content, option=orjson.OPT_NON_STR_KEYS)
