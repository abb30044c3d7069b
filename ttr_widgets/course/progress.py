"""A lesson's page tells the teacher's room how far its student has come (``tables.progress``).

Under ``ttr serve`` a lesson's page reports, for its student, that the lesson was opened (the
page loaded), that it was finished (every quiz on the page answered, right or wrong) and each
quiz's answer. The student is the one whose personal link this browser opened (the seat keys
it keeps, as the play page keeps them: the server knows whose seat a key is), or the name they
give once: the first quiz of a lesson asks for it, and the browser keeps it for every lesson
after. Reports wait until the page knows its student; they are sent by the page's kernel to
the table service (``POST …/ttr/api/progress``, with the class key), which only keeps them:
nobody but the teacher reads them back.

A report the service does not keep is said under the name box, in the page's language (told
again when it changes): the service's refusal from its code and arguments (``tables.telling``:
the service answers ``{"error", "say", "args"}``, its English beside them), else its English
text; a service the page cannot reach, or one that answers no refusal, in a sentence of the
page's own (``refusal_words``). A personal link's seat the server does not know also asks for
the name, and the report is sent again under it.

Outside ``ttr serve`` (JupyterLab, Binder) nothing is asked, kept or said: ``LessonProgress``
has no recorder and the quizzes are what they always were.
"""

from __future__ import annotations

import asyncio
import html
import json
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping
from typing import Any, Protocol

import anywidget
import ipywidgets as w
import traitlets

from ttr_widgets.rules import i18n
from ttr_widgets.rules.i18n import N_, _
from ttr_widgets.tables.progress import MAX_NAME, PROGRESS
from ttr_widgets.tables.telling import said
from ttr_widgets.widgets.table.shared import TablesNotServed, tables_here

__all__ = ["LessonProgress", "PageLesson", "Recorder", "ServiceRecorder", "page_progress",
           "refusal_words"]

ASK = N_("Your name, so that your teacher sees how far you have come in the course:")
STUDENT_SLOT = "ttr-student"  #: where the browser keeps the name given

#: Why a report was not kept, by the page's own codes: the service could not be reached, or it
#: answered no refusal of its own (a proxy's error page, say). The service's own codes (a field
#: refused, its store failed) are told by ``telling.said``.
_PAGE_SAYS = {
    "unreachable": N_("Your progress was not kept: the teacher's table service cannot be "
                      "reached just now."),
    "answered": N_("Your progress was not kept: the teacher's table service answered {code} "
                   "{reason}."),
}

Refusal = Mapping[str, Any]
"""Why a report was not kept: the service's answer (``{"say", "args", "text"}``, as
``telling.said`` reads it) or the page's own (``{"say": "unreachable"}``, ``{"say":
"answered", "args": {"code", "reason"}}``)."""


def refusal_words(refusal: Refusal) -> str:
    """Why a report was not kept, in the language now: 'Your progress was not kept: seat: no
    seat of this server's tables has this key'; a refusal without a code known here says its
    text."""
    say, args = refusal.get("say") or "", dict(refusal.get("args") or {})
    try:
        if say in _PAGE_SAYS:
            return _(_PAGE_SAYS[say]).format(**args)
        why = said(refusal)
    except (KeyError, ValueError, TypeError):  # a code without the arguments it needs
        why = str(refusal.get("text") or say)
    return _("Your progress was not kept: {why}").format(why=why)


class Recorder(Protocol):
    """Where a page's reports go: ``report(body)`` (a report as ``tables.progress`` reads it);
    ``refused(refusal)`` is called back when the service did not keep one (``Refusal``)."""

    def report(self, body: dict[str, Any], refused: Callable[[Refusal], object]) -> None: ...


