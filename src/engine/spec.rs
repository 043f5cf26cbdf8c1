//! Engines named on the command line, one grammar for every tool: `random`, `greedy`,
//! `first`, `search:depth=4`, `search:nodes=20000`, `search:movetime=100ms`,
//! `search:depth=4,eval=FILE`, `mcts:playouts=1000`, `mcts:playouts=1000,cutoff=20`,
//! `otep:"CMD ARGS"`, ... The options of one engine are `key=value` pairs after a colon,
//! separated by commas. `eval=FILE` names evaluation weights in a JSON file (see
//! `search::Weights`), so two evaluations can meet in one build; parsing only names the
//! file, [`EngineSpec::load`] (or [`EngineSpec::read_files`]) reads it.

use super::builtin::{FirstEngine, GreedyEngine, MctsEngine, RandomEngine, SearchEngine};
use super::interface::{Engine, EngineError, EngineFactory};
use super::otep::{OtepEngine, OtepLimits};
use crate::mcts::{MctsConfig, MctsLimits};
use crate::moves::Tables;
use crate::search::{Limits, Weights};
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

/// A parsed engine description. Its `text` is the name results are shown under.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    /// The description as written (trimmed), e.g. `search:depth=4`.
    pub text: String,
    /// The engine it describes, its options checked.
    pub kind: EngineKind,
}

/// The built-in engines and their settings.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineKind {
    /// Uniformly random legal moves (`RandomEngine`).
    Random,
    /// The one-ply greedy player (`GreedyEngine`).
    Greedy,
    /// Always the first legal move (`FirstEngine`): a floor, the same on every run.
    First,
    /// The alpha-beta search (`SearchEngine`).
    Search {
        /// Depth and node limits (`depth=N`, `nodes=N`; `search:N` is the depth).
        limits: Limits,
        /// `movetime=`: wall time per move, which makes the moves depend on the machine.
        movetime: Option<Duration>,
        /// The evaluation weights [`EngineSpec::read_files`] read from `eval=FILE`
        /// (fields left out take `Weights::default()`); `None`: the variant's own
        /// ([`Weights::for_rules`]), chosen when the engine is made for the variant.
        weights: Option<Weights>,
        /// The file the weights came from, if any.
        eval: Option<PathBuf>,
    },
    /// The Monte Carlo tree search (`MctsEngine`).
    Mcts {
        /// Its settings: limits, `c`, `cutoff`, `seed` and the evaluation weights.
        config: MctsConfig,
        /// The file the weights came from, if any.
        eval: Option<PathBuf>,
    },
    /// `otep:CMD ARGS` (or `otep:"CMD ARGS"`): a program speaking the OpenTafl engine
    /// protocol, run as `CMD ARGS` (split on spaces, no shell); its limits are set by the
    /// tool that hosts it.
    Otep {
        /// The program and its arguments.
        command: Vec<String>,
        /// The clock and the waits for its answers.
        limits: OtepLimits,
    },
}

/// An engine description that names no engine we can build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// The name before the colon is not `random`, `greedy`, `first`, `search`, `mcts` or
    /// `otep`.
    UnknownEngine(String),
    /// An option the engine does not take.
    UnknownOption {
        /// The whole description.
        engine: String,
        /// The option given.
        option: String,
        /// The options this engine takes, comma separated (`none` for random and greedy).
        known: &'static str,
    },
    /// An option's value that cannot be read or is out of range (`depth=0`, `movetime=soon`).
    BadValue {
        /// The whole description.
        engine: String,
        /// The option given.
        option: String,
        /// Its value as written.
        value: String,
        /// What the option takes, in words (`a depth from 1 to 60`).
        expected: &'static str,
    },
    /// An option without `=value`.
    Syntax {
        /// The whole description.
        engine: String,
        /// The part without `=`.
        part: String,
    },
    /// The same option twice.
    Repeated {
        /// The whole description.
        engine: String,
        /// The option given twice.
        option: String,
    },
    /// A search without depth, nodes or movetime.
    MissingLimit(String),
    /// The weights file cannot be read or is not a weights object.
    EvalFile {
        /// The `eval=` file.
        path: PathBuf,
        /// The I/O or JSON error.
        reason: String,
    },
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::UnknownEngine(name) => write!(
                f,
                "unknown engine `{name}`; known engines: random, greedy, first, search:depth=N \
                 (or nodes=N, movetime=100ms), mcts:playouts=N (or nodes=N, movetime=100ms), \
                 otep:\"COMMAND ARGS\""
            ),
            SpecError::UnknownOption {
                engine,
                option,
                known,
            } => write!(
                f,
                "engine `{engine}`: unknown option `{option}`; known options: {known}"
            ),
            SpecError::BadValue {
                engine,
                option,
                value,
                expected,
            } => write!(
                f,
                "engine `{engine}`: {option}=`{value}` is not valid; expected {expected}"
            ),
            SpecError::Syntax { engine, part } => write!(
                f,
                "engine `{engine}`: `{part}` is not key=value (write e.g. search:depth=4,eval=new.json)"
            ),
            SpecError::Repeated { engine, option } => {
                write!(f, "engine `{engine}`: option `{option}` given twice")
            }
            SpecError::MissingLimit(engine) => write!(
                f,
                "engine `{engine}`: a search needs a limit: depth=N, nodes=N or movetime=DURATION"
            ),
            SpecError::EvalFile { path, reason } => {
                write!(f, "evaluation weights {}: {reason}", path.display())
            }
        }
    }
}

