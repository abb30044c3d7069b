"""At a shared table (a real ``ttr serve``, a page seated at a table with a bot) a hint asked on
the page goes into the table's Log as it does at one screen (issue 24): whole, between the
table's events after the one it followed, and no numbered event of the table."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from ttr_widgets.tables.client import api_post
from ttr_widgets.testing.together import SeatPage

from . import KIT_NOTEBOOKS, VoilaServer, running_server, screenshot


@pytest.fixture(scope="module")
def server() -> Iterator[VoilaServer]:
    """The kit's pages, the tables' bots quick (0.2 s a move)."""
    with running_server(KIT_NOTEBOOKS, log_name="voila-together-log",
                        env={"TTR_BOT_PACE": "0.2"}, extra=["--pool", "1"]) as running:
        yield running


def test_a_hint_at_a_shared_table_is_kept_in_its_log(server: VoilaServer,
                                                     chromium: Browser) -> None:
    table = api_post(server.base_url, {"map": "mini", "seats": 2,
                                       "bots": [None, "greedy"]})["name"]
    ann = SeatPage(chromium)
    try:
        ann.open(f"{server.url('Play.ipynb')}?table={table}")
        ann.join("Ann")
        ann.wait_status("Ann: choose the tickets to keep")
        ann.keep_tickets()
        ann.wait_status("draw cards")  # Ann's turn (the bot kept its tickets meanwhile)
        events = ann.events()
        ann.page.locator(".ttr-hint").first.click()
        hint = ann.wait_status("Hint for Ann:")
        ann.page.locator(".ttr-tabs .lm-TabBar-tab", has_text="Log").first.click()
        note = ann.page.locator(".ttr-together-events li.ttr-log-note.ttr-log-hint")
        note.first.wait_for(state="visible")
        assert note.count() == 1
        said = note.first.inner_text()
        assert said.startswith("☞ Hint for Ann:") and said[2:] in hint.replace("\n", " ")
        newest = ann.page.locator(".ttr-together-events li").first
        assert "ttr-log-hint" in (newest.get_attribute("class") or "")  # after the events
        assert ann.events() == events  # no event of the table
        screenshot(ann.page, "together-log-hint", full_page=False)
        ann.page.locator(".ttr-tabs .lm-TabBar-tab", has_text="Play").first.click()
        ann.draw_blind()
        ann.wait_events(len(events) + 1)
        ann.page.locator(".ttr-tabs .lm-TabBar-tab", has_text="Log").first.click()
        rows = ann.page.locator(".ttr-together-events li")
        classes = [rows.nth(i).get_attribute("class") or "" for i in range(rows.count())]
        at = next(i for i, c in enumerate(classes) if "ttr-log-hint" in c)
        above = [rows.nth(i).inner_text() for i in range(at)]  # newer than the hint
        assert any("Ann draws" in text for text in above), above
        screenshot(ann.page, "together-log-hint-then-a-move", full_page=False)
        assert ann.errors == []
    finally:
        ann.close()
