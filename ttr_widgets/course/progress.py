"""A lesson's page tells the teacher's room how far its student has come (``tables.progress``).

Under ``ttr serve`` a lesson's page reports, for its student, that the lesson was opened (the
page loaded), that it was finished (every quiz on the page answered, right or wrong) and each
quiz's answer. The student is the one whose personal link this browser opened (the seat keys
it keeps, as the play page keeps them: the server knows whose seat a key is), or the name they
give once: the first quiz of a lesson asks for it, and the browser keeps it for every lesson
after. Reports wait until the page knows its student; they are sent by the page's kernel to
the table service (``POST …/ttr/api/progress``, with the class key), which only keeps them:
nobody but the teacher reads them back.

Outside ``ttr serve`` (JupyterLab, Binder) nothing is asked, kept or said: ``LessonProgress``
has no recorder and the quizzes are what they always were.
"""

from __future__ import annotations

import asyncio
import html
import json
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any, Protocol

import anywidget
import ipywidgets as w
import traitlets

from ttr_widgets.rules import i18n
from ttr_widgets.rules.i18n import N_, _
from ttr_widgets.tables.progress import MAX_NAME, PROGRESS
from ttr_widgets.widgets.table.shared import TablesNotServed, tables_here

__all__ = ["LessonProgress", "PageLesson", "Recorder", "ServiceRecorder", "page_progress"]

ASK = N_("Your name, so that your teacher sees how far you have come in the course:")
STUDENT_SLOT = "ttr-student"  #: where the browser keeps the name given


class Recorder(Protocol):
    """Where a page's reports go: ``report(body)`` (a report as ``tables.progress`` reads it);
    ``refused(text)`` is called back when the service did not keep one."""

    def report(self, body: dict[str, Any], refused: Callable[[str], object]) -> None: ...


class ServiceRecorder:
    """Reports sent to this kernel's table service (in the background when the kernel's loop
    runs, as the game keeper's writes)."""

    def __init__(self, local: str, class_key: str = "") -> None:
        self.url = f"{local.rstrip('/')}/{PROGRESS}"
        self.class_key = class_key
        self.sent = 0  #: reports kept so far
        self._sending: set[asyncio.Task[None]] = set()

    def report(self, body: dict[str, Any], refused: Callable[[str], object]) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._told(self._post_now(body), refused)
            return
        task = loop.create_task(self._post(body, refused))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def _post(self, body: dict[str, Any], refused: Callable[[str], object]) -> None:
        from tornado.httpclient import AsyncHTTPClient, HTTPClientError

        try:
            await AsyncHTTPClient().fetch(self.url, method="POST", body=json.dumps(body),
                                          headers=self._headers(), request_timeout=30)
        except HTTPClientError as exc:
            self._told(_error(exc.response.body if exc.response else b"") or str(exc), refused)
            return
        except OSError as exc:
            self._told(str(exc), refused)
            return
        self._told(None, refused)

    def _post_now(self, body: dict[str, Any]) -> str | None:
        request = urllib.request.Request(self.url, data=json.dumps(body).encode(),
                                         method="POST", headers=self._headers())
        try:
            with urllib.request.urlopen(request, timeout=30):
                return None
        except urllib.error.HTTPError as exc:
            return _error(exc.read()) or str(exc)
        except (urllib.error.URLError, OSError) as exc:
            return str(exc)

    def _told(self, error: str | None, refused: Callable[[str], object]) -> None:
        if error is None:
            self.sent += 1
        else:
            refused(error)

    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        if self.class_key:
            headers["Authorization"] = f"token {self.class_key}"
        return headers


def _error(body: bytes) -> str | None:
    try:
        text = json.loads(body).get("error")
    except (ValueError, AttributeError):
        return None
    return str(text) if text else None


_ESM = r"""
export default {
  render({ model }) {
    const last = window.location.pathname.split('/').pop() || '';
    let student = '';
    const seats = [];
    try {
      student = window.localStorage.getItem(model.get('slot')) || '';
      for (let i = 0; i < window.localStorage.length; i += 1) {
        const key = window.localStorage.key(i) || '';
        if (key.startsWith('ttr-seat:')) {
          seats.push(key.slice('ttr-seat:'.length) + ' ' + window.localStorage.getItem(key));
        }
      }
    } catch (e) {}
    model.on('change:remember', () => {
      const name = model.get('remember');
      if (name) { try { window.localStorage.setItem(model.get('slot'), name); } catch (e) {} }
    });
    model.set('lesson', decodeURIComponent(last).replace(/\.ipynb$/, ''));
    model.set('student', student);
    model.set('seats', seats.join('\n'));
    model.set('told', true);
    model.save_changes();
  }
};
"""


class PageLesson(anywidget.AnyWidget):  # type: ignore[misc]
    """What the browser knows of the page: its lesson (the notebook's name), the student's
    name it keeps, the seat keys it keeps ('TABLE KEY' a line); ``remember`` keeps a name."""

    _esm = _ESM
    slot = traitlets.Unicode(STUDENT_SLOT).tag(sync=True)
    lesson = traitlets.Unicode("").tag(sync=True)
    student = traitlets.Unicode("").tag(sync=True)
    seats = traitlets.Unicode("").tag(sync=True)
    told = traitlets.Bool(False).tag(sync=True)
    remember = traitlets.Unicode("").tag(sync=True)

    def __init__(self) -> None:
        super().__init__(layout={"display": "none"})


