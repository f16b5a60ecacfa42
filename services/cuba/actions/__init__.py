"""Phase B, actions (CU 5.B.0, 5.B.6, 5.B.7, variant CU 8).

Four laps; in each, every player in turn order plays one character card and
carries out its action (one module per character). The variant's face-down
parliament card is chosen first with the kernel's sealed procedure, and is
revealed only in phase C.
"""

from __future__ import annotations

from collections.abc import Callable

from services.kernel import sealed
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.flow import Proc, goto, pop, push
from services.kernel.state import Frame

from ..constants import CHARACTER_IDS, CHARACTER_INDEX, LAPS, NO_SEAT, SPACE_IDS, Phase, votes_of
from ..data import DATA
from ..decide import ask, opt, split
from ..state import CubaState

CHARACTER_PROCS: tuple[str, ...] = ("worker", "trader", "architect", "foreman", "mayor")


class ActionsProc(Proc[CubaState]):
    """CU 5.B.0: four laps of one card each, in turn order; then CU 5.B.7."""

    name = "actions"

    def step(self, ctx: Ctx, st: CubaState, fr: Frame) -> None:
        t = fr.vars.setdefault("t", -1)
        if t < 0:
            st.phase = Phase.ACTIONS
            fr.vars["t"] = 0
            if st.variant:
                push(st, "parliament_card")
            return
        if t >= LAPS * st.seats:
            change_start_player(ctx, st)
            pop(st)
            return
        seat = st.order()[t % st.seats]
        fr.vars["t"] = t + 1
        push(st, "play_card", seat=seat, lap=t // st.seats + 1)


def change_start_player(ctx: Ctx, st: CubaState) -> None:
    """CU 5.B.7: the highest 4th card becomes start player; among ties, the one who
    played his 4th card last."""
    best, best_value = NO_SEAT, -1
    for seat in st.order():
        value = votes_of(st.players[seat].played[LAPS - 1])
        if value >= best_value:
            best, best_value = seat, value
    st.start_player = best
    ctx.emit("cuba.start_player", f"Seat {best} becomes the start player.",
             {"seat": best, "card_value": best_value})


class ParliamentCardProc(Proc[CubaState]):
    """CU 8 variant: every player secretly puts one card face down for parliament."""

    name = "parliament_card"

    def decisions(self, st: CubaState, fr: Frame) -> list[Decision]:
        return [] if st.sealed is None else sealed.decisions(st.sealed)

    def step(self, ctx: Ctx, st: CubaState, fr: Frame) -> None:
        st.sealed = sealed.open_options(
            "cuba.parliament_card", "cuba.parliament_card",
            "Choose your parliament card, face down; you play the other four.", st.serial,
            {s: [f"card:{CHARACTER_IDS[c]}" for c in st.players[s].hand]
             for s in range(st.seats)})

    def choose(self, ctx: Ctx, st: CubaState, fr: Frame, d: Decision, c: Choice) -> None:
        assert st.sealed is not None and c.option_id is not None
        if not sealed.commit(ctx, st.sealed, d.seat, c.option_id):
            return
        # Not revealed here: the cards stay face down until phase C (CU 8).
        for seat, value in zip(st.sealed.seats, st.sealed.values, strict=True):
            card = CHARACTER_INDEX[split(str(value))[1]]
            p = st.players[seat]
            p.hand.remove(card)
            p.parliament_card = card
        st.sealed = None
        pop(st)


class PlayCardProc(Proc[CubaState]):
    """CU 5.B.0: play one card from hand face up and carry out its action."""

    name = "play_card"

    def decisions(self, st: CubaState, fr: Frame) -> list[Decision]:
        seat = fr.vars["seat"]
        options = [opt("card", CHARACTER_IDS[c], f"Play the {CHARACTER_IDS[c]}")
                   for c in st.players[seat].hand]
        return [ask(st, seat, "play_character", f"Lap {fr.vars['lap']}: play a character.",
                    options)]

    def choose(self, ctx: Ctx, st: CubaState, fr: Frame, d: Decision, c: Choice) -> None:
        card = CHARACTER_INDEX[split(c.option_id)[1]]
        p = st.players[d.seat]
        p.hand.remove(card)
        p.played.append(card)
        ctx.emit("cuba.played", f"Seat {d.seat} plays the {CHARACTER_IDS[card]}.",
                 {"seat": d.seat, "card": CHARACTER_IDS[card], "lap": fr.vars["lap"]})
        goto(st, CHARACTER_PROCS[card], seat=d.seat)


def next_free_space(st: CubaState, spaces: tuple[int, ...]) -> int | None:
    """CU 5.B.6: the first of these spaces without a black marker."""
    return next((s for s in spaces if st.markers[s] == NO_SEAT), None)


def mark_space(ctx: Ctx, st: CubaState, seat: int, space: int, what: str) -> None:
    """CU 5.B.6: put a black marker on a special-use space."""
    st.markers[space] = seat
    ctx.emit("cuba.special_use", f"Seat {seat} uses {SPACE_IDS[space]}: {what}.",
             {"seat": seat, "space": SPACE_IDS[space], "reward": what})


def space_reward(space: int) -> int:
    return DATA.space_rewards[space]


def forgo_option(st: CubaState, spaces: tuple[int, ...], what: str, unit: str) -> Option:
    """The `forgo` option of the Architect or Mayor, naming what its special use gives now."""
    space = next_free_space(st, spaces)
    gain = "nothing" if space is None else f"{space_reward(space)} {unit}"
    return opt("forgo", label=f"Do not {what} (special use: {gain})")


def forgo(ctx: Ctx, st: CubaState, seat: int, spaces: tuple[int, ...], what: str, unit: str,
          gain: Callable[[CubaState, int, int], None]) -> None:
    """CU 5.B.3/5.B.5 special use: a player who forgoes the action takes the next free
    special-use space of that character and its reward (CU-R-4); none left, nothing."""
    space = next_free_space(st, spaces)
    if space is None:
        ctx.emit("cuba.forgo", f"Seat {seat} does not {what}.", {"seat": seat})
        return
    amount = space_reward(space)
    gain(st, seat, amount)
    mark_space(ctx, st, seat, space, f"{amount} {unit}")


PROCS: tuple[Proc[CubaState], ...] = (ActionsProc(), ParliamentCardProc(), PlayCardProc())
