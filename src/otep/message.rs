//! The lines of the OpenTafl engine protocol as types. Every message parses from one line
//! (`FromStr`) and prints back to it (`Display`), so the engine and the host side of
//! `taflmatch` share one reading of the protocol and its errors name the message and the
//! field that is wrong.

use crate::board::Side;
use crate::notation::MoveText;
use std::fmt;
use std::str::FromStr;

/// The two clocks as the host sends them before `play` and `analyze`:
/// `clock 295000 300000 0 0 0` (milliseconds; a `*` after a side's time marks overtime).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// The attackers' time left in milliseconds; negative when overdrawn (OpenTafl
    /// sends no `clock` line at all in an untimed game).
    pub attacker_ms: i64,
    /// True when the attackers' time is an overtime period's (`*`).
    pub attacker_overtime: bool,
    /// The defenders' time left in milliseconds; negative when overdrawn.
    pub defender_ms: i64,
    /// True when the defenders' time is an overtime period's.
    pub defender_overtime: bool,
    /// The length of one overtime period in seconds (0: none).
    pub overtime_seconds: u32,
    /// Overtime periods the attackers have left.
    pub attacker_overtimes: u32,
    /// Overtime periods the defenders have left.
    pub defender_overtimes: u32,
}

impl Clock {
    /// The time `side` has left in milliseconds: none (0) when its clock is overdrawn,
    /// which means move at once. (It was read as "untimed", and the engine thought for
    /// a second or its whole fixed limit on a clock already past zero: issue 24.)
    pub fn remaining_ms(&self, side: Side) -> u64 {
        let ms = match side {
            Side::Attackers => self.attacker_ms,
            Side::Defenders => self.defender_ms,
        };
        ms.max(0) as u64
    }

    /// The time `side` may draw on for this move, in milliseconds: all it has left, or
    /// half of it in overtime, where the time shown is the current period's.
    pub fn spendable_ms(&self, side: Side) -> u64 {
        let overtime = match side {
            Side::Attackers => self.attacker_overtime,
            Side::Defenders => self.defender_overtime,
        };
        let ms = self.remaining_ms(side);
        if overtime {
            ms / 2
        } else {
            ms
        }
    }
}

/// One analysed line of an `analysis` answer: the moves from the current position
/// (joined by `|` on the wire) and the evaluation of its first move.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysedLine {
    /// The moves, first the one to play now.
    pub moves: Vec<MoveText>,
    /// The evaluation for the side to move (positive: good for it).
    pub evaluation: f64,
}

/// One protocol line, in either direction.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// `hello`: the engine is up (the engine sends it first; OpenTafl answers it).
    Hello,
    /// `simple-moves on|off`: plain `a4-a1` moves instead of full OTN move records.
    SimpleMoves(bool),
    /// `rules <OTN rules string>`: a new game of these rules from its start.
    Rules(String),
    /// `start`: the game begins.
    Start,
    /// `position <OTN position record>`: the board (rank 1 first, as `start:`).
    Position(String),
    /// `side attackers|defenders`: the side the engine plays.
    Side(Side),
    /// `clock ...`: both sides' time left, sent before `play` and `analyze`.
    Clock(Clock),
    /// `analyze <moves> <seconds>`: analyse the position, answer with `analysis`.
    Analyze {
        /// How many lines the host would like.
        moves: u32,
        /// The time to take, at most.
        seconds: u32,
    },
    /// `analysis <n> <moves> <evaluation> ...`: the engine's answer to `analyze`.
    Analysis(Vec<AnalysedLine>),
    /// `play attackers|defenders`: move now for that side; answered by `move`.
    Play(Side),
    /// `move <record>`: from the engine its move; from OpenTafl the position record after
    /// it (the text is kept as sent, its meaning depends on the direction).
    Move(String),
    /// `error <code> [text]`: a move or a command was refused. Codes 0..=6 are the
    /// protocol's (0 rules not supported, 1 wrong side, 2 no piece at start, 3 illegal
    /// move, 4..=6 the same for berserk moves); taflengine uses -1 for a line it cannot
    /// read, with the reason as text.
    Error {
        /// The protocol's error code.
        code: i32,
        /// An explanation for people (not in the protocol's text; hosts ignore it).
        text: Option<String>,
    },
    /// `opponent-move <moves> [position]`: the other side moved (a berserk turn's moves
    /// joined by `|`); the position record after them is the one to trust.
    OpponentMove {
        /// The moves, in order.
        moves: Vec<MoveText>,
        /// The position record after them, if sent.
        position: Option<String>,
    },
    /// `finish <code>`: the game ended (0 other side exited, 1 draw, 2 attackers won,
    /// 3 defenders won).
    Finish(u32),
    /// `goodbye` (or the older `quit`): the engine exits.
    Goodbye,
    /// `status <text>`: what the engine is doing, for people.
    Status(String),
}

