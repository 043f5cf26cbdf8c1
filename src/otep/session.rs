//! The engine side of a protocol conversation as a state machine: messages in, actions
//! out, no stdin or stdout. `taflengine` feeds it lines and carries out what it asks
//! (send a line, think, quit); the tests feed it messages directly.

use super::message::{Clock, Message};
use crate::board::{Layout, LayoutError, RecordOrder, Side};
use crate::game::{Game, GameError};
use crate::moves::{Move, Position, Unsupported};
use crate::notation::{record, IllegalMove, MoveText};
use crate::rules::RulesErrorKind;
use std::fmt;

/// What the engine should do after a message.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Send this line to the host.
    Send(Message),
    /// Think, then answer: a move through [`Session::play`], or an `analysis` message for
    /// an `analyze` request.
    Think(Request),
    /// Leave (after `goodbye`).
    Quit,
}

/// What the host asked the engine to think about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// `play <side>`: a move for the side to move, answered with `move`.
    Play(Side),
    /// `analyze <moves> <seconds>`: answered with `analysis`.
    Analyze {
        /// Lines asked for.
        moves: u32,
        /// Time allowed, in seconds.
        seconds: u32,
    },
}

/// Why the session refused a message; each becomes an `error` line.
#[derive(Debug)]
pub enum SessionError {
    /// A message that needs a game came before any `rules`.
    NoRules(&'static str),
    /// The rules string gives no game this engine plays.
    Rules(GameError),
    /// A position record that does not read.
    Position(LayoutError),
    /// A position this engine cannot represent for these rules.
    Unsupported(Unsupported),
    /// A move of `opponent-move` that cannot be played.
    Illegal(IllegalMove),
    /// `play` or `analyze` in a position where the game is over.
    GameOver,
    /// Our own move given back to [`Session::play`] is not legal (an engine bug).
    OwnMove(String),
}

impl SessionError {
    /// The protocol's code for an error the engine sends (its text allows two): -1, a
    /// critical error, on which OpenTafl ends the game (`ExternalEngineHost` makes the
    /// engine resign), for rules or a position this engine cannot play and for a move of
    /// its own it cannot make; 0, a non-critical one, shown to the user while the game
    /// goes on, for the rest. (OpenTafl ignores any other code; 1 to 4 are its own
    /// answers to the engine's moves.)
    pub fn code(&self) -> i32 {
        match self {
            SessionError::Rules(_) | SessionError::Unsupported(_) | SessionError::OwnMove(_) => -1,
            _ => 0,
        }
    }

    /// The `error` line that reports it.
    pub fn message(&self) -> Message {
        Message::Error {
            code: self.code(),
            text: Some(self.to_string()),
        }
    }
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::NoRules(message) => write!(f, "`{message}` before any `rules`"),
            SessionError::Rules(e) => write!(f, "rules not supported: {e}"),
            SessionError::Position(e) => e.fmt(f),
            SessionError::Unsupported(e) => e.fmt(f),
            SessionError::Illegal(e) => e.fmt(f),
            SessionError::GameOver => f.write_str("the game is over in this position"),
            SessionError::OwnMove(text) => write!(f, "own move {text} is not legal"),
        }
    }
}

impl std::error::Error for SessionError {}

impl crate::error::Kind for SessionError {}

/// The game as the engine knows it: rules, position, the positions before it.
#[derive(Clone)]
struct Board {
    game: Game,
    position: Position,
    /// Zobrist hashes of the positions before `position`, oldest first.
    history: Vec<u64>,
    /// The moves from the start (only while they lead to `position`).
    moves: Vec<MoveText>,
}

impl Board {
    /// Plays `mv` (already known legal) and keeps history and record.
    fn apply(&mut self, mv: Move) -> MoveText {
        let t = &self.game.tables;
        let (next, captured) = self.position.after(t, mv);
        let text = record(&self.position, mv, &captured);
        self.history.push(self.position.hash());
        self.position = next;
        self.moves.push(text.clone());
        text
    }

