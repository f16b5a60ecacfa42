"""CL 8.1.2 priority guidelines on constructed positions played through the flow as the rules
service runs it: the exact spaces, pieces and order each guideline asks for."""

from __future__ import annotations

from services.cuba_libre import board as B
from services.cuba_libre.constants import Kind

from .helpers import S, count, put
from .test_np_govt import events
from .test_np_govt_propaganda import round_position, run_round

# -- 8.1.2 P1 Bases, the Government's exception ----------------------------------------------


def test_cl_8_1_2_p1_government_deposits_no_base_in_a_city_nor_a_second_one() -> None:
    """CL 8.1.2 P1 (Cash deposits, 6.2.4): the Government bot places a Base whenever it can,
    but never in a City and never a second one in a Province: its Cash under Police in havana
    (a City) and in la_habana (a Government Base already) each give +6 Resources; in matanzas
    (a Province without one) the Cash becomes a Government Base."""
    st = round_position()
    put(st, "la_habana", "police", 2)
    put(st, "la_habana", "govt_base")
    put(st, "matanzas", "police", 2)
    st.cash[0] = B.cash_code(S["havana"], Kind.POLICE)
    st.cash[1] = B.cash_code(S["la_habana"], Kind.POLICE)
    st.cash[2] = B.cash_code(S["matanzas"], Kind.POLICE)
    t = run_round(st)
    deposits = [(e["space"], e.get("amount"), e.get("piece")) for e in events(t, "cl.deposit")
                if e["faction"] == "govt"]
    assert deposits == [("havana", 6, None), ("la_habana", 6, None),
                        ("matanzas", None, "govt_base")]
    after = t.st
    assert (count(after, "havana", "govt_base"), count(after, "la_habana", "govt_base"),
            count(after, "matanzas", "govt_base")) == (0, 1, 1)
