"""A lesson page in Chromium at 1366×768, as a learner uses it: a quiz's "Try it on the board"
switches the lesson's board to its position and brings it into view; the instructions, the
board and the controls are then all on the screen at once; the learner takes the face-up red
and then tries the face-up locomotive the rule forbids as a second card, and the status line
refuses it with the rule behind its "why?"."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from . import (
    KIT_NOTEBOOKS,
    VIEWPORT,
    VoilaServer,
    click_plotly_point,
    find_plotly_point,
    open_notebook,
    running_server,
    screenshot,
)

LESSON = "02-Drawing-Cards.ipynb"
TABLE = ".ttr-lesson"
#: What must be on the screen together: the instructions, the board, the controls.
PARTS = {"instructions": f"{TABLE} .ttr-lesson-text", "board": f"{TABLE} .ttr-board",
         "status line": f"{TABLE} .ttr-status", "face-up row": f"{TABLE} .ttr-market",
         "hand": f"{TABLE} .ttr-hand", "Reset": f"{TABLE} button:has-text('Reset')"}


@pytest.fixture(scope="module")
def lesson_server() -> Iterator[VoilaServer]:
    with running_server(KIT_NOTEBOOKS, notebook=LESSON, log_name="voila-lesson") as server:
        yield server


def on_screen(page: Page, selector: str) -> tuple[bool, dict[str, float]]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not displayed"
    slack = 1  # px: the layout places boxes on fractions of a pixel
    inside = (box["x"] >= -slack and box["y"] >= -slack
              and box["x"] + box["width"] <= VIEWPORT["width"] + slack
              and box["y"] + box["height"] <= VIEWPORT["height"] + slack)
    return inside, box


@pytest.mark.browser
def test_a_lesson_board_refuses_the_forbidden_move_on_one_screen(
        lesson_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    open_notebook(page, lesson_server, LESSON, ready=f"{TABLE} .ttr-market-card")
    page.locator(".ttr-quiz-try").nth(1).click()  # the quiz on the second locomotive
    page.locator(f"{TABLE} .ttr-lesson-text", has_text="No locomotive as the second card"
                 ).wait_for(state="visible")
    page.wait_for_timeout(1500)  # the scroll, and the board's fit to the screen
    for name, selector in PARTS.items():
        inside, box = on_screen(page, selector)
        assert inside, f"the {name} is not on the 1366×768 screen: {box}"

    page.locator(f"{TABLE} .ttr-market-card.ttr-card-red").first.click()
    page.locator(f"{TABLE} .ttr-status .ttr-status-done").wait_for(state="visible")
    page.locator(f"{TABLE} .ttr-market-card.ttr-card-locomotive").first.click()
    refusal = page.locator(f'{TABLE} .ttr-status .ttr-status-error'
                           '[data-rule="draw.second-locomotive"]')
    refusal.wait_for(state="visible")
    assert "second card" in refusal.inner_text()
    refusal.locator("summary").click()  # the "why?" opens the rule's sentence
    assert "never be the second card" in refusal.locator(".ttr-why-text").inner_text()
    page.locator(f"{TABLE} .ttr-goal", has_text="Done").wait_for(state="visible")
    for name, selector in PARTS.items():
        inside, box = on_screen(page, selector)
        assert inside, f"after the moves, the {name} is off the screen: {box}"
    screenshot(page, "lesson-refusal", full_page=False)
    assert console_errors == []


@pytest.mark.browser
def test_a_payment_the_rules_forbid_is_tried_from_the_board(
        lesson_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    """Lesson 3's first position: a click on Atlanta–Miami (5 blue) opens the app's claim
    panel (the legal payment only); the learner types 2 red and 3 blue in the try row, cards
    of each colour, and the core refuses the mix under its rule."""
    open_notebook(page, lesson_server, "03-Claiming-Routes.ipynb",
                  ready=f"{TABLE} .ttr-market-card")
    page.locator(TABLE).first.scroll_into_view_if_needed()
    board = f"{TABLE} .js-plotly-plot"
    trace, point = find_plotly_point(page, "usa-002", selector=board)
    click_plotly_point(page, trace, point, selector=board)
    option = page.locator(f"{TABLE} .ttr-claim-option")
    option.first.wait_for(state="visible")
    assert option.all_inner_texts() == ["Pay 3 blue + 2 locomotives"]
    for card, n in (("red", "2"), ("blue", "3"), ("locomotive", "0")):
        box = page.locator(f"{TABLE} .ttr-try-{card} input")
        box.fill(n)
        box.press("Tab")  # the number is sent when the box is left
    page.locator(f"{TABLE} .ttr-try-payment").click()
    refusal = page.locator(f'{TABLE} .ttr-status .ttr-status-error[data-rule="claim.one-colour"]')
    refusal.wait_for(state="visible")
    assert "you offered 2 red cards and 3 blue cards" in refusal.inner_text()
    for name, selector in {**PARTS, "claim panel": f"{TABLE} .ttr-claim",
                           "try row": f"{TABLE} .ttr-try-row"}.items():
        inside, box = on_screen(page, selector)
        assert inside, f"with the claim panel open, the {name} is off the screen: {box}"
    screenshot(page, "lesson-claim-refusal", full_page=False)
    assert console_errors == []


@pytest.mark.browser
def test_a_ticket_choice_fits_beside_the_board_and_too_few_are_refused(
        lesson_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    """Lesson 7 starts with Europe's deal (1 long ticket and 3 regular ones, all ticked, as in
    the app): keeping only the long one is refused under tickets.keep, on one screen."""
    open_notebook(page, lesson_server, "07-Europe-Stations-and-Long-Tickets.ipynb",
                  ready=f"{TABLE} .ttr-ticket-choice")
    page.locator(TABLE).first.evaluate("table => table.scrollIntoView({block: 'start'})")
    boxes = page.locator(f"{TABLE} .ttr-ticket-choice input[type=checkbox]")
    assert boxes.count() == 4 and all(boxes.nth(i).is_checked() for i in range(4))
    for i in (1, 2, 3):
        boxes.nth(i).uncheck()
    page.locator(f"{TABLE} .ttr-keep-tickets").click()
    page.locator(f'{TABLE} .ttr-status .ttr-status-error[data-rule="tickets.keep"]'
                 ).wait_for(state="visible")
    page.wait_for_timeout(1000)  # the board's fit
    for name, selector in {**PARTS, "ticket choice": f"{TABLE} .ttr-ticket-choice-panel"
                           }.items():
        inside, box = on_screen(page, selector)
        assert inside, f"with the ticket choice open, the {name} is off the screen: {box}"
    screenshot(page, "lesson-ticket-refusal", full_page=False)
    assert console_errors == []


@pytest.mark.browser
def test_the_team_lesson_starts_one_round_in_and_its_bot_teammate_plays_its_own_turn(
        lesson_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    """Lesson 10's try-it: the table is one round in (the Blue holder holds the 2 red the text
    speaks of), the tasks sit over the board; a turn drawn from the pile is followed by the
    bots' turns (Ben's included, played by his bot) and the learner is to move again."""
    open_notebook(page, lesson_server, "10-Team-Play.ipynb", ready=f"{TABLE} .ttr-team-tasks")
    page.locator(TABLE).first.evaluate("table => table.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(1000)  # the board's fit
    holders = page.locator(f"{TABLE} .ttr-holders").first
    assert "red ×2" in holders.inner_text()
    screenshot(page, "lesson-team-start", full_page=False)
    page.locator(f"{TABLE} .ttr-market button", has_text="Draw blind").click()
    page.locator(f"{TABLE} .ttr-placement button").first.click()
    page.locator(f"{TABLE} .ttr-market button", has_text="Draw blind").click()
    status = page.locator(f"{TABLE} .ttr-status")
    status.filter(has_text="Your turn").wait_for(state="visible", timeout=30_000)
    assert "Ben" in status.inner_text()  # Ben's bot moved, and the line says what it did
    assert not page.locator(f"{TABLE} .ttr-take-turn").is_visible()
    screenshot(page, "lesson-team-after-a-round", full_page=False)
    assert console_errors == []
