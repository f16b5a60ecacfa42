"""Tablero's Python SDK: typed clients for the Gateway service.

- `Client` (blocking) and `AsyncClient` (asyncio) wrap every Gateway RPC with
  the session token, idempotent `act` with retries, resumable `watch`, and
  `match`/`play` helpers;
- `make_choice`, `random_chooser`, `view_dict`, `unpack_view` build choices
  and read the typed game view;
- `TableroError` carries the status code and the google.rpc details.

Messages are the generated classes in `tablero.v1` (common_pb2, gateway_pb2).
"""

from .aio import AsyncClient
from .core import (
    DEFAULT_TARGET,
    NO_RETRY,
    RetryPolicy,
    is_finished,
    make_choice,
    random_choice,
    random_chooser,
    unpack_view,
    view_dict,
    waiting_decisions,
)
from .errors import TableroError
from .sync import Client

__all__ = [
    "DEFAULT_TARGET", "NO_RETRY", "AsyncClient", "Client", "RetryPolicy", "TableroError",
    "is_finished", "make_choice", "random_choice", "random_chooser", "unpack_view",
    "view_dict", "waiting_decisions",
]
