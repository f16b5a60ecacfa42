"""A scenario builder for Junta rule tests: put a table in a given situation, then drive it
through the engine's public entry points (`engine.act`, `engine.view`) as the rules service
does.

    t = Table(4)                       # a fresh 4-player table (set up from a seed)
    t.president(0).office("minister_of_interior", 1).cash(0, [3, 3, 2])
    t.hand(2, "asn_professional").at("assassination")    # run Phase 6 from its start
    t.act(1, "done")                   # seat 1's pending decision: option "done"
    t.options(2)                       # the option ids seat 2 is offered now
"""

from __future__ import annotations

from typing import Any

from services.junta import GAME
from services.junta.constants import BOXES, Location, Phase, Side, Status
from services.junta.coup.units import vacant_force
from services.junta.data import DATA
from services.junta.state import Coup, JuntaState, Unit
from services.junta.turn import STAGES
from services.kernel import codec, engine
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision
from services.kernel.events import Event
from services.kernel.flow import push
from services.kernel.state import Frame

STAGE = {fn.__name__: i for i, fn in enumerate(STAGES)}
PHASE_OF = {"assassination": Phase.ASSASSINATION, "budget": Phase.BUDGET,
            "locations": Phase.LOCATIONS, "bank": Phase.BANK, "coup": Phase.COUP,
            "coup_offer": Phase.COUP, "return_exiles": Phase.AFTERMATH,
            "aftermath": Phase.AFTERMATH, "hand_limit": Phase.DRAW, "ready": Phase.DRAW,
            "assign": Phase.CABINET, "resign": Phase.CABINET, "motion_window": Phase.CABINET}
NEXT_STAGE = {Phase.DRAW: "phase1_limit", Phase.CABINET: "phase3", Phase.BUDGET: "phase5",
              Phase.LOCATIONS: "phase6", Phase.ASSASSINATION: "phase7", Phase.BANK: "phase8",
              Phase.COUP: "phase9", Phase.AFTERMATH: "clean_up"}


