"""The kernel's entry points: set-up, act, view, suggest, replay.

These are what the runtime's Rules servicer calls, and what in-process tests
and benchmarks call. Every choice is checked against the decisions offered now
before the rules module sees it; the state is decoded afresh for every call, except
that `act` on the bytes this process's last step just encoded takes the state object
they were encoded from (once: `_Recent`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Final

from . import codec
from .bots import Bot, StateBot, bot_rng
from .ctx import Ctx
from .decisions import Choice, Decision
from .errors import BadRequest, GameOver, IllegalChoice, NotYourSeat, RulesBug, StaleDecision
from .game import Game
from .outcome import Outcome
from .records import BotMove as BotMove
from .records import BotRun as BotRun
from .records import SeatView as SeatView
from .records import Step as Step
from .rng import RngState
from .state import KernelState


def load(game: Game[Any], data: bytes) -> Any:
    """A stored state, decoded and brought up to date by the game (`Game.upgrade`)."""
    st = codec.decode(data, game.state_type)
    game.upgrade(st)
    return st


def setup(game: Game[Any], seats: int, options: Mapping[str, str], seed: int) -> Step:
    opts = game.check_setup(seats, options)
    if not 0 <= seed < 2**64:
        raise BadRequest("seed must be a 64-bit unsigned integer")
    ctx = Ctx()
    st = game.setup(ctx, seats, opts, seed)
    return _finish(game, ctx, st)


def act(game: Game[Any], data: bytes, seat: int, choice: Choice) -> Step:
    known = _recent.take(game, data)
    if known is None:
        st = load(game, data)
        out = game.outcome(st)
        d, choice = _checked(game, out, [] if out is not None else game.decisions(st), seat,
                             choice)
    else:
        out, ds, st = known
        d, choice = _checked(game, out, ds, seat, choice)
        if st is None:
            st = load(game, data)
    ctx = Ctx()
    game.apply(ctx, st, d, choice)
    st.serial += 1
    return _finish(game, ctx, st)


class _Recent:
    """The outcome and decisions of the last few states this process encoded, by their bytes,
    and the live state object each was encoded from.

    `act` checks a choice against the decisions offered for the stored state, which were
    computed when that state was encoded: they are looked up here rather than computed
    again. A state is plain data and decisions are frozen, so equal bytes (of one game)
    mean equal decisions; a state not found here is simply computed afresh. The live state
    saves `act` decoding the bytes it was just given: it is handed out once (`take`) and
    never again, since the choice changes it (a failed step included), so every other call
    on those bytes decodes them afresh and the stored bytes stay the truth.
    """

    SIZE: ClassVar[int] = 8

    def __init__(self) -> None:
        self._seen: list[_Seen] = []  # oldest first

    def _find(self, game: Game[Any], data: bytes) -> _Seen | None:
        """The entry of `data`, compared as bytes (the same object first: what this process
        encoded comes back as it was), not hashed: a state's bytes are kilobytes."""
        for hit in reversed(self._seen):
            if hit.game is game and (hit.data is data or hit.data == data):
                return hit
        return None

    def get(self, game: Game[Any], data: bytes) -> tuple[Outcome | None, list[Decision]] | None:
        hit = self._find(game, data)
        return None if hit is None else (hit.out, list(hit.ds))

    def take(self, game: Game[Any], data: bytes) -> tuple[Outcome | None,
                                                          tuple[Decision, ...], Any] | None:
        """The outcome and decisions of `data`, and the state it was encoded from, unchanged
        since, once (None after that); None when `data` is not known here."""
        hit = self._find(game, data)
        if hit is None:
            return None
        st, hit.st = hit.st, None
        return hit.out, hit.ds, st

    def put(self, game: Game[Any], data: bytes, out: Outcome | None,
            ds: list[Decision], st: KernelState) -> None:
        seen = self._seen
        if len(seen) >= self.SIZE:
            del seen[0]
        seen.append(_Seen(game, data, out, tuple(ds), st))  # found first (newest first)


class _Seen:
    """One state `_Recent` remembers: its game and bytes, outcome and decisions, and the live
    state it was encoded from until taken (None after)."""

    def __init__(self, game: Game[Any], data: bytes, out: Outcome | None,
                 ds: tuple[Decision, ...], st: KernelState | None) -> None:
        self.game, self.data, self.out, self.ds, self.st = game, data, out, ds, st


_recent = _Recent()


def _pending(game: Game[Any], data: bytes, st: KernelState) -> tuple[Outcome | None,
                                                                     list[Decision]]:
    """The outcome and pending decisions of `st`, decoded from `data`."""
    hit = _recent.get(game, data)
    if hit is not None:
        return hit
    out = game.outcome(st)
    return out, [] if out is not None else game.decisions(st)


def checked_decision(game: Game[Any], st: KernelState, seat: int, choice: Choice) -> Decision:
    """The decision a choice answers, after checking it is pending, the seat's, and offered."""
    out = game.outcome(st)
    return _checked(game, out, [] if out is not None else game.decisions(st), seat, choice)[0]