    /// Plays `moves` in order; stops at the first that is not legal here, with the
    /// moves before it played.
    fn replay(&mut self, moves: &[MoveText]) -> Result<(), SessionError> {
        for text in moves {
            let mv = crate::notation::resolve(&self.game.tables, &self.position, text)
                .map_err(SessionError::Illegal)?;
            self.apply(mv);
        }
        Ok(())
    }

    /// Keeps the board and makes `side` the side to move (the host's word on who moves).
    fn set_side_to_move(&mut self, side: Side) -> Result<(), SessionError> {
        let record = self
            .position
            .layout(&self.game.tables)
            .record(RecordOrder::RankOneFirst);
        self.trust(&record, side)
    }

    /// Takes a position record as the truth: if it shows another board than ours, the
    /// board becomes the record's with `side` to move, and the history before it is lost.
    fn trust(&mut self, text: &str, side: Side) -> Result<(), SessionError> {
        let t = &self.game.tables;
        let layout =
            Layout::parse(text, RecordOrder::RankOneFirst).map_err(SessionError::Position)?;
        if layout == self.position.layout(t) && side == self.position.side_to_move() {
            return Ok(());
        }
        self.position =
            Position::from_layout(t, &layout, side).map_err(SessionError::Unsupported)?;
        self.history.clear();
        self.moves.clear();
        Ok(())
    }
}

/// The side to move on the board of `record`, reached by `moves`: the opponent of the
/// side whose piece stands where the last move ended, or the side to move on our board
/// when the record shows no piece there.
fn side_after(board: &Board, record: &str, moves: &[MoveText]) -> Result<Side, SessionError> {
    let layout =
        Layout::parse(record, RecordOrder::RankOneFirst).map_err(SessionError::Position)?;
    Ok(moves
        .last()
        .filter(|m| m.to.on_board(layout.dim()))
        .and_then(|m| layout.get(m.to))
        .map_or(board.position.side_to_move(), |piece| piece.side.opponent()))
}

/// An OTEP conversation seen from the engine.
pub struct Session {
    board: Option<Board>,
    /// The board before our last move, until the host accepts it (`error` restores it).
    before_own_move: Option<(Position, Vec<u64>, Vec<MoveText>)>,
    side: Option<Side>,
    /// The last message was `position`: a `side` now names the side to move (OpenTafl
    /// sends `position`, `side` when it sets a board up, for analysis or after an undo).
    after_position: bool,
    clock: Option<Clock>,
    simple_moves: bool,
    finished: Option<u32>,
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

impl Session {
    /// A session before `rules`; simple move records, as the protocol's default.
    pub fn new() -> Session {
        Session {
            board: None,
            before_own_move: None,
            side: None,
            after_position: false,
            clock: None,
            simple_moves: true,
            finished: None,
        }
    }

    /// The rules being played, once `rules` came.
    pub fn game(&self) -> Option<&Game> {
        self.board.as_ref().map(|b| &b.game)
    }

    /// The current position.
    pub fn position(&self) -> Option<&Position> {
        self.board.as_ref().map(|b| &b.position)
    }

    /// Zobrist hashes of the positions before the current one (for the repetition rule).
    pub fn history(&self) -> &[u64] {
        self.board.as_ref().map_or(&[], |b| &b.history)
    }

    /// The moves from the start to the current position, while they are known.
    pub fn moves(&self) -> &[MoveText] {
        self.board.as_ref().map_or(&[], |b| &b.moves)
    }

    /// The last `clock` sent, if any.
    pub fn clock(&self) -> Option<Clock> {
        self.clock
    }

    /// The side last named by `side`, if any (the side to move when it followed
    /// `position`, the side the engine plays otherwise).
    pub fn side(&self) -> Option<Side> {
        self.side
    }

    /// The code of the last `finish`, if the game ended.
    pub fn finished(&self) -> Option<u32> {
        self.finished
    }

    /// Reads one line and handles it; a line that is not a message gets an `error`.
    pub fn handle_line(&mut self, line: &str) -> Vec<Action> {
        if line.trim().is_empty() {
            return Vec::new();
        }
        match line.parse::<Message>() {
            Ok(message) => self.handle(message),
            // An unreadable line is no reason to end the game: non-critical.
            Err(e) => vec![Action::Send(Message::Error {
                code: 0,
                text: Some(e.to_string()),
            })],
        }
    }

