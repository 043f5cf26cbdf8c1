//! Slow, obviously-correct reference implementation of the tafl rules.
//!
//! Written independently of the engine in `src/`, from `docs/rules.md`,
//! `docs/perft.md` and `docs/rules-decisions.md` only. Integration tests
//! include it with `mod reference;`. Simplicity over speed everywhere: a
//! `Vec<Option<Piece>>` board, plain loops, clone-make, string-based API.
//!
//! Scope: every piece type of the notation for both sides (taflmen, commanders,
//! knights, mercenaries, guards; the king for the defenders only: an attacker king `k`
//! is rejected with an `Err`), jumps (`kj nj cj mj gj`) and berserk (`ber:c|m`), as
//! docs/rules-decisions.md ("Exotic pieces, jumps and berserk") fixes them.
#![allow(dead_code)]
// Plain loops over indices and wide helper signatures keep the rules easy to check by eye.
#![allow(clippy::needless_range_loop, clippy::too_many_arguments)]

pub mod suite;

use std::rc::Rc;

/// Which side moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Attackers,
    Defenders,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Attackers => Side::Defenders,
            Side::Defenders => Side::Attackers,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::Attackers => "attackers",
            Side::Defenders => "defenders",
        }
    }
}

impl std::str::FromStr for Side {
    type Err = String;
    fn from_str(s: &str) -> Result<Side, String> {
        match s {
            "attackers" => Ok(Side::Attackers),
            "defenders" => Ok(Side::Defenders),
            _ => Err(format!(
                "unknown side '{s}' (expected attackers or defenders)"
            )),
        }
    }
}

/// The type of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceKind {
    Taflman,
    Commander,
    Knight,
    King,
    Mercenary,
    Guard,
}

impl PieceKind {
    /// Index into per-type tables, in the notation's order `t c n k m g`.
    fn index(self) -> usize {
        match self {
            PieceKind::Taflman => 0,
            PieceKind::Commander => 1,
            PieceKind::Knight => 2,
            PieceKind::King => 3,
            PieceKind::Mercenary => 4,
            PieceKind::Guard => 5,
        }
    }
}

/// A piece on the board. Kings are only ever defenders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub side: Side,
    pub kind: PieceKind,
}

impl Piece {
    fn new(side: Side, kind: PieceKind) -> Piece {
        Piece { side, kind }
    }

    fn is_king(self) -> bool {
        self.kind == PieceKind::King
    }

    fn is_guard(self) -> bool {
        self.kind == PieceKind::Guard
    }

    /// The OTN type letter: `t c n k m g` for attackers, upper case for defenders.
    fn letter(self) -> char {
        let c = b"tcnkmg"[self.kind.index()] as char;
        match self.side {
            Side::Attackers => c,
            Side::Defenders => c.to_ascii_uppercase(),
        }
    }

    /// Index of the letter in `tcnkmgTCNKMG`.
    fn type_index(self) -> usize {
        self.kind.index() + if self.side == Side::Defenders { 6 } else { 0 }
    }

    fn from_letter(c: char) -> Option<Piece> {
        let side = if c.is_ascii_uppercase() {
            Side::Defenders
        } else {
            Side::Attackers
        };
        let kind = match c.to_ascii_lowercase() {
            't' => PieceKind::Taflman,
            'c' => PieceKind::Commander,
            'n' => PieceKind::Knight,
            'k' => PieceKind::King,
            'm' => PieceKind::Mercenary,
            'g' => PieceKind::Guard,
            _ => return None,
        };
        Some(Piece { side, kind })
    }
}

const ALL_TYPES: &str = "tcnkmgTCNKMG";

/// A list of OTN piece-type letters, e.g. `tcnkm`.
#[derive(Clone, Debug)]
struct TypeList(String);

impl TypeList {
    fn parse(key: &str, v: &str) -> Result<TypeList, String> {
        for c in v.chars() {
            if !ALL_TYPES.contains(c) {
                return Err(format!("key '{key}': '{c}' is not a piece-type letter"));
            }
        }
        Ok(TypeList(v.to_string()))
    }
    fn of(s: &str) -> TypeList {
        TypeList(s.to_string())
    }
    fn has(&self, c: char) -> bool {
        self.0.contains(c)
    }
    /// Hostility is per side: only `t` (attackers) and `T` (defenders) decide.
    fn hostile_to(&self, side: Side) -> bool {
        match side {
            Side::Attackers => self.has('t'),
            Side::Defenders => self.has('T'),
        }
    }
}

/// Rules of one special-square kind (corner, centre, attacker fort, defender fort).
#[derive(Clone, Debug)]
struct Kind {
    /// Hostile (occupied, for the centre) list: `corh`, `cenh`, `aforh`, `dforh`.
    hostile: TypeList,
    /// Hostile-when-empty list, only used for the centre (`cenhe`); for the other
    /// kinds the same as `hostile`.
    hostile_empty: TypeList,
    pass: TypeList,
    stop: TypeList,
    reentry: TypeList,
}

const COR: usize = 0;
const CEN: usize = 1;
const AFOR: usize = 2;
const DFOR: usize = 3;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum KingStrength {
    Strong,
    Centre,
    Middle,
    /// `ks:t`: four on a centre square; elsewhere two, a centre square never an anvil.
    Throne,
    Weak,
}

/// Jump mode of a piece type (`kj nj cj mj gj`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Jump {
    None,
    Plain,
    Capture,
    Restricted,
}

/// Berserk mode (`ber`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Berserk {
    None,
    Capture,
    AnyMove,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shieldwall {
    None,
    Weak,
    Strong,
}

/// Parsed OTN rules (only the parts in scope).
#[derive(Clone, Debug)]
pub struct Rules {
    pub dim: usize,
    pub name: String,
    esc_edge: bool,
    atkf: bool,
    surf: bool,
    ka_anvil: bool,
    ka_hammer: bool,
    ks: KingStrength,
    /// Speed limits in the order `tcnkmgTCNKMG` (None = unlimited).
    spd: [Option<usize>; 12],
    /// Jump modes in the order `t c n k m g` (taflmen never jump).
    jump: [Jump; 6],
    ber: Berserk,
    kinds: [Kind; 4],
    /// For every square, which kinds it belongs to.
    square_kinds: Vec<[bool; 4]>,
    sw: Shieldwall,
    swf: bool,
    efe: bool,
    /// `efc`: an edge fort's region may hold a corner (`efc:n`: then it is no fort).
    efc: bool,
    linc: bool,
    start: Vec<Option<Piece>>,
}

