//! A benchmark run as data: the one struct that `--json`, `--save`, the table, the
//! report and `--baseline` all use.

use super::machine::Machine;
use super::measure::Measurement;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Bumped when a saved file's meaning changes; `--baseline` refuses other versions.
pub const SCHEMA_VERSION: u32 = 1;

/// One run of taflbench.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchDocument {
    /// The [`SCHEMA_VERSION`] the file was written with, and "taflbench" as the tool.
    #[serde(flatten)]
    pub header: crate::document::Header,
    /// True for a `--quick` run (fewer, shorter runs of the same work).
    pub quick: bool,
    /// The machine and build the figures were measured on.
    pub machine: Machine,
    /// One figure per variant and kernel, in the order measured.
    pub figures: Vec<Figure>,
}

/// One kernel on one variant.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Figure {
    /// The variant's catalog name.
    pub variant: String,
    /// The kernel's id ("perft-bulk").
    pub kernel: String,
    /// The rate's unit ("leaves/s").
    pub unit: String,
    /// The unit of work; figures are comparable only when this is equal.
    pub work: Option<String>,
    /// Median rate in `unit`, absent when the kernel is not available.
    pub median: Option<f64>,
    /// Median absolute deviation of the runs' rates.
    pub spread: Option<f64>,
    /// Every timed run's rate.
    #[serde(default)]
    pub rates: Vec<f64>,
    /// Spread above 5 % of the median.
    #[serde(default)]
    pub noisy: bool,
    /// Why there is no figure ("AI not built yet").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unavailable: Option<String>,
}

impl Figure {
    /// The figure of a kernel that ran; `work` is its job's description of one unit of work.
    pub fn measured(
        variant: &str,
        kernel: &str,
        unit: &str,
        work: String,
        m: Measurement,
    ) -> Figure {
        Figure {
            variant: variant.into(),
            kernel: kernel.into(),
            unit: unit.into(),
            work: Some(work),
            noisy: m.is_noisy(),
            median: Some(m.median),
            spread: Some(m.spread),
            rates: m.rates,
            unavailable: None,
        }
    }

    /// The figure of a kernel that cannot run yet: no rate, `why` shown instead.
    pub fn unavailable(variant: &str, kernel: &str, unit: &str, why: &str) -> Figure {
        Figure {
            variant: variant.into(),
            kernel: kernel.into(),
            unit: unit.into(),
            work: None,
            median: None,
            spread: None,
            rates: Vec::new(),
            noisy: false,
            unavailable: Some(why.into()),
        }
    }

    /// Median and spread, if measured.
    pub fn rate(&self) -> Option<(f64, f64)> {
        Some((self.median?, self.spread.unwrap_or(0.0)))
    }
}

/// Why a saved file cannot be used.
#[derive(Debug)]
pub enum LoadError {
    /// The file could not be read (missing, a directory, not text).
    Read(crate::text::TextFileError),
    /// The file is not a taflbench document: its path and the JSON error.
    Json(String, String),
    /// The file was written with another schema version: its path and that version.
    Schema(String, u32),
    /// The file reads, but a value in it cannot be right: its path and what.
    Invalid(String, String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Read(e) => e.fmt(f),
            LoadError::Json(path, e) => write!(f, "{path} is not a taflbench file: {e}"),
            LoadError::Schema(path, v) => write!(
                f,
                "{path} has schema_version {v}; this taflbench reads {SCHEMA_VERSION}"
            ),
            LoadError::Invalid(path, what) => {
                write!(f, "{path} is not a valid taflbench run: {what}")
            }
        }
    }
}

impl std::error::Error for LoadError {}

impl crate::error::Kind for LoadError {}

impl BenchDocument {
    /// A run of this taflbench: the figures measured on `machine`.
    pub fn new(quick: bool, machine: Machine, figures: Vec<Figure>) -> BenchDocument {
        BenchDocument {
            header: crate::document::Header::new(SCHEMA_VERSION, "taflbench"),
            quick,
            machine,
            figures,
        }
    }

    /// Reads a file saved by `--save` (for `--baseline` and `--from`).
    pub fn load(path: &str) -> Result<BenchDocument, LoadError> {
        let text =
            crate::text::read_text_file(std::path::Path::new(path)).map_err(LoadError::Read)?;
        Self::parse(path, &text)
    }

