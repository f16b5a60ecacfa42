"""Gateway errors; each becomes a gRPC status with google.rpc details (DESIGN §2)."""

from __future__ import annotations

import grpc

from services.runtime.status import make_status


class GatewayError(Exception):
    def __init__(self, code: grpc.StatusCode, message: str, reason: str, *,
                 field: str | None = None, retry_after_ms: int | None = None,
                 metadata: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.reason = reason
        self.field = field
        self.retry_after_ms = retry_after_ms
        self.metadata = metadata

    def status(self) -> grpc.Status:
        return make_status(self.code, self.message, self.reason, self.metadata, self.field,
                           self.retry_after_ms)


def invalid(field: str, message: str) -> GatewayError:
    return GatewayError(grpc.StatusCode.INVALID_ARGUMENT, message, "BAD_REQUEST", field=field)


def not_found(what: str) -> GatewayError:
    return GatewayError(grpc.StatusCode.NOT_FOUND, f"{what} not found", "NOT_FOUND")


def precondition(message: str, reason: str) -> GatewayError:
    return GatewayError(grpc.StatusCode.FAILED_PRECONDITION, message, reason)


def denied(message: str) -> GatewayError:
    return GatewayError(grpc.StatusCode.PERMISSION_DENIED, message, "PERMISSION_DENIED")


def aborted(message: str) -> GatewayError:
    return GatewayError(grpc.StatusCode.ABORTED, message, "VERSION_CONFLICT")


def unauthenticated(message: str) -> GatewayError:
    return GatewayError(grpc.StatusCode.UNAUTHENTICATED, message, "UNAUTHENTICATED")