fn parse_bool(key: &str, v: &str) -> Result<bool, String> {
    match v {
        "y" => Ok(true),
        "n" => Ok(false),
        _ => Err(format!("key '{key}': expected y or n, got '{v}'")),
    }
}

/// Parse a square name like `a1` or `k11` on a board of side `dim`: (file, rank), 0-based.
pub fn parse_square(s: &str, dim: usize) -> Result<(usize, usize), String> {
    let mut chars = s.chars();
    let f = chars
        .next()
        .ok_or_else(|| "empty square name".to_string())?;
    if !f.is_ascii_lowercase() {
        return Err(format!("bad square '{s}'"));
    }
    let file = (f as u8 - b'a') as usize;
    let rest: String = chars.collect();
    let rank: usize = rest.parse().map_err(|_| format!("bad square '{s}'"))?;
    if file >= dim || rank == 0 || rank > dim {
        return Err(format!("square '{s}' is off the {dim}x{dim} board"));
    }
    Ok((file, rank - 1))
}

pub fn square_name(dim: usize, idx: usize) -> String {
    let file = idx % dim;
    let rank = idx / dim;
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

fn parse_square_list(key: &str, v: &str, dim: usize) -> Result<Vec<usize>, String> {
    let mut out = Vec::new();
    let parts: Vec<&str> = v.split(',').collect();
    for (i, p) in parts.iter().enumerate() {
        if p.is_empty() {
            if i + 1 == parts.len() {
                continue; // trailing comma or empty value
            }
            return Err(format!("key '{key}': empty square in list"));
        }
        let (f, r) = parse_square(p, dim).map_err(|e| format!("key '{key}': {e}"))?;
        out.push(r * dim + f);
    }
    Ok(out)
}

/// Parse a position record; `top_first` for `starti`. Returns squares indexed
/// `rank * dim + file` with rank 0 = rank 1.
pub fn parse_record(rec: &str, dim: usize, top_first: bool) -> Result<Vec<Option<Piece>>, String> {
    let trimmed = rec.trim();
    let inner = trimmed.strip_prefix('/').unwrap_or(trimmed);
    let inner = inner.strip_suffix('/').unwrap_or(inner);
    let rows: Vec<&str> = inner.split('/').collect();
    if rows.len() != dim {
        return Err(format!(
            "position record has {} rows, expected {dim}",
            rows.len()
        ));
    }
    let mut board = vec![None; dim * dim];
    for (i, row) in rows.iter().enumerate() {
        let rank = if top_first { dim - 1 - i } else { i };
        let mut file = 0usize;
        let chars: Vec<char> = row.chars().collect();
        let mut j = 0;
        while j < chars.len() {
            let c = chars[j];
            if c.is_ascii_digit() {
                let mut n = 0usize;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    n = n * 10 + (chars[j] as u8 - b'0') as usize;
                    j += 1;
                }
                if n == 0 {
                    return Err(format!("row '{row}': empty run of 0"));
                }
                file += n;
                continue;
            }
            if c == 'k' {
                return Err("an attacker king 'k' is not supported by the reference".into());
            }
            let piece = match Piece::from_letter(c) {
                Some(p) => p,
                None => return Err(format!("row '{row}': bad character '{c}'")),
            };
            if file >= dim {
                return Err(format!("row '{row}' is longer than {dim}"));
            }
            board[rank * dim + file] = Some(piece);
            file += 1;
            j += 1;
        }
        if file != dim {
            return Err(format!("row '{row}' has {file} squares, expected {dim}"));
        }
    }
    let kings = board
        .iter()
        .filter(|p| matches!(p, Some(q) if q.is_king()))
        .count();
    if kings > 1 {
        return Err(format!("position has {kings} kings"));
    }
    Ok(board)
}

/// Speed limits in the order `tcnkmgTCNKMG`. With 8 values (`tcnkTCNK`) mercenaries and
/// guards take their side's taflman value.
fn parse_speed(v: &str) -> Result<[Option<usize>; 12], String> {
    let mut parts: Vec<&str> = v.split(',').collect();
    if parts.len() > 1 && parts.last() == Some(&"") {
        parts.pop();
    }
    if parts.len() == 1 && parts[0].is_empty() {
        return Ok([None; 12]);
    }
    let mut vals = Vec::new();
    for p in &parts {
        let n: i64 = p
            .parse()
            .map_err(|_| format!("key 'spd': bad number '{p}'"))?;
        if n < -1 {
            return Err(format!("key 'spd': bad speed {n}"));
        }
        vals.push(if n <= 0 { None } else { Some(n as usize) });
    }
    let v = &vals;
    match vals.len() {
        1 => Ok([v[0]; 12]),
        2 => Ok([
            v[0], v[0], v[0], v[0], v[0], v[0], v[1], v[1], v[1], v[1], v[1], v[1],
        ]),
        // t c n k T C N K
        8 => Ok([
            v[0], v[1], v[2], v[3], v[0], v[0], v[4], v[5], v[6], v[7], v[4], v[4],
        ]),
        // t c n k m g T C N K M G
        12 => Ok([
            v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11],
        ]),
        n => Err(format!("key 'spd': {n} values (expected 1, 2, 8 or 12)")),
    }
}

