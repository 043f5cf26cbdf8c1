//! The game viewer: one self-contained HTML page (no network, no outside script) that
//! steps through the games of an archive. The board, its special squares and the twelve
//! piece symbols are drawn here by [`super::svg`]; the page's script only places those
//! symbols on the squares the Rust replay gives for each ply, so the rules are never
//! written twice.

use super::svg::{self, CELL, MARGIN};
use super::Diagram;
use crate::board::{Layout, Side};
use crate::moves::{Position, Tables};
use crate::notation::{replay, GameRecord, ReplayError};
use serde::Serialize;

/// One ply of a viewed game.
#[derive(Clone, Debug, Serialize)]
pub struct ViewerPly {
    /// The move as the archive writes it (`d1-d3xe2`).
    pub text: String,
    /// The squares it leaves and reaches (`d1`, `d3`).
    pub from: String,
    /// Where the piece lands.
    pub to: String,
    /// The squares it captured, the king's included.
    pub captured: Vec<String>,
    /// The position after the move: `dim * dim` characters, rank 1 first, `.` for empty.
    pub board: String,
}

/// One game ready for the page.
#[derive(Clone, Debug, Serialize)]
pub struct ViewerGame {
    /// The game's number in its archive, from 1.
    pub number: usize,
    /// The start position, in the `board` form of [`ViewerPly`].
    pub start: String,
    /// Every ply in order.
    pub plies: Vec<ViewerPly>,
    /// The result as recorded (`Black`, `White`, `Draw`), said in words.
    pub result: String,
    /// Where the rules ended the game before the record did, if they did.
    pub note: String,
    /// The engine that played the attackers, for a match's archive (else empty).
    pub attackers: String,
    /// The engine that played the defenders, likewise.
    pub defenders: String,
}

/// The engines of a match and how each did, shown above the games.
#[derive(Clone, Debug, Serialize)]
pub struct ViewerPlayer {
    /// The engine as the match names it.
    pub engine: String,
    /// Its wins, draws and losses, and score, in words.
    pub results: String,
}

/// A board as a compact string: `dim * dim` characters, rank 1 first.
fn board_string(layout: &Layout) -> String {
    let dim = layout.dim();
    (0..dim * dim)
        .map(|i| {
            layout
                .piece_at(i % dim, i / dim)
                .map_or('.', |p| p.letter())
        })
        .collect()
}

/// The result field of an archive in words.
fn result_words(result: &str, timeout: bool) -> String {
    let base = match result {
        "Black" => "attackers won".to_string(),
        "White" => "defenders won".to_string(),
        "Draw" => "draw".to_string(),
        "" | "Ongoing" => "unfinished".to_string(),
        other => other.to_string(),
    };
    if timeout {
        base + " (on time)"
    } else {
        base
    }
}

impl ViewerGame {
    /// Replays a recorded game (game `number` of its archive) for the page.
    pub fn from_record(
        tables: &Tables,
        number: usize,
        record: &GameRecord,
    ) -> Result<ViewerGame, ReplayError> {
        let replay = replay(tables, record)?;
        let plies = replay
            .moves
            .iter()
            .zip(&replay.positions)
            .zip(&record.moves)
            .map(|((&mv, before), text)| {
                let (after, captured) = before.after(tables, mv);
                let mut captured = captured;
                captured.sort();
                captured.dedup();
                ViewerPly {
                    text: text.to_string(),
                    from: mv.from.to_string(),
                    to: mv.to.to_string(),
                    captured: captured.iter().map(|s| s.to_string()).collect(),
                    board: board_string(&after.layout(tables)),
                }
            })
            .collect();
        let note = match replay.ended_early {
            Some((ply, outcome)) => {
                let winner = outcome
                    .winner
                    .map_or("a draw".to_string(), |s| format!("{s} win"));
                format!(
                    "the rules end the game after ply {ply}: {}, {winner}",
                    outcome.reason
                )
            }
            None => String::new(),
        };
        Ok(ViewerGame {
            number,
            start: board_string(&Position::start(tables).layout(tables)),
            plies,
            result: result_words(&record.result, record.timeout),
            note,
            attackers: String::new(),
            defenders: String::new(),
        })
    }
}

