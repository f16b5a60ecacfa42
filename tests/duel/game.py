"""The rules of Duel, on the kernel's flow stack and sealed-round procedure."""

from __future__ import annotations

from typing import Any

from google.protobuf import struct_pb2

from services.kernel import rng, sealed
from services.kernel.ctx import Ctx
from services.kernel.decisions import AmountRange, Choice, Decision, decision_id, option
from services.kernel.flow import Flow, Proc, goto, pop, push
from services.kernel.game import Game, GameOptionSpec
from services.kernel.outcome import Outcome, ranked
from services.kernel.state import Frame, KernelState, SealedRound

DECK = 20
HAND = 3
MAX_STAKE = 3


class DuelState(KernelState, kw_only=True):
    rounds: int
    round: int = 0
    deck: list[int] = []
    hands: list[list[int]] = []
    points: list[int] = []
    stake: int = 0
    play: SealedRound | None = None


class RoundProc(Proc[DuelState]):
    name = "round"

    def step(self, ctx: Ctx, st: DuelState, fr: Frame) -> None:
        if st.round >= st.rounds:
            pop(st)
            return
        lead = st.round % st.seats
        st.round += 1
        ctx.emit("duel.round", f"Round {st.round} begins; seat {lead} leads.",
                 {"round": st.round, "lead": lead})
        goto(st, "round")
        push(st, "play")
        for i in reversed(range(st.seats)):
            push(st, "turn", seat=(lead + i) % st.seats)
        push(st, "stake", seat=lead)


class StakeProc(Proc[DuelState]):
    name = "stake"

    def decisions(self, st: DuelState, fr: Frame) -> list[Decision]:
        seat = fr.vars["seat"]
        return [Decision(decision_id(st.serial, seat), seat, "duel.stake",
                         "Set the stake for this round.", amount=AmountRange(0, MAX_STAKE))]

    def choose(self, ctx: Ctx, st: DuelState, fr: Frame, d: Decision, c: Choice) -> None:
        st.stake = c.amount or 0
        ctx.emit("duel.stake", f"Seat {d.seat} sets the stake to {st.stake}.",
                 {"seat": d.seat, "stake": st.stake})
        pop(st)


class TurnProc(Proc[DuelState]):
    name = "turn"

    def decisions(self, st: DuelState, fr: Frame) -> list[Decision]:
        seat = fr.vars["seat"]
        opts = [option("pass", "Pass")]
        if st.deck:
            opts.insert(0, option("draw", "Draw a card"))
        return [Decision(decision_id(st.serial, seat), seat, "duel.turn",
                         "Draw a card or pass.", tuple(opts))]

    def choose(self, ctx: Ctx, st: DuelState, fr: Frame, d: Decision, c: Choice) -> None:
        if c.option_id == "draw":
            card = st.deck.pop()
            st.hands[d.seat].append(card)
            ctx.emit("duel.drew", f"Seat {d.seat} draws a card.", {"seat": d.seat})
            ctx.emit("duel.drew_card", f"You drew {card}.", {"card": card}, seats=[d.seat])
        else:
            ctx.emit("duel.passed", f"Seat {d.seat} passes.", {"seat": d.seat})
        pop(st)


class PlayProc(Proc[DuelState]):
    """Every seat plays one card, sealed; resolved in seat order."""

    name = "play"

    def decisions(self, st: DuelState, fr: Frame) -> list[Decision]:
        if st.play is None:
            return []
        return sealed.decisions(st.play)

    def step(self, ctx: Ctx, st: DuelState, fr: Frame) -> None:
        # Seats with an empty hand sit the play out; with no cards anywhere it is skipped.
        hands = {s: [f"card:{c}" for c in sorted(h)] for s, h in enumerate(st.hands) if h}
        if not hands:
            st.stake = 0
            pop(st)
            return
        st.play = sealed.open_options(
            "duel.play", "duel.play_card", "Play one card, face down.", st.serial, hands)

    def choose(self, ctx: Ctx, st: DuelState, fr: Frame, d: Decision, c: Choice) -> None:
        assert st.play is not None and c.option_id is not None
        if sealed.commit(ctx, st.play, d.seat, c.option_id):
            played = {s: int(str(v).split(":")[1]) for s, v in sealed.reveal(ctx, st.play).items()}
            score_round(ctx, st, played)
            st.play = None
            pop(st)


def score_round(ctx: Ctx, st: DuelState, played: dict[int, int]) -> None:
    for seat, card in played.items():
        st.hands[seat].remove(card)
    best = max(played.values())
    winners = [s for s, c in played.items() if c == best]
    if len(winners) == 1:
        st.points[winners[0]] += 1 + st.stake
        ctx.emit("duel.scored", f"Seat {winners[0]} scores {1 + st.stake}.",
                 {"seat": winners[0], "points": 1 + st.stake})
    st.stake = 0


FLOW: Flow[DuelState] = Flow([RoundProc(), StakeProc(), TurnProc(), PlayProc()])


class Duel(Game[DuelState]):
    id = "duel"
    title = "Duel (test game)"
    min_seats = 2
    max_seats = 4
    rules_version = "1.0.0"
    format_version = 1
    state_type = DuelState
    option_specs = (GameOptionSpec("rounds", ("3", "1", "5"), "Rounds to play."),)

    def setup(self, ctx: Ctx, seats: int, options: dict[str, str], seed: int) -> DuelState:
        st = DuelState(seats=seats, seed=seed, rng=rng.seeded(seed), rounds=int(options["rounds"]))
        st.deck = list(range(1, DECK + 1))
        rng.shuffle(st.rng, st.deck)
        st.hands = [[st.deck.pop() for _ in range(HAND)] for _ in range(seats)]
        st.points = [0] * seats
        for s in range(seats):
            ctx.emit("duel.dealt", f"You are dealt {st.hands[s]}.", {"cards": st.hands[s]},
                     seats=[s])
        push(st, "round")
        FLOW.advance(ctx, st)
        return st

    def decisions(self, st: DuelState) -> list[Decision]:
        return FLOW.decisions(st)

    def apply(self, ctx: Ctx, st: DuelState, d: Decision, c: Choice) -> None:
        FLOW.choose(ctx, st, d, c)
        FLOW.advance(ctx, st)

    def outcome(self, st: DuelState) -> Outcome | None:
        if st.stack:
            return None
        return ranked(st.points, summary="Most points wins.")

    def view(self, st: DuelState, seat: int | None) -> Any:
        v: dict[str, Any] = {
            "round": st.round,
            "rounds": st.rounds,
            "points": list(st.points),
            "hand_sizes": [len(h) for h in st.hands],
            "deck_size": len(st.deck),
            "stake": st.stake,
        }
        if st.play is not None:
            v["committed"] = {str(s): val is not None
                              for s, val in zip(st.play.seats, st.play.values)}
        if seat is not None:
            v["hand"] = sorted(st.hands[seat])
        msg = struct_pb2.Struct()
        msg.update(v)
        return msg

    def check_invariants(self, st: DuelState) -> None:
        cards = len(st.deck) + sum(len(h) for h in st.hands)
        assert cards <= DECK and all(p >= 0 for p in st.points)


GAME = Duel()
