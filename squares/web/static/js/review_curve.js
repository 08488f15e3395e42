// The review's curve as inline SVG: before each move, the chance to win (its 95% interval as
// a band) on the left axis, the best score still reachable after it on the right, and the
// critical move marked; with a table of the same figures for screen readers.
import { _, lang } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const PAD = { left: 56, right: 56, top: 18, bottom: 46 };
const percent = (value) => value.toLocaleString(lang, { style: "percent", maximumFractionDigits: 0 });
// TRANSLATORS: a score that does not exist (in Foursquare, a game that cannot be won)
export const scoreText = (score) => (score === null || score === undefined ? _("none") : String(score));
/** A best score reachable as the solver knows it: the score where it is proven, else "at
 * least" the score it found (the best may be higher). */
// TRANSLATORS: {score} is a score the solver found; the best reachable may be higher
export const bestText = (score, proven) => (proven ? scoreText(score)
  : _("at least {score}", { score: scoreText(score) }));

function node(tag, attrs = {}, text = null) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  if (text !== null) element.textContent = text;
  return element;
}

/** Draw `review`'s curve into `holder` (its moves numbered from 1), as wide as the holder
 * is, so that its words keep their size on a phone. */
export function drawCurve(holder, review) {
  const W = Math.round(Math.max(320, Math.min(720, holder.clientWidth || 720)));
  const H = W < 480 ? 260 : 300;
  const moves = review.moves;
  const count = Math.max(1, moves.length);
  const bests = moves.map((m) => m.best_after).filter((b) => b !== null);
  const top = Math.max(1, review.best_score ?? 0, ...bests);
  const x = (i) => PAD.left + (count === 1 ? (W - PAD.left - PAD.right) / 2
    : (i * (W - PAD.left - PAD.right)) / (count - 1));
  const y = (share) => PAD.top + (1 - share) * (H - PAD.top - PAD.bottom);
  const critical = review.critical;
  const first = moves[0]?.win_chance;
  const last = moves.at(-1)?.win_chance;
  const summary = first ? _("Chance to win before move 1: {first}; before the last move: {last}.",
    { first: percent(first.value), last: percent(last.value) }) : "";
  const svg = node("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", class: "curve",
    "aria-label": `${_("Chance to win before each move")}. ${summary}` });
  svg.append(node("title", {}, _("Chance to win before each move")));

  for (const share of [0, 0.25, 0.5, 0.75, 1]) {
    svg.append(node("line", { x1: PAD.left, x2: W - PAD.right, y1: y(share), y2: y(share), class: "grid" }));
    svg.append(node("text", { x: PAD.left - 6, y: y(share) + 4, class: "tick", "text-anchor": "end" },
      percent(share)));
  }
  for (const score of [0, Math.round(top / 2), top]) {
    svg.append(node("text", { x: W - PAD.right + 6, y: y(score / top) + 4, class: "tick best-tick" },
      String(score)));
  }
  const step = Math.max(1, Math.ceil(count / (W < 480 ? 6 : 12)));
  for (let i = 0; i < moves.length; i += step) {
    svg.append(node("text", { x: x(i), y: H - PAD.bottom + 16, class: "tick", "text-anchor": "middle" },
      String(i + 1)));
  }
  svg.append(node("text", { x: (PAD.left + W - PAD.right) / 2, y: H - 8, class: "axis", "text-anchor": "middle" },
    _("Move")));
  svg.append(node("text", { x: 14, y: H / 2, class: "axis chance-axis", "text-anchor": "middle",
    transform: `rotate(-90 14 ${H / 2})` }, _("Chance to win")));
  svg.append(node("text", { x: W - 12, y: H / 2, class: "axis best-axis", "text-anchor": "middle",
    transform: `rotate(90 ${W - 12} ${H / 2})` }, _("Best still reachable")));

  if (moves.length) {
    const upper = moves.map((m, i) => `${x(i)},${y(m.win_chance.high)}`);
    const lower = moves.map((m, i) => `${x(i)},${y(m.win_chance.low)}`).reverse();
    svg.append(node("polygon", { points: [...upper, ...lower].join(" "), class: "band" }));
    svg.append(node("polyline", { points: moves.map((m, i) => `${x(i)},${y(m.win_chance.value)}`).join(" "),
      class: "chance" }));
    // the best score after each move; a move after which none is left breaks the line
    let path = "";
    let open = false;
    moves.forEach((m, i) => {
      if (m.best_after === null) { open = false; return; }
      path += `${open ? "L" : "M"}${x(i)},${y(m.best_after / top)} `;
      open = true;
    });
    if (path) svg.append(node("path", { d: path.trim(), class: "best" }));
  }
  if (critical) {
    const at = x(critical.index);
    svg.append(node("line", { x1: at, x2: at, y1: PAD.top, y2: H - PAD.bottom, class: "critical" }));
    // near either end of the plot, the label runs inwards, clear of the axes' figures
    const side = (at - PAD.left) / Math.max(1, W - PAD.left - PAD.right);
    const anchor = side > 0.85 ? "end" : side < 0.15 ? "start" : "middle";
    svg.append(node("text", { x: at, y: PAD.top - 4, class: "critical-label", "text-anchor": anchor },
      _("★ move {number}", { number: critical.index + 1 })));
  }
  const legend = document.createElement("p");
  legend.className = "curve-legend";
  const keys = [["chance", _("chance to win if {player} plays on (band: its interval at 95%)",
    { player: review.chance.player })],
    ["best", _("best score still reachable after the move")]];
  if (critical) keys.push(["critical", _("the critical move")]);
  for (const [kind, text] of keys) {
    const key = document.createElement("span");
    key.className = `key key-${kind}`;
    key.textContent = text;
    legend.append(key);
  }
  holder.replaceChildren(svg, legend);
}

/** The curve's figures as a table, one row a move. */
export function curveTable(table, review) {
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  for (const label of [_("Move"), _("Move played"), _("Chance to win before it"), _("Interval (95%)"),
    _("Best still reachable")]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = label;
    head.append(th);
  }
  const body = table.createTBody();
  for (const move of review.moves) {
    const tr = body.insertRow();
    const chance = move.win_chance;
    const mark = review.critical?.index === move.index ? " ★" : "";
    for (const value of [`${move.index + 1}${mark}`, move.words, percent(chance.value),
      `${percent(chance.low)}–${percent(chance.high)}`, bestText(move.best_after, move.best_proven)]) {
      tr.insertCell().textContent = value;
    }
  }
}
