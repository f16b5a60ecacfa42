"""The versioned state codec: msgspec MessagePack, never pickle.

A state is encoded to bytes for storage and decoded afresh for every step, so
a failed step can never corrupt the stored state (STYLE principle 2).
"""

from __future__ import annotations

import hashlib
from typing import TypeVar, cast

import msgspec

from .errors import BadRequest

T = TypeVar("T")

_encoder = msgspec.msgpack.Encoder()
_decoders: dict[type, msgspec.msgpack.Decoder[object]] = {}


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