    /// Parses a saved file; `path` only names it in errors. The schema version is checked
    /// before the rest so a newer file gets a message about versions, not about fields.
    pub fn parse(path: &str, text: &str) -> Result<BenchDocument, LoadError> {
        #[derive(Deserialize)]
        struct Version {
            schema_version: u32,
        }
        let text = crate::text::strip_bom(text);
        let json =
            |e: serde_json::Error| LoadError::Json(path.into(), crate::text::json_error(text, &e));
        let version: Version = serde_json::from_str(text).map_err(json)?;
        if version.schema_version != SCHEMA_VERSION {
            return Err(LoadError::Schema(path.into(), version.schema_version));
        }
        let doc: BenchDocument = serde_json::from_str(text).map_err(json)?;
        doc.validate()
            .map_err(|what| LoadError::Invalid(path.into(), what))?;
        Ok(doc)
    }

    /// A saved file is input like any other: a rate must be a positive number, a spread
    /// zero or more. A zero or negative median made every comparison "faster" or
    /// "within noise".
    fn validate(&self) -> Result<(), String> {
        if self.header.tool != "taflbench" {
            return Err(format!("`tool` is `{}`, not `taflbench`", self.header.tool));
        }
        if self.machine.threads == 0 || self.machine.cpus == 0 {
            return Err("`machine.threads` and `machine.cpus` must be at least 1".into());
        }
        for (i, f) in self.figures.iter().enumerate() {
            let at = format!("figure {} ({} {})", i + 1, f.variant, f.kernel);
            let positive = |x: f64| x.is_finite() && x > 0.0;
            if let Some(m) = f.median {
                if !positive(m) {
                    return Err(format!(
                        "{at}: the median rate {m} is not a positive number"
                    ));
                }
                if f.work.is_none() {
                    return Err(format!("{at}: a measured figure needs its `work`"));
                }
            }
            if let Some(s) = f.spread {
                if !(s.is_finite() && s >= 0.0) {
                    return Err(format!("{at}: the spread {s} is negative"));
                }
            }
            if let Some(r) = f.rates.iter().find(|&&r| !positive(r)) {
                return Err(format!("{at}: the rate {r} is not a positive number"));
            }
        }
        Ok(())
    }

    /// The document as the JSON that `--json` prints and `--save` writes.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("documents always serialise")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(median: &str, spread: &str, rates: &str) -> String {
        format!(
            r#"{{"schema_version": 1, "tool": "taflbench", "quick": true,
               "machine": {{"commit": "c", "rustc": "r", "cpu": "x", "cpus": 2, "threads": 1,
                           "date": "2026-11-23"}},
               "figures": [{{"variant": "brandub", "kernel": "movegen", "unit": "moves/s",
                            "work": "w", "median": {median}, "spread": {spread},
                            "rates": {rates}}}]}}"#
        )
    }

    #[test]
    fn saved_rates_load_back_to_the_bit() {
        // serde_json's default float parser read this shortest form an ulp off
        // (111897475252.57117); with float_roundtrip it is exact (tests/properties.rs).
        let x = 111_897_475_252.571_15_f64;
        let doc = BenchDocument::parse("x.json", &file(&format!("{x:?}"), "0.0", "[]")).unwrap();
        assert_eq!(doc.figures[0].median, Some(x));
        let printed = serde_json::to_string(&doc.to_json()).unwrap();
        assert_eq!(BenchDocument::parse("x.json", &printed).unwrap(), doc);
    }

    #[test]
    fn a_saved_file_with_impossible_rates_is_refused() {
        assert!(BenchDocument::parse("ok.json", &file("100.0", "2.0", "[100.0]")).is_ok());
        for (median, spread, rates, says) in [
            ("0.0", "0.0", "[]", "median rate 0"),
            ("-5.0", "1.0", "[]", "median rate -5"),
            ("100.0", "-1.0", "[]", "spread -1"),
            ("100.0", "1.0", "[0.0]", "rate 0"),
            ("1e999", "1.0", "[]", "not a taflbench file"),
        ] {
            let e = BenchDocument::parse("x.json", &file(median, spread, rates)).unwrap_err();
            assert!(e.to_string().contains(says), "{median}: {e}");
        }
        let e = BenchDocument::parse(
            "x.json",
            &file("1", "0", "[]").replace("\"tool\": \"taflbench\"", "\"tool\": \"taflperft\""),
        )
        .unwrap_err();
        assert!(e.to_string().contains("not `taflbench`"), "{e}");
    }
}
