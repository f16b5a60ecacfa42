"""Gateway errors; each becomes a gRPC status with google.rpc details (DESIGN §2)."""

from __future__ import annotations

import grpc
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError

from services.runtime.status import make_status


class GatewayError(Exception):
    def __init__(self, code: grpc.StatusCode, message: str, reason: str, *,
                 field: str | None = None, retry_after_ms: int | None = None,
                 metadata: dict[str, str] | None = None,
                 quota: tuple[str, int] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.reason = reason
        self.field = field
        self.retry_after_ms = retry_after_ms
        self.metadata = metadata
        self.quota = quota

    def status(self) -> grpc.Status:
        return make_status(self.code, self.message, self.reason, self.metadata, self.field,
                           self.retry_after_ms, self.quota)


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


def over_quota(quota: str, limit: int, what: str) -> GatewayError:
    """RESOURCE_EXHAUSTED naming the quota in QuotaFailure; no RetryInfo: waiting alone
    does not help, ending something (a table, a ticket) does."""
    return GatewayError(grpc.StatusCode.RESOURCE_EXHAUSTED,
                        f"quota {quota} reached: at most {limit} {what} per session",
                        "QUOTA_EXCEEDED", quota=(quota, limit))


def unauthenticated(message: str) -> GatewayError:
    return GatewayError(grpc.StatusCode.UNAUTHENTICATED, message, "UNAUTHENTICATED")


# Error replies Redis gives while it cannot serve for a moment: loading its data after a
# restart, a replica promoted or not yet in sync, a cluster slot moving.
TRANSIENT_REPLIES = frozenset({"LOADING", "MASTERDOWN", "TRYAGAIN", "CLUSTERDOWN", "READONLY"})
# What a client is asked to wait before retrying while Redis is away (RetryInfo).
RETRY_AFTER_MS = 250


def redis_unavailable(e: BaseException) -> bool:
    """Whether `e` means Redis cannot answer for now (connection refused or lost, a
    timeout, a transient error reply): the call may succeed if retried."""
    if isinstance(e, RedisConnectionError | RedisTimeoutError | ConnectionError | TimeoutError):
        return True
    return isinstance(e, ResponseError) and str(e).split(" ", 1)[0] in TRANSIENT_REPLIES


def unavailable(message: str = "the table store is unavailable for a moment; retry") -> \
        GatewayError:
    return GatewayError(grpc.StatusCode.UNAVAILABLE, message, "UNAVAILABLE",
                        retry_after_ms=RETRY_AFTER_MS)
