"""Gateway configuration, from environment variables (documented in the README)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field


def parse_games(spec: str) -> dict[str, str]:
    """`duel=ipv4:127.0.0.1:5101,127.0.0.1:5102;cuba=dns:///cuba-rules:50051` -> {game: target}."""
    games: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in spec.split(";"))):
        name, sep, target = part.partition("=")
        if not sep or not name or not target:
            raise ValueError(f"bad TABLERO_GAMES entry {part!r}: want game=target")
        games[name.strip()] = target.strip()
    return games


def parse_api_keys(spec: str) -> dict[str, str]:
    """`key1:alice,key2:bob` -> {key: name}."""
    keys: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in spec.split(","))):
        key, sep, name = part.partition(":")
        if not sep or not key or not name:
            raise ValueError(f"bad TABLERO_API_KEYS entry {part!r}: want key:name")
        keys[key] = name
    return keys


@dataclass
class Config:
    redis_url: str = "redis://127.0.0.1:6379/0"
    redis_cluster: bool = False
    # Redis's requirepass (a Kubernetes Secret in deploy/k8s), kept out of REDIS_URL.
    redis_password: str | None = None
    host: str = "127.0.0.1"
    port: int = 50051
    games: dict[str, str] = field(default_factory=dict)
    api_keys: dict[str, str] = field(default_factory=dict)
    session_ttl_ms: int = 24 * 3600 * 1000
    # A session never used after its login expires this soon (each call extends it to
    # session_ttl_ms): logins nobody uses cannot pile up for a day.
    unused_session_ttl_ms: int = 10 * 60 * 1000
    rate_per_s: float = 200.0
    rate_burst: int = 400
    login_rate_per_s: float = 500.0
    login_burst: int = 5000
    ticket_ttl_ms: int = 10 * 60 * 1000
    # An ended ticket (matched, cancelled, expired) is still answered this long, then
    # deleted with everything that pointed at it.
    ticket_keep_ms: int = 10 * 60 * 1000
    bots_after_ms: int = 10_000
    max_waiting_per_queue: int = 100_000
    decision_timeout_ms: int = 5 * 60 * 1000
    bot_policy: str = "heuristic"
    sweep_interval_s: float = 0.1
    max_message_bytes: int = 1024 * 1024
    max_watches_per_session: int = 16
    # A watcher woken by commit notifications (single Redis) reads anyway after this long
    # without news (a notification lost between a dropped pub/sub connection and its re-make).
    watch_recheck_s: float = 10.0
    finished_ttl_s: int = 7 * 24 * 3600
    # An open table nobody completes is deleted, with its invite, after this long.
    open_table_ttl_ms: int = 3600 * 1000
    # Per-session quotas (a guest session is one player; an API key's sessions share one
    # player and get `key_quota_factor` times each quota).
    quota_open_tables: int = 10
    quota_active_tables: int = 20
    quota_tickets: int = 5
    key_quota_factor: int = 100
    metrics_port: int = -1
    # TLS on the public port: PEM certificate chain and private key files (both or none).
    tls_cert_file: str = ""
    tls_key_file: str = ""
    workers: int = 1  # gateway processes sharing the port (gateway/workers.py)
    reuseport: bool = False  # set for each worker by the supervisor

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Config:
        e = dict(os.environ if env is None else env)
        c = cls()
        c.redis_url = e.get("REDIS_URL", c.redis_url)
        c.redis_cluster = e.get("REDIS_CLUSTER", "") in ("1", "true", "yes")
        c.redis_password = e.get("REDIS_PASSWORD") or None
        c.tls_cert_file = e.get("GATEWAY_TLS_CERT", "")
        c.tls_key_file = e.get("GATEWAY_TLS_KEY", "")
        if bool(c.tls_cert_file) != bool(c.tls_key_file):
            raise ValueError("set both GATEWAY_TLS_CERT and GATEWAY_TLS_KEY, or neither")
        c.host = e.get("GATEWAY_HOST", c.host)
        c.port = int(e.get("GATEWAY_PORT", c.port))
        c.games = parse_games(e.get("TABLERO_GAMES", ""))
        c.api_keys = parse_api_keys(e.get("TABLERO_API_KEYS", ""))
        c.session_ttl_ms = int(e.get("TABLERO_SESSION_TTL_MS", c.session_ttl_ms))
        c.unused_session_ttl_ms = min(c.session_ttl_ms, int(e.get(
            "TABLERO_UNUSED_SESSION_TTL_MS", c.unused_session_ttl_ms)))
        c.rate_per_s = float(e.get("TABLERO_RATE_PER_S", c.rate_per_s))
        c.rate_burst = int(e.get("TABLERO_RATE_BURST", c.rate_burst))
        c.login_rate_per_s = float(e.get("TABLERO_LOGIN_RATE_PER_S", c.login_rate_per_s))
        c.login_burst = int(e.get("TABLERO_LOGIN_BURST", c.login_burst))
        c.ticket_ttl_ms = int(e.get("TABLERO_TICKET_TTL_MS", c.ticket_ttl_ms))
        c.ticket_keep_ms = int(e.get("TABLERO_TICKET_KEEP_MS", c.ticket_keep_ms))
        c.finished_ttl_s = int(e.get("TABLERO_FINISHED_TTL_S", c.finished_ttl_s))
        c.open_table_ttl_ms = int(e.get("TABLERO_OPEN_TABLE_TTL_MS", c.open_table_ttl_ms))
        c.quota_open_tables = int(e.get("TABLERO_QUOTA_OPEN_TABLES", c.quota_open_tables))
        c.quota_active_tables = int(e.get("TABLERO_QUOTA_ACTIVE_TABLES",
                                          c.quota_active_tables))
        c.quota_tickets = int(e.get("TABLERO_QUOTA_TICKETS", c.quota_tickets))
        c.key_quota_factor = int(e.get("TABLERO_KEY_QUOTA_FACTOR", c.key_quota_factor))
        c.bots_after_ms = int(e.get("TABLERO_BOTS_AFTER_MS", c.bots_after_ms))
        c.decision_timeout_ms = int(e.get("TABLERO_DECISION_TIMEOUT_MS", c.decision_timeout_ms))
        c.bot_policy = e.get("TABLERO_BOT_POLICY", c.bot_policy)
        c.watch_recheck_s = float(e.get("TABLERO_WATCH_RECHECK_S", c.watch_recheck_s))
        if not c.watch_recheck_s > 0:
            raise ValueError("TABLERO_WATCH_RECHECK_S must be a positive number of seconds")
        c.metrics_port = int(e.get("GATEWAY_METRICS_PORT", c.metrics_port))
        c.workers = int(e.get("GATEWAY_WORKERS", c.workers))
        if c.workers < 1:
            raise ValueError("GATEWAY_WORKERS must be at least 1")
        c.reuseport = e.get("GATEWAY_REUSEPORT", "") == "1"
        return c
