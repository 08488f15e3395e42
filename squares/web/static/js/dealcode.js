// A deal as the player typed it (the deal box) or as a link asks for it (?play=): a deal
// number, or a share code (foursquare:7). The number stays the digits typed, from the box
// to the server and back: a JavaScript number would round it past 2**53.
import { _ } from "./i18n.js";

const SHOWN = 24;

/** The player's text as a message quotes it: cut short if long (a pasted page, say). */
function quoted(text) {
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
}

/** Read `text` as a deal of `games` (the server's descriptions, by name); a bare number is
 * a deal of `current`. Returns {game, deal} (deal: its decimal digits), or {problem}: one
 * sentence in the player's language saying what was wrong. */
export function readDeal(text, games, current) {
  const trimmed = text.trim();
  const colon = trimmed.lastIndexOf(":");
  const game = colon < 0 ? current : trimmed.slice(0, colon).trim().toLowerCase();
  const number = trimmed.slice(colon + 1).trim();
  if (!(game in games)) {
    const titles = Object.values(games).map((g) => `${g.name}:7`).join(", ");
    return { problem: _("There is no game “{game}” in that code: share codes read {examples}.",
      { game: quoted(game), examples: titles }) };
  }
  if (!/^[0-9]+$/.test(number)) {
    return { problem: _("“{text}” is not a deal number: type digits only, such as 7, or a share code such as {example}.",
      { text: quoted(number), example: `${game}:7` }) };
  }
  const digits = number.replace(/^0+(?=[0-9])/, "");
  const largest = games[game].max_deal;
  if (BigInt(digits) > BigInt(largest)) {
    return { problem: _("The deal number {deal} is too large: deals go from 0 to {max}.",
      { deal: quoted(digits), max: largest }) };
  }
  return { game, deal: digits };
}
