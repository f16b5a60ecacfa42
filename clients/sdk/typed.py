"""Typed game views from `google.protobuf.Any` (DESIGN §2: "a generic client can
still render any view through server reflection").

Resolution order for a view's type: the process's default descriptor pool; then
the generated module of the game's package (`tablero.<game>.v1`), if installed;
then, when a resolver is given, the gateway's server reflection.
"""

from __future__ import annotations

import importlib
import pkgutil

import grpc
from google.protobuf import any_pb2, descriptor, descriptor_pool, message, message_factory


def type_name(a: any_pb2.Any) -> str:
    return a.type_url.rsplit("/", 1)[-1]


def _import_package(full_name: str) -> None:
    """Import every generated *_pb2 module of the message's proto package."""
    package = full_name.rsplit(".", 1)[0]
    try:
        pkg = importlib.import_module(package)
    except ImportError:
        return
    for mod in pkgutil.iter_modules(getattr(pkg, "__path__", [])):
        if mod.name.endswith("_pb2"):
            importlib.import_module(f"{package}.{mod.name}")


def _find(pool: descriptor_pool.DescriptorPool, name: str) -> descriptor.Descriptor | None:
    try:
        return pool.FindMessageTypeByName(name)
    except KeyError:
        return None


def message_for_any(a: any_pb2.Any, resolver: ReflectionResolver | None = None,
                    pool: descriptor_pool.DescriptorPool | None = None
                    ) -> message.Message | None:
    """The unpacked message, or None when no source knows its type. `pool` replaces
    the default descriptor pool (and the import of generated modules)."""
    name = type_name(a)
    desc = _find(pool, name) if pool is not None else None
    if pool is None:
        desc = _find(descriptor_pool.Default(), name)
        if desc is None:
            _import_package(name)
            desc = _find(descriptor_pool.Default(), name)
    if desc is None and resolver is not None:
        desc = resolver.find(name)
    if desc is None:
        return None
    msg = message_factory.GetMessageClass(desc)()
    a.Unpack(msg)
    return msg


class ReflectionResolver:
    """Message descriptors fetched from a server's reflection service, cached."""

    def __init__(self, target: str) -> None:
        self.target = target
        self._channel: grpc.Channel | None = None
        self._pool: descriptor_pool.DescriptorPool | None = None

    def find(self, name: str) -> descriptor.Descriptor | None:
        from grpc_reflection.v1alpha.proto_reflection_descriptor_database import (
            ProtoReflectionDescriptorDatabase,
        )
        if self._pool is None:
            self._channel = grpc.insecure_channel(self.target)
            self._pool = descriptor_pool.DescriptorPool(
                ProtoReflectionDescriptorDatabase(self._channel))
        try:
            return self._pool.FindMessageTypeByName(name)
        except (KeyError, grpc.RpcError):
            return None

    def close(self) -> None:
        if self._channel is not None:
            self._channel.close()
            self._channel = None
            self._pool = None
