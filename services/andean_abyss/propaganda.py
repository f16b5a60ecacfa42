"""AA 6 Propaganda Rounds: Victory, Control (Sabotage), Resources, Support, Redeploy, Reset.

Control is fixed in the Control phase and read from that snapshot until Reset
(AA-R-02); a FARC Zone placed in the Round refreshes the snapshot (AA 6.4.4).
"""

from __future__ import annotations

import functools
from typing import Any, Final

from services.coin.propaganda import PropagandaProc, begin_round
from services.coin.spaces import ACTIVE_OPPOSITION
from services.coin.support import SpaceStepsProc
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option, option
from services.kernel.flow import AskProc, Proc, pop, push
from services.kernel.state import Frame

from . import board as B
from . import data as D
from . import words as W
from .constants import BASE, GUER_U, PRESIDENT_IDS, PROPAGANDA_FIRST, Cap, Mom, President
from .operations import begin_op
from .ops.common import decide
from .ops.govt import civic_action, civic_label, civic_ok
from .state import AAState
from .victory import winning_non_players, winning_seats
from .zones import ZoneProc, place_zone, police_dests, troop_dests

GOVT: Final = B.GOVT
FARC: Final = B.FARC
AUC: Final = B.AUC
CARTELS: Final = B.CARTELS


def begin_propaganda(ctx: Ctx, st: AAState) -> None:
    """AA 2.4, 6.0: a Propaganda card right after another one brings no Round (AA-R-12)."""
    begin_round(ctx, st, "aa", lambda card: card >= PROPAGANDA_FIRST, 2)


def victory_phase(ctx: Ctx, st: AAState, v: dict[str, Any]) -> None:
    """AA 6.1: the game ends if a seat meets every one of its factions' conditions, or a
    Non-player meets its own (AA 7.1)."""
    if winning_seats(st) or winning_non_players(st):
        st.over, v["stop"] = 1, True


def sabotage_candidates(st: AAState) -> list[int]:
    """AA 6.2 step 2 (card 7 shaded): unsabotaged LoCs with more Guerrillas than cubes or next
    to a FARC-Controlled City."""
    out = []
    for s in D.LOCS:
        if not B.in_play(st, s) or B.is_sabotaged(st, s):
            continue
        g, c = B.all_guerrillas(st, s), B.cubes(st, s)
        near_farc = any(B.is_city(a) and st.ctl[a] == FARC for a in B.adjacent(st, s))
        equal = B.has_cap(st, Cap.C7_S) and g >= 1 and g == c
        if g > c or near_farc or equal:
            out.append(s)
    return out


def control_phase(ctx: Ctx, st: AAState, v: dict[str, Any]) -> None:
    """AA 6.2: fix Control; Sabotage LoCs (Government picks if markers run short, AA-R-07)."""
    st.ctl = [B.live_control(st, s) for s in range(D.NS)]
    if B.has_cap(st, Cap.C7_U):
        push(st, "aa.remove_markers", left=3)
    cands = sabotage_candidates(st)
    if len(cands) <= B.markers_left(st):
        for s in cands:
            st.sabotage |= 1 << s
    elif B.markers_left(st) > 0:
        push(st, "aa.sabotage_choice")


class SabotageChoiceProc(AskProc[AAState]):
    name = "aa.sabotage_choice"

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        cands = sabotage_candidates(st)
        if not cands or B.markers_left(st) <= 0:
            return []
        return [decide(st, GOVT, "aa.sabotage", "markers are short: Sabotage which LoC?",
                       [option(f"space:{D.NAMES[s]}", f"Sabotage {W.space(s)}",
                               space=D.NAMES[s]) for s in cands])]

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        st.sabotage |= 1 << D.INDEX[(c.option_id or "").split(":")[1]]


class RemoveMarkersProc(AskProc[AAState]):
    """Card 7 unshaded: the Government may remove 1-3 Terror or Sabotage markers."""

    name = "aa.remove_markers"

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        if fr.vars["left"] <= 0:
            return []
        opts = [option(f"terror:{D.NAMES[s]}", f"Remove a Terror marker from {W.space(s)}",
                       space=D.NAMES[s]) for s in range(D.NS) if st.terror[s]]
        opts += [option(f"sabotage:{D.NAMES[s]}", f"Remove the Sabotage marker from "
                        f"{W.space(s)}", space=D.NAMES[s])
                 for s in D.LOCS if B.is_sabotaged(st, s)]
        if not opts:
            return []
        return [decide(st, GOVT, "aa.remove_marker", "remove a Terror or Sabotage marker?",
                       opts + [option("done", "Remove no more markers")])]

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        verb, _, arg = (c.option_id or "").partition(":")
        if verb == "done":
            pop(st)
            return
        s = D.INDEX[arg]
        if verb == "terror":
            st.terror[s] -= 1
        else:
            st.sabotage &= ~(1 << s)
        fr.vars["left"] -= 1


