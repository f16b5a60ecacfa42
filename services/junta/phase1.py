"""JU 14 Drawing political cards (Phase 1): returns, the vacancy checkpoint, the draw, the open
window closed by readiness (a sealed round, JU 44), the hand limit."""

from __future__ import annotations

from typing import ClassVar, Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.flow import Proc, pop
from services.kernel.sealed import open_options, round_in
from services.kernel.state import Frame, SealedRound

from .constants import DRAW_PER_TURN, Status
from .decide import FamilyRound, ask, next_turn, option, parts
from .families import active_families, eligible, from_president, name
from .hand import design, discard_from, draw, over_limit
from .state import JuntaState

READY: Final = "junta.ready"


def family_returns(ctx: Ctx, st: JuntaState) -> None:
    """JU 14.1, 21.4: last turn's dead come back: active, no cards, no cash. JU 14.1a
    [G 44]: with no eligible candidate, every exile returns at once, unshot."""
    for f, fam in enumerate(st.families):
        if fam.status == Status.DEAD:
            fam.status = Status.ACTIVE
            ctx.emit("junta.family_returns", f"The next generation of {name(st, f)}'s family "
                     "takes its place.", {"player": f})
    if not eligible(st):
        for f, fam in enumerate(st.families):
            if fam.status == Status.EXILED:
                fam.status = Status.ACTIVE
                ctx.emit("junta.exile_returns", f"{name(st, f)} returns from exile (nobody is "
                         "left to govern).", {"player": f, "shot": False})


def draw_cards(ctx: Ctx, st: JuntaState) -> None:
    """JU 14.2: in order from the President each active player draws 2 (exiles none)."""
    for f in from_president(st):
        for _ in range(DRAW_PER_TURN):
            draw(ctx, st, f)
    ctx.emit("junta.cards_drawn", "Every active player draws 2 political cards.",
             {"hands": [len(fam.hand) for fam in st.families], "deck": len(st.deck)})


def ready_round(st: JuntaState) -> SealedRound | None:
    for fr in st.stack:
        if fr.proc == "ready":
            return round_in(fr)
    return None


def is_ready(st: JuntaState, f: int) -> bool:
    """JU 14.3: `f` declared himself ready in the open window under way."""
    rnd = ready_round(st)
    return rnd is not None and f in rnd.seats and rnd.values[rnd.seats.index(f)] is not None


def in_open_window(st: JuntaState) -> bool:
    return ready_round(st) is not None


class ReadyProc(FamilyRound):
    """JU 14.3 [G 45]: each active player declares himself ready once (simultaneous, no
    content); the window closes when all have; offers still pending lapse."""

    name = "ready"
    reveal_at_close: ClassVar[bool] = False

    def open(self, st: JuntaState, fr: Frame) -> SealedRound | None:
        return open_options(READY, READY, "Phase 1: play cards, trade, then declare yourself "
                            "ready.", st.serial, {f: ["ready"] for f in active_families(st)})

    def describe(self, st: JuntaState, fr: Frame, member: int, option_id: str) -> Option:
        return option("ready", "Declare yourself ready (final: afterwards you may only "
                      "answer trade offers)")

    def shown(self, st: JuntaState, member: int, value: int | str) -> str:
        return "ready"

    def resolve(self, ctx: Ctx, st: JuntaState, fr: Frame, values: dict[int, int | str]) -> None:
        from .deals import lapse_offers
        ctx.emit("junta.window_closed", "Everyone is ready: the Phase 1 window closes.", {})
        lapse_offers(ctx, st)


class HandLimitProc(Proc[JuntaState]):
    """JU 14.4: in order from the President, each family (exiles included) over 6 cards
    (hand + face up) discards cards of its choice, one at a time, down to 6."""

    name = "hand_limit"

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        f = next_turn(fr, lambda f: over_limit(st, f) > 0)
        if f is None:
            return []
        fam = st.families[f]
        seen: dict[str, Option] = {}
        for i in sorted(fam.hand + fam.face_up):
            c = design(i)
            seen.setdefault(c.id, option(f"discard:{c.id}", f"Discard {c.name}"
                                         + (" (face up)" if i in fam.face_up else ""),
                                         card=c.id))
        opts = list(seen.values())
        return [ask(st, f, "discard_to_limit", f"Hand limit 6: discard {over_limit(st, f)} "
                    "more card(s).", opts)]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        f = fr.vars["order"][fr.vars["i"]]
        fam = st.families[f]
        card = parts(c.option_id)[1]
        inst = next(i for i in sorted(fam.hand + fam.face_up) if design(i).id == card)
        discard_from(ctx, st, f, inst, "discards (hand limit)")

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        pop(st)


def hand_limit_order(st: JuntaState) -> list[int]:
    return from_president(st, lambda s, f: s.families[f].status != Status.DEAD)


PROCS: Final[tuple[Proc[JuntaState], ...]] = (ReadyProc(), HandLimitProc())
