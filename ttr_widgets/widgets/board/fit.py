"""The board's fit to the page: a tiny front-end helper that scales the board to its box.

The board is drawn at one size in pixels (``render.board_geometry`` places every train space in
screen pixels, so spaces never overlap). ``BoardFit`` sits in the play app and, in the browser,
shrinks that drawing with a CSS scale until the table fits the window: beside the side panel
when the page is wide enough, alone on its row (the panel under it) when it is narrow, and never
taller than the window leaves below the app's top (in JupyterLab, where the notebook scrolls to
the app, never taller than the notebook panel). Plotly reads the scale back for hovers and
clicks, so the board stays exactly clickable. Beside the board, the side panel is no taller than
the table's height on the screen (``--ttr-table-height``; ``style.APP_CSS``): a tab taller than
that scrolls inside the panel rather than the page scrolling the board away, and a tab shown
opens at its top (the tabs share that one scroller). When the board would be drawn smaller than
``readable`` of its size — or, in JupyterLab, when the panel has to go under the board — a line
above the board says how to widen it.

Every classroom screen: on a small one (1024×768, a tablet) the panel goes beside a smaller
board (``narrow_beside`` of its size) rather than under it, so that the status line, the ticket
choice, the face-up row and the pay buttons are all in view; up to 1366 px the board is drawn
at most at its size; on a large one (a 1920×1080 projector, the row ``grow_from`` px or wider)
it grows up to ``max_scale`` (about 1400 × 880 px there). The drawing is SVG: scaled up, it
stays sharp, and Plotly reads the scale back for clicks either way.
"""

from __future__ import annotations

import anywidget
import traitlets

__all__ = ["BoardFit"]