impl std::error::Error for SpecError {}

impl crate::error::Kind for SpecError {}

const SEARCH_OPTIONS: &str = "depth, nodes, movetime, eval";
const MCTS_OPTIONS: &str = "playouts, nodes, movetime, c, cutoff, seed, eval";

/// A duration written `100ms`, `2s`, `1.5s` or a bare number of milliseconds.
pub fn parse_duration(text: &str) -> Option<Duration> {
    let (number, scale) = if let Some(n) = text.strip_suffix("ms") {
        (n, 1e-3)
    } else if let Some(n) = text.strip_suffix('s') {
        (n, 1.0)
    } else {
        (text, 1e-3)
    };
    let value: f64 = number.trim().parse().ok()?;
    (value.is_finite() && value > 0.0 && value * scale < 1e6)
        .then(|| Duration::from_secs_f64(value * scale))
}

/// Reads evaluation weights from a JSON object; fields left out keep their defaults.
pub fn read_weights(path: &Path) -> Result<Weights, SpecError> {
    let fail = |reason: String| SpecError::EvalFile {
        path: path.to_path_buf(),
        reason,
    };
    // Read as every text file is (a missing file, a directory and a binary file named
    // as such, a byte-order mark dropped); the message already names the path.
    let text = crate::text::read_text_file(path).map_err(|e| {
        let message = e.to_string();
        let prefix = format!("cannot read {}: ", path.display());
        fail(
            message
                .strip_prefix(&prefix)
                .unwrap_or(&message)
                .to_string(),
        )
    })?;
    // An object of named fields: serde would also take an array, read positionally,
    // where a field missing or out of order silently means another weight.
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| fail(crate::text::json_error(&text, &e)))?;
    if !value.is_object() {
        return Err(fail(
            "the weights are a JSON object of named fields, e.g. {\"defender\": 200}".into(),
        ));
    }
    let weights: Weights = serde_json::from_value(value).map_err(|e| fail(e.to_string()))?;
    weights.check().map_err(fail)?;
    Ok(weights)
}

impl FromStr for EngineSpec {
    type Err = SpecError;

    /// Parses and checks an engine description. Files are only named here: `eval=FILE`
    /// is read by [`EngineSpec::read_files`].
    fn from_str(text: &str) -> Result<EngineSpec, SpecError> {
        parse_spec(text, None)
    }
}

/// [`EngineSpec::from_str`], with `clock` the movetime of a `search` that names no limit
/// of its own (`None`: such a search is refused).
fn parse_spec(text: &str, clock: Option<Duration>) -> Result<EngineSpec, SpecError> {
    let text = text.trim();
    if let Some(command) = text.strip_prefix("otep:") {
        return parse_otep(text, command);
    }
    let (name, options) = text.split_once(':').unwrap_or((text, ""));
    let options = Options::split(text, name, options)?;
    let kind = match name {
        "random" | "greedy" | "first" => {
            if let Some((k, _)) = options.pairs.first() {
                return Err(options.unknown(k, "none"));
            }
            match name {
                "random" => EngineKind::Random,
                "greedy" => EngineKind::Greedy,
                _ => EngineKind::First,
            }
        }
        "search" => parse_search(&options, clock)?,
        "mcts" => parse_mcts(&options)?,
        _ => return Err(SpecError::UnknownEngine(name.to_string())),
    };
    Ok(EngineSpec {
        text: text.to_string(),
        kind,
    })
}

