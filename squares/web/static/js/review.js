// The review page of a finished game: the numbers, the chance-to-win curve, and the game
// replayed on its real board (read-only), or the solver's line from the critical move.
import "./looks.js"; // the table's colours and deck, as the player chose them
import { api, errorText } from "./api.js";
import * as foursquare from "./foursquare.js";
import * as unionSquare from "./unionsquare.js";
import { _, lang, languageSwitcher } from "./i18n.js";
import { bestText, drawCurve, curveTable, scoreText } from "./review_curve.js";
import { showWarmUp } from "./warmup.js";

/** Each game's renderer module, by game name, as the game page has them. */
const RENDERERS = Object.fromEntries([foursquare, unionSquare].map((m) => [m.GAME, m]));
const $ = (id) => document.getElementById(id);
const percent = (value) => value.toLocaleString(lang, { style: "percent", maximumFractionDigits: 0 });

/** The address of a finished game's review page: what the game's end dialog links to. */
export function reviewUrl(gameId) {
  return `/review/${encodeURIComponent(gameId)}`;
}

/** Show the link "Review this game" to game `gameId` in `container` (the game page's end
 * dialog), once however often it is called: a later game moves the same link. */
export function showReviewLink(container, gameId) {
  let link = container.querySelector("a[data-review-link]");
  if (!link) {
    link = document.createElement("a");
    link.className = "button-link";
    link.dataset.reviewLink = "";
    container.prepend(link);
  }
  link.href = reviewUrl(gameId);
  link.textContent = _("Review this game");
  return link;
}

function line(text, className) {
  const p = document.createElement("p");
  p.textContent = text;
  if (className) p.className = className;
  return p;
}

function numbers(review) {
  const how = review.best_proven ? _("proven") : _("not proven: the search ran out");
  const lines = [line(_("Best possible: {best} ({how}); yours: {score}",
    { best: scoreText(review.best_score), how, score: scoreText(review.score) }), "review-score"),
  line(review.difficulty_words, "review-difficulty")];
  const critical = review.critical;
  if (!critical) {
    let text;
    if (review.unsettled) {
      text = _("The solver could not settle, within its budget, which move lowered the best score reachable");
    } else if (review.score === review.best_score) {
      text = _("No move lowered the best score reachable: well played");
    } else {
      text = _("No move lowered the best score reachable, but the game ended before it was reached");
    }
    lines.push(line(text));
  } else {
    const values = { number: critical.index + 1, move: critical.played_words,
      before: bestText(critical.best_before, critical.best_before_proven), after: scoreText(critical.best_after) };
    lines.push(line(critical.lost_win
      ? _("Move {number}, {move}, lost the win (best reachable before: {before}; after: {after})", values)
      : _("Move {number}, {move}, lowered the best score reachable (before: {before}; after: {after}): the solver sees the whole deal, the hint does not", values),
    "review-critical"));
    lines.push(line(critical.better_words === null ? critical.reason
      : _("Better: {reason}", { reason: critical.reason }),
    "review-better"));
  }
  $("review-facts").replaceChildren(...lines);
}

// What the renderers may ask of the page: here nothing, since no click makes a move.
const READ_ONLY = {
  held: false, selected: null, hint: null,
  onMove() {}, onHold() {}, onSelect() {}, select() {}, focus() {}, confirmLoss() {},
};

const replay = { review: null, data: null, solver: false, shown: 0, previous: null };

function positions() {
  return replay.solver ? replay.data.solver.views : replay.data.views;
}

function stepText() {
  const { review, data, shown } = replay;
  if (replay.solver) {
    const from = data.solver.from + 1;
    const total = data.solver.moves.length;
    return shown ? _("Solver's line from move {number}, step {step} of {total}: {move}",
      { number: from, step: shown, total, move: data.solver.words[shown - 1] })
      : _("Solver's line from move {number}: the position before it", { number: from });
  }
  const total = data.moves.length;
  if (!total) return _("The deal: no move was played");
  if (!shown) return _("The deal, before move 1 of {total}", { total });
  const head = _("After move {number} of {total}: {move}", { number: shown, total, move: data.words[shown - 1] });
  const move = review.moves[shown - 1];
  let text = _("{head} · best still reachable: {best} · chance to win before it: {chance}",
    { head, best: bestText(move.best_after, move.best_proven), chance: percent(move.win_chance.value) });
  const critical = review.critical;
  if (critical && critical.index === shown - 1) {
    // a call of its own, outside a template string, where the extractor finds it
    const star = _("★ the critical move; better: {move}", { move: critical.better_words ?? "—" });
    text += ` — ${star}`;
  }
  return text;
}

function draw() {
  const views = positions();
  // a replayed position has no moves for the reader: no legal cell, no preview, no mark
  const view = { ...views[replay.shown], legal: [], placements: [] };
  const board = $("replay-board");
  const renderer = RENDERERS[view.game];
  renderer.render(board, view, { ...READ_ONLY, previous: replay.previous });
  const moves = replay.solver ? replay.data.solver.moves : replay.data.moves;
  if (replay.shown) renderer.markMove(board, moves[replay.shown - 1]);
  board.classList.add("replay-board");
  for (const button of board.querySelectorAll("button")) button.tabIndex = -1;
  replay.previous = view;
  const slider = $("replay-slider");
  slider.max = String(views.length - 1);
  slider.value = String(replay.shown);
  slider.setAttribute("aria-valuetext", stepText());
  $("replay-previous").disabled = replay.shown === 0;
  $("replay-next").disabled = replay.shown === views.length - 1;
  $("replay-step").textContent = stepText();
}

function go(shown) {
  replay.shown = Math.max(0, Math.min(positions().length - 1, shown));
  draw();
}

function wireReplay() {
  $("replay-previous").addEventListener("click", () => go(replay.shown - 1));
  $("replay-next").addEventListener("click", () => go(replay.shown + 1));
  $("replay-slider").addEventListener("input", (event) => go(Number(event.target.value)));
  const toggle = $("replay-solver");
  toggle.disabled = !replay.data.solver;
  toggle.addEventListener("change", () => {
    replay.solver = toggle.checked;
    replay.previous = null;
    go(replay.solver ? 0 : replay.data.solver.from);
  });
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (target instanceof HTMLSelectElement || target?.type === "range") return; // their own arrows
    const moves = { ArrowLeft: replay.shown - 1, ArrowRight: replay.shown + 1, Home: 0,
      End: positions().length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    go(moves[event.key]);
  });
}

async function load() {
  const id = $("review").dataset.game;
  const state = $("review-state");
  const reviewed = await api.review(id);
  if (!reviewed.ok) { state.textContent = errorText(reviewed); return; }
  const replayed = await api.replay(id);
  if (!replayed.ok) { state.textContent = errorText(replayed); return; }
  replay.review = reviewed.body;
  replay.data = replayed.body;
  for (const part of ["review-numbers", "review-curve", "review-replay"]) $(part).hidden = false;
  state.textContent = "";
  state.hidden = true;
  numbers(replay.review);
  drawCurve($("curve-chart"), replay.review);
  curveTable($("curve-table"), replay.review);
  wireReplay();
  draw();
  let width = $("curve-chart").clientWidth;
  window.addEventListener("resize", () => {
    if ($("curve-chart").clientWidth === width) return;
    width = $("curve-chart").clientWidth;
    drawCurve($("curve-chart"), replay.review);
  });
}

if ($("review")) { // the review page itself (the game page may import reviewUrl)
  languageSwitcher($("language"));
  showWarmUp($("preparing"));
  load();
}
