// The statistics page: one section per game, numbers in a table, charts drawn by the server.
import { api, errorText } from "./api.js";

const TITLES = { foursquare: "Foursquare", "union-square": "Union Square" };

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
  h2.textContent = TITLES[game];
  box.append(h2);
  const table = document.createElement("table");
  table.className = "stats-table";
  row(table, "Played", data.played);
  row(table, "Won", data.won);
  row(table, "Win rate", data.win_percent === null ? null : `${data.win_percent.toFixed(1)}%`);
  row(table, "Best score", data.best_score);
  row(table, "Average score", data.average_score === null ? null : data.average_score.toFixed(1));
  row(table, "Current winning streak", data.current_streak);
  row(table, "Longest winning streak", data.longest_streak);
  row(table, "Fastest win", time(data.fastest_win_ms));
  row(table, "Fewest moves to win", data.fewest_moves_win);
  row(table, "Clean wins (no undo, no hint)", data.clean_wins);
  box.append(table);
  if (data.history.length) {
    const charts = document.createElement("div");
    charts.className = "charts";
    for (const [chart, alt] of [["results", "results over time"], ["scores", "score distribution"]]) {
      const holder = document.createElement("div");
      holder.className = "chart-box";
      const img = document.createElement("img");
      img.src = `/api/stats/${game}/${chart}.svg?n=${data.history.length}`;
      img.alt = `${TITLES[game]}: ${alt} chart`;
      img.style.width = "100%";
      img.style.height = "100%";
      holder.append(img);
      charts.append(holder);
    }
    box.append(charts);
  } else {
    const p = document.createElement("p");
    p.textContent = "No finished games yet.";
    box.append(p);
  }
  if (data.last.length) {
    const h3 = document.createElement("h3");
    h3.textContent = "Last games";
    const list = document.createElement("table");
    list.className = "stats-table";
    const head = list.createTHead().insertRow();
    for (const label of ["Share code", "Result", "Score", "Moves", "Time"]) {
      const th = document.createElement("th");
      th.textContent = label;
      head.append(th);
    }
    const body = list.createTBody();
    for (const game of data.last) {
      const tr = body.insertRow();
      const result = game.resigned ? "resigned" : game.status;
      for (const value of [game.code, result, game.score ?? "—", game.move_count, time(game.clock_ms)]) {
        tr.insertCell().textContent = String(value);
      }
    }
    box.append(h3, list);
  }
  return box;
}

async function load() {
  const main = document.getElementById("stats");
  const result = await api.stats();
  if (!result.ok) { main.textContent = errorText(result); return; }
  main.replaceChildren(...Object.entries(result.body).map(([game, data]) => section(game, data)));
}

load();