_ESM = r"""
const GAP = 8, BOTTOM = 10, MIN_SCALE = 0.4, SIDE_MIN = 330, SIDE_BASIS = 360;

// The element the page scrolls in (Voila's notebook, JupyterLab's panel), or null for the
// window: an ancestor that may scroll and either does, or is taller than the app (an output
// area that merely wraps the app is neither).
function scroller(node) {
  const tall = node.offsetHeight + 40;
  for (let e = node.parentElement; e; e = e.parentElement) {
    if (e === document.body || e === document.documentElement) break;
    const oy = getComputedStyle(e).overflowY;
    if ((oy === 'auto' || oy === 'scroll') &&
        (e.scrollHeight > e.clientHeight + 1 || e.clientHeight > tall)) return e;
  }
  return null;
}

function fit(model, el) {
  const app = el.closest('.ttr-app');
  if (!app) return false;
  const board = app.querySelector('.ttr-board'), side = app.querySelector('.ttr-side');
  const row = app.querySelector('.ttr-row');
  if (!board || !side || !row || !board.firstElementChild) return false;
  const w = model.get('width'), h = model.get('height');
  const rowW = row.clientWidth;
  if (!rowW) return false;
  const sideW = Math.max(side.getBoundingClientRect().width, SIDE_MIN) + GAP;
  let besideW = rowW - sideW;
  let beside = besideW >= model.get('min_beside') * w;
  // A panel under the board is as wide as it may be (440 px): on a small screen (1024 px) it
  // goes beside a smaller board, at its own basis (SIDE_BASIS, style.APP_CSS), when the board
  // keeps ``narrow_beside`` of its size there.
  if (!beside && rowW - SIDE_BASIS - 2 * GAP >= model.get('narrow_beside') * w) {
    besideW = rowW - SIDE_BASIS - 2 * GAP;
    beside = true;
  }
  const availW = beside ? besideW : rowW;
  // The height below the board's top: the window's or the page's scroller's (Voila). In
  // JupyterLab the notebook's cells come before the app and a person scrolls to it: the table
  // is fitted to the panel's height with the app scrolled to the panel's top.
  const parent = scroller(app);
  const lab = !document.body.dataset.voila && !!el.closest('.jp-Cell');  // not Voila's page
  let availH;
  const top = board.getBoundingClientRect().top;
  if (lab && parent) {
    availH = parent.clientHeight - (top - app.getBoundingClientRect().top) - BOTTOM;
  } else if (parent) {
    const box = parent.getBoundingClientRect();
    const offset = top - box.top + parent.scrollTop;
    availH = offset < parent.clientHeight / 2 ? parent.clientHeight - offset - BOTTOM
                                              : parent.clientHeight - 4 * BOTTOM;
  } else {
    const offset = top + window.scrollY;
    availH = offset < window.innerHeight / 2 ? window.innerHeight - offset - BOTTOM
                                             : window.innerHeight - 4 * BOTTOM;
  }
  // the side panel's bound: the height the table has on the screen (the board's own height
  // where that limits the board, more where the width does)
  app.style.setProperty('--ttr-table-height', `${Math.floor(availH)}px`);
  // On a large screen (a projector) the board grows with it; up to 1366 px it is drawn at
  // most at its size.
  const most = rowW >= model.get('grow_from') ? model.get('max_scale') : 1;
  let scale = Math.min(most, availW / w, availH / h);
  scale = Math.max(MIN_SCALE, Math.floor(scale * 1000) / 1000);
  const layout = `${scale} ${beside ? 'beside' : 'under'}`;
  if (app.dataset.boardFit === layout && board.style.height) return true;
  for (const figure of board.children) {
    figure.style.transformOrigin = '0 0';
    figure.style.flex = '0 0 auto';
    figure.style.transform = scale !== 1 ? `scale(${scale})` : '';
  }
  board.style.width = `${Math.floor(w * scale)}px`;
  board.style.height = `${Math.floor(h * scale)}px`;
  app.dataset.boardScale = String(scale);
  app.dataset.boardFit = layout;
  const note = el.querySelector('.ttr-fit-note');
  if (scale < model.get('readable')) {
    note.textContent = `The board is drawn at ${Math.round(scale * 100)}% to fit here: widen ` +
      'the window (in JupyterLab, close the side bar or open the notebook with Voila) to see ' +
      'it larger.';
  } else if (lab && !beside) {
    note.textContent = 'The game\'s panel is under the board here: to see the whole table at ' +
      'once, close JupyterLab\'s side bar (Ctrl+B) or open the notebook with Voila.';
  } else {
    note.textContent = '';
  }
  return true;
}

export default {
  render({ model, el }) {
    const note = document.createElement('div');
    note.className = 'ttr-fit-note';
    el.appendChild(note);
    let queued = false;
    const again = () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => { queued = false; if (!fit(model, el)) setTimeout(again, 200); });
    };
    const watch = new ResizeObserver(again), swaps = new MutationObserver(again);
    // The app's tabs scroll in one box (style.APP_CSS): a tab shown, by a click or by the app
    // (a game started from the Game tab's foot opens the Play tab), opens at its top.
    let shownTab = null;
    const tabs = new MutationObserver(() => {
      const box = el.closest('.ttr-app').querySelector('.ttr-tabs');
      const now = box && box.querySelector('.lm-TabBar-tab.lm-mod-current');
      if (!now || now === shownTab) return;
      const contents = box.querySelector(':scope > .widget-tab-contents');
      if (shownTab !== null && contents) contents.scrollTop = 0;
      shownTab = now;
    });
    const watchTabs = (tries) => {
      const bar = el.closest('.ttr-app').querySelector('.ttr-tabs .lm-TabBar-content');
      if (bar) tabs.observe(bar, { subtree: true, attributes: true, attributeFilter: ['class'] });
      else if (tries > 0) setTimeout(() => watchTabs(tries - 1), 250);  // a lesson has none
    };
    const start = () => {
      const app = el.closest('.ttr-app');
      if (!app) { setTimeout(start, 100); return; }
      watch.observe(app);
      watch.observe(document.body);
      const side = app.querySelector('.ttr-side'), board = app.querySelector('.ttr-board');
      if (side) watch.observe(side);
      if (board) swaps.observe(board, { childList: true });
      watchTabs(40);
      again();
    };
    start();
    // Whatever moves the app without resizing it (a font arriving, a panel above) is caught
    // by a look twice a second: a few measurements, nothing redrawn unless the fit changed.
    const ticker = setInterval(again, 500);
    window.addEventListener('resize', again);
    model.on('change', again);
    return () => {
      watch.disconnect(); swaps.disconnect(); tabs.disconnect(); clearInterval(ticker);
      window.removeEventListener('resize', again);
    };
  }
};
"""


class BoardFit(anywidget.AnyWidget):  # type: ignore[misc]
    """Scales the app's board (``.ttr-board``) in the browser; ``width`` × ``height`` is the
    board's drawn size in pixels. The note (``ttr-fit-note``) shows only when the board is
    drawn below ``readable`` of its size, or in JupyterLab when the panel goes under it."""

    _esm = _ESM
    width = traitlets.Int(900).tag(sync=True)
    height = traitlets.Int(560).tag(sync=True)
    min_beside = traitlets.Float(0.62).tag(sync=True)  #: narrower than this: panel goes under
    readable = traitlets.Float(0.6).tag(sync=True)
    #: the panel beside a board this much of its size when only its basis (360 px) is left
    narrow_beside = traitlets.Float(0.66).tag(sync=True)
    #: a row this wide (px) or wider lets the board grow up to ``max_scale`` of its size
    grow_from = traitlets.Int(1600).tag(sync=True)
    max_scale = traitlets.Float(1.6).tag(sync=True)
