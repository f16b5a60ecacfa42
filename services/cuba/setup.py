"""Setup (CU 3, setup items 1-11) and the players' starting picks (CU 3.10)."""

from __future__ import annotations

from typing import Any, Final

from services.kernel import rng
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision
from services.kernel.flow import Proc, pop, push
from services.kernel.state import Frame

from .constants import (
    CATEGORY_IDS,
    CROPS,
    ITEM_IDS,
    ITEM_INDEX,
    N_FIELDS,
    NO_BUILDING,
    NO_SHIP,
    OPTION_FARM_SIDE,
    OPTION_VARIANT,
    RESOURCES,
    SIDE_INDIVIDUAL,
    VARIANT_HIDDEN_CARD,
    Position,
)
from .data import DATA
from .decide import ask, opt, split
from .economy import gain
from .harbor import harbor_data, harbor_text
from .state import CubaState, Player
from .words import item_name


def initial(seats: int, options: dict[str, str], r: rng.RngState) -> dict[str, Any]:
    """CU 3.1-3.11 before the starting picks; all shuffles from the seeded PRNG (CU 11.4)."""
    supply = list(DATA.components)
    market = [0] * len(DATA.market)
    for row in DATA.market:  # CU 3.3
        market[row.item] = row.start
        supply[row.item] -= row.start
    ships = list(range(len(DATA.ships)))  # CU 3.6-3.7
    rng.shuffle(r, ships)
    harbor = [ships[0], ships[1], NO_SHIP, ships[2]]
    decks = []
    for cat_laws in DATA.deck_laws:  # CU 3.8
        deck = list(cat_laws)
        rng.shuffle(r, deck)
        decks.append(deck)
    start = rng.randbelow(r, seats)  # CU 3.9 [CU-G-22]
    side = options[OPTION_FARM_SIDE]
    players = [Player(money=DATA.start_pesos, farm=list(farm_layout(side, s)),
                      buildings=[NO_BUILDING] * N_FIELDS, worker=DATA.worker_start)
               for s in range(seats)]
    return dict(
        variant=options[OPTION_VARIANT] == VARIANT_HIDDEN_CARD,
        farm_side=side, start_player=start, players=players, supply=supply, market=market,
        harbor=harbor, loads=[[0] * 5 for _ in DATA.ships], ship_deck=ships[3:],
        law_decks=decks, in_force=list(DATA.starting_laws), proposals=[-1] * len(CATEGORY_IDS),
        bank=DATA.total_pesos - DATA.start_pesos * seats)


def farm_layout(side: str, seat: int) -> tuple[int, ...]:
    """CU 3.12 [CU-G-04]: the standard side, or the seat's colour's individual side."""
    if side == SIDE_INDIVIDUAL:
        return DATA.farm_individual[seat]
    return DATA.farm_standard


def begin(ctx: Ctx, st: CubaState) -> None:
    """Announce the table and queue the game: the picks, then six rounds."""
    ctx.emit("cuba.setup", f"Seat {st.start_player} is the start player; harbour: "
             f"{harbor_text(st)}.",
             {"start_player": st.start_player, "variant": st.variant, "farm_side": st.farm_side,
              "sea": DATA.ships[st.harbor[Position.SEA]].id, "harbor": harbor_data(st)})
    push(st, "round")
    push(st, "setup_picks", i=0)


def picks_per_player() -> int:
    return DATA.start_resources + DATA.start_crops


class SetupPicks(Proc[CubaState]):
    """CU 3.10 [CU-G-22, CU-G-30]: in turn order from the start player, each player takes
    2 resources then 2 crops of his choice (repeats allowed) into his yard."""

    name = "setup_picks"

    def _current(self, st: CubaState, fr: Frame) -> tuple[int, tuple[int, ...]]:
        i = fr.vars["i"]
        seat = st.order()[i // picks_per_player()]
        kinds = RESOURCES if i % picks_per_player() < DATA.start_resources else CROPS
        return seat, kinds

    def decisions(self, st: CubaState, fr: Frame) -> list[Decision]:
        if fr.vars["i"] >= picks_per_player() * st.seats:
            return []
        seat, kinds = self._current(st, fr)
        options = [opt(f"take:{ITEM_IDS[k]}", f"Take 1 {item_name(k)} into your yard",
                       item=ITEM_IDS[k]) for k in kinds if st.supply[k] > 0]
        if not options:
            return []
        what = "resource" if kinds == RESOURCES else "crop"
        return [ask(st, seat, "setup_pick", f"Take a starting {what} into your yard.", options)]

    def choose(self, ctx: Ctx, st: CubaState, fr: Frame, d: Decision, c: Choice) -> None:
        item = ITEM_INDEX[split(c.option_id)[1]]
        gain(st, d.seat, item)
        ctx.emit("cuba.setup_pick", f"Seat {d.seat} takes 1 {item_name(item)}.",
                 {"seat": d.seat, "item": ITEM_IDS[item]})
        fr.vars["i"] += 1

    def step(self, ctx: Ctx, st: CubaState, fr: Frame) -> None:
        if fr.vars["i"] >= picks_per_player() * st.seats:
            pop(st)
            return
        fr.vars["i"] += 1  # CU 2.1: nothing of that kind left in the supply


PROCS: Final[tuple[Proc[CubaState], ...]] = (SetupPicks(),)
