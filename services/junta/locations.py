"""JU 19 Locations (Phase 5): every active family secretly and simultaneously chooses one of
its five location cards or Exile (a kernel sealed round, kept sealed until JU 20.4)."""

from __future__ import annotations

from typing import ClassVar, Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Option
from services.kernel.flow import Proc
from services.kernel.sealed import open_options
from services.kernel.state import Frame, SealedRound

from .constants import Location, Status
from .data import DATA
from .decide import FamilyRound, option
from .families import active_families
from .state import JuntaState

LOCATIONS: Final = "junta.location"
WHAT: Final = {
    Location.HOME: "Spend the turn at Home (Burglars take nothing from you there)",
    Location.MISTRESS: "Spend the turn with your Mistress (a place to hide)",
    Location.NIGHTCLUB: "Spend the turn at the Nightclub (a place to hide)",
    Location.BANK: "Go to the Bank (you may bank in Phase 7 if it is open)",
    Location.HEADQUARTERS: "Go to Headquarters (you may start a coup even without an excuse)",
    Location.EXILE: "Go into exile (out of the game until you return; safe from assassins)",
}


def location_id(loc: int) -> str:
    return DATA.location_ids[loc]


class LocationsProc(FamilyRound):
    """JU 19, JU 44 (JU-R-01): choices stay sealed; the reveal is JU 20.4
    (`assassination.reveal`)."""

    name = "locations"
    reveal_at_close: ClassVar[bool] = False

    def open(self, st: JuntaState, fr: Frame) -> SealedRound | None:
        ids = [f"location:{location_id(loc)}" for loc in Location]
        return open_options(LOCATIONS, "junta.choose_location", "Phase 5: choose where you "
                            "spend the turn, secretly.", st.serial,
                            {f: ids for f in active_families(st)})

    def describe(self, st: JuntaState, fr: Frame, member: int, option_id: str) -> Option:
        loc = DATA.location_ids.index(option_id.split(":")[1])
        return option(option_id, WHAT[Location(loc)], location=location_id(loc))

    def shown(self, st: JuntaState, member: int, value: int | str) -> str:
        return DATA.location_names[DATA.location_ids.index(str(value).split(":")[1])]

    def resolve(self, ctx: Ctx, st: JuntaState, fr: Frame, values: dict[int, int | str]) -> None:
        for f, v in values.items():
            st.families[f].location = DATA.location_ids.index(str(v).split(":")[1])
        for fam in st.families:
            if fam.status == Status.EXILED:
                fam.location = Location.EXILE  # JU 19: exiles stay in exile


PROCS: Final[tuple[Proc[JuntaState], ...]] = (LocationsProc(),)
