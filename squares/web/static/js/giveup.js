// Asking before a game under way is given up for a new deal (it would count as lost).
import { api } from "./api.js";
import { ngettext } from "./i18n.js";

/** The unfinished game of `game` a new deal of it would give up: the one on the table if it
 * is of that game, else the one the server keeps (a game left for the other tab). */
async function unfinishedOf(view, game) {
  if (view && view.game === game && view.status === "playing") return view;
  const result = await api.current(game);
  return result.ok && result.body.game === game ? result.body : null;
}

/** Whether a new deal of `game` (described by `about`) may go ahead: an unfinished game of
 * it with moves made would count as lost, so the player is asked first, told which game. */
export async function mayGiveUp(view, game, about) {
  const unfinished = await unfinishedOf(view, game);
  if (!unfinished || unfinished.status !== "playing" || !unfinished.moves) return true;
  const dialog = document.getElementById("abandon-dialog");
  document.getElementById("abandon-text").textContent = ngettext(
    "Your {game} game (deal {deal}, {count} move) is not over: a new deal of {game} counts it as lost.",
    "Your {game} game (deal {deal}, {count} moves) is not over: a new deal of {game} counts it as lost.",
    unfinished.moves, { game: about.title, deal: unfinished.deal_text });
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
    dialog.returnValue = "";
    dialog.showModal();
  });
}
