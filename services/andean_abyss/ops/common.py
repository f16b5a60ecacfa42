"""Steps shared by Operations, Special Activities and phases (AA 1.4.1, 4.5.3).

- `AAPieceRules`: the Andean Abyss answers to the COIN piece procs (coin.piece_procs:
  `aa.remove` with AA 1.4.1 step 5 as AA-I-2, `aa.activate`, `aa.ev_pieces`, `aa.ev_place`):
  removal modes, card 42's protection, Shipments following their holders;
- `aa.ship_loss`: AA 4.5.3 — when a faction loses its last Guerrilla in a space,
  its owner gives each Shipment it held there to another Guerrilla or removes it,
  and the capture rules then apply to removed ones (AA-R-10).
"""

from __future__ import annotations

from typing import Final

from services.coin import piece_procs as pp
from services.coin.piece_procs import PieceRules
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option, option
from services.kernel.flow import AskProc, Proc, pop, push
from services.kernel.state import Frame

from .. import board as B
from .. import data as D
from .. import words as W
from ..constants import (
    BASE,
    FACTION_IDS,
    GUER_A,
    GUER_U,
    KIND_FACTION,
    KIND_IDS,
    NKINDS,
    Kind,
    Mom,
)
from ..state import AAState

KIND_INDEX: Final = {k: i for i, k in enumerate(KIND_IDS)}


def decide(st: AAState, faction: int, kind: str, prompt: str, opts: list[Option]) -> Decision:
    """A decision for the seat that runs the faction."""
    return B.BOARD.decide(st, faction, kind, prompt, opts)


def protected(st: AAState, g: int) -> bool:
    """Card 42 shaded (momentum): no Sweep or Assault against the faction that played it."""
    return B.has_mom(st, Mom.SEIZE) and st.mom_seize == g


def removable(st: AAState, s: int, f: int, mode: str) -> list[int]:
    """Kinds the executing faction f may remove now in s under a removal mode."""
    out: list[int] = []
    for g in range(4):
        if g == f:
            continue
        if g == B.GOVT:
            if mode in ("attack", "assassinate", "bribe_cubes"):
                out += [k for k in (Kind.TROOPS, Kind.POLICE) if B.n(st, s, k)]
            if mode in ("attack", "assassinate", "bribe_base") and B.bases(st, s, g) and (
                    mode != "attack" or not B.cubes(st, s)):
                out.append(Kind.GOVT_BASE)
            continue
        out += _insurgent_removable(st, s, g, mode)
    return out


def any_exposed(st: AAState, s: int, mode: str = "assault") -> bool:
    """Whether `removable(st, s, GOVT, mode)` is not empty, for the Government's modes
    (assault, event_assault, air_strike): an Active Guerrilla, or a Base whose faction has
    no Guerrilla there (card 42 protects its player from an Assault)."""
    p, base = st.pieces, s * NKINDS
    for g in (B.FARC, B.AUC, B.CARTELS):
        nu, na = p[base + GUER_U[g]], p[base + GUER_A[g]]
        if (na or (p[base + BASE[g]] and not nu)) and not (mode == "assault"
                                                           and protected(st, g)):
            return True
    return False


def _insurgent_removable(st: AAState, s: int, g: int, mode: str) -> list[int]:
    u, a, b = GUER_U[g], GUER_A[g], BASE[g]
    nu, na, nb = B.n(st, s, u), B.n(st, s, a), B.n(st, s, b)
    if mode in ("assault", "event_assault", "air_strike"):
        if mode == "assault" and protected(st, g):
            return []
        return ([a] if na else []) + ([b] if nb and not nu + na else [])
    if mode in ("attack", "assassinate", "bribe_guerrillas"):
        if mode == "bribe_guerrillas" and g == B.CARTELS:
            return []
        out = ([u] if nu else []) + ([a] if na else [])
        if nb and mode != "bribe_guerrillas" and (mode == "assassinate" or not nu + na):
            out.append(b)
        return out
    if mode == "bribe_base":
        return [b] if nb else []
    return []


