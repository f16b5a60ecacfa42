"""Guess: a tiny test-only game on the kernel's `FlowGame` base and `SealedProc`.

Each round every seat with tokens left picks a number 1..3, sealed (a `SealedProc`
round, revealed at close); the highest number picked by one seat alone scores it. A
seat may hand one of its tokens to another seat at any time (a standing decision).
Round two asks for a sealed amount (a bet 0..tokens) that stays sealed until the game
ends (`reveal_at_close` off), to exercise both kinds of round.
"""

from __future__ import annotations

from typing import Any, ClassVar

from services.kernel import rng as prng
from services.kernel.bots import RandomBot
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option, option
from services.kernel.flow import Flow, Proc, pop, push
from services.kernel.game import FlowGame
from services.kernel.outcome import Outcome, ranked
from services.kernel.rng import RngState
from services.kernel.sealed import SealedProc, open_amounts, open_options
from services.kernel.state import Frame, KernelState, SealedRound

ROUNDS = 3


class GuessState(KernelState, kw_only=True):
    tokens: list[int]
    points: list[int]
    bets: list[int]
    round: int = 0
    first: int = 0


class RoundsProc(Proc[GuessState]):
    name = "rounds"

    def step(self, ctx: Ctx, st: GuessState, fr: Frame) -> None:
        if st.round == ROUNDS:
            pop(st)
            return
        st.round += 1
        push(st, "bet" if st.round == 2 else "pick")


class PickProc(SealedProc[GuessState]):
    name = "pick"

    def open(self, st: GuessState, fr: Frame) -> SealedRound | None:
        return open_options("guess.pick", "guess.pick", "Pick a number, face down.", st.serial,
                            {s: ["n:1", "n:2", "n:3"] for s in range(st.seats)
                             if st.tokens[s] > 0})

    def describe(self, st: GuessState, fr: Frame, member: int, option_id: str) -> Option:
        return option(option_id, f"Pick {option_id[2:]}", n=option_id[2:])

    def shown(self, st: GuessState, member: int, value: int | str) -> str:
        return f"number {str(value)[2:]}"

    def resolve(self, ctx: Ctx, st: GuessState, fr: Frame, values: dict[int, int | str]) -> None:
        picked = {s: int(str(v)[2:]) for s, v in values.items()}
        order = list(picked)
        ctx.emit("guess.order", "Resolved in seat order.", {"order": order})
        for n in (3, 2, 1):
            who = [s for s, v in picked.items() if v == n]
            if len(who) == 1:
                st.points[who[0]] += n
                return


class BetProc(SealedProc[GuessState]):
    name = "bet"
    reveal_at_close: ClassVar[bool] = False

    def open(self, st: GuessState, fr: Frame) -> SealedRound | None:
        bounds = {s: (0, st.tokens[s]) for s in range(st.seats) if st.tokens[s] > 0}
        return open_amounts("guess.bet", "guess.bet", "Bet some tokens.", st.serial, bounds)

    def resolve(self, ctx: Ctx, st: GuessState, fr: Frame, values: dict[int, int | str]) -> None:
        for s, v in values.items():
            st.bets[s] = int(v)


class Guess(FlowGame[GuessState]):
    id = "guess"
    title = "Guess"
    min_seats = 2
    max_seats = 4
    rules_version = "0"
    format_version = 1
    state_type = GuessState
    flow: ClassVar[Flow[Any]] = Flow([RoundsProc(), PickProc(), BetProc()])
    policies = {"also_random": RandomBot}

    def initial(self, seats: int, options: dict[str, str], r: RngState) -> dict[str, Any]:
        return {"tokens": [2] * seats, "points": [0] * seats, "bets": [0] * seats,
                "first": prng.randbelow(r, seats)}

    def begin(self, ctx: Ctx, st: GuessState, options: dict[str, str]) -> None:
        ctx.emit("guess.setup", f"Seat {st.first} is first.", {"seat": st.first})
        push(st, "rounds")

    def score(self, st: GuessState) -> Outcome:
        return ranked(st.points)

    def standing(self, st: GuessState) -> list[Decision]:
        return [Decision(f"t{st.serial}.{s}", s, "guess.give", "Give a token.",
                         tuple(option(f"give:{o}", f"Give a token to seat {o}", seat=str(o))
                               for o in range(st.seats) if o != s), optional=True)
                for s in range(st.seats) if st.tokens[s] > 0]

    def apply_standing(self, ctx: Ctx, st: GuessState, d: Decision, c: Choice) -> None:
        to = int(str(c.option_id).split(":")[1])
        st.tokens[d.seat] -= 1
        st.tokens[to] += 1

    def view(self, st: GuessState, seat: int | None) -> Any:
        return {"points": list(st.points), "round": st.round}


GAME = Guess()
