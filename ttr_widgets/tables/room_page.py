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
from ttr_widgets.rules.maps import BUILTIN_MAPS, load_map
from ttr_widgets.rules.words import map_title
from ttr_widgets.tables.room import Sheet

__all__ = ["FORBIDDEN", "room_html", "sheet_html"]

FORBIDDEN = ("This is the teacher's room: it opens only with the teacher's key, in the link "
             "that ttr serve prints (Teacher's room: …).")
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
const KEY = new URLSearchParams(window.location.search).get('key') || '';
const TOKEN = new URLSearchParams(window.location.search).get('token') || '';
const here = (path) => {
  const url = new URL(path, window.location.href);
  url.searchParams.set('key', KEY);
  if (TOKEN) { url.searchParams.set('token', TOKEN); }
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
function player(p) {
  const flag = p.flag ? ` <span class="flag">${esc(p.flag)}</span>` : '';
  return `<tr class="${p.to_move ? 'to-move' : ''}"><td>${esc(p.name)}${flag}</td>` +
    `<td class="n">${p.points}</td><td class="n">${p.trains}</td></tr>`;
}
function card(t) {
  const kind = t.paused ? 'paused' : (t.finished || t.ended ? 'over' : '');
  const watch = t.finished ? 'Replay' : 'Watch';
  const controls = t.finished || t.ended ? '' :
    (t.paused ? `<button data-do="resume" data-table="${t.name}" class="primary">Resume</button>`
              : `<button data-do="pause" data-table="${t.name}">Pause</button>`) +
    `<button data-do="end" data-table="${t.name}">End</button>`;
  return `<div class="card ${kind}" data-table="${esc(t.name)}">` +
    `<h3><span>${esc(t.name)}</span><span class="status">${esc(t.status)}</span></h3>` +
    `<div class="map">${esc(t.map_title)}</div>` +
    `<table><tr><th>player</th><th class="n">${t.final ? 'score' : 'points'}</th>` +
    `<th class="n">trains</th></tr>${t.players.map(player).join('')}</table>` +
    (t.turn ? `<div class="turn">${esc(t.turn)}</div>` : '') +
    (t.last_move ? `<div class="last">Last move: ${esc(t.last_move)}</div>` : '') +
    `<div class="actions"><a class="button watch" target="_blank" href="${esc(t.link)}">` +
    `${watch}</a>${controls}</div></div>`;
}
async function refresh() {
  try {
    const answer = await ask('room/api/tables');
    const box = document.getElementById('cards');
    box.innerHTML = answer.tables.length ? answer.tables.map(card).join('') :
      '<i>No table yet: make a class\'s tables below, or one on the Tables page.</i>';
    document.getElementById('said').textContent = '';
  } catch (error) {
    document.getElementById('said').textContent = 'The room cannot reach the server: ' +
      error.message;
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
  const wrong = c.wrong.length ? `<div class="wrong">Wrong: ${c.wrong.map(esc).join('; ')}` +
    '</div>' : '';
  return `<td class="${kind}">${esc(c.text)}${wrong}</td>`;
}
async function progress() {
  try {
    const answer = await ask('room/api/progress');
    const box = document.getElementById('progress');
    box.innerHTML = answer.students.length ?
      '<table class="progress"><tr><th scope="col">student</th>' +
      answer.lessons.map((l) => `<th scope="col">${esc(l.title)}</th>`).join('') + '</tr>' +
      answer.students.map((s) => `<tr><th scope="row">${esc(s.name)}</th>` +
        s.cells.map(progressCell).join('') + '</tr>').join('') + '</table>' :
      '<i>No student has opened a lesson yet.</i>';
  } catch (error) { /* the cards say it */ }
}
document.addEventListener('click', async (event) => {
  const button = event.target.closest('button[data-do]');
  if (!button) { return; }
  const what = button.dataset.do, table = button.dataset.table;
  if (what === 'end' && !window.confirm(`End the game at ${table}? Nothing more is played ` +
      'there; its record is kept.')) { return; }
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
    said.innerHTML = `<div class="said">${sheet.tables.length} table` +
      `${sheet.tables.length === 1 ? '' : 's'} made, every student seated. ` +
      `<a class="button primary" target="_blank" href="${esc(here('room/sheet/' + sheet.id))}">` +
      `The sheet to print</a> (each student's own link; print it now: the links are not ` +
      `kept once the server stops).</div><table class="made"><tr><th>student</th>` +
      `<th>table</th><th>seat</th></tr>${rows}</table>`;
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

_BODY = """
<main>
<h1>Teacher's room</h1>
<p class="lead">Every table of this server, as it goes: who plays, whose turn it is and for how
long, the points on the score track and the trains left, the last move, and the seats whose
person is away. Watch a table (what any watcher sees: no hand, no ticket), or replay a finished
game. This page and its link are for you only: keep the link to yourself.</p>
<div id="said" class="error"></div>
<div id="cards" class="cards"></div>
<div class="two">
<section>
<h2>A class's tables</h2>
<form id="class-form" class="class">
<div><label for="class-names">The students, a name a line:</label>
<textarea id="class-names" placeholder="Ann&#10;Ben&#10;Cleo"></textarea></div>
<div>
<label>Map <select id="class-map"></select></label>
<label>Seats a table <select id="class-seats"></select></label>
<label>Seats left over <select id="class-bot"></select></label>
<label>Tables named <input id="class-word" size="10" placeholder="maple"> -1, -2 …
(or leave empty)</label>
<button class="primary" type="submit">Make the class's tables</button>
</div>
</form>
<div id="class-made"></div>
</section>
<section>
<h2>The class's finished games</h2>
<ul id="statistics" class="lines"></ul>
<p>Download every record: <a id="records-json" class="button" download>JSON</a>
<a id="records-csv" class="button" download>CSV (a row a player a game)</a></p>
</section>
</div>
<section>
<h2>The class's progress through the course</h2>
<p class="lead">Per student, the lessons opened and finished (every quiz answered) and how many
quizzes were answered right; the wrong ones are named, so you see who is stuck where.</p>
<div id="progress"></div>
</section>
</main>
"""


def _config() -> dict[str, Any]:
    maps = [m for m in BUILTIN_MAPS if m != "mini"]
    ranges = {m: (load_map(m).rules.players_min, load_map(m).rules.players_max)
              for m in BUILTIN_MAPS}
    bots = [("strong", "a strong bot each"), *((kind, f"a {kind} bot each ({level})")
                                               for kind, (level, _what) in LEVELS.items()
                                               if kind != "strong"),
            ("", "left open")]
    return {"maps": ranges, "titles": [(m, map_title(m)) for m in maps], "bots": bots,
            "poll": POLL_MS}


def room_html() -> str:
    """The room's page (its data comes from the room's API, with the key in the address)."""
    config = json.dumps(_config()).replace("</", "<\\/")
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            "<link rel='icon' href='data:,'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>Teacher's room</title><style>{_STYLE}</style></head><body>{_BODY}"
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
    sections = []
    for table in sorted({s.table for s in sheet.seats}):
        rows = "".join(
            f"<tr><td>{html.escape(s.student)}</td><td>{s.seat + 1}</td>"
            f"<td class='link'>{html.escape(s.link)}</td></tr>"
            for s in sheet.seats if s.table == table)
        sections.append(f"<section><h2>Table {html.escape(table)}</h2><table><tr>"
                        "<th style='width:22%'>student</th><th style='width:6%'>seat</th>"
                        f"<th>your link (keep it to yourself)</th></tr>{rows}</table>"
                        "</section>")
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            "<link rel='icon' href='data:,'>"
            f"<title>The class's tables</title><style>{_SHEET_STYLE}</style></head><body>"
            f"<h1>The class's tables: {html.escape(map_title(sheet.map))}</h1>"
            "<p>Open your own link: it takes you to your seat, from any device. "
            "<button class='no-print' onclick='window.print()'>Print</button></p>"
            + "".join(sections) + "</body></html>")