class Table:
    def __init__(self, seats: int, seed: int = 1) -> None:
        step = engine.setup(GAME, seats, {}, seed)
        self.st = codec.decode(step.state, JuntaState)
        self.data = b""
        self.events: list[Event] = []  # the last step's
        self.log: list[Event] = []  # everything since the scenario started
        self.empty()

    # -- building ---------------------------------------------------------------------------

    def empty(self) -> Table:
        """No cards in hands, no cash, offices vacant, no President, turn 1, nothing pending."""
        st = self.st
        for fam in st.families:
            st.deck += fam.hand + fam.face_up
            st.aid += fam.cash + fam.swiss
            fam.hand, fam.face_up, fam.cash, fam.swiss = [], [], [], []
        st.deck.sort()
        st.aid.sort(reverse=True)
        st.offices = [-1] * 7
        st.stack = []
        st.turn = 1
        return self

    def president(self, f: int) -> Table:
        self.st.offices[0] = f
        self.st.last_president = f
        return self

    def office(self, office_id: str, f: int) -> Table:
        self.st.offices[DATA.office_ids.index(office_id)] = f
        return self

    def cash(self, f: int, values: list[int], swiss: bool = False) -> Table:
        """Move bills of these values from the aid deck to f's cash (or Swiss account)."""
        for v in values:
            bill = next(b for b in reversed(self.st.aid) if DATA.bill_values[b] == v)
            self.st.aid.remove(bill)
            (self.st.families[f].swiss if swiss else self.st.families[f].cash).append(bill)
        return self

    def hand(self, f: int, *cards: str) -> Table:
        for c in cards:
            self.st.families[f].hand.append(self.take_card(c))
        return self

    def face_up(self, f: int, *cards: str) -> Table:
        for c in cards:
            self.st.families[f].face_up.append(self.take_card(c))
        return self

    def take_card(self, card: str) -> int:
        idx = DATA.card_index[card]
        inst = next(i for i in self.st.deck if DATA.instances[i] == idx)
        self.st.deck.remove(inst)
        return inst

    def location(self, f: int, loc: str) -> Table:
        self.st.families[f].location = DATA.location_ids.index(loc)
        return self

    def status(self, f: int, status: Status) -> Table:
        self.st.families[f].status = status
        return self

    def set(self, **fields: Any) -> Table:
        for k, val in fields.items():
            setattr(self.st, k, val)
        return self

    def at(self, proc: str, phase: Phase | None = None, **vars: Any) -> Table:
        """Start `proc` inside a turn that goes on with the next phase when it is done."""
        st = self.st
        st.phase = phase if phase is not None else PHASE_OF.get(proc, st.phase)
        st.stack = [Frame("turn", {"i": STAGE[NEXT_STAGE.get(Phase(st.phase), "clean_up")]})]
        push(st, proc, **vars)
        return self.run()

    def stage(self, name: str) -> Table:
        """Start the turn at one of its stages (`turn.STAGES`, e.g. "phase2")."""
        self.st.stack = [Frame("turn", {"i": STAGE[name]})]
        return self.run()

    def coup(self, leader: int, phase: int, units: list[tuple[str, str, int | str, int]],
             *frames: tuple[str, dict[str, Any]], rebels: tuple[int, ...] = ()) -> Table:
        """A coup under way: `units` as (area or box, unit type, controller, count), the
        controller a player or a vacant office id; then run `frames` (innermost last) inside
        coup phase `phase`, which goes on to the next phases when they are done."""
        st = self.st
        st.phase = Phase.COUP
        coup = Coup(leader, st.offices[0] if st.offices[0] >= 0 else leader, [],
                    [Side.NONE] * len(st.families), phase=phase, rebels=list(rebels))
        for area, unit, ctrl, count in units:
            pos = DATA.area_index[area] if area in DATA.area_index else BOXES[area]
            c = vacant_force(DATA.office_ids.index(ctrl)) if isinstance(ctrl, str) else ctrl
            coup.units += [Unit(DATA.unit_index[unit], pos, c) for _ in range(count)]
        st.coup = coup
        st.stack = [Frame("turn", {"i": STAGE["phase9"]}),
                    Frame("coup", {"leader": leader, "stage": "phase", "k": phase + 1}),
                    Frame("coup_phase", {"stage": "end"})]
        for proc, vars in frames:
            push(st, proc, **vars)
        return self.run()

    def run_stack(self) -> Table:
        """Advance the current state (after an `edit` of its stack)."""
        self.st = self.state
        return self.run()

    def run(self) -> Table:
        ctx = Ctx()
        GAME.advance(ctx, self.st)
        self.events = ctx.events
        self.log += ctx.events
        self.data = codec.encode(self.st)
        return self

    # -- playing ----------------------------------------------------------------------------

    def rig(self, *dice: int) -> Table:
        """Queue the next dice (`JuntaState.dice`), as a stacked deck would."""
        return self.edit(lambda st: setattr(st, "dice", list(dice)))

    def edit(self, change: Any) -> Table:
        """Change the current state (between two choices) with `change(st)`."""
        st = self.state
        change(st)
        self.st = st
        self.data = codec.encode(st)
        return self

    @property
    def state(self) -> JuntaState:
        return codec.decode(self.data, JuntaState)

    def pending(self, seat: int | None = None, kind: str = "") -> list[Decision]:
        sv = engine.view(GAME, self.data, seat)
        ds = sv.decisions if seat is not None else sv.pending
        return [d for d in ds if (kind and d.kind == f"junta.{kind}")
                or (not kind and not d.optional)]

    def decision(self, seat: int, kind: str = "") -> Decision:
        ds = self.pending(seat, kind)
        assert ds, f"seat {seat} has no pending {kind or 'waited'} decision; pending: " \
                   f"{[(d.seat, d.kind) for d in self.pending()]}"
        return ds[0]

    def options(self, seat: int, kind: str = "") -> list[str]:
        return self.decision(seat, kind).option_ids()

    def act(self, seat: int, option_id: str | None = None, amount: int | None = None,
            kind: str = "") -> Table:
        d = self.decision(seat, kind)
        step = engine.act(GAME, self.data, seat, Choice(d.id, option_id, amount))
        self.data = step.state
        self.events = step.events
        self.log += step.events
        self.st = codec.decode(self.data, JuntaState)
        return self

    def until(self, seat: int, kind: str, limit: int = 300) -> Table:
        """Answer every other waited decision with its first option (done, pass, abstain,
        stay...) until `seat` has a pending decision of `kind`."""
        for _ in range(limit):
            if any(d.kind == f"junta.{kind}" for d in self.pending(seat)):
                return self
            d = self.pending()[0]
            first = None if d.amount is not None else d.options[0].id
            amount = d.amount.min if d.amount is not None else None
            step = engine.act(GAME, self.data, d.seat, Choice(d.id, first, amount))
            self.data, self.events = step.state, step.events
            self.log += step.events
            self.st = codec.decode(self.data, JuntaState)
        raise AssertionError(f"seat {seat} never had a {kind} decision")

    def pass_all(self, kind: str) -> Table:
        """Answer every pending decision of `kind` with its first option, in turn."""
        while any(d.kind == f"junta.{kind}" for d in self.pending()):
            d = next(d for d in self.pending() if d.kind == f"junta.{kind}")
            self.act(d.seat, d.options[0].id if d.options else None,
                     None if d.options else (d.amount.min if d.amount else None), kind=kind)
        return self

    def kinds(self) -> list[tuple[int, str]]:
        return [(d.seat, d.kind) for d in self.pending()]

    def event(self, kind: str) -> Event:
        """The latest event of `kind` since the scenario started."""
        return next(e for e in reversed(self.log) if e.kind == f"junta.{kind}")

    def all_events(self, kind: str) -> list[Event]:
        return [e for e in self.events if e.kind == f"junta.{kind}"]

    # -- reading ----------------------------------------------------------------------------

    def cash_values(self, f: int) -> list[int]:
        return sorted((DATA.bill_values[b] for b in self.state.families[f].cash), reverse=True)

    def swiss_values(self, f: int) -> list[int]:
        return sorted((DATA.bill_values[b] for b in self.state.families[f].swiss), reverse=True)

    def aid_bottom(self, n: int) -> list[int]:
        """The last n bills placed under the aid deck, top to bottom (as TEST_VECTORS lists)."""
        return [DATA.bill_values[b] for b in reversed(self.state.aid[:n])]


HOME, BANK = Location.HOME, Location.BANK