def resources_phase(ctx: Ctx, st: AAState, v: dict[str, Any]) -> None:
    """AA 6.3.1-6.3.2 earnings; then 6.3.3 Drug Profits (FARC, AUC, Cartels in turn)."""
    lost = sum(D.ECON[s] for s in D.LOCS if B.is_sabotaged(st, s))
    aid = 0 if st.president == President.SAMPER else st.aid
    B.add_resources(st, GOVT, D.TOTAL_ECON - lost + aid)
    B.add_resources(st, FARC, B.bases_on_map(st, FARC))
    B.add_resources(st, AUC, B.bases_on_map(st, AUC))
    B.add_resources(st, CARTELS, (4 if B.has_mom(st, Mom.M67) else 3) *
                    B.bases_on_map(st, CARTELS))
    ctx.emit("aa.earnings", "Resources phase: " + ", ".join(
        f"{W.faction(f)} {st.resources[f]}" for f in range(4)) + " Resources.",
        {"resources": list(st.resources)})
    for f in (CARTELS, AUC, FARC):
        push(st, "aa.drug_profits", f=f)


class DrugProfitsProc(AskProc[AAState]):
    """AA 6.3.3: for each space from which the faction's Shipments are removed (one or
    several there): a Base in that space, or +6 Resources."""

    name = "aa.drug_profits"

    def next_space(self, st: AAState, f: int) -> int | None:
        """The first space holding one of the faction's Shipments."""
        return next((B.ship_space(c) for c in st.ships if c >= 0 and B.ship_owner(c) == f),
                    None)

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        f = fr.vars["f"]
        s = self.next_space(st, f)
        if s is None:
            return []
        opts = [option("resources", "+6 Resources")]
        if B.can_place(st, s, BASE[f]) and B.PIECES.available(st, BASE[f]):
            opts.insert(0, option("base", f"Place a {W.faction(f)} Base in {W.space(s)}"))
        return [decide(st, f, "aa.drug_profits", f"Drug Profits for the Shipments in "
                       f"{W.space(s)}:", opts)]

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        f = fr.vars["f"]
        s = self.next_space(st, f)
        assert s is not None
        for i in B.ships_at(st, s, f):
            st.ships[i] = -1
        if c.option_id == "base":
            B.PIECES.place(st, s, BASE[f])
        else:
            B.add_resources(st, f, 6)


def support_phase(ctx: Ctx, st: AAState, v: dict[str, Any]) -> None:
    """AA 6.4: Civic Action, Agitation, Election, Elite Backing (pushed in reverse order);
    in the final Round the game ends once they are done (AA 2.4.1, AA-R-30: margins after
    the Support phase; Redeploy and Reset are skipped)."""
    if st.prop_played >= st.final_prop:
        v["stop"] = True
        push(st, "aa.final_round_end")
    push(st, "aa.elite_backing")
    push(st, "aa.election")
    push(st, "aa.agitation", extra=[])
    push(st, "aa.civic", relaxed=-1)


class FinalRoundEndProc(Proc[AAState]):
    """AA 2.4.1, 7.3: the final Round's Support phase is over: the game ends (AA-R-30)."""

    name = "aa.final_round_end"

    def step(self, ctx: Ctx, st: AAState, fr: Frame) -> None:
        pop(st)
        st.over = 2


