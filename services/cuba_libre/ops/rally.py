"""CL 3.3.1 Rally (26July, DR, Syndicate), with the own-piece removal of CL 1.4.1 (CL-R-04)
when no piece is Available, and DR's Expat Backing (CL 6.3.4), a free Rally in 1 space.

"Guerrillas" and "Bases" are the Rallying faction's own."""

from __future__ import annotations

from typing import Any, Final

from services.coin import piece_procs as pp
from services.coin.operations import op_frame
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option, option
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from .. import board as B
from .. import data as D
from .. import words as W
from ..cash import ask
from ..casinos import RULES
from ..constants import BASE, GUER_A, GUER_U, NO_CONTROL, Cap, Faction, Kind
from ..state import CLState
from .spec import InsurgentOp

GOVT: Final[int] = int(Faction.GOVT)
M26: Final[int] = int(Faction.M26)
DR: Final[int] = int(Faction.DIRECTORIO)
SYNDICATE: Final[int] = int(Faction.SYNDICATE)


def rally_level_ok(st: CLState, s: int, f: int) -> bool:
    """CL 3.3.1: 26July not at Support; DR not at an Active level; the Syndicate anywhere."""
    lvl = st.support[s]
    if f == M26:
        return lvl <= 0
    if f == DR:
        return abs(lvl) < 2
    return True


def can_get(st: CLState, s: int, kind: int) -> bool:
    """A piece of `kind` can be had: Available, or taken back from elsewhere (CL 1.4.1)."""
    return bool(B.PIECES.available(st, kind)) or any(
        B.n(st, o, k) for o in range(D.NS) if o != s for k in (kind, B.PIECES.flip.get(kind, kind)))


def mass_count(st: CLState, s: int, f: int) -> int:
    """CL 3.3.1 c: 26July 2 x Bases + 2 x Pop; DR Bases + Pop."""
    bases = B.n(st, s, BASE[f])
    return 2 * bases + 2 * D.POP[s] if f == M26 else bases + D.POP[s]


def rally_modes(st: CLState, s: int, f: int, had_base: bool) -> list[str]:
    """CL 3.3.1 the options open in s (had_base: an own Base there before the Operation)."""
    u = GUER_U[f]
    out = ["place"] if can_get(st, s, u) else []
    if f == SYNDICATE:
        if B.n(st, s, Kind.CASINO_OPEN) and B.active(st, s, f):
            out.append("hide")
        return out
    if B.guerrillas(st, s, f) >= 2 and B.base_room(st, s) and can_get(st, s, BASE[f]):
        out.append("base")
    if had_base:
        if can_get(st, s, u):
            out.append("mass")
        if B.active(st, s, f):
            out.append("hide")
    return out


def mode_label(st: CLState, s: int, f: int, mode: str) -> str:
    where, who = W.space(s), W.faction(f)
    return {"place": f"Place 1 {who} Guerrilla in {where}",
            "base": f"Replace 2 {who} Guerrillas in {where} with a {who} Base",
            "mass": f"Place up to {mass_count(st, s, f)} {who} Guerrillas in {where}",
            "hide": f"Flip every {who} Guerrilla in {where} Underground"}[mode]


class Rally(InsurgentOp):
    """CL 3.3.1 Rally: 1 Resource per City or Province (never an EC)."""

    name = "rally"

    def candidates(self, st: CLState, v: dict[str, Any]) -> tuple[int, ...]:
        return D.POPULATED

    def selectable(self, st: CLState, v: dict[str, Any], s: int) -> bool:
        f = self.faction
        had = B.n(st, s, BASE[f]) > 0
        level_ok = v.get("as_neutral") or rally_level_ok(st, s, f)  # card 17: as if Neutral
        return bool(level_ok) and bool(rally_modes(st, s, f, had))

    def select(self, ctx: Ctx, st: CLState, v: dict[str, Any], s: int) -> None:
        f = self.faction
        push(st, "cl.rally_space", s=s, f=f, had=B.n(st, s, BASE[f]) > 0)


def reclaims(st: CLState, s: int, kinds: tuple[int, ...], wanted: int = 1) -> list[Option]:
    return pp.reclaim_options(B.BOARD, st, kinds, s, wanted)


