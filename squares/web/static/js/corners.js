// The large index (a big rank and suit, no pips): shown by itself on small cards
// (cards.css), or always or never as the player chose, remembered in this browser.
import { _ } from "./i18n.js";
import { toggleSetting } from "./settings.js";

const KEY = "squares.corners";
const root = document.documentElement;

function apply(choice) {
  if (choice === "large" || choice === "full") root.dataset.corners = choice;
  else delete root.dataset.corners;
}

/** Whether the cards on the page show their large index now (by choice or by size). */
function largeNow() {
  const face = document.querySelector("#board .card .face-large");
  if (!face) return root.dataset.corners === "large";
  return getComputedStyle(face).display !== "none";
}

/** A toggle button for the large index, put in the help dialog beside the keys. */
export function cornerSetting(dialog) {
  apply(localStorage.getItem(KEY));
  if (!dialog) return;
  // TRANSLATORS: a toggle: each card shows only a big rank and suit in its corner, no pips
  toggleSetting(dialog, "large-index", _("Large card corners"), largeNow, () => {
    const choice = largeNow() ? "full" : "large";
    localStorage.setItem(KEY, choice);
    apply(choice);
  });
}
