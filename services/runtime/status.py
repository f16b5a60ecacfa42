"""Exceptions -> gRPC status codes with google.rpc rich details (DESIGN §2 "Errors").

One table, used by every servicer. A RulesBug is logged with its detail and
reported to the client as a generic INTERNAL error: internals never leak.
"""

from __future__ import annotations

import logging

import grpc
from google.protobuf import any_pb2, duration_pb2
from google.protobuf.message import Message
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from services.kernel import errors

log = logging.getLogger("tablero.status")

DOMAIN = "tablero.dev"
# A status message is cut to this many characters: a message that echoes a client's
# input must never grow the reply's trailers past what the client accepts (8 KB).
MAX_MESSAGE = 300
CLIP = 40


def clip(text: str, limit: int = CLIP) -> str:
    """Client text for an error message: quoted, cut to a short prefix."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


class InvalidState(errors.BadRequest):
    """The caller's state is not one this game produced (wrong game or format, or bytes
    that break the rules code)."""


# Kernel error -> (status code, ErrorInfo reason).
KERNEL_CODES: dict[type[errors.KernelError], tuple[grpc.StatusCode, str]] = {
    InvalidState: (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_STATE"),
    errors.BadRequest: (grpc.StatusCode.INVALID_ARGUMENT, "BAD_REQUEST"),
    errors.StaleDecision: (grpc.StatusCode.FAILED_PRECONDITION, "STALE_DECISION"),
    errors.IllegalChoice: (grpc.StatusCode.FAILED_PRECONDITION, "ILLEGAL_CHOICE"),
    errors.GameOver: (grpc.StatusCode.FAILED_PRECONDITION, "GAME_OVER"),
    errors.NotYourSeat: (grpc.StatusCode.PERMISSION_DENIED, "NOT_YOUR_SEAT"),
}


def make_status(code: grpc.StatusCode, message: str, reason: str,
                metadata: dict[str, str] | None = None, field: str | None = None,
                retry_after_ms: int | None = None,
                quota: tuple[str, int] | None = None) -> grpc.Status:
    """A status with ErrorInfo, and BadRequest / RetryInfo / QuotaFailure (`quota`: the
    quota's id and its limit) details where they apply."""
    if len(message) > MAX_MESSAGE:
        message = message[:MAX_MESSAGE] + "..."
    details: list[any_pb2.Any] = []
    info = error_details_pb2.ErrorInfo(reason=reason, domain=DOMAIN, metadata=metadata or {})
    details.append(_pack(info))
    if field is not None:
        bad = error_details_pb2.BadRequest()
        bad.field_violations.add(field=field, description=message)
        details.append(_pack(bad))
    if retry_after_ms is not None:
        retry = error_details_pb2.RetryInfo(
            retry_delay=duration_pb2.Duration(seconds=retry_after_ms // 1000,
                                              nanos=(retry_after_ms % 1000) * 1_000_000))
        details.append(_pack(retry))
    if quota is not None:
        failure = error_details_pb2.QuotaFailure()
        failure.violations.add(subject="session", quota_id=quota[0], quota_value=quota[1],
                               description=message)
        details.append(_pack(failure))
    st = status_pb2.Status(code=getattr(code_pb2, code.name), message=message, details=details)
    return rpc_status.to_status(st)


def _pack(msg: Message) -> any_pb2.Any:
    a = any_pb2.Any()
    a.Pack(msg)
    return a


def kernel_status(exc: errors.KernelError) -> grpc.Status:
    for cls in type(exc).__mro__:
        if cls in KERNEL_CODES:
            code, reason = KERNEL_CODES[cls]
            return make_status(code, str(exc), reason)
    log.error("rules bug: %s", exc, exc_info=exc)
    return make_status(grpc.StatusCode.INTERNAL, "internal error in the rules service", "INTERNAL")
