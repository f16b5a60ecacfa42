"""Server reflection for every game's types (decision 0007).

A client unpacks `SeatView.view` and `GameInfo.reference` (google.protobuf.Any) with
the message types the gateway's reflection describes. The gateway never imports a
game package: at start it asks each game's rules service, through that service's
own reflection, for the files defining the game's view and reference types, and
serves them beside its own services. What the gateway serves is therefore what
the running rules services define, whichever protos the gateway was built with.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable

import grpc
from google.protobuf import descriptor, descriptor_database, descriptor_pb2, descriptor_pool
from grpc_reflection.v1alpha import reflection, reflection_pb2, reflection_pb2_grpc
from tablero.v1 import common_pb2

from .routing import Router

log = logging.getLogger("tablero.reflection")
FETCH_TIMEOUT_S = 10.0


def game_symbols(info: common_pb2.GameInfo) -> list[str]:
    """The full names of a game's own message types: its view and its reference."""
    names = [info.view_type] if info.view_type else []
    if info.HasField("reference"):
        names.append(info.reference.type_url.rsplit("/", 1)[-1])
    return names


async def fetch_files(channel: grpc.aio.Channel, symbols: list[str]
                      ) -> list[descriptor_pb2.FileDescriptorProto]:
    """The files defining `symbols` (with their dependencies), from a server's reflection."""
    stub = reflection_pb2_grpc.ServerReflectionStub(channel)
    requests = [reflection_pb2.ServerReflectionRequest(file_containing_symbol=s)
                for s in symbols]
    files = []
    async for resp in stub.ServerReflectionInfo(iter(requests), timeout=FETCH_TIMEOUT_S):
        if resp.HasField("error_response"):
            raise LookupError(f"{resp.original_request.file_containing_symbol}: "
                              f"{resp.error_response.error_message}")
        files += [descriptor_pb2.FileDescriptorProto.FromString(raw)
                  for raw in resp.file_descriptor_response.file_descriptor_proto]
    return files


async def game_files(router: Router) -> list[descriptor_pb2.FileDescriptorProto]:
    """Every routed game's type files; a game whose rules service does not answer
    reflection is left out (its views stay opaque to reflection clients) and logged."""
    async def one(game: str) -> list[descriptor_pb2.FileDescriptorProto]:
        try:
            return await fetch_files(router.channels[game], game_symbols(await router.info(game)))
        except (grpc.RpcError, LookupError) as e:
            log.warning("no reflection of game %s's types: %s", game, e)
            return []
    return [f for files in await asyncio.gather(*map(one, router.channels)) for f in files]


def with_dependencies(files: Iterable[descriptor.FileDescriptor]
                      ) -> list[descriptor.FileDescriptor]:
    seen: dict[str, descriptor.FileDescriptor] = {}
    todo = list(files)
    while todo:
        f = todo.pop()
        if f.name not in seen:
            seen[f.name] = f
            todo.extend(f.dependencies)
    return list(seen.values())


def pool(own: Iterable[descriptor.FileDescriptor],
         fetched: Iterable[descriptor_pb2.FileDescriptorProto]) -> descriptor_pool.DescriptorPool:
    """A pool of the gateway's own files and the fetched ones. On a name both define
    (a shared dependency) the gateway's own file is kept."""
    db = descriptor_database.DescriptorDatabase()
    for f in with_dependencies(own):
        proto = descriptor_pb2.FileDescriptorProto()
        f.CopyToProto(proto)
        db.Add(proto)
    for proto in fetched:
        try:
            db.FindFileByName(proto.name)
        except KeyError:
            db.Add(proto)
    return descriptor_pool.DescriptorPool(db)


async def enable(server: grpc.aio.Server, service_names: tuple[str, ...],
                 own: Iterable[descriptor.FileDescriptor], router: Router) -> None:
    """Serve reflection of `service_names` (defined in `own`) and of every game's types."""
    types = pool(own, await game_files(router))
    reflection.enable_server_reflection(service_names, server, pool=types)
