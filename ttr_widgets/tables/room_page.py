"""The teacher's room as a page, and a class's sheet to print (``tables.room_web`` serves both).

The room is plain HTML served beside the notebooks (no kernel: a teacher's tab open all lesson
costs the server nothing but a request every two seconds); it keeps the kit's page look (the
notebooks' fonts, the tables page's small tables and colours) and draws what the room's API
gives: the words are the server's, the page only lays them out. Watching a table or replaying a
finished one opens the table's own link: the play page, as any watcher sees it (the public
view: no hand, no ticket), its stepper once the game is over.
"""

from __future__ import annotations

import html
import json
from typing import Any

from ttr_widgets.bots import LEVELS
from ttr_widgets.rules.i18n import _, language
from ttr_widgets.rules.maps import BUILTIN_MAPS, load_map
from ttr_widgets.rules.words import map_title
from ttr_widgets.tables.room import Sheet

__all__ = ["forbidden", "room_html", "sheet_html"]

POLL_MS = 2000  #: how often the room asks for the tables' cards

_STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif;
  font-size: 13px; color: rgba(0,0,0,.87); margin: 0; background: #fff; }
main { max-width: 1320px; margin: 0 auto; padding: 12px 20px 40px; }
h1 { font-size: 26px; margin: 8px 0 4px; font-weight: 600; }
h2 { font-size: 17px; margin: 22px 0 8px; font-weight: 600; }
p.lead { margin: 0 0 10px; color: #333; max-width: 60em; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr));
  gap: 12px; }
