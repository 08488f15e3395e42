// Drag and drop with pointer events, so the mouse and a finger work the same way.
// A press that does not move is left to the click handlers.
import { noteDrop } from "./motion.js";

const THRESHOLD = 6;

export function startDrag(event, source, { onDrop, targetSelector }) {
  if (event.button !== undefined && event.button !== 0) return;
  const startX = event.clientX;
  const startY = event.clientY;
  let ghost = null;
  let over = null;

  const targetAt = (x, y) => document.elementFromPoint(x, y)?.closest(targetSelector) || null;

  function move(e) {
    if (!ghost) {
      if (Math.hypot(e.clientX - startX, e.clientY - startY) < THRESHOLD) return;
      const card = source.querySelector(".card.top") || source.querySelector(".card");
      if (!card) return;
      const size = card.getBoundingClientRect();
      ghost = card.cloneNode(true);
      ghost.classList.add("dragging-ghost");
      // the card itself, at its own size: the clone would otherwise take the page's
      ghost.style.width = `${size.width}px`;
      ghost.style.height = `${size.height}px`;
      ghost.classList.remove("flipping");
      document.body.append(ghost);
      source.classList.add("drag-source");
    }
    const box = ghost.getBoundingClientRect();
    ghost.style.left = `${e.clientX - box.width / 2}px`;
    ghost.style.top = `${e.clientY - box.height / 3}px`;
    const target = targetAt(e.clientX, e.clientY);
    if (target !== over) {
      over?.classList.remove("drop-over");
      target?.classList.add("drop-over");
      over = target;
    }
    e.preventDefault();
  }

  function up(e) {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", up);
    if (!ghost) return;
    noteDrop(ghost);
    ghost.remove();
    source.classList.remove("drag-source");
    over?.classList.remove("drop-over");
    // the click that follows a drag is not a click
    const swallow = (c) => { c.stopPropagation(); c.preventDefault(); };
    window.addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 60);
    if (e.type === "pointerup") onDrop(targetAt(e.clientX, e.clientY));
  }

  window.addEventListener("pointermove", move, { passive: false });
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", up);
}