/// `otep:CMD ARGS`: the command keeps its commas and colons (`--engine
/// search:nodes=1,eval=x`), so it is split on spaces only.
fn parse_otep(text: &str, command: &str) -> Result<EngineSpec, SpecError> {
    let command: Vec<String> = command
        .trim()
        .trim_matches('"')
        .split_whitespace()
        .map(str::to_string)
        .collect();
    if command.is_empty() {
        return Err(SpecError::Syntax {
            engine: text.to_string(),
            part: "otep:".into(),
        });
    }
    Ok(EngineSpec {
        text: text.to_string(),
        kind: EngineKind::Otep {
            command,
            limits: OtepLimits::default(),
        },
    })
}

/// An engine's `key=value` options, each named once, and the description they came
/// from, which every error about them quotes.
struct Options<'a> {
    engine: &'a str,
    pairs: Vec<(&'a str, &'a str)>,
}

impl<'a> Options<'a> {
    /// Splits `options` (after the colon of `engine`) on commas into pairs.
    fn split(engine: &'a str, name: &str, options: &'a str) -> Result<Options<'a>, SpecError> {
        let mut pairs: Vec<(&str, &str)> = Vec::new();
        for part in options.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let pair = match part.split_once('=') {
                Some((k, v)) => (k.trim(), v.trim()),
                // `search:4` is the depth, as `taflcount branching --player search:4`.
                None if name == "search" && part.parse::<u32>().is_ok() => ("depth", part),
                None => {
                    return Err(SpecError::Syntax {
                        engine: engine.to_string(),
                        part: part.to_string(),
                    })
                }
            };
            if pairs.iter().any(|(k, _)| *k == pair.0) {
                return Err(SpecError::Repeated {
                    engine: engine.to_string(),
                    option: pair.0.to_string(),
                });
            }
            pairs.push(pair);
        }
        Ok(Options { engine, pairs })
    }

    fn bad(&self, option: &str, value: &str, expected: &'static str) -> SpecError {
        SpecError::BadValue {
            engine: self.engine.to_string(),
            option: option.to_string(),
            value: value.to_string(),
            expected,
        }
    }

    fn unknown(&self, option: &str, known: &'static str) -> SpecError {
        SpecError::UnknownOption {
            engine: self.engine.to_string(),
            option: option.to_string(),
            known,
        }
    }

    fn positive(&self, option: &str, value: &str) -> Result<u64, SpecError> {
        value
            .parse::<u64>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| self.bad(option, value, "a positive whole number"))
    }

    fn duration(&self, option: &str, value: &str) -> Result<Duration, SpecError> {
        parse_duration(value).ok_or_else(|| self.bad(option, value, "a duration like 100ms or 2s"))
    }
}

/// `search:...`: depth, nodes, movetime and eval; without a limit, `clock` or an error.
fn parse_search(options: &Options, clock: Option<Duration>) -> Result<EngineKind, SpecError> {
    let mut limits = Limits::default();
    let mut movetime = None;
    let mut eval = None;
    for &(k, v) in &options.pairs {
        match k {
            "depth" => {
                limits.depth = Some(
                    v.parse::<u32>()
                        .ok()
                        .filter(|d| (1..=60).contains(d))
                        .ok_or_else(|| options.bad(k, v, "a depth from 1 to 60"))?,
                )
            }
            "nodes" => limits.nodes = Some(options.positive(k, v)?),
            "movetime" => movetime = Some(options.duration(k, v)?),
            "eval" => eval = Some(PathBuf::from(v)),
            _ => return Err(options.unknown(k, SEARCH_OPTIONS)),
        }
    }
    if limits.depth.is_none() && limits.nodes.is_none() && movetime.is_none() {
        movetime = Some(clock.ok_or_else(|| SpecError::MissingLimit(options.engine.to_string()))?);
    }
    Ok(EngineKind::Search {
        limits,
        movetime,
        weights: None,
        eval,
    })
}