/// Why a line is not a protocol message; names the message and the field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MessageError {
    /// An empty line.
    Empty,
    /// The first word is no command of the protocol.
    UnknownCommand(String),
    /// A field the message needs is not there.
    Missing {
        /// The message's command word.
        message: &'static str,
        /// The field that is missing.
        field: &'static str,
    },
    /// A field that does not read.
    Bad {
        /// The message's command word.
        message: &'static str,
        /// The field that is wrong.
        field: &'static str,
        /// The text found.
        value: String,
        /// What was expected instead.
        expected: String,
    },
    /// More fields than the message has.
    Extra {
        /// The message's command word.
        message: &'static str,
        /// The first field too many.
        value: String,
    },
}

impl fmt::Display for MessageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MessageError::Empty => f.write_str("empty line"),
            MessageError::UnknownCommand(word) => write!(f, "unknown command `{word}`"),
            MessageError::Missing { message, field } => {
                write!(f, "`{message}`: missing field `{field}`")
            }
            MessageError::Bad {
                message,
                field,
                value,
                expected,
            } => write!(
                f,
                "`{message}`: field `{field}` is `{value}`, expected {expected}"
            ),
            MessageError::Extra { message, value } => {
                write!(f, "`{message}`: unexpected extra field `{value}`")
            }
        }
    }
}

impl std::error::Error for MessageError {}

impl crate::error::Kind for MessageError {}

/// The fields of one line after its command word.
struct Fields<'a> {
    message: &'static str,
    words: std::str::SplitWhitespace<'a>,
}

impl<'a> Fields<'a> {
    fn next(&mut self, field: &'static str) -> Result<&'a str, MessageError> {
        self.words.next().ok_or(MessageError::Missing {
            message: self.message,
            field,
        })
    }

    fn bad(&self, field: &'static str, value: &str, expected: &str) -> MessageError {
        MessageError::Bad {
            message: self.message,
            field,
            value: value.to_string(),
            expected: expected.to_string(),
        }
    }

    fn number<T: FromStr>(&mut self, field: &'static str) -> Result<T, MessageError> {
        let text = self.next(field)?;
        text.parse()
            .map_err(|_| self.bad(field, text, "a whole number"))
    }

    fn side(&mut self, field: &'static str) -> Result<Side, MessageError> {
        let text = self.next(field)?;
        text.parse()
            .map_err(|_| self.bad(field, text, "`attackers` or `defenders`"))
    }

    fn moves(&mut self, field: &'static str) -> Result<Vec<MoveText>, MessageError> {
        let text = self.next(field)?;
        self.move_list(field, text)
    }

    /// Moves joined by `|` (a berserk turn, or a line of an analysis).
    fn move_list(&self, field: &'static str, text: &str) -> Result<Vec<MoveText>, MessageError> {
        text.split('|')
            .map(|m| m.parse::<MoveText>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| self.bad(field, text, &format!("moves joined by `|` ({e})")))
    }

    /// `on` or `off`.
    fn on_off(&mut self) -> Result<bool, MessageError> {
        let value = self.next("on|off")?;
        match value {
            "on" => Ok(true),
            "off" => Ok(false),
            _ => Err(self.bad("on|off", value, "`on` or `off`")),
        }
    }

    /// A clock time: milliseconds, `*` after it for overtime.
    fn clock_time(&mut self, field: &'static str) -> Result<(i64, bool), MessageError> {
        let text = self.next(field)?;
        let (digits, overtime) = match text.strip_suffix('*') {
            Some(d) => (d, true),
            None => (text, false),
        };
        digits
            .parse::<i64>()
            .map(|ms| (ms, overtime))
            .map_err(|_| self.bad(field, text, "milliseconds, `*` after them in overtime"))
    }

    /// `clock`'s fields: both sides' times, then the overtime settings.
    fn clock(&mut self) -> Result<Clock, MessageError> {
        let (attacker_ms, attacker_overtime) = self.clock_time("attacker time")?;
        let (defender_ms, defender_overtime) = self.clock_time("defender time")?;
        Ok(Clock {
            attacker_ms,
            attacker_overtime,
            defender_ms,
            defender_overtime,
            overtime_seconds: self.number("overtime seconds")?,
            attacker_overtimes: self.number("attacker overtimes")?,
            defender_overtimes: self.number("defender overtimes")?,
        })
    }

    /// `analysis`'s fields: the number of lines, then each line's moves and evaluation;
    /// the number must match the lines sent.
    fn analysis(&mut self) -> Result<Vec<AnalysedLine>, MessageError> {
        let count: usize = self.number("number")?;
        let mut lines = Vec::new();
        while let Some(text) = self.words.next() {
            let moves = self.move_list("move list", text)?;
            let eval_text = self.next("evaluation")?;
            let evaluation = eval_text
                .parse::<f64>()
                .ok()
                .filter(|e| e.is_finite())
                .ok_or_else(|| self.bad("evaluation", eval_text, "a number"))?;
            lines.push(AnalysedLine { moves, evaluation });
        }
        if lines.len() != count {
            return Err(self.bad(
                "number",
                &count.to_string(),
                &format!("the number of lines sent ({})", lines.len()),
            ));
        }
        Ok(lines)
    }

    /// `finish`'s code: 0 to 3.
    fn finish_code(&mut self) -> Result<u32, MessageError> {
        let code: u32 = self.number("finish code")?;
        if code > 3 {
            return Err(self.bad("finish code", &code.to_string(), "0, 1, 2 or 3"));
        }
        Ok(code)
    }

    fn end(mut self) -> Result<(), MessageError> {
        match self.words.next() {
            None => Ok(()),
            Some(value) => Err(MessageError::Extra {
                message: self.message,
                value: value.to_string(),
            }),
        }
    }
}

impl FromStr for Message {
    type Err = MessageError;

