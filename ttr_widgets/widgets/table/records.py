"""Game records: download the game as JSON, load a record back, replay it from the deal.

The record is ``rules.record.to_record`` (every action, also those undone, and the cursor);
loading replays it through the rules (``from_record``), so a tampered record is refused with
one line naming the field.
"""

from __future__ import annotations

import base64
import html
import json
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
import traitlets

from ttr_widgets.rules.errors import PositionError, TTRError
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.record import from_record, is_record, to_record

__all__ = ["RecordsPanel", "record_href", "uploaded_game"]


def record_href(game: Game) -> str:
    """The record as a ``data:`` URI, for a download link."""
    text = json.dumps(to_record(game), indent=1) + "\n"
    return "data:application/json;base64," + base64.b64encode(text.encode()).decode("ascii")


def uploaded_game(value: Any) -> Game:
    """The game in a ``FileUpload`` value (ipywidgets 8: a tuple of dicts with ``name`` and
    ``content``); ``PositionError`` naming the file (and the field) when it is not a record,
    and saying where a position file opens instead."""
    if not value:
        raise PositionError("upload: no file was uploaded")
    item = value[0]
    name = item.get("name", "the file")
    try:
        data = json.loads(bytes(item["content"]).decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise PositionError(f"{name}: not a JSON game record ({exc})") from None
    if isinstance(data, dict) and not is_record(data):
        raise PositionError(f"{name}: a position (who holds what), not a game record: "
                            "positions open in the ticket scorer and the scoring explorer; "
                            "here the app loads the game records it saves")
    try:
        return from_record(data)
    except PositionError as exc:
        raise PositionError(f"{name}: {exc}") from None


class RecordsPanel(widgets.VBox):
    """A download link (``ttr-download``), a file upload (``ttr-upload``) and a
    ``Replay from the deal`` button (``ttr-replay``)."""

    game = traitlets.Instance(Game, allow_none=True)
    recordable = traitlets.Bool(True)  #: False for a game set up by hand: no record replays it

    def __init__(self, on_load: Callable[[Game], object],
                 on_error: Callable[[TTRError], object],
                 on_replay: Callable[[], object]) -> None:
        self._on_load = on_load
        self._on_error = on_error
        self.download = widgets.HTML()
        self.download.add_class("ttr-download")
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False,
                                         layout=widgets.Layout(width="auto"))
        self.upload.add_class("ttr-upload")
        self.upload.observe(self._uploaded, names="value")
        self.replay = widgets.Button(icon="step-backward", layout=widgets.Layout(width="auto"))
        self.replay.add_class("ttr-replay")
        self.replay.on_click(lambda _b: on_replay())
        self.heading = widgets.HTML()
        super().__init__([self.heading, self.download, widgets.HBox([self.upload, self.replay])])
        self.add_class("ttr-records")
        self.relabel()

    def relabel(self) -> None:
        """The panel's words again, in the language now."""
        heading = _("Game record")
        self.heading.value = f"<b>{html.escape(heading)}</b>"
        self.upload.description = _("Load a record")
        self.replay.description = _("Replay from the deal")
        self.replay.tooltip = _("Go back to the deal; then step through the game with Redo or "
                                "the step buttons")
        self._render()

    def _uploaded(self, change: dict[str, Any]) -> None:
        if not change["new"]:
            return
        try:
            game = uploaded_game(change["new"])
        except TTRError as error:
            self._on_error(error)
        else:
            self._on_load(game)
        finally:
            self.upload.value = ()  # the same file can be loaded again

    @traitlets.observe("game", "recordable")
    def _render(self, _change: object = None) -> None:
        game = self.game
        if game is None:
            self.download.value = ""
            return
        if not self.recordable:
            said = _("This game starts from a position set up by hand: a record (which replays "
                     "from the deal) cannot hold it.")
            self.download.value = (f'<span style="font-size:12px;color:#666">'
                                   f'{html.escape(said)}</span>')
            return
        first = game.initial
        name = f"ttr-{first.board.name}-seed{first.seed}-step{game.cursor}.json"
        href = record_href(game)
        n = len(game.actions)
        said = ngettext("Download the game record (JSON, {n} move)",
                        "Download the game record (JSON, {n} moves)", n).format(n=n)
        self.download.value = (
            f'<a class="ttr-download-link" download="{html.escape(name)}" '
            f'href="{href}" style="font-size:13px">⬇ {html.escape(said)}</a>')
