"""CL 4.5 Syndicate Special Activities: Profit (4.5.1), Muscle (4.5.3), Bribe (4.5.4)."""

from __future__ import annotations

from typing import Any, Final

from services.coin.operations import SaSpec
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option, option
from services.kernel.flow import Proc
from services.kernel.state import Frame

from .. import board as B
from .. import cash
from .. import data as D
from .. import words as W
from ..cash import CONTRABAND, ask
from ..casinos import RULES, removable
from ..constants import KIND_IDS, NO_CASH, Faction, Kind
from ..state import CLState
from .common import InsurgentSa, SaProc

GOVT: Final[int] = int(Faction.GOVT)
M26: Final[int] = int(Faction.M26)
DR: Final[int] = int(Faction.DIRECTORIO)
SYNDICATE: Final[int] = int(Faction.SYNDICATE)
PROFIT_GAIN: Final = 3  # CL 4.5.1 B, per Casino closed or Cash removed
PROFIT_SPACES: Final = 2  # CL 4.5.1 A
MUSCLE_CUBES: Final = 2  # CL 4.5.3
BRIBE_COST: Final = 3  # CL 4.5.4
BRIBE_PIECES: Final = 2
SYNDICATE_OPS: Final[tuple[str, ...]] = ("rally", "march", "construct")

# -- CL 4.5.1 Profit ----------------------------------------------------------------------------


def own_cash(st: CLState) -> list[int]:
    """Syndicate-owned Cash markers (CL-R-05: Government-owned Cash is not the Syndicate's)."""
    return [i for i, c in enumerate(st.cash) if c != NO_CASH and B.cash_owner(c) == SYNDICATE]


def open_casino_spaces(st: CLState) -> list[int]:
    return [s for s in range(D.NS) if B.n(st, s, Kind.CASINO_OPEN)]


class Profit(InsurgentSa):
    name = "profit"
    with_ops: tuple[str, ...] = SYNDICATE_OPS

    def can(self, st: CLState, f: int, op: dict[str, Any]) -> bool:
        return bool(own_cash(st) or open_casino_spaces(st))


