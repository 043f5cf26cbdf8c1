//! The OpenTafl engine protocol (OTEP): how OpenTafl, the reference tafl program, talks
//! to an engine in another process, one text line per message over stdin and stdout.
//!
//! - [`Message`]: every line of the protocol as a type, read with `FromStr`, written with
//!   `Display`; a bad line gives a [`MessageError`] naming the message and the field.
//! - [`Session`]: the engine's side of a conversation as a state machine (rules, position,
//!   side, opponent moves with the position record to trust, clock, play, analyze,
//!   finish, goodbye), free of any I/O so it is tested directly. `taflengine` drives it.
//!
//! - [`TimeKeeper`]: how long to think on a move on the host's clock.
//!
//! `docs/opentafl.md` gives the order in which OpenTafl really sends the messages.
//!
//! ```
//! use taflcount::otep::{Action, Message, Request, Session};
//!
//! let mut session = Session::new();
//! session.handle_line("rules dim:7 ks:w start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
//! session.handle_line("clock 60000 60000 0 0 0");
//! let actions = session.handle_line("play attackers");
//! assert_eq!(actions, vec![Action::Think(Request::Play(taflcount::board::Side::Attackers))]);
//! let mv = session.position().unwrap().legal_moves(&session.game().unwrap().tables)[0];
//! assert!(matches!(session.play(mv).unwrap(), Message::Move(_)));
//! ```

mod message;
mod session;
mod time;

pub use message::{AnalysedLine, Clock, Message, MessageError};
pub use session::{game_ignoring_unknown_keys, Action, Request, Session, SessionError};
pub use time::{move_budget_ms, reply_wait, TimeKeeper};
