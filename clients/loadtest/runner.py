"""The load test: simulated players log in, get tables, play random legal choices.

`tables` slots run at once. Each slot is a group of `humans` simulated players
(logged in once) that plays one game after another:
- "match" mode: every player enqueues (bots fill the other seats when
  humans < seats) and plays the table it is matched to;
- "private" mode: the first player creates a table with bots in the seats no
  simulated player takes, the others join it by its invite code;
- "bots" mode: an API-key session creates a table of bots alone and watches it
  to its end (the gateway plays every move; counted in bot moves).
New games start until `duration_s` has passed or `games` have been started;
games in flight then play to their end (at most `drain_s` more). Whatever the
mode, the whole run ends by `deadline_s`: games still in flight are cut off and
counted as unfinished, and the report is written all the same.

Every simulated player retries what is safe to repeat (the SDK's policy) for up
to `retry_budget_s`, so a Redis restart or a gateway worker's death costs time,
not games.

One process, one event loop, a few shared channels (one HTTP/2 connection each):
thousands of tables are thousands of coroutines and Watch streams, not threads.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
import time
from collections.abc import Callable
from typing import Any

import grpc

from clients.sdk import DEFAULT_TARGET, AsyncClient, RetryPolicy, TableroError, random_choice

from . import probe
from .stats import Stats, report


@dataclasses.dataclass
class LoadConfig:
    gateway: str = DEFAULT_TARGET
    game: str = "duel"
    tables: int = 10
    seats: int = 0
    humans: int = 0
    mode: str = "match"
    duration_s: float = 0.0
    games: int = 0
    concurrency: int = 0
    channels: int = 4
    options: dict[str, str] = dataclasses.field(default_factory=dict)
    bots_after_ms: int = 0
    match_timeout_s: float = 120.0
    drain_s: float = 120.0
    # How long a player waits for its turn (announced by Watch) before reading the view
    # anyway. Watch resumes exactly, so this is only a safety net; a short one multiplies
    # GetViews exactly when the gateway is slowest (2 s: 1.8 views per choice at 2000
    # tables; see clients/README.md).
    resync_s: float = 10.0
    seed: int = 1
    calibrate: bool = True
    # "random": uniformly random offered choices; "suggested": the gateway's bot suggestion.
    choices: str = "random"
    # The whole run ends by then, whatever else is set (games in flight count unfinished).
    deadline_s: float = 900.0
    # How long one call is retried while the platform is away (UNAVAILABLE).
    retry_budget_s: float = 120.0
    # Logs every slot in with this key instead of as guests ("bots" mode needs one).
    api_key: str = ""


# A player's game is resumed this many times after an RPC that failed for good.
RESUMES = 3


class LoadTest:
    def __init__(self, config: LoadConfig) -> None:
        if config.duration_s <= 0 and config.games <= 0:
            raise ValueError("give a duration or a number of games")
        self.cfg = config
        self.stats = Stats()
        self.stopping = False
        self.games_taken = 0
        self.channels: list[grpc.aio.Channel] = []
        self.rng = random.Random(config.seed)

    def stop(self) -> None:
        """Start no new games; the ones in flight play to their end."""
        self.stopping = True

    def take_game(self) -> bool:
        if self.stopping or (self.cfg.games and self.games_taken >= self.cfg.games):
            return False
        self.games_taken += 1
        return True

    async def run(self, on_tick: Callable[[Stats], None] | None = None) -> dict[str, Any]:
        """Run to the end or the deadline; the report (see stats.report), always: a run
        cut short (the deadline, a second Ctrl-C, a gateway that never answered) reports
        what it did, its unfinished games counted."""
        noop = await probe.noop_rtt_ms() if self.cfg.calibrate else None
        self.stats = Stats()
        interceptor = probe.Probe(self.stats, self.cfg.concurrency)
        opts = [("grpc.use_local_subchannel_pool", 1)]
        self.channels = [grpc.aio.insecure_channel(self.cfg.gateway, options=opts,
                                                   interceptors=[interceptor])
                         for _ in range(max(1, self.cfg.channels))]
        helpers = [asyncio.create_task(probe.monitor_loop_lag(self.stats))]
        if on_tick is not None:
            helpers.append(asyncio.create_task(_ticker(self.stats, on_tick)))
        try:
            await self._run_slots()
        except TableroError as e:  # before any game: the game could not even be described
            self.stats.fail(f"setup:{e.rpc}:{e.code.name}")
        finally:
            for h in helpers:
                h.cancel()
            await asyncio.gather(*helpers, return_exceptions=True)
            await asyncio.gather(*(ch.close(None) for ch in self.channels))
        return report(self.stats, self.public_config(), noop)

    def public_config(self) -> dict[str, Any]:
        return dataclasses.asdict(self.cfg)

    async def _run_slots(self) -> None:
        """The slots until they are done, `duration_s + drain_s` with a duration, or the
        deadline (set-up included), whichever comes first."""
        self.slots: list[asyncio.Task[None]] = []
        try:
            async with asyncio.timeout(max(0.0, self.cfg.deadline_s - self.stats.elapsed_s)):
                await self._start_slots()
                limit = self.cfg.duration_s + self.cfg.drain_s if self.cfg.duration_s else None
                await asyncio.wait(self.slots, timeout=limit)
        except TimeoutError:
            self.stats.fail("run:deadline")
        finally:
            late = [t for t in self.slots if not t.done()]
            self.cut_off()
            await asyncio.gather(*self.slots, return_exceptions=True)
            self.stats.players_unfinished += len(late)

    async def _start_slots(self) -> None:
        seats = self.cfg.seats
        if not seats:
            async with self._client(0) as c:
                await c.login(guest_name="load-describe")
                seats = (await c.describe_game(self.cfg.game)).min_seats
        self.seats = seats
        self.humans = 1 if self.cfg.mode == "bots" else min(self.cfg.humans or seats, seats)
        self.slots = [asyncio.create_task(self._slot(k)) for k in range(self.cfg.tables)]
        if self.cfg.duration_s > 0:
            asyncio.get_running_loop().call_later(self.cfg.duration_s, self.stop)

    def cut_off(self) -> None:
        """End every game in flight now (the deadline, or a second Ctrl-C)."""
        self.stopping = True
        for t in getattr(self, "slots", []):
            t.cancel()

    def _client(self, k: int) -> AsyncClient:
        retry = RetryPolicy(attempts=1_000_000, budget_s=self.cfg.retry_budget_s)
        return AsyncClient(channel=self.channels[k % len(self.channels)], retry=retry,
                           timeout_s=60.0)

    async def _slot(self, k: int) -> None:
        players = [self._client(k * self.humans + i) for i in range(self.humans)]
        for i, p in enumerate(players):
            if not await self._login(p, f"load-{k}-{i}"):
                self.stats.fail("slot:no_session")
                return
        while self.take_game():
            # A task group: when one player's game fails for good, the others at that table
            # are cancelled too, so nobody is left waiting on a seat that nobody plays.
            try:
                async with asyncio.TaskGroup() as tg:
                    if self.cfg.mode == "bots":
                        tg.create_task(self._bots_round(players[0]))
                    elif self.cfg.mode == "private":
                        tg.create_task(self._private_round(players))
                    else:
                        for p in players:
                            tg.create_task(self._matched_game(p))
            except* TableroError as group:
                for e in group.exceptions:
                    assert isinstance(e, TableroError)
                    self.stats.fail(f"{e.rpc}:{e.code.name}")

    async def _login(self, p: AsyncClient, name: str) -> bool:
        for _ in range(RESUMES + 1):
            try:
                if self.cfg.api_key:
                    await p.login(api_key=self.cfg.api_key)
                else:
                    await p.login(guest_name=name)
                return True
            except TableroError as e:
                self.stats.fail(f"{e.rpc}:{e.code.name}")
        return False

    async def _matched_game(self, p: AsyncClient) -> None:
        t0 = time.perf_counter()
        ticket = await p.match(self.cfg.game, self.seats, self.cfg.options,
                               allow_bots=self.humans < self.seats,
                               bots_after_ms=self.cfg.bots_after_ms,
                               timeout_s=self.cfg.match_timeout_s)
        self.stats.matchmaking_wait.append(time.perf_counter() - t0)
        await self._play(p, ticket.table_id)

    async def _private_round(self, players: list[AsyncClient]) -> None:
        host, guests = players[0], players[1:]
        table = await host.create_table(self.cfg.game, self.seats, self.cfg.options,
                                        bot_seats=list(range(self.humans, self.seats)))
        for g in guests:
            await g.join_table(table.invite_code)
        async with asyncio.TaskGroup() as tg:
            for p in players:
                tg.create_task(self._play(p, table.table_id))

    async def _bots_round(self, p: AsyncClient) -> None:
        """A table of bots alone, watched to its end; its moves count as bot moves."""
        table = await p.create_table(self.cfg.game, self.seats, self.cfg.options,
                                     bot_seats=list(range(self.seats)), join=False)
        self.stats.tables_started.add(table.table_id)
        async for ev in p.watch(table.table_id):
            if ev.outcome.finished:
                self.stats.bot_moves += ev.version
                self.stats.tables_finished.add(table.table_id)
                return

    def _chooser(self, p: AsyncClient, table_id: str, r: random.Random) -> Any:
        if self.cfg.choices == "suggested":
            return lambda _v, d: p.suggest(table_id, d.id)
        return lambda _v, d: random_choice(d, r)

    async def _play(self, p: AsyncClient, table_id: str) -> None:
        """Play one seat to the end; resume after an RPC that failed for good."""
        self.stats.tables_started.add(table_id)
        r = random.Random(self.rng.getrandbits(64))
        for _ in range(RESUMES + 1):
            try:
                await p.play(table_id, self._chooser(p, table_id, r),
                             resync_s=self.cfg.resync_s)
            except TableroError as e:
                self.stats.fail(f"{e.rpc}:{e.code.name}")
                continue
            self.stats.tables_finished.add(table_id)
            return
        self.stats.fail("play:abandoned")


async def _ticker(stats: Stats, on_tick: Callable[[Stats], None], every_s: float = 0.25
                  ) -> None:
    while True:
        on_tick(stats)
        await asyncio.sleep(every_s)
