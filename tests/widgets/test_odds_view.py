"""The tunnel odds explorer, headless: set the inputs as a user would, then read the bars, the
labels and the exact numbers behind them. Every expectation is the core's own answer
(``odds.tunnel_odds`` / ``what_if_one_more``) or a sentence a user reads."""

from __future__ import annotations

from fractions import Fraction

import plotly.graph_objects as go
import pytest

from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import Hand, hand_from
from ttr_widgets.rules.odds import (
    tunnel_extra_distribution,
    tunnel_odds,
    unseen_pool,
    what_if_one_more,
)
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.widgets.pages.odds import BY_HAND, TunnelOddsExplorer
from ttr_widgets.widgets.plots.lab_plots import percent

EUROPE = load_map("europe")
PARIS_ZURICH = "eu-085"  # 3 gray, tunnel
ERZURUM_SOCHI = "eu-054"  # 3 red, tunnel


def cards(**counts: int) -> Hand:
    return hand_from(counts)


def bars(explorer: TunnelOddsExplorer) -> tuple[float, ...]:
    return tuple(explorer.figure.data[0].y)


def labels(explorer: TunnelOddsExplorer) -> tuple[str, ...]:
    return tuple(explorer.figure.data[0].text)


def shows(explorer: TunnelOddsExplorer, distribution: tuple[Fraction, ...]) -> bool:
    """The bars stand at the exact chances and are labelled with them."""
    return (bars(explorer) == tuple(float(p) for p in distribution)
            and labels(explorer) == tuple(f"{p}<br>{percent(p)}" for p in distribution))


@pytest.fixture
def explorer() -> TunnelOddsExplorer:
    return TunnelOddsExplorer(EUROPE, route_id=PARIS_ZURICH)


def set_hand(explorer: TunnelOddsExplorer, **counts: int) -> None:
    for name, n in counts.items():
        explorer.hand_inputs[name].value = n


def test_the_explorer_lists_every_europe_tunnel(explorer: TunnelOddsExplorer) -> None:
    values = [v for _text, v in explorer.tunnel.options]
    assert values[0] == BY_HAND
    assert values[1:] == [r.id for r in EUROPE.routes if r.tunnel]
    assert len(values) == 19
    texts = [text for text, _v in explorer.tunnel.options[1:]]
    assert texts == [str(r) for r in EUROPE.routes if r.tunnel]  # no internal ids
    assert "Paris–Zürich (3 gray)" in texts  # the board's spelling
    assert isinstance(explorer.figure, go.Figure)


def test_typing_a_hand_shows_the_exact_distribution_and_can_pay(
        explorer: TunnelOddsExplorer) -> None:
    figure = explorer.figure
    set_hand(explorer, red=4, locomotive=1)
    assert explorer.play.value == "red"  # a gray tunnel: the colour held most
    hand = cards(red=4, locomotive=1)
    exact = tunnel_odds("red", 3, hand)
    assert explorer.odds == exact
    assert shows(explorer, exact.distribution)
    assert exact.can_pay == Fraction(2659, 2678)
    assert "Chance you can pay: 2659/2678 = 99.3 %" in explorer.can_pay_label.value
    assert "put down 3 red and keep 2 red or locomotive cards" in explorer.can_pay_label.value
    assert explorer.figure is figure  # updated in place, never replaced
    assert "Paris–Zürich (3 gray), played in red" in figure.layout.title.text


def test_seen_cards_leave_the_pool(explorer: TunnelOddsExplorer) -> None:
    set_hand(explorer, red=3)
    explorer.set_seen({"red": 2, "locomotive": 3, "green": 1})
    seen = cards(red=2, locomotive=3, green=1)
    pool = unseen_pool(cards(red=3), seen)
    assert shows(explorer, tunnel_extra_distribution("red", pool))
    assert "You cannot see <b>101</b> cards; <b>18</b> of them" in explorer.summary.value


def test_what_if_one_more_card(explorer: TunnelOddsExplorer) -> None:
    explorer.set_hand({"blue": 4})
    assert explorer.play.value == "blue"
    exact = what_if_one_more("blue", 3, cards(blue=4))
    assert explorer.what_if == exact
    lines = explorer.what_if_label.value.split("<br>")
    change = float(exact.one_more_color - exact.now) * 100  # type: ignore[operator]
    assert lines[0] == (f"With one more blue card: {exact.one_more_color} = "
                        f"{percent(exact.one_more_color)} ({change:+.1f} percentage points).")  # type: ignore[arg-type]
    assert lines[1].startswith(f"With one more locomotive: {exact.one_more_locomotive} = ")