class CivicProc(SpaceStepsProc):
    """AA 6.4.1 Civic Action: 3 Resources per step in Govt-Controlled spaces. Card 1
    unshaded: one space per Support phase (vars `relaxed`, -1 until chosen) needs only
    Government Control and any cube."""

    name = "aa.civic"
    board = B.BOARD
    faction = GOVT
    kind = "aa.civic_action"
    prompt = "Civic Action (3 Resources) or done."

    def spaces(self, st: AAState, fr: Frame) -> list[int]:
        if st.resources[GOVT] < 3:
            return []
        relaxed = fr.vars.get("relaxed", -1)
        relax = B.has_cap(st, Cap.C1_U)
        return [s for s in B.cities_and_depts(st) if civic_ok(st, s) or (
            relax and relaxed in (-1, s) and civic_ok(st, s, True))]

    def label(self, st: AAState, s: int) -> str:
        return civic_label(st, s)

    def act_in(self, ctx: Ctx, st: AAState, fr: Frame, s: int) -> None:
        if not civic_ok(st, s):
            fr.vars["relaxed"] = s
        civic_action(ctx, st, s)


def agitation_ok(st: AAState, s: int, extra: list[int]) -> bool:
    """AA 6.4.2: FARC Control (snapshot), or card 22 shaded's up to 3 extra spaces."""
    if B.is_loc(s) or not B.in_play(st, s):
        return False
    if not st.terror[s] and (D.POP[s] <= 0 or st.support[s] == ACTIVE_OPPOSITION):
        return False
    if B.control(st, s) == FARC:
        return True
    return (B.has_mom(st, Mom.M22) and (s in extra or len(extra) < 3)
            and B.pieces_of(st, s, FARC) > 0 and B.control(st, s) != GOVT)


class AgitationProc(SpaceStepsProc):
    """AA 6.4.2 Agitation: 1 Resource per step: remove Terror, else shift toward Opposition."""

    name = "aa.agitation"
    board = B.BOARD
    faction = FARC
    kind = "aa.agitation"
    prompt = "Agitate (1 Resource) or done."

    def spaces(self, st: AAState, fr: Frame) -> list[int]:
        if st.resources[FARC] < 1:
            return []
        return [s for s in range(D.NS) if agitation_ok(st, s, fr.vars["extra"])]

    def label(self, st: AAState, s: int) -> str:
        what = ("remove a Terror marker" if st.terror[s]
                else "shift 1 level toward Active Opposition")
        return f"Agitation in {W.space(s)} for 1 Resource: {what}"

    def act_in(self, ctx: Ctx, st: AAState, fr: Frame, s: int) -> None:
        if B.control(st, s) != FARC and s not in fr.vars["extra"]:
            fr.vars["extra"].append(s)
        st.resources[FARC] -= 1
        if st.terror[s]:
            st.terror[s] -= 1
        else:
            st.support[s] -= 1


class ElectionProc(Proc[AAState]):
    """AA 6.4.3 Election: Samper/Pastrana with Total Support <= 60 -> next President."""

    name = "aa.election"

    def step(self, ctx: Ctx, st: AAState, fr: Frame) -> None:
        pop(st)
        if st.president == President.URIBE or B.total_support(st) > 60:
            return
        st.president += 1
        ctx.emit("aa.election", f"Election: El Presidente is now "
                 f"{President(st.president).name.title()}.",
                 {"president": PRESIDENT_IDS[st.president]})
        if st.president == President.PASTRANA:
            place_zone(st)
        else:
            st.zones = 0


class EliteBackingProc(AskProc[AAState]):
    """AA 6.4.5 Elite Backing: AUC may free Rally in one City/Department not at Opposition and
    neither Govt- nor FARC-Controlled (snapshot)."""

    name = "aa.elite_backing"

    def spaces(self, st: AAState) -> list[int]:
        from .ops.insurgent import rally_modes
        return [s for s in B.cities_and_depts(st)
                if st.support[s] >= 0 and B.control(st, s) == B.NONE and rally_modes(st, s, AUC)]

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        if not self.spaces(st):
            return []
        return [decide(st, AUC, "aa.elite_backing", "Elite Backing: free Rally?",
                       [option("rally", "A free AUC Rally in one City or Department that "
                               "is not at Opposition and neither Government- nor "
                               "FARC-Controlled"), option("decline", "No Elite Backing")])]

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        only = self.spaces(st)
        pop(st)
        if c.option_id == "rally":
            begin_op(st, AUC, "rally", True, True, only=only, sa_ok=False)


def redeploy_phase(ctx: Ctx, st: AAState, v: dict[str, Any]) -> None:
    push(st, "aa.redeploy", ph="mandatory", arrived=[0] * (2 * D.NS))


