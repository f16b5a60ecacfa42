"""The `coin_np` Suggest policy of Cuba Libre (CL chapter 8 for a player's faction,
docs/decisions/0012): Suggest returns the procedure's choice for any faction's seat, from
the bot's PRNG only; the hidden deck (each pile's order, the short game's boxed Events),
the other players' Deception counters and the game's PRNG do not change a suggestion."""

from __future__ import annotations

import pytest
from tablero.v1 import rules_pb2 as rp

from services.cuba_libre import GAME
from services.cuba_libre import data as D
from services.cuba_libre.bots.policy import conceal_deck
from services.cuba_libre.state import CLState, Counter
from services.kernel import codec, engine, rng
from services.kernel.decisions import Choice
from tests.games.cuba_libre.np_scenario import GOVT, M26, SYNDICATE, play, solo, take
from tests.support import game_state, rules_service

POLICY = "coin_np"
PROPAGANDA = 49


def table(card: int, queue: list[int], upcoming: int = 46) -> CLState:
    """A 4-player table (a seat per faction, no Non-player) at the standard setup, `card` in
    play, `queue` to decide, `upcoming` face up on the deck."""
    st = solo(seats=4, non_players="none")
    st.deck = [45, 47, upcoming]
    play(st, card, queue)
    return st


def suggestion(st: CLState | bytes, seat: int) -> str | None:
    data = st if isinstance(st, bytes) else codec.encode(st)
    return engine.suggest(GAME, data, seat, policy=POLICY, bot_seed=11).option_id


def test_coin_np_listed_for_integrators() -> None:
    """The policy is in the game's bots, which Describe lists as GameInfo.bot_policies."""
    assert sorted(GAME.bots) == ["coin_np", "random"]


def test_coin_np_26july_tv_r_37_cl_8_1_item_1c() -> None:
    """TV-R-37, CL 8.1 item 1c through Suggest: the 26July player 1st Eligible on card 32
    Resistencia Cívica: the unshaded Event (8.4.2) while DR is in Havana; with no DR piece in
    a City the Event would do nothing, so Operation + SA: Terror (8.7)."""
    assert suggestion(table(32, [M26]), M26) == "event:unshaded"
    st = solo(seats=4, non_players="none")
    take(st, "havana", "directorio_underground", 2)
    play(st, 32, [M26])
    assert suggestion(st, M26) == "op:terror"


def test_coin_np_government_cl_8_8_sweep_havana_first() -> None:
    """CL 8.8 through Suggest: the Government player 1st Eligible on card 1 at S0 with a
    Propaganda card upcoming (8.1 item 1d: its Momentum side is no Event) gets Sweep (no
    Train, Garrison nor paying Assault, 8.8.4), and then Havana as Sweep's first space
    (step 1 Ⓑ, as test_np_govt's S0 Sweep)."""
    st = table(1, [GOVT], PROPAGANDA)
    data = codec.encode(st)
    d = engine.view(GAME, data, GOVT).decisions[0]
    assert d.option_ids() == ["pass", "event:unshaded", "event:shaded", "op:train",
                              "op:garrison", "op:sweep", "op:assault"]
    assert suggestion(data, GOVT) == "op:sweep"
    step = engine.act(GAME, data, GOVT, Choice(d.id, option_id="op:sweep"))
    assert suggestion(step.state, GOVT) == "space:havana"


def test_coin_np_syndicate_2nd_eligible_cl_8_1_item_1a() -> None:
    """CL 8.1 item 1a: the Syndicate 2nd Eligible after an Operation + SA with the Government
    a player: its Rally box (8.5), not the Event offered; a player's 2nd Eligible is offered
    LimOps only (CL 2.3.4), so the LimOp Rally (a Non-player would get a full one, CL-R-34)."""
    st = solo(seats=4, non_players="none")
    play(st, 32, [SYNDICATE], done=1, first="op_sa")
    data = codec.encode(st)
    assert engine.view(GAME, data, SYNDICATE).decisions[0].option_ids() == [
        "pass", "event:unshaded", "event:shaded", "limop:rally", "limop:construct"]
    assert suggestion(data, SYNDICATE) == "limop:rally"


def hidden_slots(st: CLState) -> list[list[int]]:
    """The deck's positions below the upcoming card, by pile (CL 2.1: 12 Events, short game
    10, and 1 Propaganda card per pile)."""
    size = D.DECK.short_game if st.short_game else D.DECK.standard
    per, n = size.pile_size + 1, len(st.deck) - 1
    return [list(range(a, min(a + per, n))) for a in range(0, n, per)]


