"""CL 6 Propaganda Rounds: Victory (6.1), Resources (6.2), Support (6.3), Redeploy (6.4),
Reset (6.5); the final round ends after its Support phase (6.3.5); a Propaganda card right
after another brings no round, and ends the game at once if it is the final one (6.0,
CL-R-21)."""

from __future__ import annotations

from typing import Any, Final

from services.coin.propaganda import PropagandaProc, begin_round
from services.coin.spaces import ACTIVE_OPPOSITION
from services.coin.support import SpaceStepsProc
from services.kernel.ctx import Ctx
from services.kernel.flow import Proc, push
from services.kernel.state import Frame

from . import board as B
from . import cash, casinos
from . import data as D
from . import words as W
from .constants import FACTION_IDS, GUER_U, NO_CONTROL, Cap, Kind, UsAlliance
from .ops.govt import CIVIC_ACTION_COST, civic_action, civic_label, civic_ok
from .ops.insurgent import push_expat_backing
from .redeploy import begin_redeploy
from .state import CLState
from .victory import victory_phase_non_players, victory_phase_winners

GOVT: Final = B.GOVT
M26: Final = B.M26
DR: Final = B.DR
SYNDICATE: Final = B.SYNDICATE
GAME_WON: Final = 1  # CLState.over
GAME_FINAL: Final = 2
GAME_TWO_IN_A_ROW: Final = 3
SKIM: Final = 2  # CL 6.2.3, per space
ALLIANCE_SUPPORT: Final = 18  # CL 6.3.1: TotalSupport at most this lowers the US Alliance
AID_CUT: Final = 10  # CL 6.3.1


def begin_propaganda(ctx: Ctx, st: CLState) -> None:
    """CL 2.4, 6.0: a Propaganda card starts a round, unless it follows another (CL-R-21)."""
    begin_round(ctx, st, "cl", D.is_propaganda, GAME_TWO_IN_A_ROW)


def is_final_round(st: CLState) -> bool:
    """CL 2.4.1: the fourth Propaganda card's round is the final one."""
    return st.prop_played >= st.final_prop


# -- 6.1 Victory ------------------------------------------------------------------------------


def victory_phase(ctx: Ctx, st: CLState, v: dict[str, Any]) -> None:
    """CL 6.1: the game ends if every faction of one seat, or a Non-player, meets its
    condition (CL 7.2; the solitaire player never wins here, CL 8.9)."""
    winners = victory_phase_winners(st)
    if winners or victory_phase_non_players(st):
        st.over, v["stop"] = GAME_WON, True
        ctx.emit("cl.victory", "Victory phase: the game ends.", {"seats": winners})


# -- 6.2 Resources ----------------------------------------------------------------------------


def sabotage(ctx: Ctx, st: CLState) -> None:
    """CL 6.2.1 step 1: Sabotage every EC where 26July and DR Guerrillas outnumber the cubes,
    while markers are left (in map order)."""
    for s in D.ECS:
        rebels = B.guerrillas(st, s, M26) + B.guerrillas(st, s, DR)
        if not B.is_sabotaged(st, s) and rebels > B.cubes(st, s) and B.markers_left(st) > 0:
            st.sabotage |= 1 << s
            ctx.emit("cl.sabotage", f"{W.space(s)} is Sabotaged.", {"space": D.NAMES[s]})


def earnings(st: CLState) -> list[int]:
    """CL 6.2.1-6.2.2 what each faction earns."""
    syndicate = 2 * B.open_casinos(st) + sum(
        D.POP[s] if s in D.CITIES else D.ECON[s]
        for s in (*D.CITIES, *(e for e in D.ECS if not B.is_sabotaged(st, e)))
        if B.guerrillas(st, s, SYNDICATE) > B.n(st, s, Kind.POLICE))
    return [st.aid + B.unsabotaged_econ(st), B.on_map(st, Kind.M26_BASE),
            sum(1 for s in range(D.NS) if B.pieces_of(st, s, DR)), syndicate]


def skim_spaces(st: CLState) -> list[int]:
    """CL 6.2.3: spaces with an open Casino Controlled by another faction; card 48 shaded
    (Capability): not where an Underground Syndicate Guerrilla is."""
    stop = B.has_cap(st, Cap.UNDERGROUND_SYNDICATE_STOPS_SKIM)
    return [s for s in D.POPULATED if B.n(st, s, Kind.CASINO_OPEN)
            and B.control(st, s) not in (SYNDICATE, NO_CONTROL)
            and not (stop and B.underground(st, s, SYNDICATE))]


def pay_skim(ctx: Ctx, st: CLState, s: int) -> None:
    """CL 6.2.3: 2 Resources to the Controller of s (a recipient at 49 gains no more,
    CL-R-13). The Syndicate has just earned 2 per open Casino, so it can always pay every
    Skim and the order of CL-R-13 never matters."""
    to = B.control(st, s)
    paid = min(SKIM, st.resources[SYNDICATE])
    st.resources[SYNDICATE] -= paid
    got = B.add_resources(st, to, paid)
    ctx.emit("cl.skim", f"Skim in {W.space(s)}: the Syndicate pays {W.resources(paid)} to the "
             f"{W.faction(to)}.", {"space": D.NAMES[s], "to": FACTION_IDS[to], "amount": got})