/// `mcts:...`: playouts, nodes, movetime, c, cutoff, seed and eval.
fn parse_mcts(options: &Options) -> Result<EngineKind, SpecError> {
    let mut config = MctsConfig::default();
    let mut limits = MctsLimits::default();
    let mut eval = None;
    for &(k, v) in &options.pairs {
        match k {
            "playouts" => limits.playouts = Some(options.positive(k, v)?),
            "nodes" => limits.nodes = Some(options.positive(k, v)?),
            "movetime" => limits.movetime = Some(options.duration(k, v)?),
            "c" => {
                config.exploration = v
                    .parse::<f64>()
                    .ok()
                    .filter(|c| c.is_finite() && *c >= 0.0)
                    .ok_or_else(|| options.bad(k, v, "a number at least 0"))?
            }
            "cutoff" => config.cutoff = Some(options.positive(k, v)? as u32),
            "seed" => {
                config.seed = v
                    .parse::<u64>()
                    .map_err(|_| options.bad(k, v, "a whole number"))?
            }
            "eval" => eval = Some(PathBuf::from(v)),
            _ => return Err(options.unknown(k, MCTS_OPTIONS)),
        }
    }
    config.limits = limits;
    Ok(EngineKind::Mcts { config, eval })
}

impl EngineSpec {
    /// Parses a description and reads the files it names: what a program does with an
    /// `--engine` argument, so a missing or broken file is reported before any game.
    pub fn load(text: &str) -> Result<EngineSpec, SpecError> {
        let mut spec: EngineSpec = text.parse()?;
        spec.read_files()?;
        Ok(spec)
    }

    /// [`EngineSpec::load`] for an engine that plays on a host's clock (`taflengine`):
    /// a `search` that names no limit thinks for `clock` a move (the host's clock, when
    /// it sends one, takes over). Also says whether the description fixes a limit of its
    /// own (false for such a search and for an `mcts` without limits), which the clock
    /// then must not override.
    pub fn load_on_clock(text: &str, clock: Duration) -> Result<(EngineSpec, bool), SpecError> {
        let own_limit = match parse_spec(text, None) {
            Ok(spec) => match &spec.kind {
                EngineKind::Mcts { config, .. } => config.limits != MctsLimits::default(),
                _ => true,
            },
            Err(SpecError::MissingLimit(_)) => false,
            Err(e) => return Err(e),
        };
        let mut spec = parse_spec(text, Some(clock))?;
        spec.read_files()?;
        Ok((spec, own_limit))
    }

    /// Reads the files the description names (`eval=FILE`) into it.
    pub fn read_files(&mut self) -> Result<(), SpecError> {
        match &mut self.kind {
            EngineKind::Search {
                weights,
                eval: Some(path),
                ..
            } => *weights = Some(read_weights(path)?),
            EngineKind::Mcts {
                config,
                eval: Some(path),
            } => config.weights = read_weights(path)?,
            _ => {}
        }
        Ok(())
    }

    /// Sets the clock of an external engine (`--tc`); in-process engines keep their
    /// own limits.
    pub fn with_time_control(
        mut self,
        time_control: Option<super::otep::TimeControl>,
    ) -> EngineSpec {
        if let EngineKind::Otep { limits, .. } = &mut self.kind {
            limits.time_control = time_control;
        }
        self
    }
}

impl EngineSpec {
    /// True for an engine in another process (`otep:`), the only kind with a match clock.
    pub fn is_external(&self) -> bool {
        matches!(self.kind, EngineKind::Otep { .. })
    }

    /// The engine in another process (`otep:`), which serves games of any rules, so a
    /// host can keep it from game to game; `None` for taflcount's own engines.
    pub fn external_engine(&self) -> Option<OtepEngine> {
        match &self.kind {
            EngineKind::Otep { command, limits } => Some(OtepEngine::new(command.clone(), *limits)),
            _ => None,
        }
    }

    /// Checks that the engine can play before any game: an external engine must start
    /// and say `hello` (within its start-up time); an in-process engine always can.
    pub fn check_starts(&self, _tables: &Tables) -> Result<(), EngineError> {
        match &self.kind {
            EngineKind::Otep { command, limits } => {
                OtepEngine::new(command.clone(), *limits).check_starts()
            }
            _ => Ok(()),
        }
    }
}

impl EngineFactory for EngineSpec {
    fn name(&self) -> &str {
        &self.text
    }