def _checked(game: Game[Any], out: Outcome | None, ds: Sequence[Decision], seat: int,
             choice: Choice) -> tuple[Decision, Choice]:
    """`_answered`, and the choice as it is applied: a choice of a stored log answering a
    decision in an older shape (`Game.legacy_choice`) is checked, and applied, as the
    choice it is today."""
    try:
        return _answered(out, ds, seat, choice), choice
    except StaleDecision:
        now = game.legacy_choice(choice)
        if now is None:
            raise
        return _answered(out, ds, seat, now), now


def _answered(out: Outcome | None, ds: Iterable[Decision], seat: int,
              choice: Choice) -> Decision:
    """The decision among `ds` that a choice answers, checked as `checked_decision` says."""
    if out is not None:
        raise GameOver("the game is over")
    wanted = choice.decision_id
    for d in ds:
        if d.id == wanted:
            break
    else:
        raise StaleDecision(f"decision {wanted!r} is not pending")
    if d.seat != seat:
        raise NotYourSeat(f"decision {d.id!r} belongs to another seat")
    if d.amount is not None:
        if choice.amount is None or choice.option_id is not None:
            raise IllegalChoice(f"decision {d.id!r} takes an amount")
        if not d.amount.min <= choice.amount <= d.amount.max:
            raise IllegalChoice(f"amount must be within {d.amount.min}..{d.amount.max}")
    elif choice.option_id is None or not any(o.id == choice.option_id for o in d.options):
        raise IllegalChoice(f"option {choice.option_id!r} is not offered by {d.id!r}")
    return d


def _finish(game: Game[Any], ctx: Ctx, st: KernelState) -> Step:
    out = game.outcome(st)
    ds = [] if out is not None else game.decisions_after_advance(st)
    waits, empty = False, None
    for d in ds:
        if not d.optional:
            waits = True
        if empty is None and not d.options and (d.amount is None or d.amount.min > d.amount.max):
            empty = d
    if out is None and not waits:
        raise RulesBug("dead end: the game is not over and waits on nothing")
    if empty is not None:
        raise RulesBug(f"decision {empty.id} ({empty.kind}) offers nothing to choose")
    data = codec.encode(st)
    _recent.put(game, data, out, ds, st)
    return Step(data, ctx.events, ds, out)


def view(game: Game[Any], data: bytes, seat: int | None) -> SeatView:
    """What one seat (None = spectator) may see: its own decisions and its view."""
    st = load(game, data)
    if seat is not None and not 0 <= seat < st.seats:
        raise BadRequest(f"seat {seat} is not at this table")
    out, ds = _pending(game, data, st)
    mine = [d for d in ds if seat is not None and d.seat == seat]
    return SeatView(seat, mine, ds, game.view(st, seat), out)


def suggest(game: Game[Any], data: bytes, seat: int, decision_id: str = "",
            policy: str = "random", bot_seed: int | None = None) -> Choice:
    """A bot's choice for the seat, decided from that seat's view only and its own
    randomness: `bot_rng(bot_seed, decision, serial)`, never the game's seed or PRNG, so a
    suggestion tells nothing the view does not (DESIGN §2). The Rules service always
    passes the table's bot seed; None (in-process harnesses: goldens, benchmarks, where
    nothing is secret) derives one from the game's seed."""
    bot = _policy(game, policy)
    st = load(game, data)
    if not 0 <= seat < st.seats:
        raise BadRequest(f"seat {seat} is not at this table")
    out, ds = _pending(game, data, st)
    if out is not None:
        raise GameOver("the game is over")
    mine = [d for d in ds if d.seat == seat]
    if decision_id:
        d = next((d for d in mine if d.id == decision_id), None)
    else:
        d = _bot_pick(game, data, seat, mine, bot, bot_seed) \
            or next((d for d in mine if not d.optional), None)
    if d is None:
        raise StaleDecision(f"seat {seat} has no pending decision {decision_id!r}")
    seed = st.seed if bot_seed is None else bot_seed
    r = bot_rng(seed, d.id, str(st.serial))
    if isinstance(bot, StateBot):
        return _from_state(game, st, seat, d, bot, r)
    return bot.choose(game.view(st, seat), d, r)


def _policy(game: Game[Any], policy: str) -> Bot | StateBot:
    """The game's bot for `policy` ("" is the kernel's random bot)."""
    bot = game.bots.get(policy or "random")
    if bot is None:
        raise BadRequest(f"unknown bot policy {policy!r}; have {sorted(game.bots)}")
    return bot


def _bot_pick(game: Game[Any], data: bytes, seat: int, mine: list[Decision], bot: Bot | StateBot,
              bot_seed: int | None) -> Decision | None:
    """A `StateBot`'s own pick among the seat's pending decisions (`first_decision`, on its
    own copy of the state as `_from_state` makes one), None to leave it to the kernel's rule
    (the first required one). A lone required decision leaves nothing to pick."""
    if not isinstance(bot, StateBot) or (len(mine) == 1 and not mine[0].optional):
        return None
    st = load(game, data)
    seed = st.seed if bot_seed is None else bot_seed
    _private(game, st, seat, bot_rng(seed, f"first:{seat}", str(st.serial)))
    d = bot.first_decision(st, seat, mine)
    if d is not None and all(m.id != d.id for m in mine):
        raise RulesBug(f"bot policy picked decision {d.id}, not pending for seat {seat}")
    return d


