"""Tables: set-up, seat binding, acting with compare-and-set, views (DESIGN §3 "Tables").

A table's authoritative state lives in Redis under one hash tag. `act` loads
state and version, has the game's rules service apply the choice, and commits
with one Lua script: compare-and-set on the version, new state, choice-log
entry, meta fields and event appends together. A lost race is retried on the
fresh state (where the choice may still be valid, e.g. a sealed bid); a
retried idempotency key returns the first result.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import grpc
from redis.asyncio import Redis
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw
from tablero.v1 import rules_pb2

from services.runtime.status import clip

from . import archive, keys, stored_state
from .config import Config
from .errors import GatewayError, aborted, denied, invalid, not_found, precondition
from .markers import COMMITTED, marker
from .routing import Router, call
from .scripts import Command, Scripts
from .sessions import Session, Sessions, now_ms

log = logging.getLogger("tablero.tables")

MAX_RACE_RETRIES = 16
STATUS_PB = {"open": gw.TABLE_STATUS_OPEN, "playing": gw.TABLE_STATUS_PLAYING,
             "finished": gw.TABLE_STATUS_FINISHED}


@dataclass
class Table:
    """A table's meta hash, decoded."""

    tid: str
    game: str
    seats: int
    options: dict[str, str]
    seed: int
    status: str
    version: int
    players: list[str]
    names: list[str]
    bots: list[bool]
    pending: list[dict[str, Any]]
    outcome: pb.Outcome
    invite: str
    timeout_ms: int
    bot_policy: str
    bot_seed: int  # the bots' own randomness, never the game's seed (DESIGN §2)

    @classmethod
    def parse(cls, tid: str, m: dict[bytes, bytes], last: Any) -> Table:
        """From the meta hash and the table's last stream entry (XREVRANGE ... COUNT 1):
        the decisions it waits on are those of the commit marker that ends its stream,
        with the deadlines a seat changing hands gave them since (seat.lua)."""
        pending = [] if m.get(b"abandoned") == b"1" else pending_of(last, m.get(b"deadlines"))
        return cls(
            tid=tid, game=m[b"game"].decode(), seats=int(m[b"seats"]),
            options=decoded(m[b"options"]), seed=int(m[b"seed"]),
            status=m[b"status"].decode(), version=int(m[b"version"]),
            players=decoded(m[b"players"]), names=decoded(m[b"names"]),
            bots=decoded(m[b"bots"]), pending=pending,
            outcome=pb.Outcome.FromString(m.get(b"outcome", b"")),
            invite=m.get(b"invite", b"").decode(), timeout_ms=int(m[b"timeout_ms"]),
            bot_policy=m[b"bot_policy"].decode(), bot_seed=int(m.get(b"bot_seed", 0)),
        )

    def seat_of(self, player_id: str) -> int:
        return self.players.index(player_id) if player_id in self.players else -1

    def pending_pb(self) -> list[pb.PendingDecision]:
        return [pb.PendingDecision(id=p["id"], seat=p["seat"], kind=p["kind"], optional=p["opt"],
                                   deadline_unix_ms=p["dl"]) for p in self.pending]

    def info(self, seat: int) -> gw.TableInfo:
        msg = gw.TableInfo(table_id=self.tid, game=self.game, status=STATUS_PB[self.status],
                           your_seat=seat, version=self.version, options=self.options,
                           outcome=self.outcome, pending=self.pending_pb())
        if seat >= 0:
            msg.invite_code = self.invite
        for s in range(self.seats):
            msg.seats.add(seat=s, player_id=self.players[s], display_name=self.names[s],
                          bot=self.bots[s])
        return msg


# The JSON values of meta hashes (options, players, names, bots) by their bytes: a table
# loads them on every Act and they seldom change. Shared, so never mutated (Table's users
# only read them); bounded by clearing.
DECODED: dict[bytes, Any] = {}
MAX_DECODED = 100_000


