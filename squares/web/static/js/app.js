// The page's controller: one server view at a time, drawn by the game's module.
// The server is authoritative; this file only sends what the player asks for.
import "./looks.js"; // the table's colours and deck, as the player chose them
import { api, errorText } from "./api.js";
import { maybeShowEnd } from "./enddialog.js";
import * as foursquare from "./foursquare.js";
import * as unionSquare from "./unionsquare.js";
import { describeGames } from "./games.js";
import { mayGiveUp } from "./giveup.js";
import { readDeal } from "./dealcode.js";
import { cornerSetting } from "./corners.js";
import { lookSettings } from "./settings.js";
import { afterRender, beforeRender } from "./motion.js";
import { moveFocus } from "./focus.js";
import { wireMenu } from "./menu.js";
import { wireIntro } from "./intro.js";
import { wireChance } from "./chance.js";
import { keepClock } from "./heartbeat.js";
import { formatTime, played } from "./clock.js";
import { showWarmUp } from "./warmup.js";
import { _, languageSwitcher } from "./i18n.js";

/** Each game's renderer module, by game name: the only place that knows which is which. */
const RENDERERS = Object.fromEntries([foursquare, unionSquare].map((m) => [m.GAME, m]));
/** What the server says of each game (title, end reasons, ...), by game name. */
const GAMES = await describeGames();
const $ = (id) => document.getElementById(id);
const remembered = localStorage.getItem("squares.game");
const ui = {
  game: remembered in GAMES ? remembered : Object.keys(GAMES)[0],
  view: null, previous: null, held: false, selected: null, hint: null, queue: Promise.resolve(),
  busy: 0, hintSaid: false, focusKey: null, ended: null, clockAt: 0, pendingLoss: null,
  auto: localStorage.getItem("squares.auto") === "1",
};
const rendererOf = (view) => RENDERERS[view.game];
/** Whether two views show the same board: the same game at the same version. */
const sameBoard = (a, b) => Boolean(a && b && a.id === b.id && a.version === b.version);

function say(text, error = false) {
  const note = $("message");
  note.textContent = text || "";
  delete note.dataset.preview;
  note.classList.toggle("error", error);
  ui.hintSaid = false;
}

function statusLine() {
  const view = ui.view;
  if (!view) return "";
  // TRANSLATORS: the parts of the status line, joined by " · "
  const parts = [GAMES[view.game].title, _("deal {deal}", { deal: view.deal_text })];
  if (view.score !== null) parts.push(_("score {score}", { score: view.score }));
  parts.push(_("stock {count}", { count: view.stock }));
  if (view.status === "won") parts.push(_("won"));
  if (view.status === "lost") parts.push(_("lost"));
  return parts.join(" · ");
}

/** The time played, apart from the status line: a live region must not tick every second. */
function clockText() {
  return ui.view ? _("time {time}", { time: formatTime(played(ui.view, ui.clockAt)) }) : "";
}

/** The game as the server has it now (its clock restarted there by the request). */
async function reopen(id) {
  const result = await api.get(id);
  if (result.ok && result.body.id === ui.view?.id) show(result.body);
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
  const before = beforeRender(board, ui.previous);
  rendererOf(view).render(board, view, controls());
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
  // a finished game keeps its end: undo and redo stay in view, disabled
  $("undo").disabled = !playing || !view.can_undo;
  $("redo").disabled = !playing || !view.can_redo;
  $("hint").disabled = !playing;
  $("resign").disabled = !playing;
  $("auto-label").hidden = !rendererOf(view).AUTO_OPTION;
  $("auto-foundation").checked = ui.auto;
  $("status").textContent = statusLine();
  $("clock").textContent = clockText();
  $("table-title").textContent = GAMES[view.game].title;
  document.title = _("{game} · deal {deal} · Squares", { game: GAMES[view.game].title, deal: view.deal_text });
  // a win's celebration first: the end dialog, opened after it, lies above it
  afterRender(board, view, before);
  maybeShowEnd(ui.view, GAMES[ui.view.game], formatTime(ui.view.seconds));
}

function show(view) {
  if (ui.view && view.id !== ui.view.id) {
    ui.previous = null;
    ui.held = false;
    // what a placement would flip is said for the board it was shown on, not another game's
    if ($("message").dataset.preview) say("");
  }
  if (!sameBoard(view, ui.view)) {
    // a hint is for the board it was worked out on: another board drops it and its words
    ui.hint = null;
    if (ui.hintSaid) say("");
  }
  ui.view = view;
  ui.clockAt = Date.now();
  localStorage.setItem(`squares.id.${view.game}`, String(view.id));
  render();
}

/** Run `task` after every action asked for before it: one request at a time, in order.
 * Until it is done the page is busy, and the player's input on the board is dropped. */