def resources_phase(ctx: Ctx, st: CLState, v: dict[str, Any]) -> None:
    """CL 6.2: Sabotage, earnings, Skim, then Cash deposits (pushed: they follow the Skim)."""
    sabotage(ctx, st)
    gains = earnings(st)
    for f in range(4):
        got = B.add_resources(st, f, gains[f])
        ctx.emit("cl.earnings", f"The {W.faction(f)} earn {W.resources(got)}.",
                 {"faction": FACTION_IDS[f], "amount": got})
    for s in skim_spaces(st):  # earned 2 per open Casino just now: never short (CL-R-13)
        pay_skim(ctx, st, s)
    cash.push_deposits(st)


# -- 6.3 Support ------------------------------------------------------------------------------


def us_alliance(ctx: Ctx, st: CLState) -> None:
    """CL 6.3.1: TotalSupport at most 18 lowers the US Alliance one box and cuts Aid by 10."""
    if B.total_support(st) > ALLIANCE_SUPPORT:
        return
    B.move_us_alliance(st, 1)
    B.add_aid(st, -AID_CUT)
    ctx.emit("cl.us_alliance", f"US Alliance {UsAlliance(st.us_alliance).name.capitalize()}, "
             f"Aid {st.aid}.", {"us_alliance": int(st.us_alliance), "aid": st.aid})


class CivicActionProc(SpaceStepsProc):
    """`cl.civic_action`: CL 6.3.2, 4 Resources a step."""

    name = "cl.civic_action"
    kind = "cl.civic_action"
    board = B.BOARD
    faction = GOVT
    prompt = "Civic Action (4 Resources a step): where?"

    def spaces(self, st: CLState, fr: Frame) -> list[int]:
        return [s for s in D.POPULATED if civic_ok(st, s)]

    def cost(self, st: CLState, s: int) -> int:
        return CIVIC_ACTION_COST

    def act_in(self, ctx: Ctx, st: CLState, fr: Frame, s: int) -> None:
        civic_action(ctx, st, s)

    def label(self, st: CLState, s: int) -> str:
        return civic_label(st, s)


def agitation_ok(st: CLState, s: int) -> bool:
    """CL 6.3.3: 26July Control, and a Terror marker to remove or a level to lower."""
    return B.control(st, s) == M26 and (st.terror[s] > 0 or st.support[s] > ACTIVE_OPPOSITION)


class AgitationProc(SpaceStepsProc):
    """`cl.agitation`: CL 6.3.3, 1 Resource a step: a Terror marker removed, else a shift
    toward Active Opposition."""

    name = "cl.agitation"
    kind = "cl.agitation"
    board = B.BOARD
    faction = M26
    prompt = "Agitation (1 Resource a step): where?"

    def spaces(self, st: CLState, fr: Frame) -> list[int]:
        return [s for s in D.POPULATED if agitation_ok(st, s)]

    def cost(self, st: CLState, s: int) -> int:
        return 1

    def act_in(self, ctx: Ctx, st: CLState, fr: Frame, s: int) -> None:
        if st.terror[s]:
            st.terror[s] -= 1
            what = "removes a Terror marker"
        else:
            st.support[s] -= 1
            what = f"shifts it to {W.level(st.support[s])}"
        ctx.emit("cl.agitation", f"Agitation in {W.space(s)} {what}.",
                 {"space": D.NAMES[s], "terror": st.terror[s], "level": st.support[s]})

    def label(self, st: CLState, s: int) -> str:
        what = ("remove a Terror marker" if st.terror[s]
                else f"shift to {W.level(st.support[s] - 1)}")
        return f"Agitation in {W.space(s)} for 1 Resource: {what}"


def support_phase(ctx: Ctx, st: CLState, v: dict[str, Any]) -> None:
    """CL 6.3.1-6.3.4: US Alliance and Aid; then Civic Action, Agitation, Expat Backing (pushed
    in reverse, so that they run in that order)."""
    us_alliance(ctx, st)
    push_expat_backing(st)
    push(st, "cl.agitation")
    push(st, "cl.civic_action")


def game_end(ctx: Ctx, st: CLState, v: dict[str, Any]) -> None:
    """CL 6.3.5: the final round ends after its Support phase."""
    if is_final_round(st):
        st.over, v["stop"] = GAME_FINAL, True
        ctx.emit("cl.game_end", "The final Propaganda Round ends the game (CL 6.3.5).", {})


def redeploy_phase(ctx: Ctx, st: CLState, v: dict[str, Any]) -> None:
    push_redeploy(st)


def push_redeploy(st: CLState) -> None:
    """CL 6.4 the Government's Redeploy (also card 11's, outside a Propaganda Round): the
    proc pops when done."""
    begin_redeploy(st)


# -- 6.5 Reset --------------------------------------------------------------------------------


def reset_phase(ctx: Ctx, st: CLState, v: dict[str, Any]) -> None:
    """CL 6.5: every faction Eligible; Terror and Sabotage removed; Momentum discarded; every
    Guerrilla Underground and every Casino open; the next card follows (coin.deck)."""
    st.eligible = [True] * 4
    st.terror = [0] * D.NS
    st.sabotage = 0
    st.mom = 0
    for s in range(D.NS):
        for f in (M26, DR, SYNDICATE):
            B.PIECES.flip_to(st, s, GUER_U[f], B.active(st, s, f))
    casinos.open_all(st)
    ctx.emit("cl.reset", "Reset: all factions Eligible, markers removed, Momentum ended, "
             "Guerrillas Underground, Casinos open.", {})


PHASES: Final = [("Victory", victory_phase), ("Resources", resources_phase),
                 ("Support", support_phase), ("Game end", game_end), ("Redeploy", redeploy_phase),
                 ("Reset", reset_phase)]
PROCS: Final[list[Proc[Any]]] = [PropagandaProc(PHASES), CivicActionProc(), AgitationProc()]