def must_redeploy(st: AAState, s: int) -> bool:
    """AA 6.5.1: Troops on a LoC or in a Department without a Govt Base must move."""
    return B.troops(st, s) > 0 and (B.is_loc(s) or (B.is_dept(s) and not B.bases(st, s, GOVT)))


@functools.cache
def redeploy_to(k: int, src: int, d: int, mandatory: bool) -> Option:
    """AA 6.5 the option of Redeploying a piece of kind k from src to d (made once)."""
    what = "1 Troops" if mandatory else W.pieces(k, 1)
    return option(f"to:{D.NAMES[d]}", f"Redeploy {what} from {W.space(src)} to {W.space(d)}",
                  space=D.NAMES[d])


@functools.cache
def redeploy_from(k: int, s: int) -> Option:
    """AA 6.5 the option of Redeploying a piece of kind k out of s (made once)."""
    return option(f"from:{D.NAMES[s]}", f"Redeploy 1 {W.KINDS[k]} out of {W.space(s)}",
                  space=D.NAMES[s])


class RedeployProc(Proc[AAState]):
    """AA 6.5 Redeploy: mandatory Troops, optional Troops, optional Police; each piece once."""

    name = "aa.redeploy"

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        v = fr.vars
        if v["ph"] == "mandatory":
            src = next((s for s in range(D.NS) if must_redeploy(st, s)), None)
            if src is None:
                return []
            opts = [redeploy_to(0, src, d, True) for d in troop_dests(st) if d != src]
            return [decide(st, GOVT, "aa.redeploy", f"Troops in {W.space(src)} must "
                           "redeploy to:", opts)]
        k = 0 if v["ph"] == "troops" else 1
        if "src" in v:
            dests = troop_dests(st) if k == 0 else police_dests(st)
            opts = [redeploy_to(k, v["src"], d, False) for d in dests if d != v["src"]]
            return [decide(st, GOVT, "aa.redeploy", "redeploy to:", opts)]
        dests = troop_dests(st) if k == 0 else police_dests(st)
        what = W.KINDS[k]
        arrived = v["arrived"]
        opts = [redeploy_from(k, s) for s in range(D.NS)
                if B.n(st, s, k) > arrived[2 * s + k] and any(d != s for d in dests)]
        if not opts:
            return []
        return [decide(st, GOVT, "aa.redeploy", f"redeploy {what} from a space, or done.",
                       opts + [option("done", f"Redeploy no more {what}")])]

    def step(self, ctx: Ctx, st: AAState, fr: Frame) -> None:
        v = fr.vars
        v.pop("src", None)
        if v["ph"] == "mandatory":
            v["ph"] = "troops"
        elif v["ph"] == "troops":
            v["ph"] = "police"
        else:
            pop(st)

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        verb, _, arg = (c.option_id or "").partition(":")
        if verb == "done":
            self.step(ctx, st, fr)
        elif verb == "from":
            v["src"] = D.INDEX[arg]
        else:
            dst = D.INDEX[arg]
            k = 1 if v["ph"] == "police" else 0
            src = v.pop("src") if "src" in v else next(
                s for s in range(D.NS) if must_redeploy(st, s))
            B.PIECES.move(st, src, dst, k)
            v["arrived"][2 * dst + k] += 1


def reset_phase(ctx: Ctx, st: AAState, v: dict[str, Any]) -> None:
    """AA 6.6 Reset: all Eligible; markers off; Momentum ends; Guerrillas Underground."""
    st.eligible = [True] * 4
    st.terror = [0] * D.NS
    st.sabotage = 0
    st.ctl = []
    st.mom, st.mom_seize = 0, -1
    for s in range(D.NS):
        for f in (FARC, AUC, CARTELS):
            if B.active(st, s, f):
                B.PIECES.flip_to(st, s, GUER_U[f], B.active(st, s, f))


PHASES: Final = [("victory", victory_phase), ("control", control_phase),
                 ("resources", resources_phase), ("support", support_phase),
                 ("redeploy", redeploy_phase), ("reset", reset_phase)]
PROCS: Final[list[Proc[Any]]] = [PropagandaProc(PHASES), SabotageChoiceProc(), RemoveMarkersProc(),
                                 DrugProfitsProc(), CivicProc(), AgitationProc(), ElectionProc(),
                                 EliteBackingProc(), RedeployProc(), ZoneProc(),
                                 FinalRoundEndProc()]