.card { border: 1px solid #c9d3df; border-radius: 6px; padding: 10px 12px; background: #fbfcfe; }
.card.paused { background: #fff8e6; border-color: #e0b94f; }
.card.over { background: #f3f4f6; }
.card h3 { font-size: 15px; margin: 0 0 2px; display: flex; justify-content: space-between; }
.card .status { font-weight: normal; color: #1d3557; }
.card .map { color: #555; margin-bottom: 6px; }
.card table { border-collapse: collapse; width: 100%; margin: 4px 0; }
.card td, .card th { padding: 2px 4px; text-align: left; border-bottom: 1px solid #e5e9ef; }
.card th { font-weight: 600; color: #555; font-size: 12px; }
.card td.n { text-align: right; }
.card tr.to-move td { background: #e8f0fb; font-weight: 600; }
.flag { color: #7a4b00; font-size: 12px; }
.turn, .last { margin: 4px 0; }
.last { color: #333; }
.actions { margin-top: 6px; display: flex; gap: 6px; align-items: center; }
button, .button { font: inherit; padding: 3px 10px; border: 1px solid #8ea3bd; border-radius: 3px;
  background: #fff; color: #1d3557; cursor: pointer; text-decoration: none; }
button.primary, .button.primary { background: #1d3557; color: #fff; border-color: #1d3557; }
button:disabled { opacity: .5; cursor: default; }
.error { color: #8a1c12; }
.said { color: #1d3557; margin: 6px 0; }
form.class { display: grid; grid-template-columns: 280px auto; gap: 10px 16px; align-items: start; }
form.class textarea { width: 270px; height: 120px; font: inherit; }
form.class label { display: block; margin-bottom: 6px; }
form.class select, form.class input { font: inherit; }
.two { display: grid; grid-template-columns: 1fr 1fr; gap: 24px; }
ul.lines { margin: 4px 0; padding-left: 18px; }
table.progress { border-collapse: collapse; margin: 4px 0; }
table.progress th, table.progress td { padding: 3px 8px; border: 1px solid #dde3ea;
  text-align: left; vertical-align: top; }
table.progress th { font-weight: 600; color: #333; background: #f3f6fa; font-size: 12px; }
table.progress td.finished { background: #e6f4ea; }
table.progress td.opened { background: #fff8e6; }
table.progress td.none { color: #666; }
table.progress .wrong { color: #8a1c12; font-size: 12px; }
"""

_SCRIPT = r"""
const CONFIG = JSON.parse(document.getElementById('ttr-room-config').textContent);
const W = CONFIG.words;
const KEY = new URLSearchParams(window.location.search).get('key') || '';
const TOKEN = new URLSearchParams(window.location.search).get('token') || '';
const LANG = new URLSearchParams(window.location.search).get('lang') || '';
const here = (path) => {
  const url = new URL(path, window.location.href);
  url.searchParams.set('key', KEY);
  if (TOKEN) { url.searchParams.set('token', TOKEN); }
  if (LANG) { url.searchParams.set('lang', LANG); }
  return url.toString();
};
const esc = (text) => String(text).replace(/[&<>"']/g,
  (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[c]));
async function ask(path, body) {
  const response = await fetch(here(path), body === undefined ? {} :
    {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
  const answer = await response.json();
  if (!response.ok) { throw new Error(answer.error || response.statusText); }
  return answer;
}
// a table's own link, in the room's language when the room's address names one
const inLanguage = (link) => {
  if (!LANG) { return link; }
  const url = new URL(link, window.location.href);
  url.searchParams.set('lang', LANG);
  return url.toString();
};
function player(p) {
  const flag = p.flag ? ` <span class="flag">${esc(p.flag)}</span>` : '';
  return `<tr class="${p.to_move ? 'to-move' : ''}"><td>${esc(p.name)}${flag}</td>` +
    `<td class="n">${p.points}</td><td class="n">${p.trains}</td></tr>`;
}
function card(t) {
  const kind = t.paused ? 'paused' : (t.finished || t.ended ? 'over' : '');
  const watch = t.finished ? W.replay : W.watch;
  const controls = t.finished || t.ended ? '' :
    (t.paused ? `<button data-do="resume" data-table="${t.name}" class="primary">${W.resume}` +
                '</button>'
              : `<button data-do="pause" data-table="${t.name}">${W.pause}</button>`) +
    `<button data-do="end" data-table="${t.name}">${W.end}</button>`;
  return `<div class="card ${kind}" data-table="${esc(t.name)}">` +
    `<h3><span>${esc(t.name)}</span><span class="status">${esc(t.status)}</span></h3>` +
    `<div class="map">${esc(t.map_title)}</div>` +
    `<table><tr><th>${W.player}</th><th class="n">${t.final ? W.score : W.points}</th>` +
    `<th class="n">${W.trains}</th></tr>${t.players.map(player).join('')}</table>` +
    (t.turn ? `<div class="turn">${esc(t.turn)}</div>` : '') +
    (t.last_move ? '<div class="last">' +
                   `${esc(W.last_move.replace('{move}', () => t.last_move))}</div>` : '') +
    '<div class="actions"><a class="button watch" target="_blank" ' +
    `href="${esc(inLanguage(t.link))}">` +
    `${watch}</a>${controls}</div></div>`;
}
async function refresh() {
  try {
    const answer = await ask('room/api/tables');
    const box = document.getElementById('cards');
    box.innerHTML = answer.tables.length ? answer.tables.map(card).join('') :
      `<i>${esc(W.no_table)}</i>`;
    document.getElementById('said').textContent = '';
  } catch (error) {
    document.getElementById('said').textContent = W.unreachable.replace('{error}',
      () => error.message);
  }
}
async function statistics() {
  try {
    const answer = await ask('room/api/statistics');
    document.getElementById('statistics').innerHTML =
      answer.lines.map((line) => `<li>${esc(line)}</li>`).join('');
  } catch (error) { /* the cards say it */ }
}
function progressCell(c) {
  const kind = c.finished ? 'finished' : (c.opened ? 'opened' : 'none');
  const wrong = c.wrong.length ? `<div class="wrong">` +
    `${esc(W.wrong.replace('{quizzes}', () => c.wrong.join('; ')))}</div>` : '';
  return `<td class="${kind}">${esc(c.text)}${wrong}</td>`;
}
async function progress() {
  try {
    const answer = await ask('room/api/progress');
    const box = document.getElementById('progress');
    box.innerHTML = answer.students.length ?
      `<table class="progress"><tr><th scope="col">${W.student}</th>` +
      answer.lessons.map((l) => `<th scope="col">${esc(l.title)}</th>`).join('') + '</tr>' +
      answer.students.map((s) => `<tr><th scope="row">${esc(s.name)}</th>` +
        s.cells.map(progressCell).join('') + '</tr>').join('') + '</table>' :
      `<i>${esc(W.no_student)}</i>`;
  } catch (error) { /* the cards say it */ }
}
document.addEventListener('click', async (event) => {
  const button = event.target.closest('button[data-do]');
  if (!button) { return; }
  const what = button.dataset.do, table = button.dataset.table;
  if (what === 'end' && !window.confirm(W.confirm_end.replace('{table}', () => table))) {
    return;
  }
  button.disabled = true;
  try {
    await ask(`room/api/tables/${table}/${what}`, {});
  } catch (error) {
    document.getElementById('said').textContent = error.message;
  }
  refresh();
});
function fillSeats() {
  const range = CONFIG.maps[document.getElementById('class-map').value];
  const seats = document.getElementById('class-seats');
  const keep = Number(seats.value) || 4;
  seats.innerHTML = '';
  for (let n = range[0]; n <= range[1]; n += 1) {
    seats.add(new Option(String(n), String(n), false, n === Math.min(Math.max(keep, range[0]),
      range[1])));
  }
}
async function makeClass(event) {
  event.preventDefault();
  const said = document.getElementById('class-made');
  try {
    const sheet = await ask('room/api/class', {
      names: document.getElementById('class-names').value,
      map: document.getElementById('class-map').value,
      seats: Number(document.getElementById('class-seats').value),
      bot: document.getElementById('class-bot').value || null,
      word: document.getElementById('class-word').value.trim() || null});
    const rows = sheet.students.map((s) => `<tr><td>${esc(s.name)}</td><td>${esc(s.table)}` +
      `</td><td>${s.seat}</td></tr>`).join('');
    const made = (sheet.tables.length === 1 ? W.made_one : W.made_many)
      .replace('{n}', () => String(sheet.tables.length));
    said.innerHTML = `<div class="said">${esc(made)} ` +
      `<a class="button primary" target="_blank" href="${esc(here('room/sheet/' + sheet.id))}">` +
      `${esc(W.sheet)}</a> ${esc(W.sheet_why)}</div><table class="made"><tr>` +
      `<th>${W.student}</th><th>${W.table}</th><th>${W.seat}</th></tr>${rows}</table>`;
    refresh();
  } catch (error) {
    said.innerHTML = `<div class="error">${esc(error.message)}</div>`;
  }
}
for (const [name, title] of CONFIG.titles) {
  document.getElementById('class-map').add(new Option(title, name));
}
for (const [name, label] of CONFIG.bots) {
  document.getElementById('class-bot').add(new Option(label, name));
}
document.getElementById('class-map').addEventListener('change', fillSeats);
document.getElementById('class-form').addEventListener('submit', makeClass);
document.getElementById('records-json').href = here('room/records.json');
document.getElementById('records-csv').href = here('room/records.csv');
fillSeats();
refresh();
statistics();
progress();
setInterval(refresh, CONFIG.poll);
setInterval(statistics, 5 * CONFIG.poll);
setInterval(progress, 2 * CONFIG.poll);
"""

def _words() -> dict[str, str]:
    """The sentences the page's script puts together, in the reader's language."""
    return {
        "watch": _("Watch"), "replay": _("Replay"), "pause": _("Pause"),
        "resume": _("Resume"), "end": _("End"), "player": _("player"), "score": _("score"),
        "points": _("points"), "trains": _("trains"), "student": _("student"),
        "table": _("table"), "seat": _("seat"),
        "last_move": _("Last move: {move}"),
        "no_table": _("No table yet: make a class's tables below, or one on the Tables page."),
        "unreachable": _("The room cannot reach the server: {error}"),
        "wrong": _("Wrong: {quizzes}"),
        "no_student": _("No student has opened a lesson yet."),
        "confirm_end": _("End the game at {table}? Nothing more is played there; its record "
                         "is kept."),
        "made_one": _("1 table made, every student seated."),
        "made_many": _("{n} tables made, every student seated."),
        "sheet": _("The sheet to print"),
        "sheet_why": _("(each student's own link; print it now: the links are not kept once "
                       "the server stops)."),
    }


def _body() -> str:
    w = {key: html.escape(text, quote=False) for key, text in {
        "title": _("Teacher's room"),
        "lead": _("Every table of this server, as it goes: who plays, whose turn it is and for "
                  "how long, the points on the score track and the trains left, the last move, "
                  "and the seats whose person is away. Watch a table (what any watcher sees: "
                  "no hand, no ticket), or replay a finished game. This page and its link are "
                  "for you only: keep the link to yourself."),
        "class": _("A class's tables"), "names": _("The students, a name a line:"),
        "map": _("Map"), "seats": _("Seats a table"), "bots": _("Seats left over"),
        "named": _("Tables named"), "empty": _("(or leave empty)"),
        "make": _("Make the class's tables"), "games": _("The class's finished games"),
        "download": _("Download every record:"), "csv": _("CSV (a row a player a game)"),
        "progress": _("The class's progress through the course"),
        "progress_lead": _("Per student, the lessons opened and finished (every quiz "
                           "answered) and how many quizzes were answered right; the wrong ones "
                           "are named, so you see who is stuck where."),
    }.items()}
    return f"""
<main>
<h1>{w["title"]}</h1>
<p class="lead">{w["lead"]}</p>
<div id="said" class="error"></div>
<div id="cards" class="cards"></div>
<div class="two">
<section>
<h2>{w["class"]}</h2>
<form id="class-form" class="class">
<div><label for="class-names">{w["names"]}</label>
<textarea id="class-names" placeholder="Ann&#10;Ben&#10;Cleo"></textarea></div>
<div>
<label>{w["map"]} <select id="class-map"></select></label>
<label>{w["seats"]} <select id="class-seats"></select></label>
<label>{w["bots"]} <select id="class-bot"></select></label>
<label>{w["named"]} <input id="class-word" size="10" placeholder="maple"> -1, -2 …
{w["empty"]}</label>
<button class="primary" type="submit">{w["make"]}</button>
</div>
</form>
<div id="class-made"></div>
</section>
<section>
<h2>{w["games"]}</h2>
<ul id="statistics" class="lines"></ul>
<p>{w["download"]} <a id="records-json" class="button" download>JSON</a>
<a id="records-csv" class="button" download>{w["csv"]}</a></p>
</section>
</div>
<section>
<h2>{w["progress"]}</h2>
<p class="lead">{w["progress_lead"]}</p>
<div id="progress"></div>
</section>
</main>
"""


def _config() -> dict[str, Any]:
    maps = [m for m in BUILTIN_MAPS if m != "mini"]
    ranges = {m: (load_map(m).rules.players_min, load_map(m).rules.players_max)
              for m in BUILTIN_MAPS}
    each = {"hard": _("a hard bot each"), "medium": _("a medium bot each"),
            "easy": _("an easy bot each")}
    bots = [*((kind, each[LEVELS[kind][0]]) for kind in reversed(LEVELS)),  # hardest first
            ("", _("left open"))]
    return {"maps": ranges, "titles": [(m, map_title(m)) for m in maps], "bots": bots,
            "poll": POLL_MS, "words": _words()}


def forbidden() -> str:
    """What a request without the teacher's key is told."""
    return _("This is the teacher's room: it opens only with the teacher's key, in the link "
             "that ttr serve prints (Teacher's room: …).")


def room_html() -> str:
    """The room's page (its data comes from the room's API, with the key in the address)."""
    config = json.dumps(_config()).replace("</", "<\\/")
    title = html.escape(_("Teacher's room"), quote=False)
    return (f"<!doctype html><html lang='{language()}'><head><meta charset='utf-8'>"
            "<link rel='icon' href='data:,'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{title}</title><style>{_STYLE}</style></head><body>{_body()}"
            f"<script type='application/json' id='ttr-room-config'>{config}</script>"
            f"<script>{_SCRIPT}</script></body></html>")


_SHEET_STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif;
  font-size: 13px; margin: 24px; color: #000; }
h1 { font-size: 22px; margin: 0 0 4px; }
section { margin: 14px 0; page-break-inside: avoid; break-inside: avoid; }
h2 { font-size: 16px; margin: 0 0 4px; }
table { border-collapse: collapse; width: 100%; }
td, th { border: 1px solid #999; padding: 6px 8px; text-align: left; vertical-align: top; }
td.link { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 11px;
  word-break: break-all; }
@media print { .no-print { display: none; } body { margin: 0; }
  @page { margin: 14mm; } }
"""


def sheet_html(sheet: Sheet) -> str:
    """A class's sheet: a section a table, a row a student with their own link, to print and
    cut (each student opens only their link: it gives their seat, from any device)."""
    def e(text: str) -> str:
        return html.escape(text, quote=False)

    student, seat, link = e(_("student")), e(_("seat")), e(_("your link (keep it to yourself)"))
    sections = []
    for table in sorted({s.table for s in sheet.seats}):
        rows = "".join(
            f"<tr><td>{e(s.student)}</td><td>{s.seat + 1}</td>"
            f"<td class='link'>{e(s.link)}</td></tr>"
            for s in sheet.seats if s.table == table)
        heading = e(_("Table {name}").format(name=table))
        sections.append(f"<section><h2>{heading}</h2><table><tr>"
                        f"<th style='width:22%'>{student}</th><th style='width:6%'>{seat}</th>"
                        f"<th>{link}</th></tr>{rows}</table></section>")
    title = e(_("The class's tables: {map}").format(map=map_title(sheet.map)))
    opening = e(_("Open your own link: it takes you to your seat, from any device."))
    page_title, print_word = e(_("The class's tables")), e(_("Print"))
    return (f"<!doctype html><html lang='{language()}'><head><meta charset='utf-8'>"
            "<link rel='icon' href='data:,'>"
            f"<title>{page_title}</title>"
            f"<style>{_SHEET_STYLE}</style></head><body><h1>{title}</h1>"
            f"<p>{opening} <button class='no-print' onclick='window.print()'>"
            f"{print_word}</button></p>" + "".join(sections) + "</body></html>")