/// Everything the page shows.
#[derive(Clone, Debug, Serialize)]
struct PageData<'a> {
    title: &'a str,
    dim: usize,
    cell: usize,
    margin: usize,
    first: &'a str,
    players: &'a [ViewerPlayer],
    games: &'a [ViewerGame],
}

/// The page: `title` on top, the match's `players` if any, then a game chooser, the
/// board, buttons and the move list. `tables` gives the board's size and special
/// squares.
pub fn html(
    tables: &Tables,
    title: &str,
    players: &[ViewerPlayer],
    games: &[ViewerGame],
) -> String {
    let rules = tables.rules();
    let empty = Diagram::new(Layout::empty(rules.dim), rules, None);
    let total = svg::size(rules.dim);
    let data = PageData {
        title,
        dim: rules.dim,
        cell: CELL,
        margin: MARGIN,
        first: match rules.first_side() {
            Side::Attackers => "attackers",
            Side::Defenders => "defenders",
        },
        players,
        games,
    };
    // `</` inside a JSON string is written `<\/`, so no record can close the script.
    let json = serde_json::to_string(&data)
        .expect("the page data is plain strings and numbers")
        .replace("</", "<\\/");
    let board = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" id="board" class="tafl-board" viewBox="0 0 {total} {total}" width="{total}" height="{total}">
{defs}{squares}<g id="under"></g><g id="pieces"></g><g id="over"></g></svg>"#,
        defs = svg::defs(),
        squares = svg::board(&empty),
    );
    PAGE.replace("{{TITLE}}", &svg::escape(title))
        .replace("{{BOARD}}", &board)
        .replace("{{DATA}}", &json)
        .replace("{{SCRIPT}}", SCRIPT)
}

