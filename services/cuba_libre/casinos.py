"""CL 1.4.4-1.4.5 Casinos, and the Cuba Libre answers to the COIN piece procs.

- A Casino another faction would remove or replace is closed instead; a closed one is not
  affected (CL 1.4.5). The Syndicate, executing its own Operation, SA or Event, may remove its
  Casinos to Available or close them (CL 1.4.5 exception, CL-R-04).
- `removable(st, s, f, mode)`: the enemy pieces faction f may remove in s under each removal
  mode of the rules (Assault, Air Strike, Attack/Ambush, Assassinate, Bribe, Infiltrate, and
  "any" for Events), with "Bases last" (G.9) where the rule has it and the Pact of Caracas
  (card 18, CL-R-23) between 26July and DR.
- `CLPieceRules`: the hooks coin.piece_procs reads (Casinos closed, Cash rescued and captured,
  own Bases taken back to place them counted for card 18).
"""

from __future__ import annotations

from typing import Final

import msgspec

from services.coin.own_removal import EXECUTING, OwnRemovals
from services.coin.piece_procs import PieceRules
from services.coin.spaces import NEUTRAL
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, option

from . import board as B
from . import cash
from . import data as D
from . import words as W
from .constants import BASE, GUER_A, GUER_U, Cap, Faction, Kind
from .state import CLState

GOVT: Final[int] = int(Faction.GOVT)
M26: Final[int] = int(Faction.M26)
DR: Final[int] = int(Faction.DIRECTORIO)
SYNDICATE: Final[int] = int(Faction.SYNDICATE)
CASINO_MODES: Final[tuple[str, ...]] = ("assault", "air_strike", "attack", "assassinate", "any")


def pact(st: CLState, f: int, g: int) -> bool:
    """Card 18 Pact of Caracas (CL-R-23): 26July and DR Operations and SAs spare each other."""
    return {f, g} == {M26, DR} and B.has_cap(st, Cap.M26_DR_PACT)


def pact_freezes(st: CLState, f: int, s: int, toward: int | None = None) -> bool:
    """CL-R-23 (CL-D-19): under the Pact, no 26July or DR Operation or SA changes a level at
    Opposition. `toward`: the level the act shifts s 1 toward (CL 3.3.4 Terror); then only a
    shift that would change the level is barred (26July Terror at Active Opposition is not)."""
    frozen = f in (M26, DR) and B.has_cap(st, Cap.M26_DR_PACT) and st.support[s] < NEUTRAL
    return frozen and (toward is None or st.support[s] != toward)


def removable(st: CLState, s: int, f: int, mode: str) -> list[int]:
    """Kinds faction f may remove (or close) now in s under a removal mode."""
    out: list[int] = []
    for g in range(4):
        if (g == f and mode != "bribe_guerrillas") or pact(st, f, g):
            continue
        if g == GOVT:
            out += govt_removable(st, s, mode)
        elif g == SYNDICATE:
            out += syndicate_removable(st, s, mode)
        else:
            out += insurgent_removable(st, s, g, mode)
    return out


def present(st: CLState, s: int, *kinds: int) -> list[int]:
    return [k for k in kinds if B.n(st, s, k)]


def govt_removable(st: CLState, s: int, mode: str) -> list[int]:
    cubes = present(st, s, Kind.TROOPS, Kind.POLICE)
    if mode == "infiltrate":  # CL 4.3.1: Police, else Troops
        return present(st, s, Kind.POLICE) or present(st, s, Kind.TROOPS)
    if mode in ("attack", "assassinate", "bribe_cubes", "any"):
        out = list(cubes)
        if mode != "bribe_cubes" and B.n(st, s, Kind.GOVT_BASE) and (
                mode != "attack" or not cubes):
            out.append(Kind.GOVT_BASE)
        return out
    if mode == "bribe_base":
        return present(st, s, Kind.GOVT_BASE)
    return []


def insurgent_removable(st: CLState, s: int, g: int, mode: str) -> list[int]:
    u, a, b = GUER_U[g], GUER_A[g], BASE[g]
    guerrillas = present(st, s, u, a)
    if mode in ("assault", "air_strike"):  # CL 3.2.4, 4.2.2: Active ones, Bases last
        return present(st, s, a) + (present(st, s, b) if not guerrillas else [])
    if mode in ("attack", "assassinate", "any"):
        last = mode == "attack" and bool(guerrillas)
        return guerrillas + ([] if last else present(st, s, b))
    if mode == "bribe_guerrillas":
        return guerrillas
    if mode == "bribe_base":
        return present(st, s, b)
    return []