class ProfitProc(SaProc):
    """`cl.profit` vars f, mode ("" until chosen, "stash" = A, "cashout" = B), stashed."""

    name = "cl.profit"
    sa = "profit"

    def decisions(self, st: CLState, fr: Frame) -> list[Decision]:
        v = fr.vars
        mode, opts = v.get("mode", ""), []
        stashed = v.get("stashed", [])
        if mode != "cashout" and len(stashed) < PROFIT_SPACES and B.cash_in_box(st):
            opts += [option(f"stash:{D.NAMES[s]}:{KIND_IDS[k]}", f"Stash: place a Cash marker "
                            f"under {W.pieces(k, 1)} in {W.space(s)}", space=D.NAMES[s],
                            holder=KIND_IDS[k])
                     for s in open_casino_spaces(st) if s not in stashed
                     for k in cash.holders(st, s)]
        if mode != "stash":
            opts += [option(f"close:{D.NAMES[s]}", f"Cash out: close the Casino in "
                            f"{W.space(s)} for +{PROFIT_GAIN} Resources", space=D.NAMES[s])
                     for s in open_casino_spaces(st)]
            opts += [option(f"cash:{i}", f"Cash out: remove your Cash in "
                            f"{W.space(B.cash_space(st.cash[i]))} for +{PROFIT_GAIN} Resources",
                            cash=str(i)) for i in own_cash(st)]
        if not opts:
            return []
        if mode:
            opts.append(option("done", "Profit done"))
        return ask(st, SYNDICATE, "cl.profit", "Profit: stash Cash (A) or cash out (B).",
                   opts)

    def choose(self, ctx: Ctx, st: CLState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        parts = (c.option_id or "").split(":")
        if parts[0] == "done":
            self.end(st)
        elif parts[0] == "stash":
            v["mode"] = "stash"
            s = D.INDEX[parts[1]]
            v.setdefault("stashed", []).append(s)
            cash.place_cash(ctx, st, s, KIND_IDS.index(parts[2]))
        else:
            v["mode"] = "cashout"
            if parts[0] == "close":
                B.close_casino(st, D.INDEX[parts[1]])
            else:
                cash.remove_cash(ctx, st, int(parts[1]))
            B.add_resources(st, SYNDICATE, PROFIT_GAIN)


# -- CL 4.5.3 Muscle ----------------------------------------------------------------------------


def muscle_kind(s: int) -> int:
    """Police into a City, Troops into a Province or EC."""
    return Kind.POLICE if s in D.CITIES else Kind.TROOPS


def muscle_sources(st: CLState, s: int) -> list[int]:
    k = muscle_kind(s)
    return [o for o in range(D.NS) if o != s and B.n(st, o, k)]


def muscle_targets(st: CLState) -> list[int]:
    """A space with an open Casino, or an EC, into which a cube of its kind can come."""
    return [s for s in range(D.NS) if (D.IS_EC[s] or B.n(st, s, Kind.CASINO_OPEN))
            and muscle_sources(st, s)]


class Muscle(InsurgentSa):
    name = "muscle"
    with_ops: tuple[str, ...] = SYNDICATE_OPS

    def can(self, st: CLState, f: int, op: dict[str, Any]) -> bool:
        return bool(muscle_targets(st))


class MuscleProc(SaProc):
    """`cl.muscle` vars f, s (target), moved."""

    name = "cl.muscle"
    sa = "muscle"

    def decisions(self, st: CLState, fr: Frame) -> list[Decision]:
        v = fr.vars
        if "s" not in v:
            opts = [option(f"space:{D.NAMES[s]}", f"Muscle into {W.space(s)}", space=D.NAMES[s])
                    for s in muscle_targets(st)]
            return ask(st, SYNDICATE, "cl.muscle", "Muscle: which space?", opts)
        s, k = v["s"], muscle_kind(v["s"])
        if v["moved"] >= MUSCLE_CUBES:
            return []
        opts = [option(f"from:{D.NAMES[o]}", f"Move {W.pieces(k, 1)} from {W.space(o)} to "
                       f"{W.space(s)}", space=D.NAMES[o]) for o in muscle_sources(st, s)]
        if v["moved"] and opts:
            opts.append(option("done", "Muscle done"))
        return ask(st, SYNDICATE, "cl.muscle_from", "Muscle: move a cube from:", opts)

    def choose(self, ctx: Ctx, st: CLState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        verb, _, space = (c.option_id or "").partition(":")
        if verb == "done":
            self.end(st)
        elif verb == "space":
            v["s"], v["moved"] = D.INDEX[space], 0
        else:
            B.PIECES.move(st, D.INDEX[space], v["s"], muscle_kind(v["s"]))
            v["moved"] += 1


# -- CL 4.5.4 Bribe -----------------------------------------------------------------------------

BRIBE_MODES = {"cubes": "bribe_cubes", "guerrillas": "bribe_guerrillas", "base": "bribe_base"}


def bribe_modes(st: CLState, s: int) -> list[str]:
    return [m for m, mode in BRIBE_MODES.items() if removable(st, s, SYNDICATE, mode)]


class Bribe(InsurgentSa):
    name = "bribe"
    spends = BRIBE_COST

    def can(self, st: CLState, f: int, op: dict[str, Any]) -> bool:
        return st.resources[SYNDICATE] >= BRIBE_COST and any(
            bribe_modes(st, s) for s in range(D.NS))


class BribeProc(SaProc):
    """`cl.bribe` vars f, s, mode, n (pieces acted on), touched (kinds made by a flip: each
    Guerrilla is acted on once)."""

    name = "cl.bribe"
    sa = "bribe"

    def decisions(self, st: CLState, fr: Frame) -> list[Decision]:
        v = fr.vars
        if "s" not in v:
            opts = [option(f"space:{D.NAMES[s]}", f"Bribe in {W.space(s)} ({BRIBE_COST} "
                           "Resources)", space=D.NAMES[s], cost=str(BRIBE_COST))
                    for s in range(D.NS) if bribe_modes(st, s)
                    and st.resources[SYNDICATE] >= BRIBE_COST]
            return ask(st, SYNDICATE, "cl.bribe", "Bribe: where?", opts)
        s = v["s"]
        if "mode" not in v:
            labels = {"cubes": "remove up to 2 cubes", "guerrillas": "remove and/or flip up to "
                      "2 Guerrillas", "base": "remove 1 enemy Base"}
            opts = [option(m, f"Bribe in {W.space(s)}: {labels[m]}") for m in bribe_modes(st, s)]
            return ask(st, SYNDICATE, "cl.bribe_mode", "Bribe: which?", opts)
        most = 1 if v["mode"] == "base" else BRIBE_PIECES
        if v["n"] >= most:
            return []
        opts = self.piece_options(st, v)
        if opts and v["n"]:
            opts.append(option("done", "Bribe done"))
        return ask(st, SYNDICATE, "cl.bribe_piece", f"Bribe in {W.space(s)}:", opts)

    def piece_options(self, st: CLState, v: dict[str, Any]) -> list[Option]:
        s, where = v["s"], W.space(v["s"])
        kinds = [k for k in removable(st, s, SYNDICATE, BRIBE_MODES[v["mode"]])
                 if B.n(st, s, k) > v["touched"].count(k)]
        opts = [option(f"remove:{KIND_IDS[k]}", f"Remove {W.pieces(k, 1)} in {where}",
                       piece=KIND_IDS[k]) for k in kinds]
        if v["mode"] == "guerrillas":
            opts += [option(f"flip:{KIND_IDS[k]}", f"Flip {W.pieces(k, 1)} in {where}",
                            piece=KIND_IDS[k]) for k in kinds]
        return opts

    def choose(self, ctx: Ctx, st: CLState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        verb, _, arg = (c.option_id or "").partition(":")
        if verb == "done":
            self.end(st)
        elif verb == "space":
            v.update(s=D.INDEX[arg], n=0, touched=[])
            st.resources[SYNDICATE] -= BRIBE_COST
        elif verb in BRIBE_MODES:
            v["mode"] = verb
        elif verb == "flip":
            k = KIND_IDS.index(arg)
            B.PIECES.flip_to(st, v["s"], B.PIECES.flip[k])
            v["touched"].append(B.PIECES.flip[k])
            v["n"] += 1
        else:
            v["n"] += 1
            RULES.remove_piece(ctx, st, v["s"], KIND_IDS.index(arg), CONTRABAND, SYNDICATE)


SAS: Final[list[SaSpec[CLState]]] = [Profit(SYNDICATE), Muscle(SYNDICATE), Bribe(SYNDICATE)]
PROCS: Final[list[Proc[Any]]] = [ProfitProc(), MuscleProc(), BribeProc()]
