// The statistics page: one section per game, numbers in a table, charts drawn by the server.
import "./looks.js"; // the table's colours and deck, as the player chose them
import { api, errorText, playLink } from "./api.js";
import { describeGames } from "./games.js";
import { _, languageSwitcher, ngettext } from "./i18n.js";

const GAMES = await describeGames();
const RESULTS = { won: _("won"), lost: _("lost"), playing: _("playing"), resigned: _("resigned") };
// TRANSLATORS: today's daily deal of a game, on the statistics page
const TODAY = { won: _("won"), lost: _("lost"), playing: _("under way"), null: _("not played yet") };

function time(ms) {
  if (ms === null || ms === undefined) return "—";
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function row(table, label, value) {
  const tr = table.insertRow();
  const th = document.createElement("th");
  th.scope = "row";
  th.textContent = label;
  tr.append(th);
  tr.insertCell().textContent = value === null || value === undefined ? "—" : String(value);
}

function section(game, data) {
  const box = document.createElement("section");
  box.setAttribute("aria-labelledby", `title-${game}`);
  const h2 = document.createElement("h2");
  h2.id = `title-${game}`;
  h2.textContent = GAMES[game].title;
  box.append(h2);
  const table = document.createElement("table");
  table.className = "stats-table";
  const number = (value, digits) => value.toLocaleString(document.documentElement.lang,
    { minimumFractionDigits: digits, maximumFractionDigits: digits });
  row(table, _("Played"), data.played);
  row(table, _("Won"), data.won);
  row(table, _("Win rate"), data.win_percent === null ? null
    : _("{percent}%", { percent: number(data.win_percent, 1) }));
  row(table, _("Best score"), data.best_score);
  row(table, _("Average score"), data.average_score === null ? null : number(data.average_score, 1));
  row(table, _("Current winning streak"), data.current_streak);
  row(table, _("Longest winning streak"), data.longest_streak);
  row(table, _("Fastest win"), time(data.fastest_win_ms));
  row(table, _("Fewest moves to win"), data.fewest_moves_win);
  row(table, _("Clean wins (no undo, no hint)"), data.clean_wins);
  row(table, _("Daily streak"), ngettext("{count} day in a row with the daily deal won",
    "{count} days in a row with the daily deal won", data.daily_streak));
  row(table, _("Today's deal"), TODAY[data.daily_today]);
  box.append(table);
  if (data.played) {
    const charts = document.createElement("div");
    charts.className = "charts";
    const title = GAMES[game].title;
    // win rate and score each on an axis of their own; no score yet, no empty score charts
    const pictures = [["results", _("{game}: win rate over time chart", { game: title })]];
    if (data.average_score !== null) {
      pictures.push(["average", _("{game}: average score over time chart", { game: title })],
        ["scores", _("{game}: score distribution chart", { game: title })]);
    }
    for (const [chart, alt] of pictures) {
      const holder = document.createElement("div");
      holder.className = "chart-box";
      const img = document.createElement("img");
      img.src = `/api/stats/${game}/${chart}.svg?n=${data.played}`;
      img.alt = alt;
      holder.append(img);
      charts.append(holder);
    }
    if (data.average_score === null) {
      const none = document.createElement("p");
      none.className = "chart-box no-wins";
      // TRANSLATORS: where the score charts would stand: no game has a score yet
      none.textContent = _("No wins yet.");
      charts.append(none);
    }
    box.append(charts);
  } else {
    const p = document.createElement("p");
    p.textContent = _("No finished games yet.");
    box.append(p);
  }
  if (data.last.length) {
    const h3 = document.createElement("h3");
    h3.textContent = _("Last games");
    const list = document.createElement("table");
    list.className = "stats-table";
    const head = list.createTHead().insertRow();
    for (const label of [_("Share code"), _("Result"), _("Score"), _("Moves"), _("Time")]) {
      const th = document.createElement("th");
      th.textContent = label;
      head.append(th);
    }
    const body = list.createTBody();
    for (const game of data.last) {
      const tr = body.insertRow();
      const result = game.resigned ? RESULTS.resigned : RESULTS[game.status] || game.status;
      // the share code is a link that deals that deal on the game page
      const link = document.createElement("a");
      link.href = playLink(game.code);
      // on a phone the code may break after its colon: the table fits the screen
      const [name, deal] = game.code.split(":");
      link.append(`${name}:`, document.createElement("wbr"), deal);
      tr.insertCell().append(link);
      for (const value of [result, game.score ?? "—", game.move_count, time(game.clock_ms)]) {
        tr.insertCell().textContent = String(value);
      }
    }
    const scroller = document.createElement("div");
    scroller.className = "last-games";
    scroller.append(list);
    box.append(h3, scroller);
  }
  return box;
}

async function load() {
  const main = document.getElementById("stats");
  const result = await api.stats();
  if (!result.ok) { main.textContent = errorText(result); return; }
  main.replaceChildren(...Object.entries(result.body).map(([game, data]) => section(game, data)));
}

languageSwitcher(document.getElementById("language"));
load();
