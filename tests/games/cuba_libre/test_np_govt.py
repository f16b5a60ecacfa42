"""CL 8.8 the Non-player Government on constructed positions, driven through `engine.act`:
each of its decisions is the procedure's (`bots.PROCEDURE`) among the options the flow
offers; the tests check the exact spaces, pieces, order and Resources of each box and
priority bullet. The harness (`govt_turn`) is shared by test_np_govt_*.py."""

from __future__ import annotations

from services.cuba_libre import board as B
from services.cuba_libre.bots import PROCEDURE
from services.cuba_libre.bots import government as G
from services.cuba_libre.bots import govt_assault, govt_garrison, govt_sweep, govt_train
from services.cuba_libre.constants import Kind, Mom, UsAlliance
from services.cuba_libre.state import CLState
from services.kernel import codec

from .helpers import DR, GOVT, M26, SYNDICATE, S, Table, at_card, count, game, put, take

OPS = {"train", "garrison", "sweep", "assault"}


def run_govt(t: Table) -> Table:
    """Answer every decision waiting on the Government with its procedure (its PRNG draws
    kept in the state, as the driver keeps them), through engine.act."""
    for _ in range(500):
        d = t.decision()
        if d is None or d.seat != t.st.seat_of[GOVT]:
            return t
        st = t.st
        c = PROCEDURE.choose(st, d, GOVT)
        t.data = codec.encode(st)
        t.play(c.option_id or "")
    raise AssertionError("the Government never stopped")


def govt_turn(st: CLState, card: int = 1) -> Table:
    """The Government, 1st Eligible on `card`, executes the Operation its chart reaches
    (CL 8.1.1) and the procedure answers everything that follows."""
    t = Table(at_card(st, card))
    d = t.pending()
    ops = {i.split(":", 1)[1] for i in d.option_ids() if i.startswith("op:")}
    op = G.CHART.operation(t.st, ops)
    assert op is not None
    t.play(f"op:{op}")
    return run_govt(t)


def events(t: Table, kind: str) -> list[dict[str, object]]:
    return [dict(e.data) for e in t.events if e.kind == kind]


def op_spaces(t: Table) -> list[str]:
    return [str(e["space"]) for e in events(t, "coin.op_space")]


def moves(t: Table) -> list[tuple[str, str, str]]:
    return [(str(e["from"]), str(e["to"]), str(e["piece"])) for e in events(t, "cl.move")]


def empty_board(st: CLState) -> CLState:
    """Every piece back to Available, Neutral everywhere (a blank map to build on)."""
    for s in range(len(st.support)):
        for k in range(len(Kind)):
            n = B.n(st, s, k)
            if n:
                B.PIECES.remove(st, s, k, n)
        st.support[s] = 0
    return st


# -- 8.8 entry questions -----------------------------------------------------------------


def test_cl_8_8_s0_sweep_havana_first_then_support_then_cubes() -> None:
    """CL 8.8 at S0: no City lacks Control, Troops or Police (no Train), no EC Guerrilla (no
    Garrison), no paying Assault -> Sweep (8.8.4). Step 1: Ⓑ Havana (among the Support
    spaces), then Ⓐ la_habana, then Ⓒ santiago_de_cuba (cubes), then one of the two left;
    step 2: 3 Troops havana -> la_habana (1 to Activate, 2 more for Control)."""
    st = game()
    assert not govt_train.cond_train(st) and not govt_garrison.cond_garrison(st)
    assert not govt_assault.assault_pays(st)
    assert G.first_box(st) == "sweep"
    t = govt_turn(st)
    spaces = op_spaces(t)
    assert spaces[:3] == ["havana", "la_habana", "santiago_de_cuba"]
    assert spaces[3] in ("sierra_maestra", "camaguey_province") and len(spaces) == 4
    assert moves(t)[:3] == [("havana", "la_habana", "troops")] * 3
    after = t.st
    assert B.live_control(after, S["la_habana"]) == GOVT
    assert after.resources[GOVT] == 15 - 4 * 2
    assert B.active(after, S["havana"], DR) == 2 and B.active(after, S["la_habana"], M26) == 1
    assert B.active(after, S["santiago_de_cuba"], M26) == 1