impl Rules {
    pub fn parse(s: &str) -> Result<Rules, String> {
        // Collect key:value, last wins; remember which of start/starti came last.
        let mut map: std::collections::HashMap<String, String> = Default::default();
        let mut start_key: Option<String> = None;
        for tok in s.split(' ') {
            if tok.is_empty() {
                continue;
            }
            let (k, v) = tok
                .split_once(':')
                .ok_or_else(|| format!("token '{tok}' is not key:value"))?;
            const KEYS: &[&str] = &[
                "dim", "name", "esc", "atkf", "surf", "tfr", "ka", "ks", "kj", "nj", "cj", "mj",
                "gj", "spd", "cor", "cen", "afor", "dfor", "corh", "cenh", "cenhe", "aforh",
                "dforh", "corp", "cenp", "aforp", "dforp", "cors", "cens", "afors", "dfors",
                "corre", "cenre", "aforre", "dforre", "sw", "swf", "efe", "efc", "linc", "ber",
                "start", "starti",
            ];
            if !KEYS.contains(&k) {
                return Err(format!("unknown key '{k}'"));
            }
            if k == "start" || k == "starti" {
                start_key = Some(k.to_string());
            }
            map.insert(k.to_string(), v.to_string());
        }
        let get = |k: &str| map.get(k).map(|s| s.as_str());

        let dim: usize = get("dim")
            .ok_or_else(|| "missing key 'dim'".to_string())?
            .parse()
            .map_err(|_| "key 'dim': not a number".to_string())?;
        if !(5..=19).contains(&dim) || dim % 2 == 0 {
            return Err(format!("key 'dim': {dim} is not an odd size in 5..19"));
        }
        let name = get("name").unwrap_or("").to_string();
        let esc_edge = match get("esc").unwrap_or("c") {
            "c" => false,
            "e" => true,
            v => return Err(format!("key 'esc': bad value '{v}'")),
        };
        let atkf = parse_bool("atkf", get("atkf").unwrap_or("y"))?;
        let surf = parse_bool("surf", get("surf").unwrap_or("y"))?;
        match get("tfr").unwrap_or("d") {
            "d" | "w" | "l" | "i" => {}
            v => return Err(format!("key 'tfr': bad value '{v}'")),
        }
        let (ka_anvil, ka_hammer) = match get("ka").unwrap_or("y") {
            "y" => (true, true),
            "a" => (true, false),
            "h" => (false, true),
            "n" => (false, false),
            v => return Err(format!("key 'ka': bad value '{v}'")),
        };
        let ks = match get("ks").unwrap_or("s") {
            "s" | "y" => KingStrength::Strong,
            "c" => KingStrength::Centre,
            "m" => KingStrength::Middle,
            "t" => KingStrength::Throne,
            "w" | "n" => KingStrength::Weak,
            v => return Err(format!("key 'ks': bad value '{v}'")),
        };
        let mut jump = [Jump::None; 6];
        // Order t c n k m g: taflmen never jump.
        for (i, k, def) in [
            (3, "kj", "n"),
            (2, "nj", "c"),
            (1, "cj", "j"),
            (4, "mj", "n"),
            (5, "gj", "n"),
        ] {
            jump[i] = match get(k).unwrap_or(def) {
                "n" => Jump::None,
                "j" => Jump::Plain,
                "c" => Jump::Capture,
                "r" => Jump::Restricted,
                v => return Err(format!("key '{k}': bad value '{v}'")),
            };
        }
        let ber = match get("ber").unwrap_or("n") {
            "n" => Berserk::None,
            "c" => Berserk::Capture,
            "m" => Berserk::AnyMove,
            v => return Err(format!("key 'ber': bad value '{v}'")),
        };
        let spd = parse_speed(get("spd").unwrap_or("-1"))?;

        let centre = (dim / 2) * dim + dim / 2;
        let corners = vec![0, dim - 1, (dim - 1) * dim, dim * dim - 1];
        let cor = match get("cor") {
            Some(v) => parse_square_list("cor", v, dim)?,
            None => corners,
        };
        let cen = match get("cen") {
            Some(v) => parse_square_list("cen", v, dim)?,
            None => vec![centre],
        };
        let afor = parse_square_list("afor", get("afor").unwrap_or(""), dim)?;
        let dfor = parse_square_list("dfor", get("dfor").unwrap_or(""), dim)?;
        let mut square_kinds = vec![[false; 4]; dim * dim];
        for (kind, list) in [(COR, &cor), (CEN, &cen), (AFOR, &afor), (DFOR, &dfor)] {
            for &sq in list.iter() {
                square_kinds[sq][kind] = true;
            }
        }

        let tl = |k: &str, def: &str| -> Result<TypeList, String> {
            match get(k) {
                Some(v) => TypeList::parse(k, v),
                None => Ok(TypeList::of(def)),
            }
        };
        let corh = tl("corh", ALL_TYPES)?;
        let cenh = tl("cenh", "tcnkm")?;
        let cenhe = tl("cenhe", ALL_TYPES)?;
        let aforh = tl("aforh", "TCNKM")?;
        let dforh = tl("dforh", "tcnkm")?;
        let kinds = [
            Kind {
                hostile: corh.clone(),
                hostile_empty: corh,
                pass: tl("corp", "K")?,
                stop: tl("cors", "K")?,
                reentry: tl("corre", ALL_TYPES)?,
            },
            Kind {
                hostile: cenh,
                hostile_empty: cenhe,
                pass: tl("cenp", ALL_TYPES)?,
                stop: tl("cens", "K")?,
                reentry: tl("cenre", ALL_TYPES)?,
            },
            Kind {
                hostile: aforh.clone(),
                hostile_empty: aforh,
                pass: tl("aforp", ALL_TYPES)?,
                stop: tl("afors", ALL_TYPES)?,
                reentry: tl("aforre", ALL_TYPES)?,
            },
            Kind {
                hostile: dforh.clone(),
                hostile_empty: dforh,
                pass: tl("dforp", ALL_TYPES)?,
                stop: tl("dfors", "TCNKM")?,
                reentry: tl("dforre", ALL_TYPES)?,
            },
        ];
        let sw = match get("sw").unwrap_or("n") {
            "n" => Shieldwall::None,
            "w" => Shieldwall::Weak,
            "s" => Shieldwall::Strong,
            v => return Err(format!("key 'sw': bad value '{v}'")),
        };
        let swf = parse_bool("swf", get("swf").unwrap_or("y"))?;
        let efe = parse_bool("efe", get("efe").unwrap_or("n"))?;
        let efc = parse_bool("efc", get("efc").unwrap_or("y"))?;
        let linc = parse_bool("linc", get("linc").unwrap_or("n"))?;
        let start = match start_key.as_deref() {
            Some("start") => parse_record(get("start").unwrap(), dim, false)?,
            Some("starti") => parse_record(get("starti").unwrap(), dim, true)?,
            _ => return Err("missing key 'start' or 'starti'".into()),
        };
        Ok(Rules {
            dim,
            name,
            esc_edge,
            atkf,
            surf,
            ka_anvil,
            ka_hammer,
            ks,
            spd,
            jump,
            ber,
            kinds,
            square_kinds,
            sw,
            swf,
            efe,
            efc,
            linc,
            start,
        })
    }