def test_what_if_when_no_card_of_the_colour_is_left(explorer: TunnelOddsExplorer) -> None:
    explorer.set_hand({"blue": 3})
    explorer.set_seen({"blue": 9})  # all 12 blue cards are in view
    assert explorer.what_if is not None and explorer.what_if.one_more_color is None
    assert ("With one more blue card: cannot happen (no blue card is left unseen)."
            in explorer.what_if_label.value)


def test_choosing_another_tunnel_changes_colour_length_and_play(
        explorer: TunnelOddsExplorer) -> None:
    set_hand(explorer, red=2, locomotive=2)
    explorer.tunnel.value = ERZURUM_SOCHI
    assert (explorer.route_color.value, explorer.length.value) == ("red", 3)
    assert [v for _t, v in explorer.play.options] == ["red", "locomotive"]
    assert explorer.route_color.disabled and explorer.length.disabled
    assert explorer.odds == tunnel_odds("red", 3, cards(red=2, locomotive=2))


def test_a_tunnel_by_colour_and_length(explorer: TunnelOddsExplorer) -> None:
    explorer.tunnel.value = BY_HAND
    assert not explorer.route_color.disabled
    explorer.route_color.value = "yellow"
    explorer.length.value = 5
    set_hand(explorer, yellow=6, locomotive=1)
    exact = tunnel_odds("yellow", 5, cards(yellow=6, locomotive=1))
    assert explorer.odds == exact
    assert shows(explorer, exact.distribution)
    assert "a 5-long yellow tunnel" in explorer.figure.layout.title.text


def test_the_all_locomotive_offer_counts_only_locomotives(explorer: TunnelOddsExplorer) -> None:
    set_hand(explorer, red=3, locomotive=4)
    explorer.play.value = "locomotive"
    pool = unseen_pool(cards(red=3, locomotive=4))
    exact = tunnel_odds("locomotive", 3, cards(red=3, locomotive=4))
    assert exact.distribution == tunnel_extra_distribution("locomotive", pool)
    assert shows(explorer, exact.distribution)
    assert exact.can_pay == exact.distribution[0] + exact.distribution[1]  # 1 locomotive spare
    assert "You offer only locomotives: an all-locomotive offer is its own case" in \
        explorer.offer_note.value
    assert "only locomotives can pay" in explorer.offer_note.value
    assert "one more red" not in explorer.what_if_label.value  # a colour would not help
    assert "played in all locomotives" in explorer.figure.layout.title.text


def test_a_hand_without_the_colour_makes_the_offer_all_locomotives(
        explorer: TunnelOddsExplorer) -> None:
    explorer.select(ERZURUM_SOCHI)
    set_hand(explorer, blue=5, locomotive=4)
    assert explorer.odds is not None and explorer.odds.all_locomotive
    assert "Your hand has no red card, so your offer is all locomotives" in \
        explorer.offer_note.value


def test_a_hand_that_cannot_pay_the_printed_cost(explorer: TunnelOddsExplorer) -> None:
    explorer.select(ERZURUM_SOCHI)
    set_hand(explorer, red=1, locomotive=1)
    assert "Chance you can pay: 0</b> — your hand cannot even pay the printed 3 cards" in \
        explorer.can_pay_label.value
    assert shows(explorer, tunnel_odds("red", 3, cards(red=1, locomotive=1)).distribution)


def test_more_cards_than_exist_shows_the_sentence_not_a_traceback(
        explorer: TunnelOddsExplorer) -> None:
    set_hand(explorer, red=10)
    explorer.seen_inputs["red"].value = 3
    assert "13 red cards in view (10 in hand, 3 seen) but the deck holds only 12" in \
        explorer.error.value
    assert explorer.odds is None and bars(explorer) == (0.0,) * 4
    assert explorer.can_pay_label.value == explorer.what_if_label.value == ""
    explorer.seen_inputs["red"].value = 2  # fixed: the numbers come back, the error goes
    assert explorer.error.value == ""
    assert explorer.odds == tunnel_odds("red", 3, cards(red=10), cards(red=2))