def decoded(raw: bytes) -> Any:
    """`json.loads(raw)`, remembered."""
    value = DECODED.get(raw)
    if value is None:
        if len(DECODED) >= MAX_DECODED:
            DECODED.clear()
        value = DECODED[raw] = json.loads(raw)
    return value


def pending_of(last: Any, deadlines: bytes | None) -> list[dict[str, Any]]:
    """The pending decisions of the commit marker in `last` (a stream reply of at most
    one entry; none when the entry is not a marker); `deadlines`: per seat, the deadline
    a seat change set for all that seat's decisions (0 = none; seat.lua)."""
    entries = archive.entries_of(last)
    data = entries[0][1].get(b"b") if entries else None
    if data is None:
        return []
    ev = gw.TableEvent.FromString(data)
    if ev.event.kind != COMMITTED:
        return []
    set_by_seat = [int(x) for x in deadlines.split(b",")] if deadlines else []
    out = []
    for p in ev.pending:
        dl = set_by_seat[p.seat] if p.seat < len(set_by_seat) else 0
        out.append({"id": p.id, "seat": p.seat, "kind": p.kind, "opt": p.optional,
                    "dl": dl or p.deadline_unix_ms})
    return out


def last_entry(tid: str) -> Command:
    """The command reading a table's last stream entry: its latest commit marker."""
    return ["XREVRANGE", keys.table_events(tid), "+", "-", "COUNT", 1]


def strongest_policy(info: pb.GameInfo, preferred: str) -> str:
    """The configured bot policy when the game offers it, else its best known one."""
    for policy in (preferred, "heuristic", "random"):
        if policy in info.bot_policies:
            return policy
    return info.bot_policies[0] if info.bot_policies else "random"


def new_table_id() -> str:
    return secrets.token_hex(16)


TABLE_ID = re.compile(r"\A[0-9a-f]{32}\Z")
PAGE_TOKEN = re.compile(r"\A[0-9]{1,9}\Z")


def valid_table_id(tid: str) -> bool:
    return TABLE_ID.fullmatch(tid) is not None


def visible(vis: bytes, seat: int) -> bool:
    """Whether an event stored with visibility `vis` may go to `seat` (-1 = spectator)."""
    return vis == b"*" or (seat >= 0 and str(seat).encode() in vis.split(b","))


def vis_of(event: pb.Event) -> str:
    return "*" if event.visibility.public else ",".join(str(s) for s in event.visibility.seats)


def next_pending(old: list[dict[str, Any]], new: list[pb.PendingDecision], bots: list[bool],
                 status: str, now: int, timeout: int) -> list[dict[str, Any]]:
    """Pending decisions with deadlines: a decision keeps its deadline while it stays
    pending (a sealed round); bot seats are due at once; open tables have none yet."""
    kept = {p["id"]: p["dl"] for p in old}
    out = []
    for p in new:
        if not 0 <= p.seat < len(bots):  # the contract: only a table's seats decide
            log.error("rules service offered decision %s to seat %d of %d", p.id, p.seat,
                      len(bots))
            raise GatewayError(grpc.StatusCode.INTERNAL, "internal error in the rules service",
                               "INTERNAL")
        if status != "playing":
            dl = 0
        elif bots[p.seat]:
            dl = now
        else:
            dl = kept.get(p.id) or now + timeout
        out.append({"id": p.id, "seat": p.seat, "kind": p.kind, "opt": p.optional, "dl": dl})
    return out


def playing_commands(tid: str, game: str) -> list[Command]:
    """The table joins the active index and its game's (the live-tables gauge)."""
    return [["SADD", keys.TABLES_ACTIVE, tid], ["SADD", keys.tables_playing(game), tid]]


def choice_fields(entry: dict[str, Any], choice: pb.Choice) -> dict[str, Any]:
    """A choice-log entry with its choice's option id or amount."""
    if choice.WhichOneof("value") == "amount":
        entry["amount"] = choice.amount
    else:
        entry["option_id"] = choice.option_id
    return entry