    /// Handles one message.
    pub fn handle(&mut self, message: Message) -> Vec<Action> {
        match self.step(message) {
            Ok(actions) => actions,
            Err(e) => vec![Action::Send(e.message())],
        }
    }

    fn board(&mut self, message: &'static str) -> Result<&mut Board, SessionError> {
        self.board.as_mut().ok_or(SessionError::NoRules(message))
    }

    /// One message, one handler: the state each kind changes, and the actions it asks.
    fn step(&mut self, message: Message) -> Result<Vec<Action>, SessionError> {
        let after_position = std::mem::take(&mut self.after_position);
        match message {
            Message::Hello | Message::Start | Message::Status(_) | Message::Analysis(_) => {
                Ok(Vec::new())
            }
            Message::Goodbye => Ok(vec![Action::Quit]),
            Message::SimpleMoves(on) => {
                self.simple_moves = on;
                Ok(Vec::new())
            }
            Message::Finish(code) => {
                self.finished = Some(code);
                self.before_own_move = None;
                Ok(Vec::new())
            }
            Message::Side(side) => self.on_side(side, after_position),
            Message::Clock(clock) => {
                self.clock = Some(clock);
                Ok(Vec::new())
            }
            Message::Rules(text) => self.on_rules(&text),
            Message::Position(text) => self.on_position(&text),
            Message::Move(text) => self.on_accepted_move(&text),
            Message::Error { code, .. } => Ok(self.on_refused_move(code)),
            Message::OpponentMove { moves, position } => {
                self.on_opponent_move(&moves, position.as_deref())
            }
            Message::Play(side) => self.on_play(side),
            Message::Analyze { moves, seconds } => self.on_analyze(moves, seconds),
        }
    }

    /// `side`: the side the engine plays, or, right after `position`, the side to move
    /// on that board (OpenTafl's `position` then `side`).
    fn on_side(&mut self, side: Side, after_position: bool) -> Result<Vec<Action>, SessionError> {
        self.side = Some(side);
        if after_position {
            self.board("side")?.set_side_to_move(side)?;
        }
        Ok(Vec::new())
    }

    /// `rules`: a new game from its start position; unknown keys are named in a status.
    fn on_rules(&mut self, text: &str) -> Result<Vec<Action>, SessionError> {
        let (game, ignored) = game_ignoring_unknown_keys(text)?;
        self.board = Some(Board {
            position: game.start(),
            game,
            history: Vec::new(),
            moves: Vec::new(),
        });
        self.before_own_move = None;
        self.finished = None;
        self.clock = None;
        Ok(if ignored.is_empty() {
            Vec::new()
        } else {
            vec![Action::Send(Message::Status(format!(
                "ignored unknown rules keys: {}",
                ignored.join(", ")
            )))]
        })
    }

    /// `position`: the host's board, with our side to move until a `side` names it.
    fn on_position(&mut self, text: &str) -> Result<Vec<Action>, SessionError> {
        let board = self.board("position")?;
        let side = board.position.side_to_move();
        board.trust(text, side)?;
        self.before_own_move = None;
        self.after_position = true;
        Ok(Vec::new())
    }

    /// `move` from the host: our move was accepted; a record is the position after it.
    fn on_accepted_move(&mut self, text: &str) -> Result<Vec<Action>, SessionError> {
        self.before_own_move = None;
        if text.starts_with('/') || text.starts_with("start") {
            let board = self.board("move")?;
            let side = board.position.side_to_move();
            board.trust(text, side)?;
        }
        Ok(Vec::new())
    }

    /// `error`: the host refused our last move, so the board goes back to before it.
    fn on_refused_move(&mut self, code: i32) -> Vec<Action> {
        match (self.before_own_move.take(), self.board.as_mut()) {
            (Some((position, history, moves)), Some(board)) => {
                board.position = position;
                board.history = history;
                board.moves = moves;
                vec![Action::Send(Message::Status(format!(
                    "host refused the last move (error {code}); it is taken back"
                )))]
            }
            _ => Vec::new(),
        }
    }

