// Asking before a game under way is given up for a new deal (it would count as lost).
import { ngettext } from "./i18n.js";

/** Whether the game on the table may be given up for a new one of `game`: a game under
 * way (moves made, not over) counts as lost, so the player is asked first. */
export function mayGiveUp(view, game) {
  if (!view || view.game !== game || view.status !== "playing" || !view.moves) {
    return Promise.resolve(true);
  }
  const dialog = document.getElementById("abandon-dialog");
  document.getElementById("abandon-text").textContent = ngettext(
    "The game on the table ({code}, {count} move) is not over: a new deal counts it as lost.",
    "The game on the table ({code}, {count} moves) is not over: a new deal counts it as lost.",
    view.moves, { code: view.share });
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
    dialog.showModal();
  });
}