function enqueue(task) {
  ui.busy += 1;
  const run = ui.queue.then(task, task).finally(() => { ui.busy -= 1; });
  ui.queue = run.catch(() => undefined);
  return run;
}

/** Send the request `makeRequest` builds from the view current when its turn comes; a
 * refusal (422) is said as `refused()` says it, when given. */
function send(makeRequest, refused = null) {
  return enqueue(() => perform(makeRequest, refused));
}

/** Send the request `makeRequest` builds from the view current now, and show its answer:
 * `send`'s work, for a task already in the queue. */
async function perform(makeRequest, refused = null) {
  if (!ui.view && makeRequest.length) return false;
  const result = await makeRequest(ui.view);
  if (result === null) return false;
  if (result.ok) {
    say("");
    show(result.body);
    if (ui.auto) await autoFoundation();
    return true;
  }
  if (result.status === 409 && result.body?.view) {
    show(result.body.view);
    say(_("This game changed in another window; here it is as it stands now. Try again."), true);
  } else {
    say(result.status === 422 && refused ? refused() : errorText(result), true);
  }
  return false;
}

async function autoFoundation() {
  for (;;) {
    const move = rendererOf(ui.view).autoMove(ui.view);
    if (!move || ui.view.status !== "playing") return;
    const result = await api.move(ui.view.id, move, ui.view.version);
    if (!result.ok) return;
    show(result.body);
  }
}

/** What a game's renderer may ask of the page. The player's input acts only on the board
 * it was made on, and only while no action is on its way: else it is dropped. */
function controls() {
  const drawn = ui.view;
  const onTable = () => sameBoard(drawn, ui.view) && !ui.busy;
  return {
    held: ui.held, previous: ui.previous, selected: ui.selected, hint: ui.hint,
    onMove: (move) => {
      if (!onTable()) return;
      ui.held = false; ui.selected = null; ui.hint = null;
      sendMove(move, drawn);
    },
    onHold: (held) => { if (onTable()) { ui.held = held; render(); } },
    onSelect: (source) => { if (onTable()) { ui.selected = source; ui.hint = null; render(); } },
    refuse: (node, text) => {
      say(text, true);
      node.classList.remove("refused");
      void node.offsetWidth; // restart the mark if the same place is refused again
      node.classList.add("refused");
    },
    select: (source, hint) => { ui.selected = source; ui.hint = hint; render(); },
    focus: (key) => { ui.focusKey = key; render(); findPlace(key)?.focus(); },
    confirmLoss: (move, text) => {
      if (!onTable()) return;
      ui.pendingLoss = { move, view: drawn };
      // the place in words: the board is under the dialog, and "there" names none
      $("confirm-where").textContent = drawn.move_words[move] ?? "";
      $("confirm-text").textContent = text;
      $("confirm-dialog").showModal();
    },
  };
}

/** Play `move`, made on the board `drawn`; if another board is on the table by its turn,
 * it is dropped. */
function sendMove(move, drawn) {
  // the server's reason names places in notation (t3, 0,1), which the board does not show
  return send((view) => (sameBoard(view, drawn) ? api.move(view.id, move, view.version) : null),
    () => _("This move is not allowed now."));
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
  if (!view || ui.busy) return;
  if ((name === "undo" || name === "redo") && view.status !== "playing") return;
  ui.selected = null;
  ui.held = false;
  send((current) => api.action(current.id, name, current.version));
}

function hint() {
  if (ui.busy) return Promise.resolve();
  return enqueue(async () => {
    const view = ui.view;
    if (!view || view.status !== "playing") return;
    const result = await api.hint(view.id, view.version);
    if (!result.ok) { say(errorText(result), true); return; }
    show(result.body.view);
    const { move, reason } = result.body.hint;
    rendererOf(ui.view).showHint($("board"), ui.view, move, controls());
    say(_("Hint: {reason}", { reason }));
    ui.hintSaid = true;
  });
}

/** The new-deal choice's difficulty, as the body of a new game asks for it. */
function chosenLevel() {
  const level = $("difficulty").value;
  return level === "any" ? {} : { difficulty: level };
}

/** Deal a new game of `game` once every action asked for before is done: whether that
 * gives up a game, and which, is asked of the game as those actions leave it (a move on
 * its way when N is pressed is a move made). */
function newDeal(request, game = ui.game) {
  return enqueue(async () => {
    if (!(await mayGiveUp(ui.view, game, GAMES[game]))) return false;
    ui.selected = null;
    ui.held = false;
    ui.hint = null;
    if ($("end-dialog").open) $("end-dialog").close();
    ui.game = game;
    localStorage.setItem("squares.game", game);
    return perform(() => api.create({ game, ...request }));
  });
}

