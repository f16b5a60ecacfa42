"""Phase B, actions (CU 5.B.0, 5.B.6, 5.B.7, variant CU 8).

Four laps; in each, every player in turn order plays one character card and
carries out its action (one module per character). The variant's face-down
parliament card is chosen first with the kernel's sealed procedure, and is
revealed only in phase C.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from services.kernel import sealed
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.flow import Proc, goto, pop, push
from services.kernel.sealed import SealedProc
from services.kernel.state import Frame, SealedRound

from ..constants import CHARACTER_IDS, CHARACTER_INDEX, LAPS, NO_SEAT, SPACE_IDS, Phase, votes_of
from ..data import DATA
from ..decide import ask, opt, split
from ..state import CubaState
from ..words import CHARACTER_ACTIONS, SPACE_NAMES, character_name, plural

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
    best, best_value, equals = NO_SEAT, -1, 0
    for seat in st.order():
        value = votes_of(st.players[seat].played[LAPS - 1])
        if value > best_value:
            best, best_value, equals = seat, value, 1
        elif value == best_value:
            best, equals = seat, equals + 1
    st.start_player = best
    tie = f", played last of {equals}" if equals > 1 else ""
    ctx.emit("cuba.start_player", f"Seat {best} becomes the start player (highest 4th card: "
             f"the {character_name(best_value - 1)}{tie}).",
             {"seat": best, "card_value": best_value})


class ParliamentCardProc(SealedProc[CubaState]):
    """CU 8 variant: every player secretly puts one card face down for parliament. Not
    revealed when all have chosen: the cards stay face down until phase C."""

    name = "parliament_card"
    reveal_at_close = False

    def open(self, st: CubaState, fr: Frame) -> SealedRound | None:
        return sealed.open_options(
            "cuba.parliament_card", "cuba.parliament_card",
            "Choose your parliament card, face down; you play the other four.", st.serial,
            {s: [f"card:{CHARACTER_IDS[c]}" for c in st.players[s].hand]
             for s in range(st.seats)})

    def describe(self, st: CubaState, fr: Frame, member: int, option_id: str) -> Option:
        return parliament_card_option(CHARACTER_INDEX[split(option_id)[1]])

    def resolve(self, ctx: Ctx, st: CubaState, fr: Frame, values: dict[int, int | str]) -> None:
        for seat, value in values.items():
            card = CHARACTER_INDEX[split(str(value))[1]]
            p = st.players[seat]
            p.hand.remove(card)
            p.parliament_card = card


@cache
def parliament_card_option(card: int) -> Option:
    """CU 8: the card kept face down for parliament."""
    return opt(f"card:{CHARACTER_IDS[card]}", f"Keep the {character_name(card)} face down for "
               f"parliament ({plural(votes_of(card), 'vote')}); play the other four",
               card=CHARACTER_IDS[card], votes=votes_of(card))


@cache
def card_option(card: int) -> Option:
    """CU 5.B.0: play one character card and carry out its action."""
    return opt(f"card:{CHARACTER_IDS[card]}",
               f"Play the {character_name(card)}: {CHARACTER_ACTIONS[card]}",
               card=CHARACTER_IDS[card], votes=votes_of(card))


class PlayCardProc(Proc[CubaState]):
    """CU 5.B.0: play one card from hand face up and carry out its action."""

    name = "play_card"

    def decisions(self, st: CubaState, fr: Frame) -> list[Decision]:
        seat = fr.vars["seat"]
        options = [card_option(c) for c in st.players[seat].hand]
        return [ask(st, seat, "play_character", f"Lap {fr.vars['lap']}: play a character.",
                    options)]

    def choose(self, ctx: Ctx, st: CubaState, fr: Frame, d: Decision, c: Choice) -> None:
        card = CHARACTER_INDEX[split(c.option_id)[1]]
        p = st.players[d.seat]
        p.hand.remove(card)
        p.played.append(card)
        ctx.emit("cuba.played", f"Seat {d.seat} plays the {character_name(card)}.",
                 {"seat": d.seat, "card": CHARACTER_IDS[card], "lap": fr.vars["lap"]})
        goto(st, CHARACTER_PROCS[card], seat=d.seat)


def next_free_space(st: CubaState, spaces: tuple[int, ...]) -> int | None:
    """CU 5.B.6: the first of these spaces without a black marker."""
    return next((s for s in spaces if st.markers[s] == NO_SEAT), None)


def mark_space(ctx: Ctx, st: CubaState, seat: int, space: int, what: str,
               reward: dict[str, object]) -> None:
    """CU 5.B.6: put a black marker on a special-use space; `what` the reward in words,
    `reward` the same for Event.data ({"vp": 2}, {"pesos": 4}, {"item": "wood"})."""
    st.markers[space] = seat
    ctx.emit("cuba.special_use", f"Seat {seat} takes {what} ({SPACE_NAMES[space]} special "
             "use).", {"seat": seat, "space": SPACE_IDS[space], **reward})


UNIT_ARGS = {"VP": "vp", "pesos": "pesos"}


def space_reward(space: int) -> int:
    return DATA.space_rewards[space]


def forgo_option(st: CubaState, spaces: tuple[int, ...], what: str, unit: str) -> Option:
    """The `forgo` option of the Architect or Mayor, naming what its special use gives now
    (args: the space taken, "" when both are taken, and the VP or pesos it gives)."""
    space = next_free_space(st, spaces)
    if space is None:
        return opt("forgo", f"Do not {what} (both special uses are taken: you get nothing)",
                   space="", **{UNIT_ARGS[unit]: 0})
    amount = space_reward(space)
    return opt("forgo", f"Do not {what}: take the special use for {amount} {unit}",
               space=SPACE_IDS[space], **{UNIT_ARGS[unit]: amount})


def forgo(ctx: Ctx, st: CubaState, seat: int, spaces: tuple[int, ...], what: str, unit: str,
          gain: Callable[[CubaState, int, int], None]) -> None:
    """CU 5.B.3/5.B.5 special use: a player who forgoes the action takes the next free
    special-use space of that character and its reward (CU-R-4); none left, nothing."""
    space = next_free_space(st, spaces)
    if space is None:
        ctx.emit("cuba.forgo", f"Seat {seat} does not {what} (no special use left).",
                 {"seat": seat})
        return
    amount = space_reward(space)
    gain(st, seat, amount)
    mark_space(ctx, st, seat, space, f"{amount} {unit}", {UNIT_ARGS[unit]: amount})


PROCS: tuple[Proc[CubaState], ...] = (ActionsProc(), ParliamentCardProc(), PlayCardProc())