def syndicate_removable(st: CLState, s: int, mode: str) -> list[int]:
    """Syndicate Guerrillas; an open Casino is closed (never a closed one, CL 1.4.5): Assault
    and Air Strike once no Syndicate Guerrilla is left, Attack once no Syndicate Guerrilla,
    Troop or Police is (CL 3.3.3); Assassinate regardless (CL 4.4.3)."""
    u, a = GUER_U[SYNDICATE], GUER_A[SYNDICATE]
    guerrillas = present(st, s, u, a)
    if mode == "bribe_guerrillas":
        return guerrillas
    if mode not in CASINO_MODES:
        return []
    out = present(st, s, a) if mode in ("assault", "air_strike") else guerrillas
    guarded = bool(guerrillas) if mode != "attack" else bool(guerrillas) or bool(B.cubes(st, s))
    if B.n(st, s, Kind.CASINO_OPEN) and (mode in ("assassinate", "any") or not guarded):
        out.append(Kind.CASINO_OPEN)
    return out


def open_all(st: CLState) -> None:
    """CL 6.5 Reset: every closed Casino opens."""
    for s in range(D.NS):
        closed = B.n(st, s, Kind.CASINO_CLOSED)
        if closed:
            B.PIECES.move(st, s, s, Kind.CASINO_CLOSED, closed, Kind.CASINO_OPEN)


class CLPieceRules(PieceRules[CLState]):
    """The Cuba Libre answers to the COIN piece procs (`cl.ev_pieces`, `cl.ev_place`,
    `cl.remove`, `cl.activate`)."""

    activator = GOVT
    keeps_kinds_taken = True  # CL 8.1.2 P4: a Non-player alternates the cubes it removes

    def before_remove(self, ctx: Ctx, st: CLState, s: int, kind: int, capture: str,
                      by: int) -> None:
        """CL 4.5.2 (CL-R-12): the owner's Cash rescue, then the capture rule."""
        cash.before_removal(ctx, st, s, kind, capture, by)

    def instead_of_removal(self, st: CLState, s: int, kind: int, by: int) -> int | None:
        """CL 1.4.5: another faction closes a Casino instead of removing it (a closed one stays
        closed); the Syndicate's own removal takes it to Available."""
        if kind in (Kind.CASINO_OPEN, Kind.CASINO_CLOSED) and by != SYNDICATE:
            return Kind.CASINO_CLOSED
        return None

    def removable(self, st: CLState, s: int, f: int, mode: str) -> list[int]:
        return removable(st, s, f, mode)

    def reclaimed(self, ctx: Ctx, st: CLState, s: int, kind: int, f: int) -> None:
        """CL 1.4.1: a piece taken back to place it is an own removal (card 18 counts it)."""
        own_piece_removed(ctx, st, f, kind)


RULES: Final = CLPieceRules(B.BOARD)


def own_piece_removed(ctx: Ctx, st: CLState, f: int, kind: int) -> None:
    """Card 18 (CL 1.4.1): faction f's own Bases removed in one Operation (with its SA) or
    Event, counted in its innermost frame (`own_bases`; another faction's, placing in that
    Event, apart): the 2nd cancels the Pact of Caracas."""
    frame = next((fr for fr in reversed(st.stack) if fr.proc in EXECUTING), None)
    if frame is None or kind != BASE[f]:
        return
    key = "own_bases" if frame.vars.get("f") == f else f"own_bases_{f}"
    frame.vars[key] = frame.vars.get(key, 0) + 1
    from .events.capabilities import own_bases_removed  # events import this module
    own_bases_removed(ctx, st, f, frame.vars[key])


class CLOwnRemovals(OwnRemovals[CLState]):
    """CL 1.4.1, 1.4.5 (CL-R-04): the executing faction's standing removal of its own pieces;
    the Syndicate may also close its own open Casinos (`close:<space>`); 26July or DR removing
    2 of its own Bases in one execution cancels card 18 Pact of Caracas."""

    def decisions(self, st: CLState) -> list[Decision]:
        ds = super().decisions(st)
        if self.executing(st) != SYNDICATE:
            return ds
        closes = [option(f"close:{D.NAMES[s]}", f"Close your open Casino in {W.space(s)}",
                         space=D.NAMES[s]) for s in range(D.NS) if B.n(st, s, Kind.CASINO_OPEN)]
        if not closes:
            return ds
        if ds:
            return [msgspec.structs.replace(ds[0], options=ds[0].options + tuple(closes))]
        return [Decision(f"o{st.serial}.{SYNDICATE}", st.seat_of[SYNDICATE], self.kind,
                         "Syndicate: remove one of your pieces or close a Casino (optional, "
                         "while you execute).", tuple(closes), optional=True)]

    def apply(self, ctx: Ctx, st: CLState, d: Decision, c: Choice) -> None:
        verb, _, arg = (c.option_id or "").partition(":")
        if verb == "close":
            B.close_casino(st, D.INDEX[arg])
            ctx.emit("cl.casino_closed", f"The Syndicate closes its Casino in "
                     f"{W.space(D.INDEX[arg])}.", {"space": arg})
            return
        super().apply(ctx, st, d, c)
        own_piece_removed(ctx, st, int(d.id.split(".")[1]), B.PIECES.index[arg.split(":")[1]])


OWN_REMOVALS: Final = CLOwnRemovals(RULES)
