"""How pages not served by ``ttr serve`` (JupyterHub: every student's own server) find a shared
table service: ``TTR_TABLES_URL`` (the service's address and class key) and ``TTR_PLAY_URL``
(the play page a table's links open), against a real school-network ``ttr serve`` on
PostgreSQL with the class key it was given (``--class-key``), which the links never carry."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ttr_widgets.served import (
    CLASS_KEY_ENV,
    PAGE_BASE_ENV,
    PLAY_URL_ENV,
    TABLES_ENV,
    TABLES_URL_ENV,
    play_page,
    table_service,
)
from ttr_widgets.tables.client import TableClientError
from ttr_widgets.testing.browser import VoilaServer, running_server
from ttr_widgets.testing.postgres import Postgres
from ttr_widgets.widgets.table.shared import list_tables, make_table, table_link

ROOT = Path(__file__).resolve().parents[1] / "browser" / "notebooks"
KEY = "class-key-42"  #: the same at every start (ttr serve --class-key): the hub's pages know it
PLAY = "https://hub.example.org/hub/user-redirect/voila/render/notebooks/Play.ipynb"


def test_a_hub_s_variable_names_the_service_and_its_key() -> None:
    hub = {TABLES_URL_ENV: "http://ttr-tables.jhub.svc:8866/?token=k3y", PLAY_URL_ENV: PLAY}
    assert table_service(hub) == ("http://ttr-tables.jhub.svc:8866/",
                                  "http://ttr-tables.jhub.svc:8866/", "k3y")
    assert table_service({TABLES_URL_ENV: "http://ttr-tables/tables"}) == (
        "http://ttr-tables/tables/", "http://ttr-tables/tables/", "")
    assert play_page(hub) == PLAY and play_page({}) is None
    for bad in ("ttr-tables:8866", "ftp://ttr-tables/", ""):
        assert table_service({TABLES_URL_ENV: bad}) is None  # no shared tables, as on Binder
    served = {TABLES_ENV: "http://127.0.0.1:8866/", PAGE_BASE_ENV: "http://10.0.0.5:8866/",
              CLASS_KEY_ENV: "abc", **hub}  # a ttr serve's own kernels: its own service
    assert table_service(served) == ("http://127.0.0.1:8866/", "http://10.0.0.5:8866/", "abc")


def test_a_table_s_link_opens_the_hub_s_play_page_without_the_key(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (TABLES_ENV, PAGE_BASE_ENV, CLASS_KEY_ENV):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv(TABLES_URL_ENV, "http://ttr-tables:8866/?token=k3y")
    monkeypatch.setenv(PLAY_URL_ENV, PLAY)
    assert table_link("maple-7") == f"{PLAY}?table=maple-7"
    assert table_link("maple-7", "s3at") == f"{PLAY}?table=maple-7&seat=s3at"
    monkeypatch.delenv(PLAY_URL_ENV)  # no play page of its own: the service's, with the key
    assert table_link("maple-7") == ("http://ttr-tables:8866/voila/render/Play.ipynb"
                                     "?table=maple-7&token=k3y")


@pytest.fixture
def network_server(postgres: Postgres) -> Iterator[VoilaServer]:
    with running_server(ROOT, notebook="click_points.ipynb", preheat=False,
                        log_name="tables-hub-env", tables=postgres.database(),
                        extra=("--host", "0.0.0.0", "--class-key", KEY)) as running:
        yield running


@pytest.mark.browser  # a real server: with the browser tests' group
def test_pages_elsewhere_make_and_list_tables_through_the_variable(
        network_server: VoilaServer, monkeypatch: pytest.MonkeyPatch) -> None:
    banner = network_server.log_path.read_text()
    assert f"(the class key {KEY} is part of every link)" in banner  # the key given, kept
    for name in (TABLES_ENV, PAGE_BASE_ENV, CLASS_KEY_ENV):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv(PLAY_URL_ENV, PLAY)
    monkeypatch.setenv(TABLES_URL_ENV, f"http://127.0.0.1:{network_server.port}/")
    with pytest.raises(TableClientError, match="class key"):
        list_tables()  # the service asks for its key
    monkeypatch.setenv(TABLES_URL_ENV, f"http://127.0.0.1:{network_server.port}/?token={KEY}")
    made = make_table({"map": "usa", "seats": 2})
    assert [t["name"] for t in list_tables()] == [made["name"]]
    assert table_link(made["name"]) == f"{PLAY}?table={made['name']}"
