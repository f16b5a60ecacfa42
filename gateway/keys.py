"""Every Redis key the gateway uses, spelled once.

All keys of one table share the hash tag `{<table_id>}`, all keys of one
matchmaking queue share `{<queue_id>}`, a session's keys share `{<token>}`, and a
player's quota sets share `{<player_id>}`, so every atomic step (one Lua script)
stays in one Redis Cluster slot. Every key has a lifetime (decision 0005).
The global indexes (`clk:deadlines`, `mm:queues`, `tables:*`, `inv:*`) are
never touched inside a multi-key script on Redis Cluster; on a single Redis the
commit script also files the table in `clk:deadlines` (tables.py).
"""

from __future__ import annotations


def session(token: str) -> str:
    return f"s:{{{token}}}"


def session_rate(token: str) -> str:
    return f"s:{{{token}}}:rl"


def table_meta(tid: str) -> str:
    """Hash: game, seats, options, seed, status, version, players, names, bots, deadlines
    (set by a seat change; the pending decisions are in the last commit marker), ..."""
    return f"t:{{{tid}}}:meta"


def table_state(tid: str) -> str:
    """String: the GameState message bytes."""
    return f"t:{{{tid}}}:state"


def table_log(tid: str) -> str:
    """List: the choice log, one JSON entry per applied choice."""
    return f"t:{{{tid}}}:log"


def table_events(tid: str) -> str:
    """Stream: one entry per event: vis ("*" or "0,2"), v (version), b (TableEvent bytes)."""
    return f"t:{{{tid}}}:events"


def table_archive(tid: str) -> str:
    """Hash: the table's older events, compacted out of its stream (archive.py):
    "ids" -> the last stream id of each chunk, space-separated; "1", "2", ... -> the chunks."""
    return f"t:{{{tid}}}:arch"


def table_idem(tid: str) -> str:
    """Hash: "<player id>:<idempotency key>" -> "<version> <first event id> <last event id>"."""
    return f"t:{{{tid}}}:idem"


def table_notify(tid: str) -> str:
    """Pub/sub channel: the commit script publishes each new version (single Redis)."""
    return f"tev:{tid}"


def table_of_notify(channel: str) -> str:
    return channel.removeprefix("tev:")


def table_drive_lock(tid: str) -> str:
    return f"t:{{{tid}}}:drive"


def queue_keys(qid: str) -> list[str]:
    """The keys of the queue scripts, in their KEYS order."""
    return [queue(qid), queue_tickets(qid), queue_spec(qid), queue_ended(qid)]


def table_keys(tid: str) -> list[str]:
    """The keys of the commit script, in its KEYS order."""
    return [table_meta(tid), table_state(tid), table_log(tid), table_events(tid), table_idem(tid),
            table_archive(tid)]


def player_tables(pid: str) -> str:
    """Sorted set: the tables a player made or sat at, by time (quotas.py)."""
    return f"p:{{{pid}}}:tables"


def player_tickets(pid: str) -> str:
    """Sorted set: a player's tickets, by expiry (quotas.py)."""
    return f"p:{{{pid}}}:tickets"


def invite(code: str) -> str:
    return f"inv:{code}"


def queue(qid: str) -> str:
    """Sorted set: waiting ticket ids by enqueue time."""
    return f"mm:{{{qid}}}:queue"


def queue_tickets(qid: str) -> str:
    """Hash: ticket id -> ticket JSON; "match:<table_id>" -> match record JSON;
    "w:<player id>" -> the player's waiting ticket; "r:<player id>:<request id>" -> the
    ticket that Enqueue request made. All of a ticket's fields go when it is purged."""
    return f"mm:{{{qid}}}:tickets"


def queue_ended(qid: str) -> str:
    """Sorted set: ended tickets (matched, cancelled, expired) by the time they ended;
    purged ticket_keep_ms later."""
    return f"mm:{{{qid}}}:ended"


def queue_spec(qid: str) -> str:
    """String: the queue's JSON spec {game, seats, options}."""
    return f"mm:{{{qid}}}:spec"


QUEUES = "mm:queues"
DEADLINES = "clk:deadlines"
TABLES_ACTIVE = "tables:active"
TABLES_FINISHED = "tables:finished"


def tables_playing(game: str) -> str:
    """Set: a game's tables being played (tables:active by game; the live-tables gauge)."""
    return f"tables:playing:{game}"


def tables_listed(game: str, finished: bool) -> str:
    """Sorted set of a game's matchmade (public) tables, by creation or finish time."""
    return f"tables:{'done' if finished else 'live'}:{game}"
