//! One way from what a user names, a catalog variant or an OTN rules string, to rules
//! compiled for play. Every tool, suite and fixture goes through here, so a name means
//! the same thing everywhere.
//!
//! ```
//! use taflcount::game::Game;
//!
//! let brandub = Game::resolve("brandub").unwrap();
//! assert_eq!(brandub.name.as_deref(), Some("brandub"));
//! let custom = Game::resolve("dim:7 ks:w start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/").unwrap();
//! assert_eq!(custom.rules.dim, 7);
//! assert!(Game::resolve("chess").is_err());
//! ```

use crate::moves::{Position, Tables, Unsupported};
use crate::rules::{catalog, Rules, RulesError};
use std::fmt;

/// Rules ready to play: where they came from, as data and compiled.
#[derive(Clone)]
pub struct Game {
    /// The catalog name, or for a rules string its `name:` key in catalog form
    /// (lower case, `-` for spaces); `None` for a rules string without a name.
    pub name: Option<String>,
    /// The rules as data.
    pub rules: Rules,
    /// The rules compiled for the hot path.
    pub tables: Tables,
}

/// Why a name or rules string gives no playable game.
#[derive(Debug)]
pub enum GameError {
    /// Neither a catalog name nor an OTN rules string.
    UnknownVariant(String),
    /// An OTN rules string that does not parse (the error names the key and column).
    Rules(RulesError),
    /// Rules the engine cannot play (a limit of the representation).
    Unsupported(Unsupported),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::UnknownVariant(name) => write!(
                f,
                "unknown variant `{name}`; known variants: {}",
                catalog::names().join(", ")
            ),
            GameError::Rules(e) => e.fmt(f),
            GameError::Unsupported(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for GameError {}

impl crate::error::Kind for GameError {}

impl Game {
    /// A catalog variant by name (case-insensitive; `_` and `-` alike).
    pub fn named(name: &str) -> Result<Game, GameError> {
        let entry = catalog::find(name).ok_or_else(|| GameError::UnknownVariant(name.into()))?;
        Game::from_rules(Some(entry.name.to_string()), entry.rules())
    }

    /// An OTN rules string; its `name:` key, if any, becomes the game's name.
    pub fn from_otn(text: &str) -> Result<Game, GameError> {
        let rules: Rules = text.parse().map_err(GameError::Rules)?;
        let name = (!rules.name.is_empty()).then(|| rules.name.to_lowercase().replace(' ', "-"));
        Game::from_rules(name, rules)
    }

    /// A catalog name if the text is one, an OTN rules string otherwise. A single word
    /// that is neither is reported as an unknown variant, not as a broken rules string.
    pub fn resolve(text: &str) -> Result<Game, GameError> {
        let text = text.trim();
        if catalog::find(text).is_some() {
            return Game::named(text);
        }
        match Game::from_otn(text) {
            Err(GameError::Rules(_))
                if !text.contains(char::is_whitespace) && !text.contains(':') =>
            {
                Err(GameError::UnknownVariant(text.into()))
            }
            other => other,
        }
    }

    /// Compiles rules already parsed.
    pub fn from_rules(name: Option<String>, rules: Rules) -> Result<Game, GameError> {
        let tables = Tables::new(&rules).map_err(GameError::Unsupported)?;
        Ok(Game {
            name,
            rules,
            tables,
        })
    }

    /// The start position, the rules' first side to move.
    pub fn start(&self) -> Position {
        Position::start(&self.tables)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_rules_strings_resolve_alike() {
        let named = Game::resolve("Brandub").unwrap();
        let text = catalog::find("brandub").unwrap().rules;
        let parsed = Game::resolve(text).unwrap();
        assert_eq!(named.rules, parsed.rules);
        assert_eq!(named.name.as_deref(), Some("brandub"));
    }

    #[test]
    fn errors_say_which_kind_of_text_was_meant() {
        let unknown = Game::resolve("brandubx").err().unwrap().to_string();
        assert!(unknown.contains("unknown variant `brandubx`"), "{unknown}");
        let broken = Game::resolve("dim:7 ks:q start:/7/7/7/3K3/7/7/7/")
            .err()
            .unwrap();
        assert!(broken.to_string().contains("`ks`"), "{broken}");
    }
}