    fn deterministic(&self) -> bool {
        match &self.kind {
            EngineKind::Random | EngineKind::Greedy | EngineKind::First => true,
            EngineKind::Search { movetime, .. } => movetime.is_none(),
            EngineKind::Mcts { config, .. } => config.limits.movetime.is_none(),
            // Another program: nothing is known of it.
            EngineKind::Otep { .. } => false,
        }
    }

    fn create<'t>(&self, tables: &'t Tables) -> Result<Box<dyn Engine + 't>, EngineError> {
        Ok(match &self.kind {
            EngineKind::Random => Box::new(RandomEngine::new()),
            EngineKind::Greedy => Box::new(GreedyEngine::new()),
            EngineKind::First => Box::new(FirstEngine),
            EngineKind::Search {
                limits,
                movetime,
                weights,
                ..
            } => Box::new(SearchEngine::new(
                tables,
                *limits,
                *movetime,
                weights.unwrap_or_else(|| Weights::for_rules(tables.rules())),
            )),
            EngineKind::Mcts { config, .. } => Box::new(MctsEngine::new(tables, config.clone())),
            EngineKind::Otep { command, limits } => {
                Box::new(OtepEngine::new(command.clone(), *limits))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<EngineSpec, SpecError> {
        text.parse()
    }

    /// A `search` without a limit thinks for the clock's time, and says it has no limit
    /// of its own; one with a limit keeps it; the description's text stays as written.
    #[test]
    fn a_search_without_a_limit_plays_on_the_clock() {
        let clock = Duration::from_millis(750);
        let (spec, own) = EngineSpec::load_on_clock("search", clock).unwrap();
        assert!(!own);
        assert_eq!(spec.text, "search");
        assert!(matches!(spec.kind, EngineKind::Search { movetime: Some(t), .. } if t == clock));
        let (spec, own) = EngineSpec::load_on_clock("search:nodes=5", clock).unwrap();
        assert!(own);
        assert!(
            matches!(spec.kind, EngineKind::Search { movetime: None, limits, .. }
            if limits.nodes == Some(5))
        );
        let (_, own) = EngineSpec::load_on_clock("mcts", clock).unwrap();
        assert!(!own);
        let (_, own) = EngineSpec::load_on_clock("mcts:playouts=10", clock).unwrap();
        assert!(own);
        assert!(matches!(
            EngineSpec::load_on_clock("search:depht=3", clock),
            Err(SpecError::UnknownOption { .. })
        ));
        assert!(matches!(parse("search"), Err(SpecError::MissingLimit(_))));
    }

    #[test]
    fn engine_descriptions_parse() {
        assert_eq!(parse("random").unwrap().kind, EngineKind::Random);
        assert_eq!(parse("greedy").unwrap().kind, EngineKind::Greedy);
        assert_eq!(parse("first").unwrap().kind, EngineKind::First);
        let otep = parse("otep:\"engine --engine search:nodes=1,eval=x\"").unwrap();
        assert!(matches!(otep.kind, EngineKind::Otep { ref command, .. }
            if command == &["engine", "--engine", "search:nodes=1,eval=x"]));
        let search = |limits, movetime| EngineKind::Search {
            limits,
            movetime,
            weights: None,
            eval: None,
        };
        assert_eq!(
            parse("search:depth=4").unwrap().kind,
            search(Limits::depth(4), None)
        );
        assert_eq!(
            parse("search:4").unwrap().kind,
            search(Limits::depth(4), None)
        );
        assert_eq!(
            parse("search:nodes=20000").unwrap().kind,
            search(Limits::nodes(20000), None)
        );
        assert_eq!(
            parse("search:movetime=100ms").unwrap().kind,
            search(Limits::default(), Some(Duration::from_millis(100)))
        );
        let spec = parse("mcts:playouts=500,cutoff=20,c=1.2,seed=3").unwrap();
        let EngineKind::Mcts { config, eval } = spec.kind else {
            panic!()
        };
        assert_eq!(config.limits.playouts, Some(500));
        assert_eq!(
            (config.cutoff, config.exploration, config.seed),
            (Some(20), 1.2, 3)
        );
        assert_eq!(eval, None);
        assert_eq!(spec.text, "mcts:playouts=500,cutoff=20,c=1.2,seed=3");
        assert!(parse("search:depth=4").unwrap().deterministic());
        assert!(!parse("search:movetime=1s").unwrap().deterministic());
        assert!(!parse("mcts:movetime=1s").unwrap().deterministic());
        assert_eq!(parse_duration("1.5s"), Some(Duration::from_millis(1500)));
        assert_eq!(parse_duration("250"), Some(Duration::from_millis(250)));
        assert_eq!(parse_duration("0ms"), None);
    }

    #[test]
    fn bad_descriptions_name_what_is_wrong() {
        assert_eq!(
            parse("minimax"),
            Err(SpecError::UnknownEngine("minimax".into()))
        );
        assert!(matches!(
            parse("search:depth=4,width=3"),
            Err(SpecError::UnknownOption { option, .. }) if option == "width"
        ));
        assert!(matches!(
            parse("search:depth=x"),
            Err(SpecError::BadValue { option, .. }) if option == "depth"
        ));
        assert!(matches!(
            parse("search:depth=0"),
            Err(SpecError::BadValue { .. })
        ));
        assert!(matches!(
            parse("mcts:playouts=-5"),
            Err(SpecError::BadValue { .. })
        ));
        assert!(matches!(
            parse("mcts:movetime=soon"),
            Err(SpecError::BadValue { .. })
        ));
        assert!(matches!(
            parse("greedy:depth=2"),
            Err(SpecError::UnknownOption { .. })
        ));
        assert!(matches!(
            parse("search:eval=x.json"),
            Err(SpecError::MissingLimit(_))
        ));
        assert!(matches!(
            parse("search:depth"),
            Err(SpecError::Syntax { .. })
        ));
        assert!(matches!(
            parse("search:depth=2,depth=3"),
            Err(SpecError::Repeated { .. })
        ));
        // Parsing names the file; loading reads it.
        assert!(parse("search:depth=2,eval=/nonexistent/weights.json").is_ok());
        let missing =
            EngineSpec::load("search:depth=2,eval=/nonexistent/weights.json").unwrap_err();
        assert!(matches!(missing, SpecError::EvalFile { .. }));
        assert!(missing.to_string().contains("/nonexistent/weights.json"));
    }

    #[test]
    fn evaluation_weights_come_from_a_json_file() {
        let dir = std::env::temp_dir().join(format!("taflmatch-spec-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.json");
        std::fs::write(&good, r#"{"defender": 250, "king_mobility": 7}"#).unwrap();
        let spec = EngineSpec::load(&format!("search:depth=2,eval={}", good.display())).unwrap();
        let EngineKind::Search { weights, .. } = spec.kind else {
            panic!()
        };
        let expected = Weights {
            defender: 250,
            king_mobility: 7,
            ..Weights::default()
        };
        assert_eq!(weights, Some(expected));
        let typo = dir.join("typo.json");
        std::fs::write(&typo, r#"{"defenders": 250}"#).unwrap();
        let err = EngineSpec::load(&format!("search:depth=2,eval={}", typo.display())).unwrap_err();
        assert!(
            err.to_string().contains("unknown field `defenders`"),
            "{err}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Issue 24: an array was read positionally (`[1, 2, 3]` set the first three
    /// fields), and weights could push an evaluation past the game ends.
    #[test]
    fn weights_are_a_checked_object() {
        let dir = std::env::temp_dir().join(format!("taflmatch-weights-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let read = |name: &str, text: &str| {
            let path = dir.join(name);
            std::fs::write(&path, text).unwrap();
            read_weights(&path)
        };
        let array = read("array.json", "[1, 2, 3]").unwrap_err().to_string();
        assert!(array.contains("a JSON object of named fields"), "{array}");
        // At the edge, worked by hand: every other weight 0, `attacker` counted at most
        // on 361 squares; 361 x 2767 = 998,887 < 999,000 <= 361 x 2768 = 999,248.
        let zero = r#""defender": 0, "king_escape_distance": 0, "king_mobility": 0,
            "king_edge_reach": 0, "king_escape_route": 0, "attacker_next_to_king": 0,
            "attacker_guarding_escape": 0, "piece_in_danger": 0, "corner_barrier": 0"#;
        let edge = read("edge.json", &format!(r#"{{"attacker": -2767, {zero}}}"#)).unwrap();
        assert_eq!(edge.max_score(), 998_887);
        let past = read("past.json", &format!(r#"{{"attacker": 2768, {zero}}}"#))
            .unwrap_err()
            .to_string();
        assert!(past.contains("`attacker` = 2768 weighs most"), "{past}");
        // The defaults are far inside.
        assert!(Weights::default().check().is_ok());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