    /// `opponent-move`: the moves replayed on a copy of our board, which replaces it
    /// only when they all play; with the host's record, the record has the last word.
    fn on_opponent_move(
        &mut self,
        moves: &[MoveText],
        record: Option<&str>,
    ) -> Result<Vec<Action>, SessionError> {
        self.before_own_move = None;
        let board = self.board("opponent-move")?;
        let mut trial = board.clone();
        let replayed = trial.replay(moves);
        match (replayed, record) {
            (Ok(()), Some(record)) => {
                let side = trial.position.side_to_move();
                trial.trust(record, side)?;
                *board = trial;
            }
            (Ok(()), None) => *board = trial,
            // The moves do not play on our board but the host sent its record: the
            // record is the truth. OpenTafl does this after refusing our move (`error`):
            // it sends the moves since our last accepted move again, with the current
            // record, on a board that already has them.
            (Err(e), Some(record)) => {
                let side = side_after(board, record, moves)?;
                let before = board.position.clone();
                board.trust(record, side)?;
                if board.position != before {
                    return Ok(vec![Action::Send(Message::Status(format!(
                        "the moves do not play on this board ({e}); \
                         playing on the host's record"
                    )))]);
                }
            }
            (Err(e), None) => return Err(e),
        }
        Ok(Vec::new())
    }

    /// `play`: think of a move for `side`, which the host says is to move.
    fn on_play(&mut self, side: Side) -> Result<Vec<Action>, SessionError> {
        let board = self.board("play")?;
        if board.position.side_to_move() != side {
            // The host says who is to move; it keeps the game.
            board.set_side_to_move(side)?;
        }
        if board.position.outcome(&board.game.tables).is_some()
            || board.position.legal_moves(&board.game.tables).is_empty()
        {
            return Err(SessionError::GameOver);
        }
        Ok(vec![Action::Think(Request::Play(side))])
    }

    /// `analyze`: think of lines for the side to move.
    fn on_analyze(&mut self, moves: u32, seconds: u32) -> Result<Vec<Action>, SessionError> {
        let board = self.board("analyze")?;
        if board.position.legal_moves(&board.game.tables).is_empty() {
            return Err(SessionError::GameOver);
        }
        Ok(vec![Action::Think(Request::Analyze { moves, seconds })])
    }