def test_a_negative_count_is_named(explorer: TunnelOddsExplorer) -> None:
    explorer.hand_inputs["pink"].value = -1
    assert "hand: the count of pink must be a whole number ≥ 0, got -1" in explorer.error.value


def test_from_state_reads_hand_row_and_discards() -> None:
    state = scenario(EUROPE, 2, hands=[{"red": 3, "locomotive": 2}, {"red": 4}],
                     face_up=["red", "locomotive", "blue", "green", "green"],
                     discard=["red", "locomotive", "white"], current=0)
    explorer = TunnelOddsExplorer.from_state(state, ERZURUM_SOCHI)
    hand, seen = cards(red=3, locomotive=2), cards(red=2, locomotive=2, blue=1, green=2, white=1)
    assert (explorer.hand, explorer.seen) == (hand, seen)
    assert explorer.tunnel.value == ERZURUM_SOCHI
    assert explorer.odds == tunnel_odds("red", 3, hand, seen)
    # 110 - 5 in hand - 8 seen = 97 unseen (the opponent's 4 reds among them), of which
    # 12 - 3 - 2 = 7 red and 14 - 2 - 2 = 10 locomotives cost one more.
    assert (explorer.odds.pool, explorer.odds.matching) == (97, 17)
    assert "discard pile, which lies face up" in explorer.source.value
    other = TunnelOddsExplorer.from_state(state, PARIS_ZURICH, player=1, play="red")
    assert other.hand == cards(red=4) and other.play.value == "red"


def test_from_state_refuses_a_route_that_is_not_a_tunnel() -> None:
    with pytest.raises(ValueError, match="is not a tunnel"):
        TunnelOddsExplorer.from_state(scenario(EUROPE, 2), "eu-001")


def test_a_play_that_cannot_pay_the_tunnel_is_refused() -> None:
    with pytest.raises(ValueError, match="play: 'blue' cannot pay this red tunnel"):
        TunnelOddsExplorer(EUROPE, route_id=ERZURUM_SOCHI, play="blue")


def test_the_repr_names_the_inputs(explorer: TunnelOddsExplorer) -> None:
    explorer.set_hand({"red": 2})
    assert repr(explorer) == ("TunnelOddsExplorer(load_map('europe'), route_id='eu-085', "
                              "hand=(2, 0, 0, 0, 0, 0, 0, 0, 0), "
                              "seen=(0, 0, 0, 0, 0, 0, 0, 0, 0), play='red')")


def test_the_played_colour_follows_the_hand_until_the_user_picks_one(
        explorer: TunnelOddsExplorer) -> None:
    explorer.set_hand({"green": 3, "pink": 1})
    assert explorer.play.value == "green"
    explorer.set_hand({"green": 3, "pink": 5})
    assert explorer.play.value == "pink"
    explorer.play.value = "green"  # the user's choice now sticks
    explorer.set_hand({"green": 1, "pink": 6})
    assert explorer.play.value == "green"
    assert explorer.odds == tunnel_odds("green", 3, cards(green=1, pink=6))
    explorer.select(PARIS_ZURICH)  # choosing a tunnel again starts afresh
    assert explorer.play.value == "pink"


def drawn(explorer: TunnelOddsExplorer) -> dict:
    """The chart the page shows: the plotly figure in the explorer's Output widget."""
    (output,) = explorer.chart.outputs
    return output["data"]["application/vnd.plotly.v1+json"]


def test_the_chart_on_the_page_shows_the_current_bars(explorer: TunnelOddsExplorer) -> None:
    # the page draws what the Output widget holds: it must follow every change
    explorer.set_hand({"red": 4})
    chart = drawn(explorer)["data"][0]
    assert tuple(chart["y"]) == bars(explorer) and tuple(chart["text"]) == labels(explorer)
    assert "Paris–Zürich" in drawn(explorer)["layout"]["title"]["text"]
    explorer.hand_inputs["red"].value = 20
    assert tuple(drawn(explorer)["data"][0]["y"]) == (0.0,) * 4
    assert drawn(explorer)["layout"]["title"]["text"] == "No odds: check the cards"