class AAPieceRules(PieceRules[AAState]):
    """The Andean Abyss answers to the COIN piece procs (`aa.ev_pieces`, `aa.ev_place`,
    `aa.remove`, `aa.activate`)."""

    activator = B.GOVT

    def after_remove(self, ctx: Ctx, st: AAState, s: int, kind: int, capture: str,
                     by: int) -> None:
        """A Guerrilla's Shipments follow AA 4.5.3."""
        g = KIND_FACTION[kind]
        if (g != B.GOVT and kind != BASE[g] and not B.guerrillas(st, s, g)
                and B.ships_at(st, s, g)):
            push(st, "aa.ship_loss", s=s, owner=g, capture=capture, by=by)

    def removable(self, st: AAState, s: int, f: int, mode: str) -> list[int]:
        return removable(st, s, f, mode)

    def activatable(self, st: AAState, s: int, only: int = -1) -> list[int]:
        return activatable(st, s, only)

    def move_piece(self, st: AAState, s: int, d: int, kind: int, hide: bool = False) -> None:
        f = KIND_FACTION[kind]
        if kind in B.PIECES.flip:
            under = kind == GUER_U[f]
            move_guerrillas(st, s, d, f, int(under), int(not under), GUER_U[f] if hide else None)
        else:
            B.PIECES.move(st, s, d, kind)

    def take_out_of_play(self, st: AAState, s: int, kind: int) -> None:
        """Card 49: the piece is set out of play, not Available."""
        B.PIECES.take_out(st, s, kind)
        st.out_of_play[B.PIECES.pool[kind]] += 1


RULES: Final = AAPieceRules(B.BOARD)
remove_piece = RULES.remove_piece


def move_guerrillas(st: AAState, src: int, dst: int, f: int, nu: int, na: int,
                    to_kind: int | None = None) -> None:
    """Move Guerrillas; a Shipment moves with its holder (AA 4.5.3 step 5, AA-I-1): with the
    last ones to leave, or, while some stay, where its owner says (`aa.ship_follow`)."""
    if nu:
        B.PIECES.move(st, src, dst, GUER_U[f], nu, to_kind)
    if na:
        B.PIECES.move(st, src, dst, GUER_A[f], na, to_kind)
    held = B.ships_at(st, src, f)
    if not held or not nu + na:
        return
    if not B.guerrillas(st, src, f):
        for i in held:
            st.ships[i] = dst * 4 + f
    else:
        push(st, "aa.ship_follow", src=src, dst=dst, f=f, asked=[])


class ShipFollowProc(AskProc[AAState]):
    """AA 4.5.3 step 5 (AA-I-1): some of a faction's Guerrillas left a space where it holds
    Shipments: its owner says which Shipments went with the movers."""

    name = "aa.ship_follow"

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        v = fr.vars
        held = [i for i in B.ships_at(st, v["src"], v["f"]) if i not in v["asked"]]
        if not held:
            return []
        to = W.space(v["dst"])
        opts = [option(f"follow:{i}", f"Shipment {i + 1} goes with the Guerrillas to {to}",
                       shipment=str(i)) for i in held]
        opts.append(option("stay", f"The other Shipments stay in {W.space(v['src'])}"))
        return [decide(st, v["f"], "aa.ship_follow",
                       f"Shipments in {W.space(v['src'])}: which go with the Guerrillas "
                       f"to {to}?", opts)]

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        if c.option_id == "stay":
            pop(st)
            return
        i = int((c.option_id or "").split(":")[1])
        st.ships[i] = v["dst"] * 4 + v["f"]
        v["asked"].append(i)


def reclaim_options(st: AAState, kinds: tuple[int, ...], exclude: int,
                    wanted: int = 1) -> list[Option]:
    """AA 1.4.1 (AA-R-03, AA-I-3): own pieces the executing faction may take back to place."""
    return pp.reclaim_options(B.BOARD, st, kinds, exclude, wanted)


def reclaim(ctx: Ctx, st: AAState, arg: str, f: int) -> None:
    """Apply a `reclaim:<space>:<kind>` choice."""
    pp.reclaim(RULES, ctx, st, arg, f)


def push_remove(st: AAState, s: int, f: int, n: int, mode: str, capture: str = "",
                who: int | None = None, must: bool = False, only: int = -1,
                upto: bool = False) -> None:
    """`aa.remove`: up to n pieces (`must`: at least one; `only`: one faction's pieces;
    `upto`: a Special Activity's, free of the duty to the full, AA 1.4.1)."""
    pp.push_remove(B.BOARD, st, s, f, n, mode, capture, who, must, only, upto)


def activatable(st: AAState, s: int, only: int = -1) -> list[int]:
    """Underground Guerrillas the Government may Activate in s (card 42 protects its player
    from a Sweep's, not from a Patrol's; an Event may name the only faction, overriding card
    42 by AA 5.1.2)."""
    if only >= 0:
        return [GUER_U[only]] if B.underground(st, s, only) else []
    sweep = not patrolling(st)
    return [GUER_U[g] for g in (B.FARC, B.AUC, B.CARTELS)
            if B.underground(st, s, g) and not (sweep and protected(st, g))]