class RallySpaceProc(Proc[CLState]):
    """One Rally space: the option (CL 3.3.1 a-d), then its amounts; vars s, f, had, mode."""

    name = "cl.rally_space"

    def decisions(self, st: CLState, fr: Frame) -> list[Decision]:
        v = fr.vars
        s, f, mode = v["s"], v["f"], v.get("mode")
        u, where = GUER_U[f], W.space(s)
        if mode in ("place", "base"):
            return self.reclaim_decision(st, s, f, mode)
        if mode == "mass":
            most = min(mass_count(st, s, f), B.PIECES.available(st, u))
            opts = [option(f"n:{k}", f"Place {W.pieces(u, k)} in {where}", count=str(k))
                    for k in range(1, most + 1)]
            opts += reclaims(st, s, (u, GUER_A[f]), mass_count(st, s, f))
            return ask(st, f, "cl.rally_mass", "how many Guerrillas to place?", opts)
        had = v["had"]
        opts = [option(m, mode_label(st, s, f, m)) for m in rally_modes(st, s, f, had)]
        return ask(st, f, "cl.rally_mode", f"Rally in {where}: which option?", opts)

    def reclaim_decision(self, st: CLState, s: int, f: int, mode: str) -> list[Decision]:
        """CL 1.4.1: none Available: take one back from the map (or, once the faction has
        made one Available meanwhile, simply place it)."""
        kind = GUER_U[f] if mode == "place" else BASE[f]
        if mode == "base" and B.guerrillas(st, s, f) < 2:
            return []
        opts = reclaims(st, s, (kind, GUER_A[f]) if mode == "place" else (kind,))
        if not opts and B.PIECES.available(st, kind):
            opts = [option(mode, mode_label(st, s, f, mode))]
        what = "Guerrilla" if mode == "place" else "Base"
        return ask(st, f, "cl.reclaim", f"none Available: take a {what} back from:",
                   opts)

    def step(self, ctx: Ctx, st: CLState, fr: Frame) -> None:
        pop(st)  # nothing left to place with (the faction's own removals took it away)

    def choose(self, ctx: Ctx, st: CLState, fr: Frame, d: Decision, c: Choice) -> None:
        v = fr.vars
        s, f = v["s"], v["f"]
        verb, _, arg = (c.option_id or "").partition(":")
        if verb == "reclaim" and v.get("mode") == "mass":
            pp.reclaim(RULES, ctx, st, arg, f)
        elif verb == "reclaim" and v.get("mode") == "place":
            self.end(ctx, st, s, f, 1, arg)
        elif verb == "reclaim":
            self.end_base(ctx, st, s, f, arg)
        elif verb in ("place", "base") and not B.PIECES.available(
                st, GUER_U[f] if verb == "place" else BASE[f]):
            v["mode"] = verb
        elif verb == "place":
            self.end(ctx, st, s, f, 1)
        elif verb == "base":
            self.end_base(ctx, st, s, f)
        elif verb == "mass":
            v["mode"] = "mass"
        elif verb == "n":
            self.end(ctx, st, s, f, int(arg))
        else:  # hide (CL 3.3.1 d; the Syndicate with an open Casino)
            pop(st)
            hide_all(st, s, f)

    def end(self, ctx: Ctx, st: CLState, s: int, f: int, k: int, back: str = "") -> None:
        """Place k Guerrillas (`back`: a `reclaim` choice, CL 1.4.1, made first). The frame is
        popped before any removal, which may push its Cash owner's decision."""
        pop(st)
        if back:
            pp.reclaim(RULES, ctx, st, back, f)
        placed = B.PIECES.place(st, s, GUER_U[f], k)
        ctx.emit("cl.rally", f"{W.faction(f)} place {W.pieces(GUER_U[f], placed)} in "
                 f"{W.space(s)}.", {"space": D.NAMES[s], "count": placed})
        guerrilla_life(st, s, f)

    def end_base(self, ctx: Ctx, st: CLState, s: int, f: int, back: str = "") -> None:
        """CL 3.3.1 b: 2 Guerrillas (Active ones first) become 1 Base."""
        pop(st)
        if back:
            pp.reclaim(RULES, ctx, st, back, f)
        for _ in range(2):
            k = GUER_A[f] if B.active(st, s, f) else GUER_U[f]
            RULES.remove_piece(ctx, st, s, k, "", f)
        B.PIECES.place(st, s, BASE[f])
        ctx.emit("cl.rally", f"{W.faction(f)} replace 2 Guerrillas with a Base in {W.space(s)}.",
                 {"space": D.NAMES[s], "piece": B.PIECES.names[BASE[f]]})
        guerrilla_life(st, s, f)


def hide_all(st: CLState, s: int, f: int) -> None:
    B.PIECES.flip_to(st, s, GUER_U[f], B.active(st, s, f))


def guerrilla_life(st: CLState, s: int, f: int) -> None:
    """Card 30 unshaded (Capability): every 26July Rally ends by flipping its Guerrillas there
    Underground."""
    if f == M26 and B.has_cap(st, Cap.M26_RALLY_HIDES_ALL):
        hide_all(st, s, f)


def expat_spaces(st: CLState) -> list[int]:
    """CL 6.3.4: a City or Province DR-Controlled or Uncontrolled, not at an Active level."""
    return [s for s in D.POPULATED if B.control(st, s) in (DR, NO_CONTROL)
            and abs(st.support[s]) < 2]


def push_expat_backing(st: CLState) -> None:
    """CL 6.3.4 Expat Backing: DR may make a free Rally in 1 such space (`done` before a
    space declines it)."""
    push(st, "coin.op", **op_frame(DR, "rally", True, True, only=expat_spaces(st),
                                   sa_ok=False, decline="No Expat Backing: make no free Rally"))