def perturbed(data: bytes, seat: int, r: rng.RngState) -> bytes:
    """Another world the seat cannot tell apart: each pile's hidden cards reordered, its
    Events swapped with unseen ones (the short game's boxed Events), other players'
    unrevealed Deception counters exchanged with unseen ones, the game's PRNG and seed new."""
    st = codec.decode(data, CLState)
    unseen = [c for c in D.EVENT_CARDS if c not in st.played and c not in st.deck]
    for slots in hidden_slots(st):
        cards = [st.deck[i] for i in slots]
        for j, c in enumerate(cards):
            if unseen and not D.is_propaganda(c) and rng.randint(r, 0, 1):
                k = rng.randint(r, 0, len(unseen) - 1)
                cards[j], unseen[k] = unseen[k], c
        rng.shuffle(r, cards)
        for i, c in zip(slots, cards, strict=True):
            st.deck[i] = c
    hidden = [(s, i) for s, held in enumerate(st.deception) if s != seat
              for i, c in enumerate(held) if not c.revealed]
    kinds = [st.deception[s][i].kind for s, i in hidden]
    rng.shuffle(r, kinds)
    for (s, i), k in zip(hidden, kinds, strict=True):
        st.deception[s][i] = Counter((k + 1) % 3)
    st.rng = rng.seeded(123456)
    st.seed = 987654321
    return codec.encode(st)


def test_conceal_keeps_each_pile_and_its_propaganda() -> None:
    """CL 2.1: the concealed deck keeps the size, the upcoming card and each pile's unrevealed
    Propaganda card in that pile; its other cards are unplayed Events."""
    step = engine.setup(GAME, 4, {"short_game": "true"}, 4)
    st = codec.decode(step.state, CLState)
    before = list(st.deck)
    conceal_deck(st)
    assert len(st.deck) == len(before) and st.deck[-1] == before[-1]
    for slots in hidden_slots(st):
        assert [st.deck[i] for i in slots if D.is_propaganda(st.deck[i])] == \
            [before[i] for i in slots if D.is_propaganda(before[i])]
    events = [c for c in st.deck if not D.is_propaganda(c)]
    assert len(set(events)) == len(events) and not set(events) & set(st.played)
    assert st.deck != before


@pytest.mark.parametrize("seats,options", [(4, {}), (4, {"short_game": "true",
                                                         "deception": "true"}),
                                           (3, {"non_players": "govt"})])
def test_coin_np_suggestions_reveal_nothing_hidden(seats: int, options: dict[str, str]) -> \
        None:
    """DESIGN §2: at every decision of a game played by coin_np, the suggestion is the same
    when the hidden deck, the other players' Deception counters and the game's PRNG and seed
    are replaced by others the seat cannot tell apart."""
    step = engine.setup(GAME, seats, options, 21)
    r = rng.seeded(5)
    checked = 0
    for _ in range(10):
        run = engine.play_bots(GAME, step.state, range(seats), POLICY, bot_seed=5,
                               max_steps=60)
        for move in run.moves:
            before = step.state
            d = engine.view(GAME, before, move.seat).decisions
            if d:
                a = engine.suggest(GAME, before, move.seat, d[0].id, POLICY, 5)
                b = engine.suggest(GAME, perturbed(before, move.seat, r), move.seat, d[0].id,
                                   POLICY, 5)
                assert a == b, d[0].kind
                checked += 1
            step = move.step
        step = run.final
        if step.outcome is not None:
            break
    assert checked >= 150


@pytest.mark.parametrize("seats,options", [(4, {}), (2, {}), (3, {"non_players": "m26"}),
                                           (1, {"short_game": "true"})])
def test_coin_np_plays_whole_games(seats: int, options: dict[str, str]) -> None:
    """Every seat played by coin_np (PlayBots, as a table's bots would) to the end: each
    suggestion is offered (a wrong one would be a RulesBug), no dead end, and the choice log
    replays to the same state."""
    first = engine.setup(GAME, seats, options, 8)
    step, log = first, []
    for _ in range(40):
        run = engine.play_bots(GAME, step.state, range(seats), POLICY, bot_seed=3,
                               max_steps=1000)
        log += [(m.seat, m.choice) for m in run.moves]
        step = run.final
        if step.outcome is not None:
            break
    assert step.outcome is not None and log
    again = first
    for seat, c in log:
        again = engine.act(GAME, again.state, seat, c)
    assert again.state == step.state


def test_rules_service_suggest_coin_np_over_grpc() -> None:
    """The real rules service (`python -m services.cuba_libre`): Describe lists coin_np;
    Suggest with it answers the 26July seat with the procedure's Event (TV-R-37)."""
    with rules_service("cuba_libre") as rules:
        info = rules.Describe(rp.RulesDescribeRequest(), timeout=30)
        assert list(info.bot_policies) == ["coin_np", "random"]
        state = game_state("cuba_libre", codec.encode(table(32, [M26])))
        c = rules.Suggest(rp.RulesSuggestRequest(state=state, seat=M26, policy=POLICY,
                                                 bot_seed=11), timeout=30)
        assert c.option_id == "event:unshaded"
