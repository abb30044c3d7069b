"""The play app by keyboard alone, at 1366 × 768: tickets kept, a city found and one of its
routes claimed, cards drawn, tickets drawn and kept — with ``page.keyboard`` only, never the
mouse — and the live region (``.ttr-live``, ``role="status"``) read after each move: it says
what the status line says. The focus is seen (an outline) wherever it goes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Page

from ttr_widgets.rules.advice import route_payments
from ttr_widgets.testing.keyboard import ANSWER_MS, active, answered, live, tab_to
from ttr_widgets.widgets.pages.app import PlayApp
from ttr_widgets.widgets.table.finder import route_words

from . import VoilaServer, running_server, screenshot
from .axe_check import SERIOUS, described, violations
from .play_helpers import PlayPage

pytestmark = pytest.mark.browser

SEED = 4  #: a USA deal where the person can claim Denver–Santa Fe at once
NOTEBOOK = "play_keyboard.ipynb"


@pytest.fixture(scope="module")
def keyboard_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    root: Path = tmp_path_factory.mktemp("keyboard-notebooks")
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "from ttr_widgets.widgets.pages.app import PlayApp\n"
        f"PlayApp('usa', seed={SEED}, bot_delay=0.05)")])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    nbformat.write(notebook, root / NOTEBOOK)
    with running_server(root, notebook=NOTEBOOK, log_name="voila-keyboard") as server:
        yield server


def my_turn(page: Page) -> str:
    """Wait until the bot has played and the person is to move; what the region says then."""
    page.wait_for_function(
        "() => (document.querySelector('.ttr-live') || {}).textContent?.includes('Your turn')",
        timeout=ANSWER_MS)
    return live(page)


def test_a_whole_turn_by_keyboard_alone_told_in_the_live_region(
        keyboard_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    PlayPage.open(page, keyboard_server, NOTEBOOK)
    twin = PlayApp("usa", seed=SEED, bot_delay=0)
    twin.ticket_choice.keep.click()
    route = next(r for r in twin.state.board.routes
                 if {r.a, r.b} == {"Denver", "Santa Fe"} and route_payments(twin.state, r.id))
    said = live(page)
    # named for a screen reader (Chromium's accessibility tree): the live region; the finder
    # steps aside while the tickets are chosen (no route can be taken then)
    assert page.get_by_role("status").filter(has_text=said).count() == 1
    assert page.get_by_role("combobox", name="Find a city").count() == 0

    # the tickets dealt: Alt+T to the choice, Tab to Keep, Enter
    page.keyboard.press("Alt+T")
    page.wait_for_function("() => document.activeElement?.closest('.ttr-ticket-choice')")
    kept = tab_to(page, "ttr-keep-tickets")
    assert kept[3] != "none" and kept[4] != "0px", f"no visible focus on Keep: {kept}"
    screenshot(page, "keyboard-keep-focused")
    page.keyboard.press("Enter")
    said = my_turn(page)
    assert said.startswith("You keep 3 tickets.")

    # a city typed, its routes as buttons in words, one chosen, paid
    assert page.get_by_role("combobox", name="Find a city").count() == 1
    page.keyboard.press("Alt+F")
    page.wait_for_function("() => document.activeElement?.closest('.ttr-finder-city')")
    page.keyboard.type("Denver")
    words = route_words(twin.state, route, "Denver")
    assert words == "Denver–Santa Fe, 2 gray, open"
    page.get_by_role("button", name=words).wait_for(timeout=ANSWER_MS)
    focused = tab_to(page, "ttr-finder-route", text=words)
    assert focused[3] != "none", f"no visible focus on the route's button: {focused}"
    screenshot(page, "keyboard-route-focused")
    page.keyboard.press("Enter")
    said = answered(page, said)
    assert said.startswith("Denver – Santa Fe · 2 gray · 2 points: choose how to pay")
    # the focus moved to the claim panel's first way to pay
    page.wait_for_function("() => document.activeElement?.classList.contains('ttr-claim-option')",
                           timeout=ANSWER_MS)
    pay = active(page)
    screenshot(page, "keyboard-pay-focused")
    # the table with a city's routes and the claim panel open: still no serious WCAG violation
    serious = [v for v in violations(page) if v["impact"] in SERIOUS]
    assert not serious, described(serious)
    page.keyboard.press("Enter")
    said = my_turn(page)
    assert pay[2].startswith("Pay ")  # the first way to pay, as a person would press it
    twin.finder.city.value = "Denver"  # the same choice in the app built here
    next(b for b in twin.finder.buttons.children if b.description == words).click()
    next(b for b in _walk(twin.claim) if getattr(b, "description", None) == pay[2]).click()
    claimed = twin.status.text.split(". ")[0]
    assert claimed.startswith("You claim Denver–Santa Fe"), claimed
    assert said.startswith(claimed), said

    # two cards drawn blind: Alt+B twice
    page.keyboard.press("Alt+B")
    said = answered(page, said)
    assert "one more card to draw" in said, said
    page.keyboard.press("Alt+B")
    said = my_turn(page)

    # tickets drawn from the market by Tab, then kept
    page.keyboard.press("Alt+M")
    page.wait_for_function("() => document.activeElement?.classList.contains('ttr-market-card')")
    tab_to(page, "ttr-draw-tickets")
    page.keyboard.press("Enter")
    said = answered(page, said)
    assert said.startswith("You draw 3 tickets."), said
    page.keyboard.press("Alt+T")
    page.wait_for_function("() => document.activeElement?.closest('.ttr-ticket-choice')")
    tab_to(page, "ttr-keep-tickets")
    page.keyboard.press("Enter")
    said = my_turn(page)
    assert "You keep" in said, said
    screenshot(page, "keyboard-after-the-turns")
    assert console_errors == []


def _walk(widget):  # type: ignore[no-untyped-def]
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)