def patrolling(st: AAState) -> bool:
    """Whether the innermost Operation is a Patrol (AA 3.2.2: its LoC Activation is no Sweep
    nor Assault, so card 42 shaded does not bar it)."""
    op = next((f.vars for f in reversed(st.stack) if f.proc == "coin.op"), None)
    return op is not None and op.get("op") == "patrol"


def push_activate(st: AAState, s: int, n: int, only: int = -1) -> None:
    pp.push_activate(B.BOARD, st, s, n, only)


class ShipLossProc(AskProc[AAState]):
    """`aa.ship_loss` vars: s, owner, capture ("drug_bust", "capture", "commandeer",
    "contraband" or ""), by (the remover). AA 4.5.3 step 3, AA-R-10."""

    name = "aa.ship_loss"

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        v = fr.vars
        if not B.ships_at(st, v["s"], v["owner"]):
            return []
        where = W.space(v["s"])
        holders = [g for g in (B.FARC, B.AUC, B.CARTELS) if B.guerrillas(st, v["s"], g)
                   and st.seat_of[g] != st.seat_of[v["owner"]]]  # 1.5: not to its own seat
        opts = [option(f"give:{FACTION_IDS[g]}", f"Give the Shipment to a {W.faction(g)} "
                       f"Guerrilla in {where}", faction=FACTION_IDS[g]) for g in holders]
        opts.append(option("remove", "Remove the Shipment (capture rules apply)"))
        return [decide(st, v["owner"], "aa.shipment",
                       f"your Guerrillas in {where} are gone: give the Shipment "
                       "to another Guerrilla there or remove it.", opts)]

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        i = B.ships_at(st, v["s"], v["owner"])[0]
        verb, _, arg = (c.option_id or "").partition(":")
        if verb == "give":
            st.ships[i] = v["s"] * 4 + FACTION_IDS.index(arg)
            return
        st.ships[i] = -1
        captured_shipment(ctx, st, v["s"], v["capture"], v["by"])


def captured_shipment(ctx: Ctx, st: AAState, s: int, capture: str, by: int) -> None:
    """Capture rules for a removed Shipment (AA 3.2.5, 3.3.3, 4.4.2, 4.5.4)."""
    free = next((i for i, c in enumerate(st.ships) if c < 0), None)
    if capture == "drug_bust":
        gain = B.add_aid(st, 6)
        ctx.emit("aa.drug_bust", f"Drug Bust: Aid +{gain}.", {"amount": gain})
    elif capture in ("capture", "commandeer") and free is not None and B.guerrillas(st, s, by):
        st.ships[free] = s * 4 + by
        ctx.emit("aa.captured", f"The {W.faction(by)} take the Shipment in {W.space(s)}.",
                 {"space": D.NAMES[s], "faction": FACTION_IDS[by]})
    elif capture == "contraband" and free is not None and B.all_guerrillas(st, s):
        push(st, "aa.contraband", s=s, ship=free)


class ContrabandProc(Proc[AAState]):
    """AA 4.5.4 Contraband: the Cartels may give a Shipment removed by Bribe to any Guerrilla."""

    name = "aa.contraband"

    def decisions(self, st: AAState, fr: Frame) -> list[Decision]:
        s = fr.vars["s"]
        opts = [option(f"give:{FACTION_IDS[g]}", f"Give the removed Shipment to a "
                       f"{W.faction(g)} Guerrilla in {W.space(s)}", faction=FACTION_IDS[g])
                for g in (B.FARC, B.AUC, B.CARTELS) if B.guerrillas(st, s, g)]
        opts.append(option("decline", "Let the Shipment go"))
        return [decide(st, B.CARTELS, "aa.contraband", f"Contraband in {W.space(s)}?", opts)]

    def choose(self, ctx: Ctx, st: AAState, fr: Frame, d: Decision, c: Choice) -> None:
        verb, _, arg = (c.option_id or "").partition(":")
        if verb == "give" and st.ships[fr.vars["ship"]] < 0:
            st.ships[fr.vars["ship"]] = fr.vars["s"] * 4 + FACTION_IDS.index(arg)
        pop(st)


PROCS: Final[list[Proc[AAState]]] = [*pp.piece_procs(RULES), ShipLossProc(), ContrabandProc(),
                                     ShipFollowProc()]