def due_of(pending: list[dict[str, Any]]) -> int:
    """The earliest deadline among the decisions the game waits on; -1 when none."""
    dls = [p["dl"] for p in pending if not p["opt"] and p["dl"] > 0]
    return min(dls) if dls else -1


@dataclass
class CommitResult:
    version: int
    duplicate: bool
    ids: list[str]  # stream ids of the appended events (first and last for a duplicate)
    events: list[tuple[str, bytes]]  # (visibility, TableEvent bytes) as appended


class Tables:
    def __init__(self, redis: Redis, scripts: Scripts, sessions: Sessions, router: Router,
                 config: Config) -> None:
        self.redis = redis
        self.scripts = scripts
        self.sessions = sessions
        self.router = router
        self.config = config
        # On one Redis the commit script also files the table's next deadline and tells
        # watchers (notify.py); on a Cluster the index lives in another slot.
        self.single_redis = scripts.single_redis
        # Called with a table id after each commit that may leave bot seats to play.
        self.on_commit: Callable[[str], None] = lambda tid: None

    # -- loading ----------------------------------------------------------------

    async def load(self, tid: str, with_state: bool = True) -> tuple[Table, bytes]:
        """The table's meta and (unless told not to) its state, in one round trip."""
        table, state, _, _ = await self._fetch(tid, with_state, "")
        return table, state

    async def _fetch(self, tid: str, with_state: bool, idem_field: str,
                     auth: str = "") -> tuple[Table, bytes, bytes | None, Session | None]:
        """Meta, state and an idempotency record, in one batch; with `auth` (a token),
        auth.lua's check of that session runs first in the same batch."""
        if not valid_table_id(tid):
            raise invalid("table_id", "table_id must be 32 lowercase hex characters")
        session = None
        batch: list[Command] = []
        if auth:
            batch.append(self.scripts.call(self.scripts.auth, *self.sessions.auth_call(auth)))
        batch.append(["HGETALL", keys.table_meta(tid)])
        batch.append(last_entry(tid))
        if with_state:
            batch.append(["GET", keys.table_state(tid)])
        if idem_field:
            batch.append(["HGET", keys.table_idem(tid), idem_field])
        res = iter(await self.scripts.execute(batch))
        if auth:
            session = self.sessions.checked(auth, next(res))
        meta, last = next(res), next(res)
        if not meta:
            raise not_found(f"table {tid}")
        state = stored_state.unpack(next(res) or b"") if with_state else b""
        prev = next(res) if idem_field else None
        return Table.parse(tid, meta, last), state, prev, session

    # -- creation ---------------------------------------------------------------

    async def create(self, game: str, seats: int, options: dict[str, str], players: list[str],
                     names: list[str], bots: list[bool], *, invite: str = "",
                     tid: str | None = None, listed: bool = False,
                     bot_policy: str = "", keep_bots: bool = False) -> Table:
        """Set up a table; it plays at once unless a non-bot seat is still free. An open
        table (and its invite) expires after open_table_ttl_ms unless it fills. Without
        `keep_bots` (tables of API-key sessions), a table whose last person leaves is
        abandoned rather than played out by bots alone (seat.lua)."""
        info = await self.router.info(game)
        if not 1 <= seats <= info.max_seats:  # below min_seats: the game's Setup decides
            raise invalid("seats", f"{game} takes {info.min_seats}-{info.max_seats} seats")
        bot_policy = bot_policy or strongest_policy(info, self.config.bot_policy)
        if bot_policy not in info.bot_policies:
            raise invalid("bot_policy", f"{game} bots play one of {list(info.bot_policies)}")
        seed = secrets.randbits(63)
        t: pb.Transition = await call(self.router.rules(game).Setup(
            rules_pb2.RulesSetupRequest(seats=seats, options=options, seed=seed)))
        tid = tid or new_table_id()
        free = any(p == "" and not b for p, b in zip(players, bots))
        status = "open" if free else "playing"
        now = now_ms()
        pending = next_pending([], list(t.pending), bots, status, now,
                               self.config.decision_timeout_ms)
        meta = {
            "game": game, "seats": seats, "options": json.dumps(options, sort_keys=True),
            "seed": seed, "status": status, "players": json.dumps(players),
            "names": json.dumps(names), "bots": json.dumps(bots), "invite": invite,
            "created": now, "rules_version": t.state.rules_version,
            "timeout_ms": self.config.decision_timeout_ms, "listed": int(listed),
            "bot_policy": bot_policy, "bot_seed": secrets.randbits(63),
            "keep_bots": int(keep_bots),
        }
        life = self.config.open_table_ttl_ms if status == "open" else 0
        res = await self._commit(tid, -1, t, meta, pending, [], "", create=True,
                                 lifetime_ms=life)
        if res is None:
            raise GatewayError(grpc.StatusCode.ALREADY_EXISTS, "table exists", "EXISTS")
        filing = playing_commands(tid, game) if status == "playing" else []
        if listed:
            filing.append(["ZADD", keys.tables_listed(game, False), now, tid])
        if invite:
            expiry: Command = ["PX", life] if life else []
            filing.append(["SET", keys.invite(invite), tid, *expiry])
        if filing:
            await self.scripts.execute(filing)
        await self._after_commit(tid, pending, t.outcome)
        table, _ = await self.load(tid, with_state=False)
        return table

    # -- acting -----------------------------------------------------------------

    async def act(self, token: str, req: gw.ActRequest) -> gw.ActResponse:
        """Apply a player's choice. The session check, the table load and the idempotency
        lookup share the first round trip (the idempotency field needs the player id,
        known here from this token's earlier calls; else it is read after the check)."""
        try:
            check_act_request(req)
        except GatewayError:
            await self.sessions.check_token(token)  # a bad token is what a caller hears first
            raise
        pid = self.sessions.player_of(token)
        session: Session | None = None
        for _ in range(MAX_RACE_RETRIES):
            # Idempotency keys are scoped to the player (who holds one seat at a table).
            idem = f"{pid}:{req.idempotency_key}" if req.idempotency_key and pid else ""
            table, state, prev, checked = await self._fetch(
                req.table_id, True, idem, auth="" if session else token)
            session = session or checked
            assert session is not None
            if req.idempotency_key and pid != session.player_id:
                pid = session.player_id  # first call with this token here
                idem = f"{pid}:{req.idempotency_key}"
                [prev] = await self.scripts.execute([["HGET", keys.table_idem(table.tid), idem]])
            seat = table.seat_of(session.player_id)
            if seat < 0:
                raise denied("you hold no seat at this table")
            if prev is not None:
                if table.status == "finished":
                    await self.finish(table.tid)  # a retry after a blip: file it for sure
                return await self._duplicate(table, seat, prev)
            if req.expected_version and req.expected_version != table.version:
                raise aborted(f"table is at version {table.version}")
            check_pending(table, seat, req.choice.decision_id)
            t = await self._rules_act(table, state, seat, req.choice)
            res = await self.commit_choice(table, t, seat, req.choice, "player", idem)
            if res is None:
                if req.expected_version:
                    raise aborted("lost the race for this version; reload and retry")
                continue
            if res.duplicate:
                prev = f"{res.version} {' '.join(res.ids)}".encode()
                return await self._duplicate(table, seat, prev)
            return self._act_response(res, seat)
        raise aborted("too much contention on this table; retry")

    async def _rules_act(self, table: Table, state: bytes, seat: int,
                         choice: pb.Choice) -> pb.Transition:
        return await self.router.act(table.game, state, seat, choice)

    async def commit_choice(self, table: Table, t: pb.Transition, seat: int, choice: pb.Choice,
                            by: str, idem_field: str) -> CommitResult | None:
        """Commit one applied choice; None when another commit won the race."""
        now = now_ms()
        status = "finished" if t.outcome.finished else table.status
        pending = next_pending(table.pending, list(t.pending), table.bots, status, now,
                               table.timeout_ms)
        entry = choice_fields({"v": table.version + 1, "seat": seat,
                               "decision_id": choice.decision_id, "hash": t.state_hash,
                               "by": by}, choice)
        meta = {"status": status}
        res = await self._commit(table.tid, table.version, t, meta, pending, [json.dumps(entry)],
                                 idem_field)
        if res is not None and not res.duplicate:
            await self._after_commit(table.tid, pending, t.outcome)
        return res

    async def commit_run(self, table: Table, run: rules_pb2.RulesPlayBotsResponse,
                         clock_first: bool) -> CommitResult | None:
        """Commit a run of bot moves as one commit of as many versions (one choice-log
        entry and its events each, one commit marker after the last); `clock_first`: the
        first move answered a person's decision whose clock ran out (every move of that seat
        in the run is the clock's: a policy may take an optional decision before it). None
        when another commit won the race."""
        t = run.final
        now = now_ms()
        status = "finished" if t.outcome.finished else table.status
        pending = next_pending(table.pending, list(t.pending), table.bots, status, now,
                               table.timeout_ms)
        entries, events = [], []
        timed_out = run.moves[0].seat if clock_first and run.moves else None
        for k, move in enumerate(run.moves):
            v = table.version + 1 + k
            entry = {"v": v, "seat": move.seat, "decision_id": move.choice.decision_id,
                     "hash": move.state_hash, "by": "clock" if move.seat == timed_out else "bot"}
            entries.append(json.dumps(choice_fields(entry, move.choice)))
            events += [(v, e) for e in move.events]
        res = await self._commit(table.tid, table.version, t, {"status": status}, pending,
                                 entries, "", events=events)
        if res is not None:
            await self._after_commit(table.tid, pending, t.outcome)
        return res

    async def _commit(self, tid: str, version: int, t: pb.Transition, meta: dict[str, Any],
                      pending: list[dict[str, Any]], entries: list[str], idem_field: str,
                      create: bool = False, lifetime_ms: int = 0,
                      events: list[tuple[int, pb.Event]] | None = None) -> CommitResult | None:
        """One atomic commit (commit.lua) of `entries` (one choice-log entry per new
        version; none at creation) with `events` by version (default: `t.events`, all of
        the one new version), then the commit marker."""
        nv = version + max(len(entries), 1)
        stored = [(vis_of(e), v, gw.TableEvent(version=v, event=e).SerializeToString())
                  for v, e in (events if events is not None else [(nv, e) for e in t.events])]
        stored.append(("*", nv, marker(nv, t.outcome, pending).SerializeToString()))
        fields = dict(meta, outcome=t.outcome.SerializeToString())
        args: list[Any] = [version, stored_state.pack(t.state.SerializeToString()),
                           "\n".join(entries), idem_field, len(fields)]
        for k, v in fields.items():
            args += [k, v]
        args.append(len(stored))
        for vis, v, data in stored:
            args += [vis, v, data]
        channel = keys.table_notify(tid) if self.single_redis else ""
        args += [lifetime_ms, channel, tid, due_of(pending), "1" if create else "0"]
        ks = keys.table_keys(tid) + ([keys.DEADLINES] if self.single_redis else [])
        [r] = await self.scripts.execute([self.scripts.call(self.scripts.commit, ks, args)])
        if r[0] == 0:
            return None
        if r[0] == 2:
            v, first, last = r[1].decode().split(" ")
            return CommitResult(int(v), True, [first, last], [])
        if archive.due(int(r[2]), int(r[3])):
            await self._compact(tid)
        return CommitResult(int(r[1]), False, [i.decode() for i in r[4:]],
                            [(vis, data) for vis, _, data in stored])

    async def _compact(self, tid: str) -> None:
        """Move the table's older events into its archive (archive.py) before the commit
        is answered. The commit stands whatever happens here: a compaction cut off (Redis
        away) leaves the stream whole, and the next commit tries again."""
        try:
            await archive.compact(self.scripts, tid)
        except Exception as e:  # noqa: BLE001 - the commit is done; see above
            log.info("compacting table %s: %s", tid, clip(str(e)))

    async def _after_commit(self, tid: str, pending: list[dict[str, Any]],
                            outcome: pb.Outcome) -> None:
        if outcome.finished:
            await self.finish(tid)
            return
        due = due_of(pending)
        if due >= 0:
            if not self.single_redis:
                await self.redis.zadd(keys.DEADLINES, {tid: due})
            if due <= now_ms():
                self.on_commit(tid)

    async def started(self, tid: str) -> None:
        """A table that filled up plays: it joins the active index, and its invite lives
        as long as the table does (finish deletes it)."""
        [[invite, game]] = await self.scripts.execute([
            ["HMGET", keys.table_meta(tid), "invite", "game"]])
        filing = playing_commands(tid, game.decode()) if game is not None else []
        if invite:
            filing.append(["PERSIST", keys.invite(invite.decode())])
        if filing:
            await self.scripts.execute(filing)

    async def trim_indexes(self) -> None:
        """Drop the finished tables past their retention from the indexes (their keys
        expire by themselves)."""
        cutoff = now_ms() - self.config.finished_ttl_s * 1000
        pipe = self.redis.pipeline(transaction=False)
        pipe.zremrangebyscore(keys.TABLES_FINISHED, "-inf", cutoff)
        for game in self.router.stubs:
            pipe.zremrangebyscore(keys.tables_listed(game, True), "-inf", cutoff)
        await pipe.execute()

    async def finish(self, tid: str) -> None:
        """File a finished table in the indexes and start its retention. Idempotent: run
        after the commit that ends the game, and again by whoever finds a finished table
        still due (a retried Act, the clock sweep) in case Redis went away in between.
        The deadline entry goes last, so until this has all happened the sweep finds it."""
        [[game, listed, invite, abandoned]] = await self.scripts.execute([
            ["HMGET", keys.table_meta(tid), "game", "listed", "invite", "abandoned"]])
        if game is None:
            return
        now = now_ms()
        batch: list[Command] = [["ZREM", keys.tables_listed(game.decode(), False), tid]]
        if abandoned != b"1":  # an abandoned table has no outcome to list or replay
            if listed == b"1":
                batch.append(["ZADD", keys.tables_listed(game.decode(), True), "NX", now, tid])
            batch.append(["ZADD", keys.TABLES_FINISHED, "NX", now, tid])
        batch += [["SREM", keys.TABLES_ACTIVE, tid],
                  ["SREM", keys.tables_playing(game.decode()), tid]]
        if invite:
            batch.append(["DEL", keys.invite(invite.decode())])  # dies with its table
        batch += [["EXPIRE", k, self.config.finished_ttl_s] for k in keys.table_keys(tid)]
        batch.append(["ZREM", keys.DEADLINES, tid])
        await self.scripts.execute(batch)

    def _act_response(self, res: CommitResult, seat: int) -> gw.ActResponse:
        out = gw.ActResponse(version=res.version)
        for (vis, data), eid in zip(res.events, res.ids):
            if visible(vis.encode(), seat):
                ev = out.events.add()
                ev.ParseFromString(data)
                ev.event_id = eid
        if out.events:
            last = out.events[-1]
            out.pending.extend(last.pending)
            out.outcome.CopyFrom(last.outcome)
        return out

    async def _duplicate(self, table: Table, seat: int, prev: bytes) -> gw.ActResponse:
        v, first, last = prev.decode().split(" ")
        out = gw.ActResponse(version=int(v), duplicate=True)
        for eid, fields in await archive.read_between(self.scripts, table.tid, first, last):
            if visible(fields[b"vis"], seat):
                ev = out.events.add()
                ev.ParseFromString(fields[b"b"])
                ev.event_id = eid.decode()
        if out.events:
            out.pending.extend(out.events[-1].pending)
            out.outcome.CopyFrom(out.events[-1].outcome)
        return out

    async def suggest(self, session: Session, req: gw.SuggestRequest) -> pb.Choice:
        if len(req.decision_id) > 128 or len(req.policy) > 32:
            raise invalid("decision_id", "decision_id or policy is too long")
        table, state = await self.load(req.table_id)
        seat = table.seat_of(session.player_id)
        if seat < 0:
            raise denied("you hold no seat at this table")
        decision_id = req.decision_id or next(
            (p["id"] for p in table.pending if p["seat"] == seat and not p["opt"]), "")
        check_pending(table, seat, decision_id)
        policy = req.policy or table.bot_policy
        if policy not in (await self.router.info(table.game)).bot_policies:
            raise invalid("policy", f"unknown bot policy {clip(policy)}")
        return await self.router.suggest(table.game, state, seat, decision_id, policy,
                                         table.bot_seed)

    # -- seeing -----------------------------------------------------------------

    async def list(self, session: Session, req: gw.ListTablesRequest) -> gw.ListTablesResponse:
        if req.game not in self.router.stubs:
            raise not_found(f"game {clip(req.game)}")
        if not 0 <= req.page_size <= 100:
            raise invalid("page_size", "page_size must be within 0..100")
        if req.page_token and not PAGE_TOKEN.match(req.page_token):
            raise invalid("page_token", "malformed page_token")
        size = req.page_size or 20
        start = int(req.page_token or 0)
        tids = await self.redis.zrevrange(keys.tables_listed(req.game, req.finished), start,
                                          start + size)
        pipe = self.redis.pipeline(transaction=False)
        for tid in tids[:size]:
            pipe.hgetall(keys.table_meta(tid.decode()))
            pipe.execute_command(*last_entry(tid.decode()))
        out = gw.ListTablesResponse()
        res = await pipe.execute()
        for tid, meta, last in zip(tids, res[::2], res[1::2]):
            if meta:  # expired since it was listed
                table = Table.parse(tid.decode(), meta, last)
                out.tables.append(table.info(table.seat_of(session.player_id)))
        if len(tids) > size:
            out.next_page_token = str(start + size)
        return out

    async def view(self, session: Session, tid: str) -> pb.SeatView:
        table, state = await self.load(tid)
        seat = table.seat_of(session.player_id)
        sv = await self.router.view(table.game, state, seat)
        deadlines = {p["id"]: p["dl"] for p in table.pending}
        for d in sv.decisions:
            d.deadline_unix_ms = deadlines.get(d.id, 0)
        del sv.pending[:]
        sv.pending.extend(table.pending_pb())
        sv.version = table.version
        return sv


