// What the server says of each game: title, score, notation, keys, end reasons, players.
// The page keeps no list of its own: a game the server describes is a game the page plays.
import { api } from "./api.js";

/** The games' descriptions in the page's language, by game name, in the server's order. */
export async function describeGames() {
  const result = await api.info();
  if (!result.ok) return {};
  return Object.fromEntries(result.body.games.map((game) => [game.name, game]));
}
