//! taflbench as text: the machine line, the figures table, the comparison table and the
//! Markdown report.

use crate::bench::{find_kernel, BenchDocument, Comparison, Figure, Machine, NOISY_SPREAD};
use crate::report::table::{new_table, TableStyle};
use std::fmt::Write;

/// A rate with an SI prefix and four significant digits: "341.5 M".
pub fn rate(value: f64) -> String {
    let (scaled, prefix) = match value.abs() {
        v if v >= 1e9 => (value / 1e9, " G"),
        v if v >= 1e6 => (value / 1e6, " M"),
        v if v >= 1e3 => (value / 1e3, " k"),
        _ => (value, ""),
    };
    let decimals = match scaled.abs() {
        v if v >= 100.0 => 1,
        v if v >= 10.0 => 2,
        _ => 3,
    };
    format!("{scaled:.decimals$}{prefix}")
}

/// "commit d7bc90c1a2b3, rustc 1.95.0 (...), AMD EPYC ... (2 CPUs), 1 perft thread, 2026-11-21".
pub fn machine_line(m: &Machine) -> String {
    let threads = if m.threads == 1 {
        "1 perft thread".to_string()
    } else {
        format!("{} perft threads", m.threads)
    };
    let load = m
        .load_average
        .map_or(String::new(), |l| format!(", load {l:.2}"));
    format!(
        "commit {}, {}, {} ({} CPUs{load}), {threads}, {}",
        m.commit, m.rustc, m.cpu, m.cpus, m.date
    )
}

/// A warning when the machine was busy as the run began, or None.
pub fn load_warning(m: &Machine) -> Option<String> {
    m.was_busy().then(|| format!("the load average was {:.2} on {} CPUs when the run began: other programs were competing, so every figure is lower than on an idle machine", m.load_average.unwrap_or_default(), m.cpus))
}

fn title(figure: &Figure) -> &str {
    find_kernel(&figure.kernel).map_or(&figure.kernel, |k| k.title)
}

/// The figures: one row per variant and kernel.
pub fn figures_table(doc: &BenchDocument, style: TableStyle) -> String {
    let mut table = new_table(
        style,
        &["variant", "kernel", "median", "unit", "spread", "work"],
        &[2, 4],
    );
    for f in &doc.figures {
        let (median, spread) = match f.rate() {
            Some((median, spread)) => {
                let spread = format!(
                    "±{:.1} %{}",
                    100.0 * spread / median,
                    if f.noisy { " noisy" } else { "" }
                );
                (rate(median), spread)
            }
            None => (
                format!(
                    "n/a ({})",
                    f.unavailable.as_deref().unwrap_or("not measured")
                ),
                String::new(),
            ),
        };
        table.add_row(vec![
            f.variant.clone(),
            title(f).to_string(),
            median,
            f.unit.clone(),
            spread,
            f.work.clone().unwrap_or_default(),
        ]);
    }
    table.to_string()
}

/// The comparison: baseline, current, ratio and verdict per figure.
pub fn comparison_table(comparison: &Comparison, style: TableStyle) -> String {
    let mut table = new_table(
        style,
        &[
            "variant", "kernel", "baseline", "current", "ratio", "verdict",
        ],
        &[2, 3, 4],
    );
    let or_dash = |v: Option<f64>, f: &dyn Fn(f64) -> String| v.map_or("-".to_string(), f);
    for row in &comparison.rows {
        let kernel = find_kernel(&row.kernel).map_or(row.kernel.as_str(), |k| k.title);
        table.add_row(vec![
            row.variant.clone(),
            kernel.to_string(),
            or_dash(row.baseline, &rate),
            or_dash(row.current, &rate),
            or_dash(row.ratio, &|r| format!("{r:.3}")),
            row.verdict.text(),
        ]);
    }
    table.to_string()
}

/// How many figures are noisy, as a warning line, or None.
pub fn noise_warning(doc: &BenchDocument) -> Option<String> {
    let noisy: Vec<String> = doc
        .figures
        .iter()
        .filter(|f| f.noisy)
        .map(|f| format!("{} {}", f.variant, f.kernel))
        .collect();
    (!noisy.is_empty()).then(|| format!("{} figure(s) with a spread above {:.0} % of the median, the machine was probably busy: {}", noisy.len(), 100.0 * NOISY_SPREAD, noisy.join(", ")))
}

/// reports/bench.md: where, when, how to regenerate, and the figures.
pub fn markdown_report(doc: &BenchDocument, command: &str) -> String {
    let m = &doc.machine;
    let mut out = String::new();
    writeln!(out, "# taflbench: states per second on this machine\n").unwrap();
    writeln!(
        out,
        "Regenerate with `{command}` (about a minute per variant).\n"
    )
    .unwrap();
    writeln!(out, "| | |\n|---|---|").unwrap();
    for (key, value) in [
        ("date", m.date.clone()),
        ("commit", m.commit.clone()),
        ("CPU", format!("{} ({} logical CPUs)", m.cpu, m.cpus)),
        ("rustc", m.rustc.clone()),
        ("perft threads", m.threads.to_string()),
        (
            "load average at start",
            m.load_average
                .map_or("unknown".into(), |l| format!("{l:.2}")),
        ),
        (
            "mode",
            if doc.quick {
                "--quick".into()
            } else {
                "full".into()
            },
        ),
    ] {
        writeln!(out, "| {key} | {value} |").unwrap();
    }
    writeln!(out, "\nEach figure is the median rate of several timed runs after a warm-up run; the spread is the").unwrap();
    writeln!(out, "median absolute deviation of the runs, as a percentage of the median (\"noisy\" above {:.0} %).", 100.0 * NOISY_SPREAD).unwrap();
    writeln!(
        out,
        "Kernels and their work are described in the README's `## taflbench` section.\n"
    )
    .unwrap();
    out.push_str(&figures_table(doc, TableStyle::Markdown));
    out.push('\n');
    for warning in load_warning(m).into_iter().chain(noise_warning(doc)) {
        writeln!(out, "\nNote: {warning}.").unwrap();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_with_prefixes() {
        assert_eq!(rate(341_526_670.9), "341.5 M");
        assert_eq!(rate(1_340_512_702.0), "1.341 G");
        assert_eq!(rate(12_345.0), "12.35 k");
        assert_eq!(rate(57.25), "57.25");
    }
}
