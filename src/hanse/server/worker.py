"""What uvicorn calls in each process that serves (``hanse serve``): the application, configured
by the ``HANSE_*`` variables ``hanse serve`` set.

The garbage collector is paused before the application is imported, as ``hanse serve`` pauses it
in its own process: the import builds what lives as long as the worker, and the collector would
walk it again and again to find next to nothing (about a tenth of a start's CPU, in every worker).
The application's start collects once, freezes what is left and switches the collector on again
(``hanse.server.app``).
"""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastapi import FastAPI


def application() -> FastAPI:
    gc.disable()
    from hanse.server.app import app_from_environ

    return app_from_environ()
