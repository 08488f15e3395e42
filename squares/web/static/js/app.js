// The page's controller: one server view at a time, drawn by the game's module.
// The server is authoritative; this file only sends what the player asks for.
import { api, errorText } from "./api.js";
import { renderFoursquare, showPreview } from "./foursquare.js";
import { keyOnPlace, renderUnionSquare, targetsOf } from "./unionsquare.js";
import { cardText } from "./cards.js";
import { _, languageSwitcher, ngettext } from "./i18n.js";

const GAMES = { foursquare: _("Foursquare"), "union-square": _("Union Square") };
const $ = (id) => document.getElementById(id);
const ui = {
  game: localStorage.getItem("squares.game") in GAMES ? localStorage.getItem("squares.game") : "foursquare",
  view: null, previous: null, held: false, selected: null, queue: Promise.resolve(), focusKey: null,
  ended: null, clockBase: 0, clockAt: 0, pendingLoss: null,
  auto: localStorage.getItem("squares.auto") === "1",
};

function say(text, error = false) {
  const note = $("message");
  note.textContent = text || "";
  delete note.dataset.preview;
  note.classList.toggle("error", error);
}

function formatTime(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${m}:${rest}`;
}

function elapsed() {
  const view = ui.view;
  if (!view) return 0;
  const running = view.status === "playing" ? (Date.now() - ui.clockAt) / 1000 : 0;
  return ui.clockBase + running;
}

function statusLine() {
  const view = ui.view;
  if (!view) return "";
  // TRANSLATORS: the parts of the status line, joined by " · "
  const parts = [GAMES[view.game], _("deal {deal}", { deal: view.deal })];
  if (view.game === "union-square") {
    parts.push(_("score {score}", { score: view.score }), _("stock {count}", { count: view.stock }));
  } else if (view.score !== null) parts.push(_("score {score}", { score: view.score }));
  parts.push(_("time {time}", { time: formatTime(elapsed()) }));
  if (view.status === "won") parts.push(_("won"));
  if (view.status === "lost") parts.push(view.game === "union-square" ? _("no more moves") : _("lost"));
  return parts.join(" · ");
}

function placeKey(node) {
  if (!node) return null;
  const d = node.dataset;
  return d.cell || d.hand || d.place || d.foundation && `f${d.foundation}` || d.source || null;
}

function findPlace(key) {
  if (!key) return null;
  const board = $("board");
  return board.querySelector(`[data-cell="${key}"]`) || board.querySelector(`[data-source="${key}"]`)
    || board.querySelector(`[data-place="${key}"]`)
    || (key.startsWith("f") ? board.querySelector(`[data-foundation="${key.slice(1)}"]`) : null)
    || (key === "1" ? board.querySelector("[data-hand]") : null);
}

function render() {
  const view = ui.view;
  if (!view) return;
  const board = $("board");
  const hadFocus = board.contains(document.activeElement);
  if (view.game === "foursquare") {
    renderFoursquare(board, view, {
      held: ui.held, previous: ui.previous,
      onPlace: (move) => place(move), onHold: (held) => { ui.held = held; render(); },
    });
  } else {
    renderUnionSquare(board, view, {
      selected: ui.selected,
      onMove: (move) => { ui.selected = null; sendMove(move); },
      onSelect: (source) => { ui.selected = source; render(); },
    });
  }
  ui.previous = view;
  const focusables = [...board.querySelectorAll("button")];
  const current = findPlace(ui.focusKey) || board.querySelector(".fs-cell.legal") || focusables[0];
  focusables.forEach((b) => { b.tabIndex = b === current ? 0 : -1; });
  if (current && hadFocus) current.focus({ preventScroll: true });
  for (const tab of document.querySelectorAll(".tab")) {
    tab.toggleAttribute("aria-current", false);
    if (tab.dataset.game === view.game) tab.setAttribute("aria-current", "page");
  }
  const playing = view.status === "playing";
  $("undo").disabled = !view.can_undo;
  $("redo").disabled = !view.can_redo;
  $("hint").disabled = !playing;
  $("resign").disabled = !playing;
  $("auto-label").hidden = view.game !== "union-square";
  $("auto-foundation").checked = ui.auto;
  $("status").textContent = statusLine();
  document.title = _("{game} · deal {deal} · Squares", { game: GAMES[view.game], deal: view.deal });
  maybeShowEnd();
}

function maybeShowEnd() {
  const view = ui.view;
  const tag = `${view.id}:${view.version}`;
  if (view.status === "playing" || ui.ended === tag) return;
  ui.ended = tag;
  $("end-title").textContent = view.status === "won" ? _("You won!") : view.resigned
    ? _("You resigned") : view.game === "union-square" ? _("No more moves") : _("Game over");
  const facts = [[_("Score"), view.score ?? "—"], [_("Time"), formatTime(view.seconds)],
    [_("Moves"), view.moves], [_("Share code"), view.share]];
  $("end-facts").replaceChildren(...facts.flatMap(([k, v]) => {
    const dt = document.createElement("dt");
    dt.textContent = k;
    const dd = document.createElement("dd");
    dd.textContent = String(v);
    return [dt, dd];
  }));
  if (!$("end-dialog").open) $("end-dialog").showModal();
}

function show(view) {
  if (ui.view && view.id !== ui.view.id) { ui.previous = null; ui.held = false; }
  ui.view = view;
  ui.clockBase = view.seconds;
  ui.clockAt = Date.now();
  localStorage.setItem(`squares.id.${view.game}`, String(view.id));
  render();
}

/** Run `task` after every action asked for before it: one request at a time, in order. */
function enqueue(task) {
  const run = ui.queue.then(task, task);
  ui.queue = run.catch(() => undefined);
  return run;
}

/** Send the request `makeRequest` builds from the view current when its turn comes. */
function send(makeRequest) {
  return enqueue(async () => {
    if (!ui.view && makeRequest.length) return false;
    const result = await makeRequest(ui.view);
    if (result.ok) {
      say("");
      show(result.body);
      if (ui.auto && ui.view.game === "union-square") await autoFoundation();
      return true;
    }
    if (result.status === 409 && result.body?.view) {
      show(result.body.view);
      say(_("This game changed in another window; here it is as it stands now. Try again."), true);
    } else {
      say(errorText(result), true);
    }
    return false;
  });
}

async function autoFoundation() {
  for (let i = 0; i < 104; i += 1) {
    const move = ui.view.legal.find((m) => m.endsWith("-f"));
    if (!move || ui.view.status !== "playing") return;
    const result = await api.move(ui.view.id, move, ui.view.version);
    if (!result.ok) return;
    show(result.body);
  }
}

function place(move) {
  const view = ui.view;
  const preview = view.previews?.[move];
  if (preview?.loses) {
    ui.pendingLoss = move;
    $("confirm-text").textContent = ngettext(
      "Placing {card} at {cell} flips {count} pile and leaves more than 4 face down, or uses the last card without a win: the game ends lost.",
      "Placing {card} at {cell} flips {count} piles and leaves more than 4 face down, or uses the last card without a win: the game ends lost.",
      preview.flips.length, { card: cardText(view.current), cell: move });
    $("confirm-dialog").showModal();
    return;
  }
  ui.held = false;
  sendMove(move);
}

function sendMove(move) {
  return send((view) => api.move(view.id, move, view.version));
}

function openGame(game) {
  return enqueue(async () => {
    ui.game = game;
    localStorage.setItem("squares.game", game);
    const saved = localStorage.getItem(`squares.id.${game}`);
    if (saved) {
      const result = await api.get(saved);
      if (result.ok && result.body.game === game) { show(result.body); return; }
    }
    const current = await api.current(game);
    if (current.ok) { show(current.body); return; }
    const created = await api.create({ game });
    if (created.ok) show(created.body);
    else say(errorText(created), true);
  });
}

function action(name) {
  const view = ui.view;
  if (!view) return;
  ui.selected = null;
  ui.held = false;
  send((current) => api.action(current.id, name, current.version));
}

function hint() {
  return enqueue(async () => {
    const view = ui.view;
    if (!view || view.status !== "playing") return;
    const result = await api.hint(view.id, view.version);
    if (!result.ok) { say(errorText(result), true); return; }
    show(result.body.view);
    const { move, reason } = result.body.hint;
    if (view.game === "foursquare") {
      ui.focusKey = move;
      render();
      findPlace(move)?.focus();
      showPreview($("board"), ui.view, move);
    } else if (move !== "s") {
      ui.selected = move.split("-")[0];
      ui.focusKey = ui.selected;
      render();
    }
    say(_("Hint: {reason}", { reason }));
  });
}

function newDeal(request) {
  ui.selected = null;
  ui.held = false;
  if ($("end-dialog").open) $("end-dialog").close();
  const game = ui.game;
  return send(() => api.create({ game, ...request }));
}

function parseDeal(text) {
  const trimmed = text.trim().toLowerCase();
  const coded = /^([a-z-]+):(\d+)$/.exec(trimmed);
  if (coded) return { game: coded[1], deal: Number(coded[2]) > Number.MAX_SAFE_INTEGER ? coded[2] : Number(coded[2]) };
  if (/^\d+$/.test(trimmed)) return { game: ui.game, deal: Number(trimmed) };
  return null;
}

/** Arrow keys: the nearest place on screen in that direction, whatever the layout. */
function moveFocus(dx, dy) {
  const board = $("board");
  const nodes = [...board.querySelectorAll("button")];
  const here = board.contains(document.activeElement) ? document.activeElement : null;
  if (!here) { (board.querySelector("button[tabindex='0']") || nodes[0])?.focus(); return; }
  const centre = (node) => {
    const box = node.getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];
  };
  const [x, y] = centre(here);
  let best = null;
  let bestScore = Infinity;
  for (const node of nodes) {
    if (node === here) continue;
    const [nx, ny] = centre(node);
    const along = dx ? (nx - x) * dx : (ny - y) * dy;
    const across = dx ? Math.abs(ny - y) : Math.abs(nx - x);
    if (along <= 4) continue;
    const score = along + across * 2;
    if (score < bestScore) { best = node; bestScore = score; }
  }
  if (best) {
    for (const node of nodes) node.tabIndex = node === best ? 0 : -1;
    best.focus();
  }
}

function onKey(event) {
  if (document.querySelector("dialog[open]")) return;
  if (event.target.closest("input, textarea, select, form")) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key;
  const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (arrows[key]) { event.preventDefault(); moveFocus(...arrows[key]); return; }
  const focused = $("board").contains(document.activeElement) ? document.activeElement : null;
  if (ui.view?.game === "union-square" && focused && ["Enter", " ", "f", "F"].includes(key)) {
    event.preventDefault();
    keyOnPlace(ui.view, {
      selected: ui.selected,
      onMove: (move) => { ui.selected = null; sendMove(move); },
      onSelect: (source) => { ui.selected = source; render(); },
    }, focused, key);
    return;
  }
  const lower = key.toLowerCase();
  if (lower === "u") action("undo");
  else if (lower === "r") action("redo");
  else if (lower === "n") newDeal({});
  else if (lower === "h") hint();
  else if (lower === "s" && ui.view?.game === "union-square" && ui.view.legal.includes("s")) {
    sendMove("s");
  } else if (key === "?") $("help-dialog").showModal();
  else if (key === "Escape") { ui.selected = null; ui.held = false; render(); }
  else return;
  event.preventDefault();
}

function wire() {
  for (const tab of document.querySelectorAll(".tab")) {
    tab.addEventListener("click", () => { ui.selected = null; openGame(tab.dataset.game); });
  }
  $("undo").addEventListener("click", () => action("undo"));
  $("redo").addEventListener("click", () => action("redo"));
  $("restart").addEventListener("click", () => action("restart"));
  $("resign").addEventListener("click", () => action("resign"));
  $("hint").addEventListener("click", () => hint());
  $("new").addEventListener("click", () => newDeal({}));
  $("daily").addEventListener("click", () => newDeal({ daily: true }));
  $("help").addEventListener("click", () => $("help-dialog").showModal());
  $("help-close").addEventListener("click", () => $("help-dialog").close());
  $("deal-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const request = parseDeal($("deal-input").value);
    if (!request) { say(_("Type a deal number (7) or a share code (union-square:7)."), true); return; }
    if (!(request.game in GAMES)) {
      say(_("Unknown game in the code: {game}.", { game: request.game }), true);
      return;
    }
    ui.game = request.game;
    localStorage.setItem("squares.game", ui.game);
    newDeal({ deal: request.deal }).then((ok) => { if (ok) $("deal-input").value = ""; });
  });
  $("auto-foundation").addEventListener("change", (event) => {
    ui.auto = event.target.checked;
    localStorage.setItem("squares.auto", ui.auto ? "1" : "0");
    if (ui.auto) enqueue(autoFoundation);
  });
  $("confirm-yes").addEventListener("click", () => {
    $("confirm-dialog").close();
    const move = ui.pendingLoss;
    ui.pendingLoss = null;
    if (move) sendMove(move);
  });
  $("confirm-no").addEventListener("click", () => { ui.pendingLoss = null; $("confirm-dialog").close(); });
  // a finished game keeps its result: the same deal is played again as a new game
  $("end-replay").addEventListener("click", () => newDeal({ deal: String(ui.view.share.split(":")[1]) }));
  $("end-new").addEventListener("click", () => newDeal({}));
  $("end-close").addEventListener("click", () => $("end-dialog").close());
  languageSwitcher($("language"));
  document.addEventListener("keydown", onKey);
  $("board").addEventListener("focusin", (event) => { ui.focusKey = placeKey(event.target); });
  setInterval(() => { if (ui.view?.status === "playing") $("status").textContent = statusLine(); }, 1000);
}

/** The board's size follows the toolbar's real height (it wraps with longer words). */
function fitBoard() {
  const toolbar = document.querySelector(".toolbar");
  if (toolbar) document.documentElement.style.setProperty("--header", `${toolbar.offsetHeight}px`);
}

wire();
fitBoard();
window.addEventListener("resize", fitBoard);
// The toolbar also changes height without a resize: Union Square adds its own option.
const toolbarNow = document.querySelector(".toolbar");
if (toolbarNow && "ResizeObserver" in window) new ResizeObserver(fitBoard).observe(toolbarNow);
openGame(ui.game);
