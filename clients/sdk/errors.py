"""The SDK's one error type: a gRPC status with its google.rpc details unpacked.

The gateway reports errors as standard status codes with rich details
(gateway.proto, top comment). `TableroError` keeps the code, the message and
the details (BadRequest field violations, RetryInfo) so callers never parse
trailing metadata themselves.
"""

from __future__ import annotations

from typing import Any

import grpc
from google.protobuf import any_pb2, message
from google.rpc import error_details_pb2, status_pb2

DETAILS_KEY = "grpc-status-details-bin"

# The google.rpc detail messages a gateway may attach, by type URL.
_DETAIL_TYPES: dict[str, type[message.Message]] = {
    f"type.googleapis.com/{cls.DESCRIPTOR.full_name}": cls
    for cls in (
        error_details_pb2.BadRequest,
        error_details_pb2.RetryInfo,
        error_details_pb2.ErrorInfo,
        error_details_pb2.PreconditionFailure,
        error_details_pb2.QuotaFailure,
        error_details_pb2.ResourceInfo,
        error_details_pb2.DebugInfo,
        error_details_pb2.Help,
        error_details_pb2.LocalizedMessage,
    )
}


class TableroError(Exception):
    """A failed gateway call: `code` (grpc.StatusCode), `message`, unpacked `details`."""

    def __init__(self, rpc: str, code: grpc.StatusCode, message: str,
                 details: list[message.Message] | None = None) -> None:
        super().__init__(f"{rpc}: {code.name}: {message}")
        self.rpc = rpc
        self.code = code
        self.message = message
        self.details = details or []

    @property
    def retry_delay(self) -> float | None:
        """Seconds the server asked us to wait (RetryInfo), or None."""
        for d in self.details:
            if isinstance(d, error_details_pb2.RetryInfo) and d.HasField("retry_delay"):
                return float(d.retry_delay.ToTimedelta().total_seconds())
        return None

    @property
    def reason(self) -> str:
        """The machine-readable reason (ErrorInfo), e.g. "STALE_DECISION"; "" if none."""
        for d in self.details:
            if isinstance(d, error_details_pb2.ErrorInfo):
                return str(d.reason)
        return ""

    @property
    def field_violations(self) -> list[tuple[str, str]]:
        """(field, description) pairs from BadRequest details."""
        out: list[tuple[str, str]] = []
        for d in self.details:
            if isinstance(d, error_details_pb2.BadRequest):
                out.extend((v.field, v.description) for v in d.field_violations)
        return out


def unpack_details(anys: list[any_pb2.Any]) -> list[message.Message]:
    """The detail messages we know, unpacked; unknown ones stay as Any."""
    out: list[message.Message] = []
    for a in anys:
        cls = _DETAIL_TYPES.get(a.type_url)
        if cls is None:
            out.append(a)
            continue
        msg = cls()
        a.Unpack(msg)
        out.append(msg)
    return out


def from_rpc_error(rpc: str, err: grpc.RpcError) -> TableroError:
    """Convert a sync or aio RpcError (both are grpc.Call-like) into a TableroError."""
    call: Any = err
    code = call.code() if hasattr(call, "code") else grpc.StatusCode.UNKNOWN
    text = (call.details() if hasattr(call, "details") else None) or ""
    details: list[message.Message] = []
    trailing = call.trailing_metadata() if hasattr(call, "trailing_metadata") else None
    for key, value in trailing or ():
        if key == DETAILS_KEY:
            try:
                details = unpack_details(list(status_pb2.Status.FromString(value).details))
            except message.DecodeError:
                details = []
    return TableroError(rpc, code, text, details)
