// "Your chance of winning from here": the menu's button asks the server, which plays the
// game out over orders of the cards not seen yet; the answer goes to the message line.
import { api, errorText } from "./api.js";
import { _ } from "./i18n.js";

/** Wire the Chance button. `page` is the controller's: `view()` the game shown,
 * `enqueue(task)` to run after the actions asked for before, `show(view)` a new view,
 * `say(text, error)` a line in the message area. A finished game is refused by the server,
 * which says why. */
export function wireChance(page) {
  document.getElementById("chance").addEventListener("click", () => page.enqueue(async () => {
    const view = page.view();
    if (!view) return;
    page.say(_("Working out your chance…"));
    const result = await api.action(view.id, "chance", view.version);
    if (!result.ok) { page.say(errorText(result), true); return; }
    page.show(result.body.view);  // the game now counts as helped, as with a hint
    page.say(result.body.chance.text);
  }));
}
