//! The header every tool's JSON document starts with: which layout it is, which program
//! wrote it and, for a program with several kinds of run, which kind. Each document
//! embeds it with `#[serde(flatten)]`, so the keys stay at the top level, first, and a
//! reader can tell one document from another before it reads the rest. `Timing` is the
//! wall time and threads of a run, the one object a document keeps them in, apart from
//! its results so that documents compare without them; `NodeTiming` the time and
//! rate of a search or a count.

use serde::{Deserialize, Serialize};

/// `schema_version`, `tool` and (where a program has several kinds of run) `mode`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// The layout version of the document; a tool bumps it when a field changes meaning
    /// or disappears.
    pub schema_version: u32,
    /// The program that wrote the document: `taflperft`, `taflcount`, ...
    pub tool: String,
    /// The kind of run (`estimate`, `match`, ...), absent where a program has one kind
    /// or names it otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
}

impl Header {
    /// The header of a document of `tool` at `schema_version`, without a mode.
    pub fn new(schema_version: u32, tool: &str) -> Header {
        Header {
            schema_version,
            tool: tool.to_owned(),
            mode: None,
        }
    }

    /// The header of a document of `tool` at `schema_version` for the run `mode`.
    pub fn with_mode(schema_version: u32, tool: &str, mode: &str) -> Header {
        Header {
            mode: Some(mode.to_owned()),
            ..Header::new(schema_version, tool)
        }
    }
}

/// How long a run took and on how many threads: apart from the results, so that
/// snapshots and comparisons leave it out. Read with unknown fields refused, as the
/// unit result files that carry it require.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Timing {
    /// Wall-clock seconds of the run's work.
    pub seconds: f64,
    /// The threads it ran on (games played at once in a match).
    pub threads: usize,
}

/// How long a search or a count took and the nodes it visited per second: a taflregress
/// run's timing, and each depth's of a perft run (beside the depth).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct NodeTiming {
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Nodes (positions searched or counted) per second.
    pub nodes_per_second: f64,
}

impl NodeTiming {
    /// The timing of `nodes` visited in `seconds`.
    pub fn new(nodes: u64, seconds: f64) -> NodeTiming {
        NodeTiming {
            seconds,
            nodes_per_second: nodes as f64 / seconds.max(1e-9),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_timing_writes_seconds_then_threads_and_refuses_other_keys() {
        let timing = Timing {
            seconds: 1.5,
            threads: 2,
        };
        let text = serde_json::to_string(&timing).unwrap();
        assert_eq!(text, r#"{"seconds":1.5,"threads":2}"#);
        assert_eq!(serde_json::from_str::<Timing>(&text).unwrap(), timing);
        assert!(serde_json::from_str::<Timing>(r#"{"seconds":1.5,"threads":2,"x":0}"#).is_err());
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Doc {
        #[serde(flatten)]
        header: Header,
        count: u64,
    }

    #[test]
    fn a_flattened_header_keeps_its_keys_first_and_reads_back() {
        let doc = Doc {
            header: Header::with_mode(3, "taflperft", "estimate"),
            count: u64::MAX,
        };
        let text = serde_json::to_string(&doc).unwrap();
        assert_eq!(
            text,
            r#"{"schema_version":3,"tool":"taflperft","mode":"estimate","count":18446744073709551615}"#
        );
        assert_eq!(serde_json::from_str::<Doc>(&text).unwrap(), doc);
        let plain = Doc {
            header: Header::new(1, "taflcount"),
            count: 7,
        };
        let text = serde_json::to_string(&plain).unwrap();
        assert_eq!(text, r#"{"schema_version":1,"tool":"taflcount","count":7}"#);
        assert_eq!(serde_json::from_str::<Doc>(&text).unwrap(), plain);
    }

    #[test]
    fn a_u128_past_u64_survives_a_flattened_struct() {
        // Flatten buffers the document before it reads the fields; perft's merge report
        // (counts in u128) relies on the buffer keeping a number past u64 exact.
        #[derive(Debug, PartialEq, Serialize, Deserialize)]
        struct Flat {
            #[serde(flatten)]
            header: Header,
            nodes: u128,
        }
        for nodes in [u128::from(u64::MAX) * 10 + 7, u128::MAX] {
            let flat = Flat {
                header: Header::with_mode(2, "taflperft", "merge"),
                nodes,
            };
            let text = serde_json::to_string(&flat).unwrap();
            assert!(text.contains(&nodes.to_string()), "{text}");
            assert_eq!(serde_json::from_str::<Flat>(&text).unwrap(), flat);
        }
    }
}
