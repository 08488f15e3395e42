// The dialog at the end of a game: its result, what the score means, what the deal
// allowed, a new best, the share link and the way to the review.
import { api, playLink } from "./api.js";
import { showReviewLink } from "./review.js";
import { _ } from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** The end dialog comes once per finished game: not again on a reload, a return from the
 * statistics or a change of language. It says what the score means, whether it is a new
 * best, and links the deal's share code (the link deals it again). */
export function maybeShowEnd(view, game, time) {
  const seen = `squares.ended.${view.id}`;
  if (view.status === "playing" || localStorage.getItem(seen)) return;
  localStorage.setItem(seen, "1");
  $("end-title").textContent = game.end_reasons[view.end];
  const share = document.createElement("a");
  share.href = playLink(view.share);
  share.textContent = view.share;
  const facts = [[_("Score"), view.score ?? "—"], [_("Time"), time],
    [_("Moves"), view.moves], [_("Share code"), share]];
  $("end-facts").replaceChildren(...facts.flatMap(([k, v]) => {
    const dt = document.createElement("dt");
    dt.textContent = k;
    const dd = document.createElement("dd");
    dd.append(v instanceof Node ? v : String(v));
    return [dt, dd];
  }));
  // TRANSLATORS: {meaning} is a game's score_meaning, such as "the cards on the foundations"
  const meaning = _("The score counts {meaning}.", { meaning: game.score_meaning });
  $("end-meaning").textContent = [meaning, view.deal_best].filter(Boolean).join(" ");
  $("end-best").hidden = true;
  if (view.score !== null) {
    api.stats().then((result) => {
      const mine = result.ok ? result.body[view.game] : null;
      $("end-best").hidden = !(mine && mine.best_game === view.id);
    });
  }
  showReviewLink($("end-dialog").querySelector(".dialog-buttons"), view.id);
  if (!$("end-dialog").open) $("end-dialog").showModal();
}
