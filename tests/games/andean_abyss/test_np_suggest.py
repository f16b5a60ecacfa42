"""The `coin_np` Suggest policy (AA chapter 8 for a player's faction, docs/decisions/0011):
Suggest returns the procedure's choice for a FARC, AUC or Cartels seat, from the bot's
PRNG only; the hidden deck and the game's PRNG do not change a suggestion (perturbation)."""

from __future__ import annotations

import pytest
from tablero.v1 import rules_pb2 as rp

from services.andean_abyss import GAME
from services.andean_abyss.state import AAState
from services.kernel import codec, engine, rng
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice
from services.kernel.flow import push
from tests.games.andean_abyss.scenario import standard
from tests.support import game_state, rules_service

GOVT, FARC, AUC, CARTELS = 0, 1, 2, 3
POLICY = "coin_np"


def at_card(card: int, queue: list[int]) -> bytes:
    """A 4-player table (a seat per faction) with `card` in play, `queue` to decide."""
    st = standard()
    st.played.append(card)
    push(st, "coin.card", queue=list(queue), done=0, first="", ph="pick")
    GAME.advance(Ctx(), st)
    return codec.encode(st)


def suggestion(data: bytes, seat: int) -> str | None:
    return engine.suggest(GAME, data, seat, policy=POLICY, bot_seed=11).option_id


def test_coin_np_listed_for_integrators() -> None:
    """The policy is in the game's bots, which Describe lists as GameInfo.bot_policies."""
    assert sorted(GAME.bots) == ["coin_np", "random"]


def test_coin_np_suggests_the_procedure_choice_8_1_and_8_5_1_tv_r_42() -> None:
    """AA 8.1, 8.5.1 TV-R-42: the Cartels player, 1st Eligible on card 1 (Government
    leftmost): Operations, the Rally box; its spaces the lone Cartels Bases (meta_east,
    meta_west, guaviare). Card 57 (Cartels leftmost, effective): the shaded Event."""
    data = at_card(1, [CARTELS])
    assert suggestion(data, CARTELS) == "op:rally"
    d = engine.view(GAME, data, CARTELS).decisions[0]
    step = engine.act(GAME, data, CARTELS, Choice(d.id, option_id="op:rally"))
    assert suggestion(step.state, CARTELS) in (
        "space:meta_east", "space:meta_west", "space:guaviare")
    assert suggestion(at_card(57, [CARTELS]), CARTELS) == "event:shaded"
    assert suggestion(at_card(6, [FARC]), FARC) == "op:rally"  # TV-R-44: not leftmost


def test_coin_np_government_falls_back_to_random() -> None:
    """The Government has no chapter 8 procedure: coin_np answers it with a uniformly random
    offered option from the bot's PRNG (reproducible, as the random bot's)."""
    data = at_card(1, [GOVT])
    d = engine.view(GAME, data, GOVT).decisions[0]
    got = {engine.suggest(GAME, data, GOVT, policy=POLICY, bot_seed=b).option_id
           for b in range(40)}
    assert got <= set(d.option_ids()) and len(got) > 3
    assert suggestion(data, GOVT) == suggestion(data, GOVT)


def perturbed(data: bytes) -> bytes:
    """Another deck below the upcoming card, another future for the game's PRNG and seed."""
    st = codec.decode(data, AAState)
    below = st.deck[:-1]
    rng.shuffle(rng.seeded(99), below)
    st.deck = below[::-1] + st.deck[-1:]
    st.rng = rng.seeded(123456)
    st.seed = 987654321
    return codec.encode(st)


def test_coin_np_suggestions_reveal_nothing_hidden() -> None:
    """DESIGN §2: at every decision of a 4-player game played by coin_np, the suggestion is
    the same when the hidden deck is reordered and the game's PRNG and seed changed."""
    step = engine.setup(GAME, 4, {}, 21)
    checked = 0
    for _ in range(6):
        run = engine.play_bots(GAME, step.state, range(4), POLICY, bot_seed=5, max_steps=40)
        for move in run.moves:
            before = step.state
            d = engine.view(GAME, before, move.seat).decisions
            if not d:
                continue
            a = engine.suggest(GAME, before, move.seat, d[0].id, POLICY, 5)
            b = engine.suggest(GAME, perturbed(before), move.seat, d[0].id, POLICY, 5)
            assert a == b, d[0].kind
            checked += 1
            step = move.step
        step = run.final
        if step.outcome is not None:
            break
    assert checked >= 200


def test_rules_service_suggest_coin_np_over_grpc() -> None:
    """The real rules service (`python -m services.andean_abyss`): Describe lists coin_np;
    Suggest with it answers the Cartels seat with the procedure's Rally (TV-R-42)."""
    with rules_service("andean_abyss") as rules:
        info = rules.Describe(rp.RulesDescribeRequest(), timeout=30)
        assert list(info.bot_policies) == ["coin_np", "random"]
        state = game_state("andean_abyss", at_card(1, [CARTELS]))
        c = rules.Suggest(rp.RulesSuggestRequest(state=state, seat=CARTELS, policy=POLICY,
                                                 bot_seed=11), timeout=30)
        assert c.option_id == "op:rally"


@pytest.mark.parametrize("seats,options", [(4, {}), (2, {}), (3, {"non_players": "chapter8"}),
                                           (1, {"short_game": "true"})])
def test_coin_np_plays_whole_games(seats: int, options: dict[str, str]) -> None:
    """Every seat played by coin_np (PlayBots, as a table's bots would) to the end: each
    suggestion is offered (a wrong one would be a RulesBug), no dead end, and the choice log
    replays to the same state."""
    step = engine.setup(GAME, seats, options, 8)
    log: list[tuple[int, Choice]] = []
    for _ in range(20):
        run = engine.play_bots(GAME, step.state, range(seats), POLICY, bot_seed=8)
        log += [(m.seat, m.choice) for m in run.moves]
        step = run.final
        if step.outcome is not None:
            break
    assert step.outcome is not None
    assert engine.replay(GAME, seats, options, 8, log).state == step.state
