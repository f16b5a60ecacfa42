"""The harbour: loading, departures, advancing (CU 5.B.5, CU 5.E.3-5.E.4, harbor.json)."""

from __future__ import annotations

from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Option

from .constants import BERTHS, CARGO, ITEM_IDS, NO_SHIP, POSITION_IDS, LawKind, Position
from .data import DATA
from .decide import opt
from .economy import held, remove_held, score
from .laws import law_in_force
from .state import CubaState
from .words import POSITION_NAMES, counts_data, counts_text, item_name

# CU 5.E.3-5.E.4 / harbor.json advance_order: exit first.
ADVANCE_ORDER: Final[tuple[int, ...]] = (Position.BERTH_3, Position.BERTH_2, Position.BERTH_1,
                                         Position.SEA)
SHIP_SLOTS: Final = 5


def free_slots(st: CubaState, ship: int, item: int) -> int:
    return DATA.ships[ship].slots[item] - st.loads[ship][item]


def is_full(st: CubaState, ship: int) -> bool:
    """harbor.json `full`: all 5 slots hold a unit."""
    return sum(st.loads[ship]) == SHIP_SLOTS


def loadable_items(st: CubaState, seat: int, pos: int) -> list[int]:
    """CU 5.B.5: cargo the seat holds that fits an empty slot of the ship in this berth."""
    ship = st.harbor[pos]
    if pos not in BERTHS or ship == NO_SHIP:
        return []
    p = st.players[seat]
    return [i for i in CARGO if held(p, i) > 0 and free_slots(st, ship, i) > 0]


def fitting_units(st: CubaState, seat: int, pos: int) -> int:
    """How many of the seat's units could go onto the ship in this berth (CU 5.B.5)."""
    ship = st.harbor[pos]
    p = st.players[seat]
    return sum(min(held(p, i), free_slots(st, ship, i)) for i in loadable_items(st, seat, pos))


def load_option(oid: str, st: CubaState, pos: int, item: int, **extra: str) -> Option:
    """Loading one unit (Mayor or trading office): where it goes and the VP it scores."""
    ship = st.harbor[pos]
    vp = DATA.berth_vp[pos]
    return opt(oid, f"Load 1 {item_name(item)} onto {ship_name(ship)} at {POSITION_NAMES[pos]} "
               f"for {vp} VP", item=ITEM_IDS[item], position=POSITION_IDS[pos],
               ship=DATA.ships[ship].id, vp=vp, **extra)


def load_unit(ctx: Ctx, st: CubaState, seat: int, pos: int, item: int) -> None:
    """CU 5.B.5 / CU 7.2.7-8: load one unit from yard or storage; score the berth's VP."""
    ship = st.harbor[pos]
    remove_held(st.players[seat], item)
    st.loads[ship][item] += 1
    vp = DATA.berth_vp[pos]
    score(st, seat, vp)
    ctx.emit("cuba.loaded", f"Seat {seat} loads 1 {item_name(item)} onto {ship_name(ship)} "
             f"at {POSITION_NAMES[pos]} for {vp} VP.",
             {"seat": seat, "ship": DATA.ships[ship].id, "position": POSITION_IDS[pos],
              "item": ITEM_IDS[item], "vp": vp})


def harbor_law_departure(ctx: Ctx, st: CubaState, pos: int) -> bool:
    """CU 5.B.5 harbor law: a ship just made full leaves at once; True if it left."""
    ship = st.harbor[pos]
    if ship == NO_SHIP or not is_full(st, ship):
        return False
    if not law_in_force(st, LawKind.HARBOR_IMMEDIATE_DEPARTURE):
        return False
    depart(ctx, st, [pos], "harbor_law")
    advance_and_refill(ctx, st)
    return True


def depart(ctx: Ctx, st: CubaState, positions: list[int], reason: str) -> None:
    """CU 5.E.3: leaving ships' cargo to the supply, cards to the deck bottom (exit order).
    `reason`: "harbor_law" (CU 5.B.5) or "end_of_round" (CU 5.E.3)."""
    for pos in ADVANCE_ORDER:
        ship = st.harbor[pos]
        if pos not in positions or ship == NO_SHIP:
            continue
        cargo = list(st.loads[ship])
        full = is_full(st, ship)
        for item in CARGO:
            st.supply[item] += st.loads[ship][item]
            st.loads[ship][item] = 0
        st.ship_deck.append(ship)
        st.harbor[pos] = NO_SHIP
        how = "full" if full else f"with {sum(cargo)} of {SHIP_SLOTS} slots filled"
        ctx.emit("cuba.ship_left", f"{ship_name(ship).capitalize()} leaves "
                 f"{POSITION_NAMES[pos]} {how}: {counts_text(cargo, 'empty')}.",
                 {"ship": DATA.ships[ship].id, "position": POSITION_IDS[pos], "full": full,
                  "cargo": counts_data(cargo), "slots": counts_data(DATA.ships[ship].slots),
                  "reason": reason})


def advance_and_refill(ctx: Ctx, st: CubaState) -> None:
    """CU 5.E.4 [CU-G-15]: compact toward berth_3 keeping order, then draw into gaps."""
    remaining = [st.harbor[p] for p in ADVANCE_ORDER if st.harbor[p] != NO_SHIP]
    for i, pos in enumerate(ADVANCE_ORDER):
        if i < len(remaining):
            st.harbor[pos] = remaining[i]
        elif st.ship_deck:
            st.harbor[pos] = st.ship_deck.pop(0)
        else:
            st.harbor[pos] = NO_SHIP
    ctx.emit("cuba.harbor", "The harbour advances: " + harbor_text(st) + ".",
             {"harbor": harbor_data(st)})


def ship_id(ship: int) -> str:
    return "" if ship == NO_SHIP else DATA.ships[ship].id


def ship_name(ship: int) -> str:
    """`ship 7` for ship_07 (ship cards have numbers, not names)."""
    return f"ship {int(DATA.ships[ship].id.rsplit('_', 1)[1])}"


def harbor_text(st: CubaState) -> str:
    return ", ".join(f"{POSITION_NAMES[p].removeprefix('the ')}: "
                     f"{'empty' if st.harbor[p] == NO_SHIP else ship_name(st.harbor[p])}"
                     for p in range(4))


def harbor_data(st: CubaState) -> dict[str, str]:
    """Event.data: the ship id per harbour position ("" when empty)."""
    return {POSITION_IDS[p]: ship_id(st.harbor[p]) for p in range(4)}


def swap_with_sea(ctx: Ctx, st: CubaState, seat: int, pos: int) -> None:
    """CU 7.4.5 lighthouse [CU-G-17]: a berth ship and the sea ship change places, cargo
    stays on the cards."""
    st.harbor[pos], st.harbor[Position.SEA] = st.harbor[Position.SEA], st.harbor[pos]
    ctx.emit("cuba.lighthouse", f"Seat {seat}'s Lighthouse swaps the ship at "
             f"{POSITION_NAMES[pos]} with the ship at sea: " + harbor_text(st) + ".",
             {"seat": seat, "position": POSITION_IDS[pos], "harbor": harbor_data(st)})


def swappable_berths(st: CubaState) -> list[int]:
    """CU-G-17: only a ship actually in a berth can be swapped, and only with a sea ship."""
    if st.harbor[Position.SEA] == NO_SHIP:
        return []
    return [b for b in BERTHS if st.harbor[b] != NO_SHIP]