class LessonProgress:
    """One lesson page's reports (see the module docstring); without a recorder, nothing."""

    def __init__(self, recorder: Recorder | None) -> None:
        self.recorder = recorder
        self.questions: list[str] = []
        self.answered: set[str] = set()
        self.finished = False
        self.waiting: list[dict[str, Any]] = []
        self.seat: tuple[str, str] | None = None  #: a personal link's (table, key), if any
        self.student = ""
        self.browser = PageLesson()
        self.name = w.Text(style={"description_width": "initial"},  # its label, for a reader
                           layout=w.Layout(width="640px"))
        self.save_button = w.Button(layout=w.Layout(width="auto"))
        self._said: tuple[str, str] | None = None  #: the last answer to a name: its kind, name
        self.save_button.on_click(lambda _b: self.give_name(self.name.value))
        self.said = w.HTML()
        self.asking = w.HBox([self.name, self.save_button])
        self.box = w.VBox([self.asking, self.said],
                          layout=w.Layout(display="none"))
        self.box.add_class("ttr-progress-name")
        self.browser.observe(self._browser_told, names="told")
        self._label()
        i18n.on_change(self._language_changed)  # the page's address tells it late
        if recorder is not None:
            self._report({"kind": "opened"})

    @property
    def active(self) -> bool:
        return self.recorder is not None

    def add(self, question: str) -> list[w.Widget]:
        """A quiz on this page: the widgets it shows above its question (the first quiz asks
        for the student's name, when the page keeps progress)."""
        first = not self.questions
        self.questions.append(question)
        self.finished = False
        return [self.browser, self.box] if first and self.active else []

    def answer(self, question: str, right: bool) -> None:
        """A quiz answered: reported, and the lesson finished once every quiz is."""
        if not self.active:
            return
        self.answered.add(question)
        self._report({"kind": "answered", "quiz": question, "right": right})
        if not self.finished and set(self.questions) <= self.answered:
            self.finished = True
            self._report({"kind": "finished"})

    def give_name(self, name: str) -> None:
        """The student typed their name (kept by the browser for the lessons after)."""
        name = " ".join(name.split())
        if not name or len(name) > MAX_NAME:
            self._say("retype", name)
            return
        self.student, self.seat = name, None
        self.browser.remember = name
        self._say("thanks", name)
        self.asking.layout.display = "none"
        self._flush()

    def relabel(self) -> None:
        """The box's words again in the language now."""
        self._label()
        if self._said is not None:
            self._say(*self._said)

    # -- the box's words

    def _label(self) -> None:
        self.name.description = _(ASK)
        self.name.placeholder = _("your name")
        self.save_button.description = _("Save")

    def _say(self, kind: str, name: str) -> None:
        """Answer a name typed: ask again (``retype``) or thank the student (``thanks``)."""
        self._said = (kind, name)
        if kind == "retype":
            said = _("Type your name (at most {n} characters).").format(n=MAX_NAME)
        else:
            said = _("Thank you, {name}: your teacher sees your progress.").format(name=name)
        self.said.value = html.escape(said, quote=False)

    def _language_changed(self, _language: str) -> None:
        self.relabel()

    # -- internals

    def _browser_told(self, _change: object) -> None:
        seats = [line.split(" ", 1) for line in self.browser.seats.splitlines() if " " in line]
        self.student = " ".join(self.browser.student.split())[:MAX_NAME]
        if not self.student and seats:
            self.seat = (seats[-1][0], seats[-1][1])
        if not self.student and self.seat is None:
            self.box.layout.display = ""
        self._flush()

    def _who(self) -> dict[str, str] | None:
        if not self.browser.lesson:
            return None
        if self.student:
            return {"student": self.student, "lesson": self.browser.lesson}
        if self.seat is not None:
            return {"table": self.seat[0], "seat": self.seat[1], "lesson": self.browser.lesson}
        return None

    def _report(self, what: dict[str, Any]) -> None:
        self.waiting.append(what)
        self._flush()

    def _flush(self) -> None:
        who = self._who()
        if who is None or self.recorder is None:
            return
        waiting, self.waiting = self.waiting, []
        for what in waiting:
            self.recorder.report({**who, **what}, lambda text, w=what: self._refused(w, text))

    def _refused(self, what: dict[str, Any], text: str) -> None:
        if self.seat is not None and not self.student:  # a seat this server no longer knows
            self.seat = None
            self.waiting.append(what)
            self.box.layout.display = ""


_PAGE: LessonProgress | None = None


def page_progress() -> LessonProgress:
    """This page's (one lesson page per kernel): reporting to the table service under ``ttr
    serve``, silent elsewhere."""
    global _PAGE
    if _PAGE is None:
        try:
            local, _page, class_key = tables_here()
        except TablesNotServed:
            _PAGE = LessonProgress(None)
        else:
            _PAGE = LessonProgress(ServiceRecorder(local, class_key))
    return _PAGE
