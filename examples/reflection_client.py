"""Play a whole game through a Tablero gateway with nothing but grpcio, grpcio-reflection
and protobuf: no .proto files, no generated code. Every message type, the game's typed
view and its reference included, comes from the gateway's server reflection.

    pip install grpcio grpcio-reflection protobuf
    python examples/reflection_client.py --game cuba     # the gateway of `make run`

It logs in as a guest, creates a private table with bots in the other seats, unpacks
the game's typed reference and view, then follows the table on one Watch stream,
printing its events and answering each decision the game waits on with a random
offered option (or amount) until the game ends.
"""

from __future__ import annotations

import argparse
import os
import random
import time
import uuid
from collections.abc import Iterator
from typing import Any

import grpc
from google.protobuf import descriptor_pool, json_format, message_factory
from google.protobuf.message import Message
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import (
    ProtoReflectionDescriptorDatabase,
)

COMMITTED = "tablero.committed"  # the marker closing each commit: no text, carries `pending`
RETRIES = 10


def pause(attempt: int) -> None:
    """Back off before retry `attempt`: growing, jittered, at most 2 s."""
    time.sleep(min(2.0, 0.05 * 2 ** attempt) * random.uniform(0.5, 1.0))


def retry_asked(error: grpc.RpcError) -> bool:
    """Whether the gateway said waiting helps: a google.rpc.RetryInfo among the status
    details (trailer grpc-status-details-bin). A quota reached carries none: retrying
    would not help, ending a table or a ticket would."""
    details = dict(error.trailing_metadata() or ()).get("grpc-status-details-bin", b"")
    return b"google.rpc.RetryInfo" in details


class Gateway:
    """The tablero.v1.Gateway service, with its messages built from reflection."""

    def __init__(self, target: str) -> None:
        self.channel = grpc.insecure_channel(target)
        self.pool = descriptor_pool.DescriptorPool(
            ProtoReflectionDescriptorDatabase(self.channel))
        self.service = self.pool.FindServiceByName("tablero.v1.Gateway")
        self.metadata: list[tuple[str, str]] = []

    def message(self, full_name: str) -> Message:
        return message_factory.GetMessageClass(self.pool.FindMessageTypeByName(full_name))()

    def call(self, method: str, **fields: Any) -> Any:
        """Call a Gateway RPC; the request is given as its fields (JSON-like values). A
        unary call the gateway answers "wait and retry" (its status details carry a
        google.rpc.RetryInfo: a rate limit, Redis away for a moment) is sent again, the
        same request (an Act keeps its idempotency key), after a growing pause."""
        m = self.service.methods_by_name[method]
        request = json_format.ParseDict(fields, self.message(m.input_type.full_name))
        response = type(self.message(m.output_type.full_name))
        kind = self.channel.unary_stream if m.server_streaming else self.channel.unary_unary
        rpc = kind(f"/{self.service.full_name}/{method}",
                   request_serializer=lambda r: r.SerializeToString(),
                   response_deserializer=response.FromString)
        if m.server_streaming:
            return rpc(request, metadata=self.metadata)
        for attempt in range(RETRIES):
            try:
                return rpc(request, metadata=self.metadata, timeout=30)
            except grpc.RpcError as e:
                if attempt == RETRIES - 1 or not retry_asked(e):
                    raise
                pause(attempt)
        raise AssertionError("unreachable")

    def unpack(self, packed: Any) -> Message:
        """A google.protobuf.Any as the message its type URL names."""
        msg = self.message(packed.type_url.rsplit("/", 1)[-1])
        msg.ParseFromString(packed.value)
        return msg


def choose(decision: Any, rng: random.Random) -> dict[str, Any]:
    """A random offered option, or a random amount in the decision's range."""
    if decision.options:
        return {"decision_id": decision.id, "option_id": rng.choice(decision.options).id}
    return {"decision_id": decision.id,
            "amount": rng.randint(decision.amount.min, decision.amount.max)}


def take_turn(gw: Gateway, table_id: str, rng: random.Random) -> tuple[int, bool]:
    """Answer the first decision the game waits on from this seat, if any. Returns the
    table version from which the next commit marker is news, and whether it acted."""
    view = gw.call("GetView", table_id=table_id)
    waiting = [d for d in view.decisions if not d.optional]
    if not waiting:  # an old marker: the table has moved on since
        return view.version + 1, False
    resp = gw.call("Act", table_id=table_id, idempotency_key=uuid.uuid4().hex,
                   choice=choose(waiting[0], rng))
    return resp.version, True


def watch(gw: Gateway, table_id: str) -> Iterator[Any]:
    """A table's events on a Watch stream; one the gateway ends with "wait and retry" (a
    rate limit, Redis away) is opened again after the last event received."""
    last, attempt = "", 0
    while True:
        try:
            for ev in gw.call("Watch", table_id=table_id, after_event_id=last):
                last, attempt = ev.event_id, 0
                yield ev
            return
        except grpc.RpcError as e:
            attempt += 1
            if attempt == RETRIES or not retry_asked(e):
                raise
            pause(attempt)


def play(gw: Gateway, game: str, seed: int) -> None:
    info = gw.call("DescribeGame", game=game)
    if info.HasField("reference"):
        ref = gw.unpack(info.reference)
        print(f"reference: {ref.DESCRIPTOR.full_name} "
              f"({', '.join(f.name for f, _ in ref.ListFields())})")
    table = gw.call("CreateTable", game=game, seats=info.min_seats, join=True,
                    bot_seats=list(range(1, info.min_seats)))
    tid, seat, rng = table.table_id, table.your_seat, random.Random(seed)
    print(f"table {tid}: {info.title}, seat {seat} of {info.min_seats}")
    typed = gw.unpack(gw.call("GetView", table_id=tid).view)
    print(f"view: {typed.DESCRIPTOR.full_name} "
          f"({', '.join(f.name for f, _ in typed.ListFields())})")
    # One Watch stream for the whole game: every event in order, and after each commit
    # a marker saying whom the game waits on. Act when that is this seat.
    news_from, choices, outcome = 0, 0, None
    for ev in watch(gw, tid):
        if ev.event.kind != COMMITTED:
            print(f"  v{ev.version} {ev.event.text}")
        elif ev.outcome.finished:
            outcome = ev.outcome
            break
        elif ev.version >= news_from and any(p.seat == seat and not p.optional
                                             for p in ev.pending):
            news_from, acted = take_turn(gw, tid, rng)
            choices += acted
    names = {s.seat: s.display_name for s in gw.call("GetTable", table_id=tid).seats}
    print(f"game over after {choices} choices of mine: {outcome.summary}")
    for r in sorted(outcome.results, key=lambda r: r.rank):
        print(f"  rank {r.rank}: {names[r.seat]} (seat {r.seat}), score {r.score}"
              + ("  winner" if r.winner else ""))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--gateway", default=os.environ.get("TABLERO_GATEWAY", "127.0.0.1:50051"),
                   help="gateway HOST:PORT (default $TABLERO_GATEWAY or %(default)s)")
    p.add_argument("--game", default="", help="game id (default: every game the gateway lists)")
    p.add_argument("--name", default="reflector")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    gw = Gateway(args.gateway)
    login = gw.call("Login", guest_name=args.name)
    gw.metadata = [("authorization", f"Bearer {login.token}")]
    games = [g.id for g in gw.call("ListGames").games]
    print("games:", ", ".join(games))
    for game in [args.game] if args.game else games:
        play(gw, game, args.seed)


if __name__ == "__main__":
    main()