def check_act_request(req: gw.ActRequest) -> None:
    if not valid_table_id(req.table_id):
        raise invalid("table_id", "table_id must be 32 lowercase hex characters")
    if not req.HasField("choice") or not req.choice.decision_id:
        raise invalid("choice.decision_id", "choice.decision_id is required")
    if len(req.choice.decision_id) > 128:
        raise invalid("choice.decision_id", "choice.decision_id is too long")
    which = req.choice.WhichOneof("value")
    if which is None:
        raise invalid("choice", "choice needs option_id or amount")
    if which == "option_id" and not 1 <= len(req.choice.option_id) <= 256:
        raise invalid("choice.option_id", "choice.option_id must be 1-256 characters")
    if len(req.idempotency_key) > 64:
        raise invalid("idempotency_key", "idempotency_key must be at most 64 characters")
    if req.expected_version < 0:
        raise invalid("expected_version", "expected_version must not be negative")


def check_pending(table: Table, seat: int, decision_id: str) -> None:
    if table.status == "open":
        raise precondition("the table has not started", "TABLE_NOT_STARTED")
    if table.status == "finished":
        raise precondition("the game is over", "GAME_OVER")
    p = next((p for p in table.pending if p["id"] == decision_id), None)
    if p is None:
        raise precondition(f"decision {clip(decision_id)} is not pending", "STALE_DECISION")
    if p["seat"] != seat:
        raise denied(f"decision {clip(decision_id)} belongs to another seat")