    fn from_str(line: &str) -> Result<Message, MessageError> {
        let line = line.trim();
        let (command, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c, r.trim()),
            None => (line, ""),
        };
        let message: &'static str = match command {
            "" => return Err(MessageError::Empty),
            "hello" => "hello",
            "simple-moves" => "simple-moves",
            "rules" => "rules",
            "start" => "start",
            "position" => "position",
            "side" => "side",
            "clock" => "clock",
            "analyze" => "analyze",
            "analysis" => "analysis",
            "play" => "play",
            "move" => "move",
            "error" => "error",
            "opponent-move" => "opponent-move",
            "finish" => "finish",
            "goodbye" => "goodbye",
            "quit" => "quit",
            "status" => "status",
            other => return Err(MessageError::UnknownCommand(other.to_string())),
        };
        let mut fields = Fields {
            message,
            words: rest.split_whitespace(),
        };
        let parsed = match message {
            "hello" => Message::Hello,
            "start" => Message::Start,
            "goodbye" | "quit" => Message::Goodbye,
            "simple-moves" => Message::SimpleMoves(fields.on_off()?),
            // The rules string and status text keep their spaces.
            "rules" => {
                if rest.is_empty() {
                    return Err(MessageError::Missing {
                        message,
                        field: "rules string",
                    });
                }
                return Ok(Message::Rules(rest.to_string()));
            }
            "status" => return Ok(Message::Status(rest.to_string())),
            "position" => Message::Position(fields.next("position record")?.to_string()),
            "move" => Message::Move(fields.next("record")?.to_string()),
            "side" => Message::Side(fields.side("side")?),
            "play" => Message::Play(fields.side("side")?),
            "clock" => Message::Clock(fields.clock()?),
            "analyze" => Message::Analyze {
                moves: fields.number("number")?,
                seconds: fields.number("seconds")?,
            },
            "analysis" => Message::Analysis(fields.analysis()?),
            "error" => {
                let code = fields.number("error code")?;
                let text: Vec<&str> = fields.words.by_ref().collect();
                return Ok(Message::Error {
                    code,
                    text: (!text.is_empty()).then(|| text.join(" ")),
                });
            }
            "opponent-move" => {
                let moves = fields.moves("moves")?;
                let position = fields.words.next().map(str::to_string);
                Message::OpponentMove { moves, position }
            }
            "finish" => Message::Finish(fields.finish_code()?),
            _ => unreachable!("every command word is matched above"),
        };
        fields.end()?;
        Ok(parsed)
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let join = |moves: &[MoveText]| {
            moves
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join("|")
        };
        match self {
            Message::Hello => f.write_str("hello"),
            Message::SimpleMoves(on) => {
                write!(f, "simple-moves {}", if *on { "on" } else { "off" })
            }
            Message::Rules(rules) => write!(f, "rules {rules}"),
            Message::Start => f.write_str("start"),
            Message::Position(record) => write!(f, "position {record}"),
            Message::Side(side) => write!(f, "side {side}"),
            Message::Clock(c) => write!(
                f,
                "clock {}{} {}{} {} {} {}",
                c.attacker_ms,
                if c.attacker_overtime { "*" } else { "" },
                c.defender_ms,
                if c.defender_overtime { "*" } else { "" },
                c.overtime_seconds,
                c.attacker_overtimes,
                c.defender_overtimes
            ),
            Message::Analyze { moves, seconds } => write!(f, "analyze {moves} {seconds}"),
            Message::Analysis(lines) => {
                write!(f, "analysis {}", lines.len())?;
                for line in lines {
                    write!(f, " {} {}", join(&line.moves), line.evaluation)?;
                }
                Ok(())
            }
            Message::Play(side) => write!(f, "play {side}"),
            Message::Move(record) => write!(f, "move {record}"),
            Message::Error { code, text } => match text {
                Some(text) => write!(f, "error {code} {text}"),
                None => write!(f, "error {code}"),
            },
            Message::OpponentMove { moves, position } => {
                write!(f, "opponent-move {}", join(moves))?;
                match position {
                    Some(p) => write!(f, " {p}"),
                    None => Ok(()),
                }
            }
            Message::Finish(code) => write!(f, "finish {code}"),
            Message::Goodbye => f.write_str("goodbye"),
            Message::Status(text) => write!(f, "status {text}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_of_opentafl_parse_and_print_back() {
        // Lines in the shapes ExternalEngineHost.java writes them (clock with its `*`
        // overtime marks and trailing space).
        let lines = [
            "hello",
            "rules dim:7 ks:w start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
            "side defenders",
            "start",
            "clock 295000 300000* 10 3 2",
            "play attackers",
            "move a4-a1",
            "opponent-move d1-d3|d3-c3xc4 /3t3/7/2tT3/ttTKTtt/3T3/3t3/3t3/",
            "opponent-move e5-e8xe9",
            "analyze 5 30",
            "analysis 2 a4-a1|b2-b3 0.5 c1-c3 -1.25",
            "error 3",
            "error -1 unknown command `foo`",
            "finish 2",
            "goodbye",
            "simple-moves off",
            "status depth 4 score 12",
            "position /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
        ];
        for line in lines {
            let message: Message = line.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(message.to_string(), line);
        }
        let clock: Message = "clock 295000 300000* 10 3 2 ".parse().unwrap();
        assert_eq!(
            clock,
            Message::Clock(Clock {
                attacker_ms: 295000,
                attacker_overtime: false,
                defender_ms: 300000,
                defender_overtime: true,
                overtime_seconds: 10,
                attacker_overtimes: 3,
                defender_overtimes: 2,
            })
        );
        assert_eq!("quit".parse::<Message>().unwrap(), Message::Goodbye);
        let Message::Clock(clock) = clock else {
            unreachable!()
        };
        // In overtime only half the period's time is spent on one move.
        assert_eq!(clock.spendable_ms(Side::Attackers), 295000);
        assert_eq!(clock.spendable_ms(Side::Defenders), 150000);
    }

    #[test]
    fn errors_name_the_message_and_the_field() {
        let cases = [
            ("", "empty line"),
            ("frobnicate 3", "unknown command `frobnicate`"),
            ("play", "`play`: missing field `side`"),
            ("play kings", "`play`: field `side` is `kings`"),
            (
                "clock 100 abc 0 0 0",
                "`clock`: field `defender time` is `abc`",
            ),
            (
                "clock 100 100 0 0",
                "`clock`: missing field `defender overtimes`",
            ),
            ("analyze five 30", "`analyze`: field `number` is `five`"),
            (
                "opponent-move a4-a0",
                "`opponent-move`: field `moves` is `a4-a0`",
            ),
            ("finish 9", "`finish`: field `finish code` is `9`"),
            ("side attackers now", "`side`: unexpected extra field `now`"),
            ("rules", "`rules`: missing field `rules string`"),
            ("analysis 2 a4-a1 0.5", "`analysis`: field `number` is `2`"),
        ];
        for (line, expected) in cases {
            let error = line.parse::<Message>().unwrap_err().to_string();
            assert!(error.contains(expected), "{line:?}: {error}");
        }
    }
}
