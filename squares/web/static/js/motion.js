// Moves shown as motion: each card slides from where it was to where it is now (FLIP: the
// places are measured before and after a drawing, the difference animated back to nothing),
// flipped cards turn over, a win is celebrated. Motion never holds the game up: any key or
// press finishes it at once, and with prefers-reduced-motion the page changes instantly.
import { celebrate } from "./celebrate.js";

const SLIDE_MS = 200;
const TURN_MS = 240;
const ARRIVE_MS = 160;
const DROP_FRESH_MS = 2000; // a dropped card's place counts for the drawing that follows
const EASE = "cubic-bezier(.2, .7, .3, 1)";

const running = new Set();
let dropped = null;

export const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Finish every animation under way: its card is where the game says, now. */
export function finishAll() {
  for (const animation of running) animation.finish();
  running.clear();
  for (const ghost of document.querySelectorAll(".motion-ghost")) ghost.remove();
}

/** The card let go at the end of a drag: its slide starts where the player dropped it. */
export function noteDrop(card) {
  dropped = { code: card.dataset.card, rect: card.getBoundingClientRect(), at: Date.now() };
}

function placeOf(card) {
  const place = card.closest("[data-cell], [data-hand], [data-foundation], [data-source], [data-place]");
  if (!place) return "";
  const d = place.dataset;
  return d.cell || (d.hand && "hand") || (d.foundation && `f${d.foundation}`) || d.source || d.place;
}

function cardsOf(board) {
  return [...board.querySelectorAll(".card")].filter((card) => !card.classList.contains("motion-ghost"))
    .map((card) => ({ node: card, code: card.dataset.card || "", place: placeOf(card),
      rect: card.getBoundingClientRect() }));
}

/** What the board shows before it is drawn anew: call just before the renderer. */
export function beforeRender(board, previousView) {
  finishAll();
  const stock = board.querySelector('[data-place="s"] .card, [data-place="s"] .slot');
  return { cards: cardsOf(board), stock: stock?.getBoundingClientRect() || null, previousView };
}

function track(animation, done = null) {
  running.add(animation);
  animation.addEventListener("finish", () => { running.delete(animation); done?.(); });
  return animation;
}

/** Slide `node` from `from` (a rectangle) to where it is drawn now. */
function slide(node, from, duration = SLIDE_MS) {
  const to = node.getBoundingClientRect();
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
  const scale = to.width ? from.width / to.width : 1;
  node.style.zIndex = "20";
  node.style.transformOrigin = "0 0";
  track(node.animate([{ transform: `translate(${dx}px, ${dy}px) scale(${scale})` },
    { transform: "none" }], { duration, easing: EASE }),
  () => { node.style.zIndex = ""; node.style.transformOrigin = ""; });
}

/** Turn a card over: the old face turns edge on, then the new one turns into view. */
function turnOver(node, old) {
  const cell = node.parentElement;
  if (old && cell) {
    const box = cell.getBoundingClientRect();
    const ghost = old.node;
    ghost.classList.add("motion-ghost");
    ghost.classList.remove("flipping");
    ghost.setAttribute("aria-hidden", "true"); // the old face, only seen while it turns away
    delete ghost.dataset.card;
    ghost.style.left = `${old.rect.left - box.left}px`;
    ghost.style.top = `${old.rect.top - box.top}px`;
    cell.append(ghost);
    track(ghost.animate([{ transform: "perspective(600px) rotateY(0)" },
      { transform: "perspective(600px) rotateY(90deg)" }],
    { duration: TURN_MS / 2, easing: "ease-in", fill: "forwards" }), () => ghost.remove());
  }
  track(node.animate([{ transform: "perspective(600px) rotateY(-90deg)" },
    { transform: "perspective(600px) rotateY(0)" }],
  { duration: TURN_MS / 2, delay: old ? TURN_MS / 2 : 0, easing: "ease-out", fill: "backwards" }));
}

/** Pair each card drawn now with the one it was: first in the same place, then the same
 * card elsewhere (it moved). Union Square's two decks can show one card twice. */
function pair(before, after) {
  const left = [...before];
  const take = (test) => {
    const index = left.findIndex(test);
    return index < 0 ? null : left.splice(index, 1)[0];
  };
  const pairs = after.map((card) => [card, card.node.classList.contains("flipping") ? null
    : take((b) => b.place === card.place && b.code === card.code)]);
  for (const entry of pairs) {
    const [card] = entry;
    if (!entry[1] && card.code && !card.node.classList.contains("flipping")) {
      entry[1] = take((b) => b.code === card.code);
    }
  }
  return { pairs, gone: left };
}

/** Animate what changed since `before` (from beforeRender), and celebrate a win seen now. */
export function afterRender(board, view, before) {
  const prev = before.previousView;
  if (prev && prev.id === view.id && prev.status === "playing" && view.status === "won") {
    celebrate(reducedMotion());
  }
  const drop = dropped && Date.now() - dropped.at < DROP_FRESH_MS ? dropped : null;
  dropped = null;
  if (reducedMotion() || !prev || prev.id !== view.id) return;
  const { pairs, gone } = pair(before.cards, cardsOf(board));
  for (const [card, was] of pairs) {
    if (card.node.classList.contains("flipping")) {
      turnOver(card.node, gone.find((b) => b.place === card.place));
    } else if (was) {
      const from = drop && drop.code === card.code && was.place !== card.place ? drop.rect : was.rect;
      slide(card.node, from);
    } else if (card.place === "w" && before.stock && card.node.classList.contains("top")) {
      slide(card.node, before.stock); // dealt from the stock
    } else if (card.code) {
      track(card.node.animate([{ opacity: 0, transform: "scale(.85)" }, { opacity: 1, transform: "none" }],
        { duration: ARRIVE_MS, easing: EASE }));
    }
  }
}

// a key or a press during an animation finishes it: the next move never waits
for (const type of ["pointerdown", "keydown"]) {
  document.addEventListener(type, () => { if (running.size) finishAll(); }, { capture: true });
}