    fn speed(&self, p: Piece) -> Option<usize> {
        self.spd[p.type_index()]
    }

    fn jump_mode(&self, p: Piece) -> Jump {
        self.jump[p.kind.index()]
    }

    /// Does `sq` belong to any special kind (corner, centre, either fort)?
    fn special(&self, sq: usize) -> bool {
        self.square_kinds[sq].iter().any(|&b| b)
    }

    /// Can piece `p` capture as the moving piece (hammer)?
    fn hammer(&self, p: Piece) -> bool {
        match p.kind {
            PieceKind::Guard => false,
            PieceKind::King => self.ka_hammer,
            _ => true,
        }
    }

    /// Can piece `p` act as the stationary piece of a capture (anvil)?
    fn anvil(&self, p: Piece) -> bool {
        match p.kind {
            PieceKind::Guard => false,
            PieceKind::King => self.ka_anvil,
            _ => true,
        }
    }

    /// May piece `p`, which started its move on `from`, pass through `sq`?
    fn can_pass(&self, p: Piece, from: usize, sq: usize) -> bool {
        self.square_allows(p, from, sq, false)
    }

    /// May piece `p`, which started its move on `from`, stop on `sq`?
    fn can_stop(&self, p: Piece, from: usize, sq: usize) -> bool {
        self.square_allows(p, from, sq, true)
    }

    fn square_allows(&self, p: Piece, from: usize, sq: usize, stop: bool) -> bool {
        let c = p.letter();
        for k in 0..4 {
            if !self.square_kinds[sq][k] {
                continue;
            }
            let kind = &self.kinds[k];
            let list = if stop { &kind.stop } else { &kind.pass };
            if !list.has(c) {
                return false;
            }
            // Re-entry: a type not listed may neither pass nor stop on a square of
            // this kind unless it started its move on a square of the same kind.
            if !kind.reentry.has(c) && !self.square_kinds[from][k] {
                return false;
            }
        }
        true
    }

    /// Is the special-square kind of `sq` hostile to `victim`? `empty` says whether
    /// the square holds no piece (only matters for the centre).
    fn square_hostile(&self, sq: usize, empty: bool, victim: Side) -> bool {
        for k in 0..4 {
            if !self.square_kinds[sq][k] {
                continue;
            }
            let kind = &self.kinds[k];
            let list = if empty {
                &kind.hostile_empty
            } else {
                &kind.hostile
            };
            if list.hostile_to(victim) {
                return true;
            }
        }
        false
    }
}

/// Orthogonal neighbour of `sq` in direction `d` (0 up, 1 down, 2 left, 3 right).
fn step(dim: usize, sq: usize, d: usize) -> Option<usize> {
    let f = sq % dim;
    let r = sq / dim;
    match d {
        0 if r + 1 < dim => Some(sq + dim),
        1 if r > 0 => Some(sq - dim),
        2 if f > 0 => Some(sq - 1),
        3 if f + 1 < dim => Some(sq + 1),
        _ => None,
    }
}

fn on_edge(dim: usize, sq: usize) -> bool {
    let f = sq % dim;
    let r = sq / dim;
    f == 0 || r == 0 || f == dim - 1 || r == dim - 1
}

/// A game state: rules, board, side to move, the pending berserk continuation (if any)
/// and the end-of-game status.
#[derive(Clone, Debug)]
pub struct RefGame {
    rules: Rc<Rules>,
    board: Vec<Option<Piece>>,
    side: Side,
    /// Berserk: the square of the piece that must move again (same side to move).
    berserker: Option<usize>,
    status: Option<&'static str>,
}

impl RefGame {
    /// `position`: a start-order record overriding the rules' start; `side`: None = the
    /// rules' first mover.
    pub fn new(rules: &str, position: Option<&str>, side: Option<Side>) -> Result<RefGame, String> {
        let rules = Rules::parse(rules)?;
        let board = match position {
            Some(p) => parse_record(p, rules.dim, false)?,
            None => rules.start.clone(),
        };
        let side = side.unwrap_or(if rules.atkf {
            Side::Attackers
        } else {
            Side::Defenders
        });
        let mut g = RefGame {
            rules: Rc::new(rules),
            board,
            side,
            berserker: None,
            status: None,
        };
        // The root has no last move, so "king captured" cannot apply to it.
        g.status = g.compute_status(false);
        Ok(g)
    }

    pub fn dim(&self) -> usize {
        self.rules.dim
    }

    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// Berserk: the square of the piece that must move again, if a continuation is
    /// pending (the side to move is then the side that just captured).
    pub fn continuation(&self) -> Option<String> {
        self.berserker.map(|sq| square_name(self.rules.dim, sq))
    }