    /// Plays the engine's own move and gives the `move` line that announces it (a plain
    /// `a4-a1` record with simple moves on, the full OTN record otherwise).
    pub fn play(&mut self, mv: Move) -> Result<Message, SessionError> {
        let simple = self.simple_moves;
        let board = self.board.as_mut().ok_or(SessionError::NoRules("play"))?;
        if !board.position.legal_moves(&board.game.tables).contains(&mv) {
            return Err(SessionError::OwnMove(format!("{}", mv)));
        }
        self.before_own_move = Some((
            board.position.clone(),
            board.history.clone(),
            board.moves.clone(),
        ));
        let mut text = board.apply(mv);
        if simple {
            text.piece = None;
            text.captures.clear();
        }
        Ok(Message::Move(text.to_string()))
    }
}

/// The game of a rules string, keys this engine does not know left out (OpenTafl may
/// write keys of its own); gives the keys left out.
pub fn game_ignoring_unknown_keys(text: &str) -> Result<(Game, Vec<String>), SessionError> {
    let mut text = text.trim().to_string();
    let mut ignored = Vec::new();
    loop {
        match Game::from_otn(&text) {
            Err(GameError::Rules(e))
                if e.kind == RulesErrorKind::UnknownKey && ignored.len() < 64 =>
            {
                let prefix = format!("{}:", e.key);
                let before = text.len();
                text = text
                    .split_whitespace()
                    .filter(|w| !w.starts_with(&prefix))
                    .collect::<Vec<_>>()
                    .join(" ");
                if text.len() == before {
                    return Err(SessionError::Rules(GameError::Rules(e)));
                }
                ignored.push(e.key.clone());
            }
            Err(e) => return Err(SessionError::Rules(e)),
            Ok(game) => return Ok((game, ignored)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BRANDUB: &str = "dim:7 ks:w start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

    fn error_code(actions: &[Action]) -> Option<i32> {
        match actions {
            [Action::Send(Message::Error { code, .. })] => Some(*code),
            _ => None,
        }
    }

    #[test]
    fn messages_before_rules_are_refused_not_fatal() {
        let mut s = Session::new();
        // Non-critical (0): OpenTafl shows it and the game goes on. Rules this engine
        // cannot play are critical (-1): OpenTafl ends the game, the engine resigning
        // (issue 35: -1 was sent for any unreadable line, and resigned the game).
        assert_eq!(error_code(&s.handle_line("play attackers")), Some(0));
        assert_eq!(error_code(&s.handle_line("opponent-move d1-d2")), Some(0));
        assert_eq!(error_code(&s.handle_line("what is this")), Some(0));
        assert_eq!(
            error_code(&s.handle_line("rules dim:7 ks:q start:/7/")),
            Some(-1)
        );
        assert!(s.handle_line(&format!("rules {BRANDUB}")).is_empty());
        assert_eq!(s.handle_line("goodbye"), vec![Action::Quit]);
    }

    #[test]
    fn unknown_rules_keys_are_ignored_and_named() {
        let mut s = Session::new();
        let actions = s.handle_line(&format!("rules name:Brandub zz:3 {BRANDUB} qq:y"));
        match actions.as_slice() {
            [Action::Send(Message::Status(text))] => assert!(text.contains("zz, qq"), "{text}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(s.game().unwrap().name.as_deref(), Some("brandub"));
    }

    #[test]
    fn an_illegal_opponent_move_changes_nothing() {
        let mut s = Session::new();
        s.handle_line(&format!("rules {BRANDUB}"));
        let start = s.position().unwrap().clone();
        // d1-d3 runs into the defender on d3 (brandub, rank 1 first: d3 is `T`).
        assert_eq!(error_code(&s.handle_line("opponent-move d1-d3")), Some(0));
        assert_eq!(s.position().unwrap(), &start);
        assert!(s.handle_line("opponent-move d1-c1").is_empty());
        assert_eq!(s.moves().len(), 1);
        assert_eq!(s.history(), &[start.hash()]);
        assert_eq!(s.position().unwrap().side_to_move(), Side::Defenders);
    }

    #[test]
    fn the_position_record_after_an_opponent_move_is_trusted() {
        let mut s = Session::new();
        s.handle_line(&format!("rules {BRANDUB}"));
        // The host's board has no attacker on a4: ours follows it, history dropped.
        let record = "/3t3/3t3/3T3/1tTKTtt/3T3/3t3/2t4/";
        assert!(s
            .handle_line(&format!("opponent-move d7-c7 {record}"))
            .is_empty());
        let t = &s.game().unwrap().tables;
        assert_eq!(
            s.position()
                .unwrap()
                .layout(t)
                .record(RecordOrder::RankOneFirst),
            record
        );
        assert_eq!(s.position().unwrap().side_to_move(), Side::Defenders);
        assert!(s.history().is_empty());
    }

    #[test]
    fn a_refused_own_move_is_taken_back() {
        let mut s = Session::new();
        s.handle_line(&format!("rules {BRANDUB}"));
        s.handle_line("clock 1000 1000 0 0 0");
        assert_eq!(s.clock().unwrap().remaining_ms(Side::Attackers), 1000);
        let actions = s.handle_line("play attackers");
        assert_eq!(actions, vec![Action::Think(Request::Play(Side::Attackers))]);
        let start = s.position().unwrap().clone();
        let mv = start.legal_moves(&s.game().unwrap().tables)[0];
        let reply = s.play(mv).unwrap();
        assert!(
            matches!(reply, Message::Move(ref m) if !m.contains('x')),
            "{reply}"
        );
        assert_ne!(s.position().unwrap(), &start);
        s.handle_line("error 3");
        assert_eq!(s.position().unwrap(), &start);
        assert!(s.moves().is_empty());
    }

    /// OpenTafl's analysis call: `position <record>`, `side defenders`, `clock`,
    /// `analyze`. The `side` after `position` is the side to move there.
    #[test]
    fn a_side_after_position_names_the_side_to_move() {
        let mut s = Session::new();
        s.handle_line(&format!("rules {BRANDUB}"));
        // A `side` that does not follow `position` is the side the engine plays.
        assert!(s.handle_line("side defenders").is_empty());
        assert_eq!(s.position().unwrap().side_to_move(), Side::Attackers);
        // Brandub after d1-c1 (rank 1 first: `3t3` becomes `2t4`).
        let record = "/2t4/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
        assert!(s.handle_line(&format!("position {record}")).is_empty());
        assert!(s.handle_line("side defenders").is_empty());
        assert_eq!(s.position().unwrap().side_to_move(), Side::Defenders);
        s.handle_line("clock 60000 60000 0 0 0");
        assert_eq!(
            s.handle_line("analyze 3 1"),
            vec![Action::Think(Request::Analyze {
                moves: 3,
                seconds: 1
            })]
        );
        // And back: `position` then `side attackers` on the same board.
        s.handle_line(&format!("position {record}"));
        s.handle_line("side attackers");
        assert_eq!(s.position().unwrap().side_to_move(), Side::Attackers);
        let t = &s.game().unwrap().tables;
        assert_eq!(
            s.position()
                .unwrap()
                .layout(t)
                .record(RecordOrder::RankOneFirst),
            record
        );
    }

    /// After refusing our move OpenTafl sends the opponent's move again with the current
    /// record, then `play`: the board already has that move, so nothing changes.
    #[test]
    fn an_opponent_move_repeated_after_a_refusal_keeps_the_board() {
        let mut s = Session::new();
        s.handle_line(&format!("rules {BRANDUB}"));
        let start = s.position().unwrap().clone();
        let record = "/2t4/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
        assert!(s
            .handle_line(&format!("opponent-move d1-c1 {record}"))
            .is_empty());
        let after = s.position().unwrap().clone();
        assert_eq!(
            s.handle_line("play defenders"),
            vec![Action::Think(Request::Play(Side::Defenders))]
        );
        let mv = after.legal_moves(&s.game().unwrap().tables)[0];
        s.play(mv).unwrap();
        assert!(matches!(
            s.handle_line("error 2").as_slice(),
            [Action::Send(Message::Status(_))]
        ));
        assert_eq!(s.position().unwrap(), &after);
        // The repeat: no `error 3`, the same board, its history kept.
        assert!(s
            .handle_line(&format!("opponent-move d1-c1 {record}"))
            .is_empty());
        assert_eq!(s.position().unwrap(), &after);
        assert_eq!(s.history(), &[start.hash()]);
        assert_eq!(s.moves().len(), 1);
        assert_eq!(
            s.handle_line("play defenders"),
            vec![Action::Think(Request::Play(Side::Defenders))]
        );
    }

    /// Moves that do not play on our board, with a record: the record is taken, with
    /// the opponent of the side that moved (an attacker stands on c2) to move.
    #[test]
    fn an_opponent_move_that_does_not_replay_takes_the_record() {
        let mut s = Session::new();
        s.handle_line(&format!("rules {BRANDUB}"));
        // d1-c1 then c1-c2 on the host's board; our board never saw d1-c1.
        let record = "/7/2tt3/3T3/ttTKTtt/3T3/3t3/3t3/";
        assert!(matches!(
            s.handle_line(&format!("opponent-move c1-c2 {record}")).as_slice(),
            [Action::Send(Message::Status(text))] if text.contains("host's record")
        ));
        let t = &s.game().unwrap().tables;
        let position = s.position().unwrap();
        assert_eq!(position.layout(t).record(RecordOrder::RankOneFirst), record);
        assert_eq!(position.side_to_move(), Side::Defenders);
        assert!(s.history().is_empty());
    }
}
