// A won game is celebrated: suit symbols fall over the page for a moment (a canvas above
// the end dialog that lets every press through), or, with reduced motion, a still
// "You won!" with the four suits. A key or a press anywhere ends it at once.
import { _ } from "./i18n.js";
import { RED_SUITS, SUIT_PATHS } from "./suits.js";

const SVG = "http://www.w3.org/2000/svg";
const LASTS_MS = 2600;
const FADE_MS = 600;
const PIECES = 90;
const COLOURS = { red: "#e53935", black: "#1b1b1b" };

let current = null;

function stop() {
  if (!current) return;
  const { node, frame, timer } = current;
  current = null;
  cancelAnimationFrame(frame);
  clearTimeout(timer);
  if (node.matches(":popover-open")) node.hidePopover();
  node.remove();
  document.removeEventListener("pointerdown", stop, { capture: true });
  document.removeEventListener("keydown", stop, { capture: true });
}

/** Shown in the top layer, above a modal dialog opened before it. */
function show(node) {
  node.className = `celebration${node.className ? ` ${node.className}` : ""}`;
  node.setAttribute("popover", "manual");
  node.setAttribute("aria-hidden", "true");
  node.dataset.celebration = "1";
  document.body.append(node);
  node.showPopover();
  document.addEventListener("pointerdown", stop, { capture: true });
  document.addEventListener("keydown", stop, { capture: true });
}

function stillFlourish() {
  const node = document.createElement("div");
  node.className = "still";
  const suits = (letters) => [...letters].map((suit) => {
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 100 100");
    svg.setAttribute("class", RED_SUITS.includes(suit) ? "red" : "black");
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", SUIT_PATHS[suit]);
    svg.append(path);
    return svg;
  });
  const words = document.createElement("span");
  words.textContent = _("You won!");
  node.append(...suits("SH"), words, ...suits("DC"));
  return node;
}

function confetti(canvas) {
  const ratio = window.devicePixelRatio || 1;
  const width = window.innerWidth;
  const height = window.innerHeight;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const context = canvas.getContext("2d");
  const shapes = Object.fromEntries(Object.entries(SUIT_PATHS).map(([s, d]) => [s, new Path2D(d)]));
  const suits = Object.keys(SUIT_PATHS);
  const pieces = Array.from({ length: PIECES }, (_unused, i) => ({
    suit: suits[i % 4],
    x: Math.random() * width,
    y: -40 - Math.random() * height * 0.6,
    size: 14 + Math.random() * 18,
    fall: 260 + Math.random() * 320,
    sway: 20 + Math.random() * 40,
    phase: Math.random() * Math.PI * 2,
    spin: (Math.random() - 0.5) * 6,
  }));
  const start = performance.now();
  const draw = (now) => {
    const t = now - start;
    if (!current) return;
    if (t > LASTS_MS) { stop(); return; }
    const seconds = t / 1000;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    context.globalAlpha = Math.min(1, (LASTS_MS - t) / FADE_MS);
    for (const p of pieces) {
      const x = p.x + Math.sin(p.phase + seconds * 3) * p.sway;
      const y = p.y + p.fall * seconds;
      context.save();
      context.translate(x, y);
      context.rotate(p.phase + p.spin * seconds);
      context.scale(p.size / 100, p.size / 100);
      context.translate(-50, -50);
      context.fillStyle = RED_SUITS.includes(p.suit) ? COLOURS.red : COLOURS.black;
      context.strokeStyle = "#fffdf7";
      context.lineWidth = 6;
      context.stroke(shapes[p.suit]);
      context.fill(shapes[p.suit]);
      context.restore();
    }
    current.frame = requestAnimationFrame(draw);
  };
  current.frame = requestAnimationFrame(draw);
}

/** Celebrate a win; `still` (reduced motion) shows a flourish that does not move. */
export function celebrate(still) {
  stop();
  const node = still ? stillFlourish() : document.createElement("canvas");
  current = { node, frame: 0, timer: 0 };
  show(node);
  if (still) current.timer = setTimeout(stop, LASTS_MS);
  else confetti(node);
}