/** Deal today's deal and say its level, in the words of the new-deal choice. */
async function daily() {
  if (!(await newDeal({ daily: true }))) return;
  const option = $("difficulty").querySelector(`option[value="${ui.view.difficulty}"]`);
  if (option) say(_("Today's deal: {level}", { level: option.textContent }));
}

/** The page's keys: the arrows move between places, the board's module takes its own, then
 * the toolbar's (u, r, n, h, ?, Escape). */
function onKey(event) {
  if (document.querySelector("dialog[open]")) return;
  if (event.target.closest("input, textarea, select, form")) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key;
  const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (arrows[key]) { event.preventDefault(); moveFocus($("board"), ...arrows[key]); return; }
  const focused = $("board").contains(document.activeElement) ? document.activeElement : null;
  if (ui.view && rendererOf(ui.view).onKey(ui.view, controls(), focused, key)) {
    event.preventDefault();
    return;
  }
  const lower = key.toLowerCase();
  if (lower === "u") action("undo");
  else if (lower === "r") action("redo");
  else if (lower === "n") newDeal(chosenLevel());
  else if (lower === "h") hint();
  else if (key === "?") $("help-dialog").showModal();
  else if (key === "Escape") { ui.selected = null; ui.hint = null; ui.held = false; render(); }
  else return;
  event.preventDefault();
}

function wire() {
  const tabs = document.querySelector("nav.games");
  tabs.replaceChildren(...Object.values(GAMES).map((game) => {
    const tab = document.createElement("button");
    tab.type = "button";
    tab.className = "tab";
    tab.dataset.game = game.name;
    tab.textContent = game.title;
    tab.title = game.summary;
    tab.addEventListener("click", () => { ui.selected = null; ui.hint = null; openGame(game.name); });
    return tab;
  }));
  $("undo").addEventListener("click", () => action("undo"));
  $("redo").addEventListener("click", () => action("redo"));
  $("restart").addEventListener("click", () => action("restart"));
  $("resign").addEventListener("click", () => action("resign"));
  $("hint").addEventListener("click", () => hint());
  $("new").addEventListener("click", () => newDeal(chosenLevel()));
  $("daily").addEventListener("click", () => daily());
  $("help").addEventListener("click", () => $("help-dialog").showModal());
  $("help-close").addEventListener("click", () => $("help-dialog").close());
  $("deal-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const request = readDeal($("deal-input").value, GAMES, ui.game);
    if (request.problem) { say(request.problem, true); return; }
    newDeal({ deal: request.deal }, request.game).then((ok) => {
      if (ok) $("deal-input").value = "";
    });
  });
  $("auto-foundation").addEventListener("change", (event) => {
    ui.auto = event.target.checked;
    localStorage.setItem("squares.auto", ui.auto ? "1" : "0");
    if (ui.auto) enqueue(autoFoundation);
  });
  $("confirm-yes").addEventListener("click", () => {
    $("confirm-dialog").close();
    const pending = ui.pendingLoss;
    ui.pendingLoss = null;
    // asked about the card in hand on that board: on any other, the answer is void
    if (pending && sameBoard(pending.view, ui.view) && !ui.busy) sendMove(pending.move, pending.view);
  });
  $("confirm-no").addEventListener("click", () => { ui.pendingLoss = null; $("confirm-dialog").close(); });
  // a finished game keeps its result: the same deal is played again as a new game
  $("end-replay").addEventListener("click", () => newDeal({ deal: ui.view.deal_text }));
  $("end-new").addEventListener("click", () => newDeal(chosenLevel()));
  $("end-close").addEventListener("click", () => $("end-dialog").close());
  languageSwitcher($("language"));
  cornerSetting($("help-dialog"));
  lookSettings($("help-dialog"));
  document.addEventListener("keydown", onKey);
  $("board").addEventListener("focusin", (event) => { ui.focusKey = placeKey(event.target); });
  setInterval(() => { if (ui.view?.status === "playing") $("clock").textContent = clockText(); }, 1000);
  keepClock(() => ui.view, (id) => enqueue(() => reopen(id)));
}

/** A share link (/?play=foursquare:7) deals that deal, asking first if a game is under way. */
function askedDeal() {
  const code = new URLSearchParams(location.search).get("play");
  if (code === null) return null;
  history.replaceState(null, "", "/");
  const request = readDeal(code, GAMES, ui.game);
  if (request.problem) { say(request.problem, true); return null; }
  return request;
}

wire();
wireMenu();
wireIntro();
wireChance({ view: () => ui.view, enqueue, show, say });
showWarmUp($("preparing"));
const asked = askedDeal();
if (asked) ui.game = asked.game;
openGame(ui.game).then(() => asked && newDeal({ deal: asked.deal }, asked.game));