const PAGE: &str = r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{TITLE}}</title>
<style>
body{margin:0;font:15px/1.4 sans-serif;color:#222;background:#faf7f0}
header{height:48px;box-sizing:border-box;padding:12px 16px;background:#5a4526;color:#fff;overflow:hidden;white-space:nowrap}
header h1{font-size:18px;margin:0;display:inline}
header select{margin-left:16px}
main{display:flex;gap:24px;padding:16px;align-items:flex-start}
#board{display:block;flex:none}
#side{min-width:260px;max-width:420px}
#controls button{font-size:16px;min-width:40px}
#moves{max-height:420px;overflow:auto;padding-left:2.5em;margin:8px 0}
#moves li{cursor:pointer}
#moves li.current{background:#f3e35a;font-weight:bold}
#players{border-collapse:collapse;margin-bottom:8px}
#players td,#players th{border:1px solid #ccc;padding:2px 6px;text-align:left}
.muted{color:#666}
</style>
</head>
<body>
<header><h1>{{TITLE}}</h1><label><select id="game" aria-label="game"></select></label></header>
<main>
{{BOARD}}
<div id="side">
<table id="players"></table>
<div id="controls"><button id="first" title="first (Home)">«</button> <button id="prev" title="back (←)">◀</button> <button id="next" title="forward (→)">▶</button> <button id="last" title="last (End)">»</button> <span id="ply"></span></div>
<p id="engines"></p>
<p id="status"></p>
<p id="captures" class="muted"></p>
<ol id="moves"></ol>
<p id="result"></p>
<p class="muted">Keys: ← → step, Home and End jump. The address keeps #game=N&amp;ply=P.</p>
</div>
</main>
<script type="application/json" id="data">{{DATA}}</script>
<script>{{SCRIPT}}</script>
</body>
</html>
"#;

const SCRIPT: &str = r##"
"use strict";
const data = JSON.parse(document.getElementById("data").textContent);
const NS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
let game = 0, ply = 0;
function square(name) {
  const file = name.charCodeAt(0) - 97, rank = parseInt(name.slice(1), 10) - 1;
  return [data.margin + file * data.cell, data.margin + (data.dim - 1 - rank) * data.cell];
}
function el(tag, attrs) {
  const e = document.createElementNS(NS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  return e;
}
function clear(id) { const g = $(id); while (g.firstChild) g.removeChild(g.firstChild); return g; }
function draw() {
  const g = data.games[game];
  const board = ply === 0 ? g.start : g.plies[ply - 1].board;
  const under = clear("under"), pieces = clear("pieces"), over = clear("over");
  const c = data.cell, inset = Math.floor(c / 10), side = c - 2 * inset;
  const move = ply === 0 ? null : g.plies[ply - 1];
  if (move) for (const s of [move.from, move.to]) {
    const [x, y] = square(s);
    under.appendChild(el("rect", {class: "last", x: x, y: y, width: c, height: c}));
  }
  let attackers = 0, defenders = 0;
  for (let i = 0; i < board.length; i++) {
    const letter = board[i];
    if (letter === ".") continue;
    if (letter === letter.toLowerCase()) attackers++; else defenders++;
    const name = String.fromCharCode(97 + i % data.dim) + (Math.floor(i / data.dim) + 1);
    const [x, y] = square(name);
    pieces.appendChild(el("use", {class: "piece", "data-square": name, "data-piece": letter,
      href: "#piece-" + letter, x: x + inset, y: y + inset, width: side, height: side}));
  }
  if (move) for (const s of move.captured) {
    const [x, y] = square(s);
    const a = x + c / 4, b = y + c / 4, e = x + 3 * c / 4, d = y + 3 * c / 4;
    over.appendChild(el("path", {class: "captured", "data-square": s,
      d: `M${a} ${b} L${e} ${d} M${e} ${b} L${a} ${d}`}));
  }
  $("ply").textContent = `ply ${ply} / ${g.plies.length}`;
  const mover = (n) => ((n % 2 === 1) === (data.first === "attackers")) ? "attackers" : "defenders";
  $("status").textContent = ply === 0 ? `start: ${data.first} to move`
    : `${mover(ply)} played ${move.text}`;
  $("captures").textContent = `on the board: ${attackers} attackers, ${defenders} defenders` +
    (move && move.captured.length ? `; captured ${move.captured.join(" ")}` : "");
  $("result").textContent = `Game ${g.number}: ${g.result}` + (g.note ? ` (${g.note})` : "");
  $("engines").textContent = g.attackers ? `attackers: ${g.attackers}, defenders: ${g.defenders}` : "";
  const items = $("moves").children;
  for (let i = 0; i < items.length; i++) items[i].className = (i === ply - 1) ? "current" : "";
  if (ply > 0 && items[ply - 1].scrollIntoView) items[ply - 1].scrollIntoView({block: "nearest"});
  document.body.dataset.game = String(game + 1);
  document.body.dataset.ply = String(ply);
  history.replaceState(null, "", `#game=${game + 1}&ply=${ply}`);
}
function choose(n) {
  game = n; ply = 0;
  const list = clear("moves");
  data.games[game].plies.forEach((m, i) => {
    const li = document.createElement("li");
    li.textContent = m.text;
    li.addEventListener("click", () => { ply = i + 1; draw(); });
    list.appendChild(li);
  });
  $("game").value = String(n);
}
function go(p) { ply = Math.max(0, Math.min(data.games[game].plies.length, p)); draw(); }
data.games.forEach((g, i) => {
  const o = document.createElement("option");
  const who = g.attackers ? `${g.attackers} vs ${g.defenders}, ` : "";
  o.value = String(i); o.textContent = `game ${g.number} (${who}${g.plies.length} plies, ${g.result})`;
  $("game").appendChild(o);
});
if (data.players.length) {
  const t = $("players");
  t.innerHTML = "<tr><th>engine</th><th>results</th></tr>";
  for (const p of data.players) {
    const r = t.insertRow(); r.insertCell().textContent = p.engine; r.insertCell().textContent = p.results;
  }
}
$("game").addEventListener("change", (e) => { choose(parseInt(e.target.value, 10)); draw(); });
$("first").onclick = () => go(0);
$("prev").onclick = () => go(ply - 1);
$("next").onclick = () => go(ply + 1);
$("last").onclick = () => go(Infinity);
document.addEventListener("keydown", (e) => {
  if (e.target && e.target.tagName === "SELECT") return;
  const step = {ArrowRight: ply + 1, ArrowLeft: ply - 1, Home: 0, End: Infinity}[e.key];
  if (step !== undefined) { e.preventDefault(); go(step); }
});
const hash = new URLSearchParams(location.hash.slice(1));
const wanted = Math.max(0, Math.min(data.games.length - 1, (parseInt(hash.get("game"), 10) || 1) - 1));
choose(wanted);
go(parseInt(hash.get("ply"), 10) || 0);
"##;