    pub fn is_over(&self) -> Option<&'static str> {
        self.status
    }

    pub fn position_record(&self) -> String {
        let dim = self.rules.dim;
        let mut s = String::from("/");
        for r in 0..dim {
            let mut empty = 0;
            for f in 0..dim {
                match self.board[r * dim + f] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        s.push(p.letter());
                    }
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            s.push('/');
        }
        s
    }

    /// All (from, to) moves of the piece on `from`, slides and jumps, ignoring whose
    /// turn it is.
    fn piece_moves(&self, from: usize, out: &mut Vec<(usize, usize)>) {
        let p = match self.board[from] {
            Some(p) => p,
            None => return,
        };
        let rules = &self.rules;
        let dim = rules.dim;
        let limit = rules.speed(p);
        for d in 0..4 {
            let mut sq = from;
            let mut dist = 0;
            while let Some(next) = step(dim, sq, d) {
                sq = next;
                dist += 1;
                if self.board[sq].is_some() {
                    break;
                }
                if let Some(l) = limit {
                    if dist > l {
                        break;
                    }
                }
                if rules.can_stop(p, from, sq) {
                    out.push((from, sq));
                }
                if !rules.can_pass(p, from, sq) {
                    break;
                }
            }
        }
        // Jumps: over one adjacent enemy that is not a king, knight or commander, to the
        // empty square right beyond, on which the jumper may stop; `r` only when the
        // start or the landing square is special. Speed limits do not apply.
        let mode = rules.jump_mode(p);
        if mode == Jump::None {
            return;
        }
        for d in 0..4 {
            let Some(j) = step(dim, from, d) else {
                continue;
            };
            let Some(victim) = self.board[j] else {
                continue;
            };
            if victim.side == p.side
                || matches!(
                    victim.kind,
                    PieceKind::King | PieceKind::Knight | PieceKind::Commander
                )
            {
                continue;
            }
            let Some(l) = step(dim, j, d) else { continue };
            if self.board[l].is_some() || !rules.can_stop(p, from, l) {
                continue;
            }
            if mode == Jump::Restricted && !rules.special(from) && !rules.special(l) {
                continue;
            }
            out.push((from, l));
        }
    }

    fn side_moves(&self, side: Side) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for sq in 0..self.board.len() {
            if let Some(p) = self.board[sq] {
                if p.side == side {
                    self.piece_moves(sq, &mut out);
                }
            }
        }
        out
    }

    /// The moves of the berserker on `sq` that may continue the turn: with `ber:c` its
    /// capturing moves, with `ber:m` all its moves.
    fn continuation_moves(&self, sq: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        self.piece_moves(sq, &mut out);
        if self.rules.ber == Berserk::Capture {
            out.retain(|&(a, b)| !self.after(a, b).1.is_empty());
        }
        out
    }

    /// The moves the side to move may make now (ignoring whether the game is over).
    fn moves_now(&self) -> Vec<(usize, usize)> {
        match self.berserker {
            Some(sq) => self.continuation_moves(sq),
            None => self.side_moves(self.side),
        }
    }

    /// Legal moves as "a4-a1" strings, sorted; empty if the game is over. During a
    /// berserk continuation only the berserker's moves.
    pub fn legal_moves(&self) -> Vec<String> {
        if self.status.is_some() {
            return Vec::new();
        }
        let dim = self.rules.dim;
        let mut v: Vec<String> = self
            .moves_now()
            .into_iter()
            .map(|(a, b)| format!("{}-{}", square_name(dim, a), square_name(dim, b)))
            .collect();
        v.sort();
        v
    }

    fn children(&self) -> Vec<RefGame> {
        if self.status.is_some() {
            return Vec::new();
        }
        self.moves_now()
            .into_iter()
            .map(|(a, b)| {
                let mut g = self.clone();
                g.apply(a, b);
                g
            })
            .collect()
    }

    /// Play one single move "a4-a1" (a trailing "xb2..." capture list is ignored).
    /// Returns the captured squares (converted mercenaries included), sorted.
    pub fn play(&mut self, mv: &str) -> Result<Vec<String>, String> {
        if let Some(r) = self.status {
            return Err(format!("the game is over ({r})"));
        }
        let core = mv.split('x').next().unwrap_or("").trim();
        let (a, b) = core
            .split_once('-')
            .ok_or_else(|| format!("bad move '{mv}'"))?;
        let dim = self.rules.dim;
        let (fa, ra) = parse_square(a.trim(), dim)?;
        let (fb, rb) = parse_square(b.trim(), dim)?;
        let from = ra * dim + fa;
        let to = rb * dim + fb;
        if !self.moves_now().contains(&(from, to)) {
            let extra = if self.berserker.is_some() {
                " (berserk continuation)"
            } else {
                ""
            };
            return Err(format!(
                "illegal move '{mv}' for the {}{extra}",
                self.side.name()
            ));
        }
        let caps = self.apply(from, to);
        let mut names: Vec<String> = caps.into_iter().map(|s| square_name(dim, s)).collect();
        names.sort();
        Ok(names)
    }

    /// Play a whole turn, its single moves joined with `|` ("e5-e3xe4|e3-c3xc4"). The
    /// turn must end with its last move (no continuation left pending). Returns the
    /// captures of each move.
    pub fn play_turn(&mut self, turn: &str) -> Result<Vec<Vec<String>>, String> {
        let side = self.side;
        let mut out = Vec::new();
        for (i, mv) in turn.split('|').enumerate() {
            if i > 0 && self.berserker.is_none() {
                return Err(format!("'{mv}': the turn already ended"));
            }
            out.push(self.play(mv)?);
        }
        if self.berserker.is_some() && self.status.is_none() {
            return Err(format!(
                "turn '{turn}' of the {} is incomplete",
                side.name()
            ));
        }
        Ok(out)
    }

    /// The board after moving `from` -> `to` with its captures applied (removals and
    /// mercenary conversions), the captured squares, and whether the king was captured.
    fn after(&self, from: usize, to: usize) -> (Vec<Option<Piece>>, Vec<usize>, bool) {
        let mut g = RefGame {
            rules: self.rules.clone(),
            board: self.board.clone(),
            side: self.side,
            berserker: None,
            status: None,
        };
        let p = g.board[from].take().expect("no piece on the from square");
        g.board[to] = Some(p);
        let caps = g.captures(from, to);
        let mut king_captured = false;
        for &c in &caps {
            let victim = g.board[c].expect("captured an empty square");
            if victim.is_king() {
                king_captured = true;
            }
            g.board[c] = if victim.kind == PieceKind::Mercenary {
                Some(Piece::new(victim.side.other(), PieceKind::Mercenary)) // converted, stays
            } else {
                None
            };
        }
        (g.board, caps, king_captured)
    }

    /// Make a (legal) move, apply captures, decide on a berserk continuation, set the
    /// side to move and compute the status.
    fn apply(&mut self, from: usize, to: usize) -> Vec<usize> {
        let (board, caps, king_captured) = self.after(from, to);
        self.board = board;
        self.berserker = None;
        if !caps.is_empty()
            && self.rules.ber != Berserk::None
            && !self.continuation_moves(to).is_empty()
        {
            // The same side moves again, only with the piece that captured.
            self.berserker = Some(to);
        } else {
            self.side = self.side.other();
        }
        self.status = self.compute_status(king_captured);
        if self.status.is_some() {
            self.berserker = None; // the game ended: no continuation
        }
        caps
    }

    /// Is the square `sq` hostile to a piece of side `victim` acting as an anvil?
    fn anvil_for(&self, sq: usize, victim: Side) -> bool {
        if let Some(p) = self.board[sq] {
            if p.side != victim && self.rules.anvil(p) {
                return true;
            }
        }
        self.rules
            .square_hostile(sq, self.board[sq].is_none(), victim)
    }

    /// Hostile to the king: attacker pieces (not guards) and special squares hostile to
    /// defenders.
    fn hostile_to_king(&self, sq: usize) -> bool {
        if let Some(p) = self.board[sq] {
            if p.side == Side::Attackers && !p.is_guard() {
                return true;
            }
        }
        self.rules
            .square_hostile(sq, self.board[sq].is_none(), Side::Defenders)
    }

    /// Squares captured by the piece that just moved `from` -> `to` (board already
    /// moved). Captured mercenaries are included (the caller converts them).
    fn captures(&self, from: usize, to: usize) -> Vec<usize> {
        let rules = &self.rules;
        let dim = rules.dim;
        let mover = self.board[to].unwrap();
        let mut caps: Vec<usize> = Vec::new();
        if mover.is_guard() {
            return caps; // a guard's move captures nothing
        }
        let enemy = mover.side.other();

        // Capturing jump (mode `c`): the jumped piece, unless it is a guard. A move is a
        // jump when it went two squares along a line over an occupied square (a slide
        // needs that square empty). Independent of `ka` (as OpenTafl's byJump test).
        for d in 0..4 {
            let Some(mid) = step(dim, from, d) else {
                continue;
            };
            if step(dim, mid, d) != Some(to) {
                continue;
            }
            if let Some(v) = self.board[mid] {
                if rules.jump_mode(mover) == Jump::Capture && v.side == enemy && !v.is_guard() {
                    caps.push(mid);
                }
            }
        }

        if !rules.hammer(mover) {
            caps.sort();
            caps.dedup();
            return caps; // an unarmed (or anvil-only) king's move captures nothing else
        }

        // Custodial capture of non-king, non-guard pieces.
        for d in 0..4 {
            let Some(n) = step(dim, to, d) else { continue };
            let Some(victim) = self.board[n] else {
                continue;
            };
            if victim.side != enemy || victim.is_king() || victim.is_guard() {
                continue;
            }
            let Some(beyond) = step(dim, n, d) else {
                continue;
            };
            if self.anvil_for(beyond, enemy) {
                caps.push(n);
            }
        }

        // King capture (attacker moves landing next to the king), by `ks` or by the
        // commander sandwich.
        if mover.side == Side::Attackers {
            for d in 0..4 {
                let Some(n) = step(dim, to, d) else { continue };
                if !matches!(self.board[n], Some(q) if q.is_king()) {
                    continue;
                }
                if self.king_captured(n, d) || self.sandwich(n, to, d) {
                    caps.push(n);
                }
            }
        }

        // Shieldwall.
        if rules.sw != Shieldwall::None {
            caps.extend(self.shieldwall_captures(to, enemy));
        }

        // Linnaean capture.
        if rules.linc && mover.side == Side::Attackers {
            let c = (dim / 2) * dim + dim / 2;
            if matches!(self.board[c], Some(q) if q.is_king()) {
                for d in 0..4 {
                    let Some(m) = step(dim, c, d) else { continue };
                    let Some(t2) = step(dim, m, d) else { continue };
                    if t2 != to {
                        continue;
                    }
                    match self.board[m] {
                        Some(q) if q.side == Side::Defenders && !q.is_king() && !q.is_guard() => {}
                        _ => continue,
                    }
                    let mut others = 0;
                    for e in 0..4 {
                        if e == d {
                            continue;
                        }
                        if let Some(o) = step(dim, c, e) {
                            if matches!(self.board[o], Some(q) if q.side == Side::Attackers && !q.is_guard())
                            {
                                others += 1;
                            }
                        }
                    }
                    if others == 3 {
                        caps.push(m);
                    }
                }
            }
        }

        caps.sort();
        caps.dedup();
        caps
    }

    /// The commander sandwich: the attacker that landed on `m` (next to the king on `k`,
    /// direction `d` from `m` to `k`) captures him when k, m and the square o beyond him
    /// are not centre squares, o is hostile to him, and attacker commanders/knights on m
    /// and o plus hostile corners among m and o count at least 2.
    fn sandwich(&self, k: usize, m: usize, d: usize) -> bool {
        let rules = &self.rules;
        let Some(o) = step(rules.dim, k, d) else {
            return false;
        };
        if rules.square_kinds[k][CEN] || rules.square_kinds[m][CEN] || rules.square_kinds[o][CEN] {
            return false;
        }
        if !self.hostile_to_king(o) {
            return false;
        }
        let count = |sq: usize| -> usize {
            let cn = matches!(self.board[sq], Some(p) if p.side == Side::Attackers
                && matches!(p.kind, PieceKind::Commander | PieceKind::Knight));
            let corner = rules.square_kinds[sq][COR]
                && rules.square_hostile(sq, self.board[sq].is_none(), Side::Defenders);
            cn as usize + corner as usize
        };
        count(m) + count(o) >= 2
    }

    /// Is the king on `k` captured by the attacker that landed next to him, coming
    /// from direction opposite `d` (the mover is on step(k, opposite of d))?
    fn king_captured(&self, k: usize, d: usize) -> bool {
        let dim = self.rules.dim;
        let all_four = || (0..4).all(|e| step(dim, k, e).is_some_and(|n| self.hostile_to_king(n)));
        let existing = || (0..4).all(|e| step(dim, k, e).is_none_or(|n| self.hostile_to_king(n)));
        let custodial = || step(dim, k, d).is_some_and(|b| self.hostile_to_king(b));
        match self.rules.ks {
            KingStrength::Strong => all_four(),
            KingStrength::Middle => existing(),
            KingStrength::Weak => custodial(),
            KingStrength::Throne => {
                if self.rules.square_kinds[k][CEN] {
                    all_four()
                } else {
                    step(dim, k, d).is_some_and(|b| {
                        let attacker_on_b =
                            matches!(self.board[b], Some(p) if p.side == Side::Attackers);
                        self.hostile_to_king(b)
                            && (attacker_on_b || !self.rules.square_kinds[b][CEN])
                    })
                }
            }
            KingStrength::Centre => {
                let near_centre = self.rules.square_kinds[k][CEN]
                    || (0..4)
                        .any(|e| step(dim, k, e).is_some_and(|n| self.rules.square_kinds[n][CEN]));
                if near_centre {
                    all_four()
                } else {
                    custodial()
                }
            }
        }
    }

    /// The four edges as lists of squares in order along the edge, each with the
    /// inward direction.
    fn edges(&self) -> Vec<(Vec<usize>, usize)> {
        let dim = self.rules.dim;
        vec![
            ((0..dim).collect(), 0),                              // rank 1, inward = up
            ((0..dim).map(|f| (dim - 1) * dim + f).collect(), 1), // top rank, inward = down
            ((0..dim).map(|r| r * dim).collect(), 3),             // file a, inward = right
            ((0..dim).map(|r| r * dim + dim - 1).collect(), 2),   // last file, inward = left
        ]
    }

    /// Can the capturing-side piece on `sq` close a shieldwall? Never a guard; a king
    /// only if armed as an anvil, or as the moving piece (landing square `to`) if armed
    /// as a hammer.
    fn can_close(&self, sq: usize, capturer: Side, to: usize) -> bool {
        match self.board[sq] {
            Some(p) if p.side == capturer => {
                self.rules.anvil(p) || (sq == to && self.rules.hammer(p))
            }
            _ => false,
        }
    }

    /// Can the capturing-side piece on `sq` stand in front of a wall member?
    fn can_front(&self, sq: usize, capturer: Side) -> bool {
        match self.board[sq] {
            Some(p) if p.side == capturer => self.rules.anvil(p),
            _ => false,
        }
    }

    /// Check the wall of victim pieces occupying positions `lo..=hi` of `edge`
    /// (a maximal run). Returns the captured squares (every member but the king and
    /// guards; mercenaries are included, the caller converts them) if
    /// the wall is closed and fronted. `need_closer`: the landing square must be one
    /// of the two closers.
    fn check_wall(
        &self,
        edge: &[usize],
        inward: usize,
        lo: usize,
        hi: usize,
        victim: Side,
        to: usize,
        need_closer: Option<usize>,
    ) -> Vec<usize> {
        let rules = &self.rules;
        let dim = rules.dim;
        if hi < lo + 1 {
            return Vec::new(); // fewer than two pieces
        }
        let capturer = victim.other();
        let closed = |pos: Option<usize>| -> bool {
            match pos {
                None => false, // the run reaches the end of the edge: nothing closes it
                Some(i) => {
                    let sq = edge[i];
                    self.can_close(sq, capturer, to)
                        || (rules.sw == Shieldwall::Strong
                            && rules.square_kinds[sq][COR]
                            && self.board[sq].is_none())
                }
            }
        };
        let before = if lo == 0 { None } else { Some(lo - 1) };
        let after = if hi + 1 >= edge.len() {
            None
        } else {
            Some(hi + 1)
        };
        if let Some(c) = need_closer {
            if before.map(|i| edge[i]) != Some(c) && after.map(|i| edge[i]) != Some(c) {
                return Vec::new();
            }
        }
        if !closed(before) || !closed(after) {
            return Vec::new();
        }
        for &sq in &edge[lo..=hi] {
            let Some(front) = step(dim, sq, inward) else {
                return Vec::new();
            };
            if !self.can_front(front, capturer) {
                return Vec::new();
            }
        }
        edge[lo..=hi]
            .iter()
            .copied()
            .filter(|&sq| {
                let p = self.board[sq].unwrap();
                !p.is_king() && !p.is_guard()
            })
            .collect()
    }

    fn shieldwall_captures(&self, to: usize, victim: Side) -> Vec<usize> {
        let mut caps = Vec::new();
        let is_victim = |sq: usize| matches!(self.board[sq], Some(p) if p.side == victim);
        for (edge, inward) in self.edges() {
            // All maximal runs of victim pieces along this edge.
            let mut i = 0;
            while i < edge.len() {
                if !is_victim(edge[i]) {
                    i += 1;
                    continue;
                }
                let lo = i;
                while i + 1 < edge.len() && is_victim(edge[i + 1]) {
                    i += 1;
                }
                let hi = i;
                i += 1;
                if self.rules.swf {
                    // Strict: the mover landed on this edge and closes this run.
                    if edge.contains(&to) {
                        caps.extend(self.check_wall(&edge, inward, lo, hi, victim, to, Some(to)));
                    }
                } else {
                    caps.extend(self.check_wall(&edge, inward, lo, hi, victim, to, None));
                }
            }
        }
        caps
    }

    fn king_square(&self) -> Option<usize> {
        self.board
            .iter()
            .position(|p| matches!(p, Some(q) if q.is_king()))
    }

    /// End-of-game status of the position (side to move already switched), checked in
    /// rules.md's order. `king_captured`: the last move captured the king.
    fn compute_status(&self, king_captured: bool) -> Option<&'static str> {
        let rules = &self.rules;
        let dim = rules.dim;
        let count = |s: Side| {
            self.board
                .iter()
                .filter(|p| matches!(p, Some(q) if q.side == s))
                .count()
        };
        if count(Side::Attackers) == 0 {
            return Some("no attackers");
        }
        if count(Side::Defenders) == 0 {
            return Some("no defenders");
        }
        // (3. threefold repetition: not part of perft.)
        if let Some(k) = self.king_square() {
            let escaped = if rules.esc_edge {
                on_edge(dim, k)
            } else {
                rules.square_kinds[k][COR]
            };
            if escaped {
                return Some("escape");
            }
        }
        if king_captured {
            return Some("king captured");
        }
        // During a berserk continuation the berserker has a move by construction.
        if self.moves_now().is_empty() {
            return Some("no legal move");
        }
        if rules.efe && self.edge_fort() {
            return Some("edge fort");
        }
        if rules.surf && self.encircled() {
            return Some("encirclement");
        }
        None
    }

    /// Sound edge-fort test, exactly as docs/rules-decisions.md describes it.
    pub fn edge_fort(&self) -> bool {
        let rules = &self.rules;
        let dim = rules.dim;
        let Some(k) = self.king_square() else {
            return false;
        };
        if !on_edge(dim, k) {
            return false;
        }
        let mut km = Vec::new();
        self.piece_moves(k, &mut km); // slides and jumps
        if km.is_empty() {
            return false;
        }
        // No fort while an attacker piece that can jump is on the board.
        if self
            .board
            .iter()
            .flatten()
            .any(|p| p.side == Side::Attackers && rules.jump_mode(*p) != Jump::None)
        {
            return false;
        }
        // R: empty squares orthogonally connected to the king.
        let mut in_r = vec![false; dim * dim];
        let mut stack = vec![k];
        let mut seen = vec![false; dim * dim];
        seen[k] = true;
        while let Some(s) = stack.pop() {
            for d in 0..4 {
                if let Some(n) = step(dim, s, d) {
                    if !seen[n] && self.board[n].is_none() {
                        seen[n] = true;
                        in_r[n] = true;
                        stack.push(n);
                    }
                }
            }
        }
        let region: Vec<usize> = (0..dim * dim).filter(|&s| in_r[s] || s == k).collect();
        if !rules.efc && region.iter().any(|&s| rules.square_kinds[s][COR]) {
            return false;
        }
        // No square of R nor the king's square next to an attacker; collect W.
        let mut in_w = vec![false; dim * dim];
        for &s in &region {
            for d in 0..4 {
                if let Some(n) = step(dim, s, d) {
                    match self.board[n] {
                        Some(Piece {
                            side: Side::Attackers,
                            ..
                        }) => return false,
                        Some(p) if p.side == Side::Defenders && !p.is_king() => in_w[n] = true,
                        _ => {}
                    }
                }
            }
        }
        // G, the guards: the greatest set of defenders (the king aside) each of which is
        // safe while G stands; every member of W must be in it. A guard need not touch R
        // (issue 25: a defender outside the wall that cannot be taken guards it too).
        let member_safe = |w: usize, guards: &[bool]| -> bool {
            let safe_neighbour = |n: Option<usize>| -> bool {
                match n {
                    None => true,
                    Some(n) => {
                        n == k
                            || guards[n]
                            || (in_r[n] && !rules.square_hostile(n, true, Side::Defenders))
                    }
                }
            };
            // Vertical axis: up/down; horizontal axis: left/right.
            if !(safe_neighbour(step(dim, w, 0)) || safe_neighbour(step(dim, w, 1))) {
                return false;
            }
            if !(safe_neighbour(step(dim, w, 2)) || safe_neighbour(step(dim, w, 3))) {
                return false;
            }
            if rules.sw != Shieldwall::None && on_edge(dim, w) {
                // Inward neighbour(s): for a square on an edge, the neighbour away from
                // that edge. A square on two edges (a board corner) has two inward
                // neighbours; each must be safe.
                let f = w % dim;
                let r = w / dim;
                let mut inward = Vec::new();
                if r == 0 {
                    inward.push(step(dim, w, 0));
                }
                if r == dim - 1 {
                    inward.push(step(dim, w, 1));
                }
                if f == 0 {
                    inward.push(step(dim, w, 3));
                }
                if f == dim - 1 {
                    inward.push(step(dim, w, 2));
                }
                let shut = |n: usize| n == k || guards[n] || in_r[n];
                for n in &inward {
                    let n = n.unwrap();
                    if shut(n) {
                        continue;
                    }
                    // Issue 25: the row along the edge is shut on one side when, over
                    // the king and members of W, it reaches a member whose inward
                    // neighbour is shut, or a square of R that is not a closing corner.
                    let mut row_shut = false;
                    if inward.len() == 1 {
                        let d_in = (0..4).find(|&d| step(dim, w, d) == Some(n)).unwrap();
                        let along = if d_in < 2 { [2, 3] } else { [0, 1] };
                        for d in along {
                            let mut s = w;
                            while let Some(next) = step(dim, s, d) {
                                if in_r[next] {
                                    row_shut = !(rules.sw == Shieldwall::Strong
                                        && rules.square_kinds[next][COR]);
                                    break;
                                }
                                if !(next == k || guards[next]) {
                                    break;
                                }
                                if step(dim, next, d_in).is_some_and(shut) {
                                    row_shut = true;
                                    break;
                                }
                                s = next;
                            }
                            if row_shut {
                                break;
                            }
                        }
                    }
                    if !row_shut {
                        return false;
                    }
                }
            }
            true
        };
        let mut in_g: Vec<bool> = (0..dim * dim)
            .map(|s| matches!(self.board[s], Some(p) if p.side == Side::Defenders && !p.is_king()))
            .collect();
        loop {
            let out: Vec<usize> = (0..dim * dim)
                .filter(|&g| in_g[g] && !member_safe(g, &in_g))
                .collect();
            if out.is_empty() {
                break;
            }
            for g in out {
                in_g[g] = false;
            }
        }
        if (0..dim * dim).any(|w| in_w[w] && !in_g[w]) {
            return false;
        }
        true
    }

    /// Encirclement: flood from every empty edge square through empty squares; the
    /// defenders are free if the flood reaches a square next to a defender, or a
    /// defender stands on an edge.
    pub fn encircled(&self) -> bool {
        let dim = self.rules.dim;
        let is_def = |s: usize| matches!(self.board[s], Some(p) if p.side == Side::Defenders);
        let mut seen = vec![false; dim * dim];
        let mut stack = Vec::new();
        for s in 0..dim * dim {
            if on_edge(dim, s) {
                if is_def(s) {
                    return false;
                }
                if self.board[s].is_none() {
                    seen[s] = true;
                    stack.push(s);
                }
            }
        }
        while let Some(s) = stack.pop() {
            for d in 0..4 {
                if let Some(n) = step(dim, s, d) {
                    if is_def(n) {
                        return false;
                    }
                    if !seen[n] && self.board[n].is_none() {
                        seen[n] = true;
                        stack.push(n);
                    }
                }
            }
        }
        true
    }
}

fn perft_game(g: &RefGame, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    g.children().iter().map(|c| perft_game(c, depth - 1)).sum()
}

/// Number of positions exactly `depth` plies below the root; every node is played.
pub fn perft(
    rules: &str,
    position: Option<&str>,
    side: Option<Side>,
    depth: u32,
) -> Result<u64, String> {
    let g = RefGame::new(rules, position, side)?;
    Ok(perft_game(&g, depth))
}

/// Perft per root move, sorted by move string.
pub fn divide(
    rules: &str,
    position: Option<&str>,
    side: Option<Side>,
    depth: u32,
) -> Result<Vec<(String, u64)>, String> {
    let g = RefGame::new(rules, position, side)?;
    let mut out = Vec::new();
    if depth == 0 {
        return Ok(out);
    }
    for mv in g.legal_moves() {
        let mut c = g.clone();
        c.play(&mv)?;
        out.push((mv, perft_game(&c, depth - 1)));
    }
    Ok(out)
}
