"""Private tables: create one, join it by invite code, leave it (DESIGN §3 "Tables").

Every call here is bounded (quotas.py): a session holds at most so many open and
active tables. Tables of bots alone play a whole game on the gateway's CPU, so
only API-key sessions (load testers) may create them; and a table whose last
person leaves is abandoned (seat.lua) unless an API-key session made it.
"""

from __future__ import annotations

import re
import secrets

import grpc
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw

from . import keys
from .driver import Driver
from .errors import GatewayError, invalid, not_found, precondition
from .matchmaking import checked_game
from .quotas import Quotas, is_key_player
from .sessions import Session, now_ms
from .tables import Tables

INVITE_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
INVITE_CODE = re.compile(r"\A[0-9A-Za-z]{1,32}\Z")
ABANDONED = pb.Outcome(finished=True, summary="Abandoned: every player left the table.")


def new_invite_code() -> str:
    """12 lowercase letters and digits (60 bits): easy to read out, never mistaken for a
    command-line flag."""
    return "".join(secrets.choice(INVITE_ALPHABET) for _ in range(12))


def abandoned_event(version: int) -> bytes:
    """The public event that ends an abandoned table's stream (Watch ends on it)."""
    return gw.TableEvent(version=version, outcome=ABANDONED, event=pb.Event(
        kind="tablero.abandoned", text="Every player left; the table is abandoned.",
        visibility=pb.Visibility(public=True))).SerializeToString()


def seat_plan(session: Session, seats: int, bot_seats: list[int], join: bool
              ) -> tuple[list[str], list[str], list[bool], int]:
    """Players, names and bot flags of a new private table, and the creator's seat."""
    bots = [False] * seats
    for b in bot_seats:
        if not 0 <= b < seats or bots[b]:
            raise invalid("bot_seats", "bot_seats must be distinct seats of the table")
        bots[b] = True
    players = [""] * seats
    names = ["bot" if b else "" for b in bots]
    seat = -1
    if join:
        seat = next((i for i, b in enumerate(bots) if not b), -1)
        if seat < 0:
            raise invalid("join", "every seat is a bot seat; nothing to join")
        players[seat], names[seat] = session.player_id, session.name
    if all(bots) and not is_key_player(session.player_id):
        raise GatewayError(grpc.StatusCode.PERMISSION_DENIED, "a table of bots only needs "
                           "an API-key session (load testers)", "BOTS_ONLY_NEEDS_API_KEY")
    return players, names, bots, seat


class Seating:
    def __init__(self, tables: Tables, driver: Driver, quotas: Quotas) -> None:
        self.tables = tables
        self.driver = driver
        self.quotas = quotas

    async def create(self, s: Session, req: gw.CreateTableRequest) -> gw.TableInfo:
        options = await checked_game(self.tables.router, req.game, req.seats,
                                     dict(req.options), private=True)
        if len(req.bot_policy) > 32:
            raise invalid("bot_policy", "bot_policy is too long")
        players, names, bots, seat = seat_plan(s, req.seats, list(req.bot_seats), req.join)
        opening = any(p == "" and not b for p, b in zip(players, bots))
        await self.quotas.check_tables(s.player_id, opening)
        invite = new_invite_code()
        table = await self.tables.create(req.game, req.seats, options, players, names, bots,
                                         invite=invite, bot_policy=req.bot_policy,
                                         keep_bots=is_key_player(s.player_id))
        await self.quotas.add_table(s.player_id, table.tid)
        info = table.info(seat)
        info.invite_code = invite
        return info

    async def join(self, s: Session, code: str) -> gw.TableInfo:
        if not INVITE_CODE.match(code):
            raise invalid("invite_code", "invite_code must be 1-32 letters and digits")
        [raw] = await self.tables.scripts.execute([["GET", keys.invite(code)]])
        if raw is None:
            raise not_found("invite code")
        tid = raw.decode()
        table, _ = await self.tables.load(tid, with_state=False)
        if table.seat_of(s.player_id) < 0:  # a retried join is answered, never refused
            await self.quotas.check_tables(s.player_id, opening=False)
        info = await self._seat_change(s, tid, "join")
        await self.quotas.add_table(s.player_id, tid)
        return info

    async def leave(self, s: Session, tid: str) -> gw.TableInfo:
        await self.tables.load(tid, with_state=False)  # validates the id
        return await self._seat_change(s, tid, "leave")

    async def _seat_change(self, s: Session, tid: str, op: str) -> gw.TableInfo:
        version = (await self.tables.load(tid, with_state=False))[0].version
        channel = keys.table_notify(tid) if self.tables.single_redis else ""
        scripts = self.tables.scripts
        [r] = await scripts.execute([scripts.call(
            scripts.seat, keys.table_keys(tid),
            [op, s.player_id, s.name, now_ms(), ABANDONED.SerializeToString(),
             abandoned_event(version), channel])])
        if r[0] == 0:
            reason = r[1].decode()
            if reason == "not_found":
                raise not_found("table")
            raise precondition(f"cannot {op}: {reason.replace('_', ' ')}", reason.upper())
        status, due, abandoned = r[2].decode(), int(r[3]), int(r[4])
        if abandoned:
            await self.tables.finish(tid)
        elif op == "join" and status == "playing":
            await self.tables.started(tid)
        if due >= 0:
            await scripts.execute([["ZADD", keys.DEADLINES, due, tid]])
            if due <= now_ms():
                self.driver.kick(tid)
        table, _ = await self.tables.load(tid, with_state=False)
        return table.info(table.seat_of(s.player_id))
