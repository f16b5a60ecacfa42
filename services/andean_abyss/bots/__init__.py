"""AA chapter 8: the Non-player FARC, AUC and Cartels (BOTS.md 8.0-8.9).

`PROCEDURE.choose(st, d, f)` answers a decision the flow addresses to Non-player `f`:
the 8.1 card decision (play), the flowchart boxes' Operations and SAs (boxes, with each
faction's chart in cartels / auc / farc), and the generic guidelines otherwise (options).
The game binds it to its flow (`bind`), which the Event dry runs of 8.1 rule 4 need.
"""

from __future__ import annotations

from collections.abc import Callable

from services.coin.bots.driver import NonPlayers
from services.coin.bots.options import support_shift
from services.kernel.decisions import Choice, Decision
from services.kernel.errors import RulesBug

from .. import data as D
from ..state import AAState
from . import boxes, events, play
from .options import generic

Handler = Callable[[AAState, Decision, int], str]

HANDLERS: dict[str, Handler] = {
    "coin.choose_op": play.choose_free_op,
    "coin.bonus_limop": play.no_ship,
    "coin.bonus_help": play.no_ship,
    "coin.op_space": boxes.op_space,
    "aa.rally_mode": boxes.rally_mode,
    "aa.rally_base": boxes.rally_base,
    "aa.rally_gather": boxes.rally_gather,
    "aa.march_from": boxes.march_from,
    "aa.march_u": boxes.march_count,
    "aa.march_a": boxes.march_count,
    "aa.attack_mode": boxes.attack_mode,
    "aa.extort": boxes.sa_space,
    "aa.kidnap": boxes.sa_space,
    "aa.assassinate": boxes.sa_space,
    "aa.bribe": boxes.sa_space,
    "aa.bribe_mode": boxes.bribe_mode,
    "aa.cultivate": boxes.cultivate,
    "aa.process_mode": boxes.process,
    "aa.process_ship": boxes.process,
    "aa.process_base": boxes.process,
    "aa.drug_profits": boxes.drug_profits,
    "aa.shipment": boxes.ship_loss,
    "aa.contraband": boxes.contraband,
    "aa.remove_piece": boxes.remove_piece,
    "aa.ship_follow": boxes.ship_follow,
    "aa.agitation": play.agitation,
    "aa.elite_backing": play.elite_backing,
}


class AAProcedure:
    """The coin.bots `Procedure` of Andean Abyss."""

    def __init__(self) -> None:
        self.np: NonPlayers | None = None

    def bind(self, np: NonPlayers) -> None:
        self.np = np

    def defers(self, st: AAState, d: Decision, faction: int) -> bool:
        """8.1 rule 3: the Government player decides this one (Insurgent Discord)."""
        return play.discord(st, d, faction)

    def discord_options(self, st: AAState, d: Decision, faction: int) -> dict[str, str]:
        """8.1 rule 3: the Government's options for the Non-player: `np_event` (only if the
        Event is effective, 8.1 rule 4) and `np_ops`, each with the option it stands for."""
        if self.np is None:
            raise RulesBug("the Non-player procedure is not bound to a flow")
        ids = d.option_ids()
        out = {"np_ops": play.operation(st, ids, faction)}
        side = play.event_side(ids)
        if side is not None and play.effective(self.np, st, d, side):
            out["np_event"] = side
        return out

    def choose(self, st: AAState, d: Decision, faction: int) -> Choice:
        if d.amount is not None and not d.options:
            return Choice(d.id, amount=d.amount.max)  # AA 8.1.1 maximum
        if d.kind == "coin.eligible":
            if self.np is None:
                raise RulesBug("the Non-player procedure is not bound to a flow")
            return Choice(d.id, option_id=play.eligible(self.np, st, d, faction))
        steered = events.instructed(st, d, faction)  # 8.4.4
        if steered is not None:
            return Choice(d.id, option_id=steered)
        handler = HANDLERS.get(d.kind)
        if handler is None:
            return Choice(d.id, option_id=generic(st, d, faction, self.shift_impact(st, d)))
        return Choice(d.id, option_id=handler(st, d, faction))

    def shift_impact(self, st: AAState, d: Decision) -> Callable[[str], int]:
        """8.4.3: how much choosing an option of `d` changes Total Support plus Total
        Opposition, by a dry run of that choice on a copy of the state."""
        if self.np is None:
            raise RulesBug("the Non-player procedure is not bound to a flow")
        np = self.np
        return lambda o: support_shift(D.POP, st, np.dry_choice(st, d, o))


PROCEDURE = AAProcedure()
