"""Kernel records <-> contract messages (tablero.v1)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from google.protobuf import any_pb2, struct_pb2
from google.protobuf.message import Message
from tablero.v1 import common_pb2 as pb

from services.kernel.decisions import Choice, Decision
from services.kernel.errors import BadRequest
from services.kernel.events import Event
from services.kernel.game import Game
from services.kernel.outcome import Outcome


def decision_pb(d: Decision) -> pb.Decision:
    msg = pb.Decision(id=d.id, seat=d.seat, kind=d.kind, prompt=d.prompt, optional=d.optional)
    for o in d.options:
        msg.options.add(id=o.id, label=o.label, args=o.args)
    if d.amount is not None:
        msg.amount.min = d.amount.min
        msg.amount.max = d.amount.max
    return msg


def add_pending(field: Any, ds: Iterable[Decision]) -> None:
    """Append the pending decisions `ds` to a repeated PendingDecision field."""
    for d in ds:
        field.add(id=d.id, seat=d.seat, kind=d.kind, optional=d.optional)


def event_pb(e: Event, msg: pb.Event | None = None) -> pb.Event:
    """`e` on the wire; with `msg` (e.g. a repeated field's new element), filled in place."""
    msg = pb.Event() if msg is None else msg
    msg.kind, msg.text = e.kind, e.text
    if e.data:
        msg.data.update(e.data)
    if e.seats is None:
        msg.visibility.public = True
    else:
        msg.visibility.seats.extend(e.seats)
    return msg


def outcome_pb(out: Outcome | None, msg: pb.Outcome | None = None) -> pb.Outcome:
    msg = pb.Outcome() if msg is None else msg
    if out is None:
        msg.finished = False
        return msg
    msg.finished, msg.summary = True, out.summary
    for r in out.results:
        msg.results.add(seat=r.seat, rank=r.rank, score=r.score, winner=r.winner)
    return msg


def choice_from_pb(c: pb.Choice) -> Choice:
    """A kernel Choice from the wire; a malformed one is a BadRequest."""
    if not c.decision_id:
        raise BadRequest("choice.decision_id is required")
    if len(c.decision_id) > 128:
        raise BadRequest("choice.decision_id is too long")
    which = c.WhichOneof("value")
    if which == "option_id":
        if not c.option_id or len(c.option_id) > 256:
            raise BadRequest("choice.option_id must be 1-256 characters")
        return Choice(c.decision_id, option_id=c.option_id)
    if which == "amount":
        return Choice(c.decision_id, amount=c.amount)
    raise BadRequest("choice needs option_id or amount")


def choice_pb(c: Choice) -> pb.Choice:
    if c.amount is not None:
        return pb.Choice(decision_id=c.decision_id, amount=c.amount)
    return pb.Choice(decision_id=c.decision_id, option_id=c.option_id or "")


def pack_view(view: Any) -> any_pb2.Any:
    packed = any_pb2.Any()
    if isinstance(view, Message):
        packed.Pack(view)
    else:
        s = struct_pb2.Struct()
        s.update(view)
        packed.Pack(s)
    return packed


def game_info_pb(game: Game[Any]) -> pb.GameInfo:
    info = pb.GameInfo(
        id=game.id, title=game.title, min_seats=game.min_seats, max_seats=game.max_seats,
        rules_version=game.rules_version, format_version=game.format_version,
        view_type=game.view_type, bot_policies=sorted(game.bots),
    )
    for r in game.roles:
        info.roles.add(id=r.id, name=r.name)
    for o in game.option_specs:
        info.options.add(name=o.name, description=o.description, values=o.values,
                         default_value=o.default)
    reference = game.reference()
    if reference is not None:
        info.reference.Pack(reference)
    return info