def _private(game: Game[Any], st: KernelState, seat: int, r: RngState) -> None:
    """Make `st` (decoded for one call) a `StateBot`'s own copy: the game's PRNG and seed
    replaced by the bot's, the seat's unknowns concealed."""
    st.rng, st.seed = r, 0
    game.conceal(st, seat)


def _from_state(game: Game[Any], st: KernelState, seat: int, d: Decision, bot: StateBot,
                r: RngState) -> Choice:
    """A `StateBot`'s choice on its own copy of the state (`st`, decoded for this call)."""
    _private(game, st, seat, r)
    c = bot.choose_from_state(st, d)
    try:
        _answered(None, [d], seat, c)
    except (IllegalChoice, StaleDecision) as e:  # a policy's bug, never applied
        raise RulesBug(f"bot policy chose what {d.kind} does not offer: {e}") from e
    return c


MAX_BOT_STEPS: Final = 1000


def play_bots(game: Game[Any], data: bytes, bot_seats: Iterable[int], policy: str = "random",
              bot_seed: int | None = None, max_steps: int = MAX_BOT_STEPS,
              first_decision_id: str = "") -> BotRun:
    """The bot seats' moves from `data` until a person must decide, the game ends, or
    `max_steps` moves: each decided by `suggest` from the seat's own view and applied by
    `act`, so a run is exactly those calls one after another. `first_decision_id`: a
    decision answered first by a bot whatever its seat (a person's clock ran out); a
    `StateBot` may first take what its `first_decision` picks for that seat, and then the
    seat's first required decision is answered in its place (`_owed`)."""
    bots = set(bot_seats)
    if not 1 <= max_steps <= MAX_BOT_STEPS:
        raise BadRequest(f"max_steps must be within 1..{MAX_BOT_STEPS}")
    bot = _policy(game, policy)
    seats = load(game, data).seats
    if any(not 0 <= s < seats for s in bots):
        raise BadRequest(f"bot seats must be within 0..{seats - 1}")
    now = view(game, data, None)
    if now.outcome is not None:
        raise GameOver("the game is over")
    run = BotRun([], Step(data, [], now.pending, None))
    owed = _timed_out(now.pending, first_decision_id)
    while len(run.moves) < max_steps and run.final.outcome is None:
        d = None
        if owed is not None:
            d = _owed(game, run.final, owed, "" if run.moves else first_decision_id, bot,
                      bot_seed)
            if d is None or d.id == first_decision_id or not d.optional:
                owed = None  # the person's decision answered (or gone): bot seats only now
        d = d or _next_bot_decision(game, run.final, bots, bot, bot_seed)
        if d is None:
            break
        choice = suggest(game, run.final.state, d.seat, d.id, policy, bot_seed)
        run.final = act(game, run.final.state, d.seat, choice)
        run.moves.append(BotMove(d.seat, choice, run.final))
    return run


def _timed_out(ds: list[Decision], wanted: str) -> int | None:
    """The seat of the decision `wanted` (it must be pending); None when none is named."""
    if not wanted:
        return None
    d = next((d for d in ds if d.id == wanted), None)
    if d is None:
        raise StaleDecision(f"no pending decision {wanted!r}")
    return d.seat


def _owed(game: Game[Any], now: Step, seat: int, wanted: str, bot: Bot | StateBot,
          bot_seed: int | None) -> Decision | None:
    """For the seat whose clock ran out: what its `StateBot` picks first (`_bot_pick`), else
    `wanted` (the first move) or, after such a pick, the seat's first required decision."""
    mine = [d for d in now.decisions if d.seat == seat]
    return _bot_pick(game, now.state, seat, mine, bot, bot_seed) or next(
        (d for d in mine if d.id == wanted or not (wanted or d.optional)), None)


def _next_bot_decision(game: Game[Any], now: Step, bots: set[int], bot: Bot | StateBot,
                       bot_seed: int | None) -> Decision | None:
    """The first decision a bot seat must make, or what that seat's `StateBot` picks to
    answer before it (`_bot_pick`)."""
    ds = now.decisions
    d = next((d for d in ds if not d.optional and d.seat in bots), None)
    if d is None:
        return None
    return _bot_pick(game, now.state, d.seat, [m for m in ds if m.seat == d.seat], bot,
                     bot_seed) or d


def replay(game: Game[Any], seats: int, options: Mapping[str, str], seed: int,
           log: Iterable[tuple[int, Choice]]) -> Step:
    """Set-up from the seed, then apply each (seat, choice) of the log in order."""
    step = setup(game, seats, options, seed)
    for seat, choice in log:
        step = act(game, step.state, seat, choice)
    return step