class ServiceRecorder:
    """Reports sent to this kernel's table service (in the background when the kernel's loop
    runs, as the game keeper's writes)."""

    def __init__(self, local: str, class_key: str = "") -> None:
        self.url = f"{local.rstrip('/')}/{PROGRESS}"
        self.class_key = class_key
        self.sent = 0  #: reports kept so far
        self._sending: set[asyncio.Task[None]] = set()

    def report(self, body: dict[str, Any], refused: Callable[[Refusal], object]) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._told(self._post_now(body), refused)
            return
        task = loop.create_task(self._post(body, refused))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def _post(self, body: dict[str, Any], refused: Callable[[Refusal], object]) -> None:
        from tornado.httpclient import AsyncHTTPClient, HTTPClientError

        try:
            await AsyncHTTPClient().fetch(self.url, method="POST", body=json.dumps(body),
                                          headers=self._headers(), request_timeout=30)
        except HTTPClientError as exc:
            if exc.response is None:  # no answer came (a timeout)
                self._told(UNREACHABLE, refused)
            else:
                self._told(_refusal(exc.response.body, exc.code, exc.response.reason), refused)
            return
        except OSError:
            self._told(UNREACHABLE, refused)
            return
        self._told(None, refused)

    def _post_now(self, body: dict[str, Any]) -> Refusal | None:
        request = urllib.request.Request(self.url, data=json.dumps(body).encode(),
                                         method="POST", headers=self._headers())
        try:
            with urllib.request.urlopen(request, timeout=30):
                return None
        except urllib.error.HTTPError as exc:
            return _refusal(exc.read(), exc.code, exc.reason)
        except (urllib.error.URLError, OSError):
            return UNREACHABLE

    def _told(self, refusal: Refusal | None, refused: Callable[[Refusal], object]) -> None:
        if refusal is None:
            self.sent += 1
        else:
            refused(refusal)

    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        if self.class_key:
            headers["Authorization"] = f"token {self.class_key}"
        return headers


UNREACHABLE: Refusal = {"say": "unreachable"}  #: the service did not answer


def _refusal(body: bytes, code: int, reason: str | None) -> Refusal:
    """The service's refusal (``{"error": text, "say": code, "args": {...}}``: ``web.fail``),
    or, for an answer that is none (no JSON, no error in it), the status it answered."""
    try:
        answer = json.loads(body)
        text = answer.get("error")
    except (ValueError, AttributeError):
        text = None
    if not text:
        return {"say": "answered", "args": {"code": code, "reason": reason or ""}}
    return {"say": answer.get("say") or "", "args": answer.get("args") or {}, "text": str(text)}


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
        #: what the box says now (an answer to a name, a report not kept), told again in the
        #: language of the moment (``relabel``)
        self._said: Callable[[], str] | None = None
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
            self._say(lambda: _("Type your name (at most {n} characters).").format(n=MAX_NAME))
            return
        self.student, self.seat = name, None
        self.browser.remember = name
        self._say(lambda: _("Thank you, {name}: your teacher sees your progress.").format(
            name=name))
        self.asking.layout.display = "none"
        self._flush()

    def relabel(self) -> None:
        """The box's words again in the language now."""
        self._label()
        if self._said is not None:
            self._say(self._said)

    # -- the box's words

    def _label(self) -> None:
        self.name.description = _(ASK)
        self.name.placeholder = _("your name")
        self.save_button.description = _("Save")

    def _say(self, words: Callable[[], str]) -> None:
        """Say ``words()`` under the name box (an answer to a name typed, a report not kept),
        and again in another language when the page's changes."""
        self._said = words
        self.said.value = html.escape(words(), quote=False)

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
            self.recorder.report({**who, **what},
                                 lambda refusal, w=what: self._refused(w, refusal))

    def _refused(self, what: dict[str, Any], refusal: Refusal) -> None:
        """A report the service did not keep: said in the box (a personal link's seat it does
        not know: the name asked, the report sent again under it)."""
        if self.seat is not None and not self.student:  # a seat this server no longer knows
            self.seat = None
            self.waiting.append(what)
        elif self.student:  # the name is known: only why
            self.asking.layout.display = "none"
        self.box.layout.display = ""
        self._say(lambda: refusal_words(refusal))


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
