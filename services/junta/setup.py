"""JU 2 Setting up the game: the decks, the hands, influence before the first election, and the
first President (JU 9 election, or JU 45.3 seat 0's choice in straw-man games)."""

from __future__ import annotations

from typing import Any, Final

from services.kernel import rng
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision
from services.kernel.flow import Proc, pop, push
from services.kernel.rng import RngState
from services.kernel.state import Frame

from .constants import START_CARDS, STRAW_FAMILIES, STRAW_START_CARDS
from .data import DATA
from .decide import ask, done, next_turn, option, parts
from .election import elect, install
from .families import must_ask, name
from .hand import design, draw, find, place_face_up
from .state import Family, JuntaState


def initial(seats: int, options: dict[str, str], r: RngState) -> dict[str, Any]:
    """JU 2.1-2.3: shuffled aid and political decks; families with nothing yet (straw men
    after the real players in 2- and 3-player games, JU 45.1)."""
    count = STRAW_FAMILIES if seats < 4 else seats
    families = [Family(straw=f >= seats) for f in range(count)]
    aid = list(range(len(DATA.bill_values)))
    rng.shuffle(r, aid)
    deck = list(range(len(DATA.instances)))
    rng.shuffle(r, deck)
    return {"families": families, "aid": aid, "deck": deck}


def straw_game(st: JuntaState) -> bool:
    return len(st.families) > st.seats


def begin(ctx: Ctx, st: JuntaState) -> None:
    """JU 2.4-2.6: deal; straw men's influence goes face up at once (JU 45.2); influence
    placement in order from seat 0; then the first President; then turn 1."""
    ctx.emit("junta.setup", f"{st.seats} families rule the República de las Bananas"
             + (f", with {len(st.families) - st.seats} straw men" if straw_game(st) else "")
             + ".", {"players": st.seats, "families": len(st.families)})
    cards = STRAW_START_CARDS if straw_game(st) else START_CARDS
    for f in range(len(st.families)):
        for _ in range(cards):
            draw(ctx, st, f)
        if st.families[f].straw:
            for inst in [i for i in st.families[f].hand if design(i).kind == "influence"]:
                place_face_up(ctx, st, f, inst)
    push(st, "turn")
    if straw_game(st):
        push(st, "choose_president")
    else:
        elect(st, 0, first=True)
    push(st, "place_influence", order=list(range(st.seats)), i=0)


class PlaceInfluenceProc(Proc[JuntaState]):
    """JU 2.5 [G 47]: before the first election, in order from seat 0, each player makes one
    decision: influence cards face up, one at a time, then `done` (asked whatever his hand
    holds, JU 44)."""

    name = "place_influence"

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        f = next_turn(fr, lambda f: must_ask(st, f, any(design(i).kind == "influence"
                                                         for i in st.families[f].hand)))
        if f is None:
            return []
        infl = sorted({design(i).id for i in st.families[f].hand
                       if design(i).kind == "influence"})
        return [ask(st, f, "place_influence", "Before the first election: place influence "
                    "cards face up (they count in every roll call you commit them to).",
                    [done("Place no more")] + [
                        option(f"place:{c}", f"Place {DATA.card(c).name} face up "
                               f"({DATA.card(c).votes} votes)", card=c) for c in infl])]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        f = fr.vars["order"][fr.vars["i"]]
        p = parts(c.option_id)
        if p[0] == "done":
            fr.vars["i"] += 1
            return
        inst = find(st.families[f].hand, p[1])
        assert inst is not None
        place_face_up(ctx, st, f, inst)

    def step(self, ctx: Ctx, st: JuntaState, fr: Frame) -> None:
        pop(st)


class ChoosePresidentProc(Proc[JuntaState]):
    """JU 45.3 (Pegasus): in a straw-man game seat 0 chooses the first President among the
    real players."""

    name = "choose_president"

    def decisions(self, st: JuntaState, fr: Frame) -> list[Decision]:
        return [ask(st, 0, "choose_president", "Choose the first President.",
                    [option(f"player:{f}", f"Make {name(st, f)} President", player=str(f))
                     for f in range(st.seats)])]

    def choose(self, ctx: Ctx, st: JuntaState, fr: Frame, d: Decision, c: Choice) -> None:
        install(ctx, st, int(parts(c.option_id)[1]), "chosen by seat 0")
        pop(st)


PROCS: Final[tuple[Proc[JuntaState], ...]] = (PlaceInfluenceProc(), ChoosePresidentProc())
