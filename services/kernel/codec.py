"""The versioned state codec: msgspec MessagePack, never pickle.

A state is encoded to bytes for storage and decoded afresh for every step, so
a failed step can never corrupt the stored state (STYLE principle 2).
"""

from __future__ import annotations

import hashlib
import typing
from typing import Any, Final, TypeVar, cast

import msgspec

from .errors import BadRequest

T = TypeVar("T")

_encoder: Final = msgspec.msgpack.Encoder()
_decoders: Final[dict[type, msgspec.msgpack.Decoder[object]]] = {}


def encode(state: object) -> bytes:
    return _encoder.encode(state)


def decode(data: bytes, state_type: type[T]) -> T:
    dec = _decoders.get(state_type)
    if dec is None:
        dec = _decoders[state_type] = msgspec.msgpack.Decoder(state_type)
    try:
        return cast(T, dec.decode(data))
    except (msgspec.DecodeError, msgspec.ValidationError) as e:
        raise BadRequest(f"state bytes do not decode: {e}") from None


def state_hash(data: bytes) -> str:
    """A short hex digest of encoded state bytes, for replay comparisons."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


# -- copies ------------------------------------------------------------------------------

_SCALARS: Final = (int, str, bool, float, type(None))
# per Struct type: its fields that hold something mutable, each with whether it is a list
# of scalars (copied flat) or anything else (copied deep)
_plans: Final[dict[type, list[tuple[str, bool]]]] = {}


def copy(state: T) -> T:
    """A deep copy of a state, sharing nothing mutable with it: equal to
    `decode(encode(state))` and encoding to the same bytes, without making them (the search
    of coin/sa_lines.py plays options out on copies). A state is plain data (Structs,
    lists, dicts, tuples, scalars), which is all this copies."""
    return cast(T, _copy_struct(state))


def _copy_struct(x: Any) -> Any:
    plan = _plans.get(type(x))
    if plan is None:
        plan = _plans[type(x)] = _plan(type(x))
    changes: dict[str, Any] = {}
    for name, flat in plan:
        value = getattr(x, name)
        changes[name] = value.copy() if flat else _copy_any(value)
    return msgspec.structs.replace(x, **changes)


def _plan(cls: type) -> list[tuple[str, bool]]:
    plan = []
    for f in msgspec.structs.fields(cls):
        tp, args = f.type, typing.get_args(f.type)
        if tp in _SCALARS:
            continue
        flat = typing.get_origin(tp) is list and len(args) == 1 and args[0] in _SCALARS
        plan.append((f.name, flat))
    return plan


def _copy_any(x: Any) -> Any:
    t = type(x)
    if t is int or t is str or t is bool or x is None:
        return x
    if isinstance(x, list):
        return [_copy_any(y) for y in x]
    if isinstance(x, dict):
        return {k: _copy_any(v) for k, v in x.items()}
    if isinstance(x, tuple):
        return tuple(_copy_any(y) for y in x)
    if isinstance(x, msgspec.Struct):
        return _copy_struct(x)
    if isinstance(x, (set, bytearray)):
        raise TypeError(f"a state holds a {type(x).__name__}: not plain data")
    return x  # a scalar (or another immutable value)
