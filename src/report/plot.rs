//! A small hand-written SVG line plot: a mean line with a shaded ±1 sd band per series,
//! axes with round ticks, a legend. No dependency, and the file diffs well in git.

use crate::sampling::BranchingReport;
use std::fmt::Write;

/// One series: points (x, mean, sd), drawn as a line with a band of ±sd.
pub struct Series {
    /// The series' name in the legend.
    pub label: String,
    /// The SVG colour of its line, band and legend entry ("#c0392b").
    pub color: &'static str,
    /// (x, mean, sd) per point, in the order the line joins them.
    pub points: Vec<(f64, f64, f64)>,
}

const WIDTH: f64 = 760.0;
const HEIGHT: f64 = 440.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 24.0;
const TOP: f64 = 64.0;
const BOTTOM: f64 = 56.0;

/// A round step giving about `count` ticks over `span`: 1, 2 or 5 times a power of ten.
fn tick_step(span: f64, count: f64) -> f64 {
    let raw = (span / count).max(f64::MIN_POSITIVE);
    let power = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|&s| s >= raw * (1.0 - 1e-12))
        .unwrap_or(10.0 * power)
}

/// A tick value with as many decimals as the step needs.
fn tick_label(value: f64, step: f64) -> String {
    let decimals = if step >= 1.0 {
        0
    } else {
        (-step.log10()).ceil() as usize
    };
    format!("{value:.decimals$}")
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The plot as an SVG document, its x axis from 0.
pub fn line_band_plot(
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[Series],
    note: &str,
) -> String {
    line_band_plot_from(0.0, title, x_label, y_label, series, note)
}

/// The plot as an SVG document, its x axis from `x_min` (rounded down to a tick), for
/// data far from 0 such as logarithms of budgets.
pub fn line_band_plot_from(
    x_min: f64,
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[Series],
    note: &str,
) -> String {
    let frame = Frame::fitting(x_min, series);
    let mut svg = String::new();
    open_svg(&mut svg, HEIGHT, title);
    frame.grid_and_ticks(&mut svg);
    frame.bands_and_lines(&mut svg, series);
    frame.axes(&mut svg, x_label, y_label);
    write_note(&mut svg, HEIGHT, note);
    legend(&mut svg, series);
    svg.push_str("</svg>\n");
    svg
}

/// The SVG header of a plot `height` high: the white page and the title.
fn open_svg(svg: &mut String, height: f64, title: &str) {
    writeln!(svg, r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">"#).unwrap();
    writeln!(
        svg,
        r#"<rect width="{WIDTH}" height="{height}" fill="white"/>"#
    )
    .unwrap();
    writeln!(
        svg,
        r#"<text x="{}" y="24" text-anchor="middle" font-size="15" font-weight="bold">{}</text>"#,
        WIDTH / 2.0,
        escape(title)
    )
    .unwrap();
}

/// The small grey note at the bottom right of a plot `height` high.
fn write_note(svg: &mut String, height: f64, note: &str) {
    writeln!(
        svg,
        r##"<text x="{:.1}" y="{:.1}" text-anchor="end" fill="#666" font-size="11">{}</text>"##,
        WIDTH - RIGHT,
        height - 6.0,
        escape(note)
    )
    .unwrap();
}

/// The legend, one row between the title and the plot, clear of the data.
fn legend(svg: &mut String, series: &[Series]) {
    for (i, s) in series.iter().enumerate() {
        let ly = 46.0;
        let lx = LEFT + 8.0 + 190.0 * i as f64;
        writeln!(
            svg,
            r#"<rect x="{lx:.1}" y="{:.1}" width="22" height="10" fill="{}" fill-opacity="0.18"/>"#,
            ly - 5.0,
            s.color
        )
        .unwrap();
        writeln!(svg, r#"<line x1="{lx:.1}" y1="{ly:.1}" x2="{:.1}" y2="{ly:.1}" stroke="{}" stroke-width="1.8"/>"#, lx + 22.0, s.color).unwrap();
        writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}">{}</text>"#,
            lx + 28.0,
            ly + 4.0,
            escape(&s.label)
        )
        .unwrap();
    }
}

/// The axes of a line plot: round ticks over the data, and the map from data to page.
struct Frame {
    x_step: f64,
    y_step: f64,
    x_start: f64,
    x_end: f64,
    y_end: f64,
    plot_w: f64,
    plot_h: f64,
}

impl Frame {
    /// The frame of `series` (each band included), its x axis from `x_min`.
    fn fitting(x_min: f64, series: &[Series]) -> Frame {
        let points = series.iter().flat_map(|s| s.points.iter());
        let x_max = points.clone().map(|p| p.0).fold(x_min + 1.0, f64::max);
        let y_top = points.map(|p| p.1 + p.2).fold(1.0, f64::max);
        let x_step = tick_step(x_max - x_min, 10.0);
        let y_step = tick_step(y_top, 8.0);
        Frame {
            x_step,
            y_step,
            x_start: (x_min / x_step).floor() * x_step,
            x_end: (x_max / x_step).ceil() * x_step,
            y_end: (y_top / y_step).ceil() * y_step,
            plot_w: WIDTH - LEFT - RIGHT,
            plot_h: HEIGHT - TOP - BOTTOM,
        }
    }

    fn x(&self, v: f64) -> f64 {
        LEFT + (v - self.x_start) / (self.x_end - self.x_start) * self.plot_w
    }

    fn y(&self, v: f64) -> f64 {
        TOP + self.plot_h - v.max(0.0) / self.y_end * self.plot_h
    }

    /// Horizontal grid lines with the y ticks' labels, and the x ticks.
    fn grid_and_ticks(&self, svg: &mut String) {
        let (plot_w, plot_h) = (self.plot_w, self.plot_h);
        for k in 0..=(self.y_end / self.y_step).round() as usize {
            let v = k as f64 * self.y_step;
            let py = self.y(v);
            writeln!(
                svg,
                r##"<line x1="{LEFT}" y1="{py:.1}" x2="{:.1}" y2="{py:.1}" stroke="#e4e4e4"/>"##,
                LEFT + plot_w
            )
            .unwrap();
            writeln!(
                svg,
                r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
                LEFT - 6.0,
                py + 4.0,
                tick_label(v, self.y_step)
            )
            .unwrap();
        }
        for k in 0..=((self.x_end - self.x_start) / self.x_step).round() as usize {
            let v = self.x_start + k as f64 * self.x_step;
            let px = self.x(v);
            writeln!(
                svg,
                r##"<line x1="{px:.1}" y1="{:.1}" x2="{px:.1}" y2="{:.1}" stroke="#444"/>"##,
                TOP + plot_h,
                TOP + plot_h + 5.0
            )
            .unwrap();
            writeln!(
                svg,
                r#"<text x="{px:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
                TOP + plot_h + 19.0,
                tick_label(v, self.x_step)
            )
            .unwrap();
        }
    }

    /// Each series' band of ±sd, then its line of means on top.
    fn bands_and_lines(&self, svg: &mut String, series: &[Series]) {
        for s in series.iter().filter(|s| !s.points.is_empty()) {
            let upper = s
                .points
                .iter()
                .map(|&(px, m, sd)| format!("{:.1},{:.1}", self.x(px), self.y(m + sd)));
            let lower = s
                .points
                .iter()
                .rev()
                .map(|&(px, m, sd)| format!("{:.1},{:.1}", self.x(px), self.y(m - sd)));
            let outline: Vec<String> = upper.chain(lower).collect();
            writeln!(
                svg,
                r#"<polygon points="{}" fill="{}" fill-opacity="0.18" stroke="none"/>"#,
                outline.join(" "),
                s.color
            )
            .unwrap();
        }
        for s in series.iter().filter(|s| !s.points.is_empty()) {
            let line: Vec<String> = s
                .points
                .iter()
                .map(|&(px, m, _)| format!("{:.1},{:.1}", self.x(px), self.y(m)))
                .collect();
            writeln!(svg, r#"<polyline points="{}" fill="none" stroke="{}" stroke-width="1.8" stroke-linejoin="round"/>"#, line.join(" "), s.color).unwrap();
        }
    }

    /// The two axes and their labels.
    fn axes(&self, svg: &mut String, x_label: &str, y_label: &str) {
        let (plot_w, plot_h) = (self.plot_w, self.plot_h);
        writeln!(
            svg,
            r##"<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{:.1}" stroke="#444"/>"##,
            TOP + plot_h
        )
        .unwrap();
        writeln!(
            svg,
            r##"<line x1="{LEFT}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#444"/>"##,
            TOP + plot_h,
            LEFT + plot_w,
            TOP + plot_h
        )
        .unwrap();
        writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
            LEFT + plot_w / 2.0,
            HEIGHT - 22.0,
            escape(x_label)
        )
        .unwrap();
        writeln!(
            svg,
            r#"<text transform="translate(16 {:.1}) rotate(-90)" text-anchor="middle">{}</text>"#,
            TOP + plot_h / 2.0,
            escape(y_label)
        )
        .unwrap();
    }
}

/// Plies reached by fewer games than this are left out of the plot (their means are noise).
pub fn min_games_per_ply(games: usize) -> usize {
    (games / 20).max(5).min(games.max(1))
}

/// Legal moves by ply for each side to move, with the ±1 sd band.
pub fn branching_by_ply_svg(report: &BranchingReport) -> String {
    let s = &report.statistics;
    let cutoff = min_games_per_ply(s.games);
    let side = |name: &str| -> Vec<(f64, f64, f64)> {
        s.branching
            .by_ply
            .iter()
            .filter(|row| row.side.as_deref() == Some(name) && row.moments.n >= cutoff)
            .map(|row| (row.ply as f64, row.moments.mean, row.moments.sd))
            .collect()
    };
    let series = [
        Series {
            label: "attackers to move".into(),
            color: "#c0392b",
            points: side("attackers"),
        },
        Series {
            label: "defenders to move".into(),
            color: "#1f6fb2",
            points: side("defenders"),
        },
    ];
    let variant = report.variant.as_deref().unwrap_or("custom rules");
    let what = match &report.player {
        Some(player) => format!(
            "{player} self-play, {} games, seed {}",
            s.games,
            report.seed.unwrap_or(0)
        ),
        None => format!("{} recorded games", s.games),
    };
    line_band_plot(
        &format!("{variant}: legal moves by ply ({what})"),
        "ply",
        "legal moves (mean, band ±1 sd)",
        &series,
        &format!("plies reached by at least {cutoff} games"),
    )
}

/// One row of an interval plot: a label, a value and its interval.
pub struct IntervalRow {
    /// The row's name, left of the plot.
    pub label: String,
    /// The dot, in the x axis' units (not drawn if not finite).
    pub value: f64,
    /// The whisker's left end; the whisker is left out if either end is not finite.
    pub lower: f64,
    /// The whisker's right end.
    pub upper: f64,
}

/// A value with its interval per row, drawn as a dot on a horizontal whisker, rows top
/// to bottom in the order given, with a dashed reference line (0 Elo, a 50% score).
/// For Elo ratings with their 95% intervals, or each variant's attackers' score.
pub fn interval_plot(
    title: &str,
    x_label: &str,
    rows: &[IntervalRow],
    reference: Option<f64>,
    note: &str,
) -> String {
    const ROW: f64 = 26.0;
    const LABEL: f64 = 210.0;
    let height = TOP + BOTTOM + ROW * rows.len().max(1) as f64;
    let finite = |x: f64| x.is_finite().then_some(x);
    let values = rows
        .iter()
        .flat_map(|r| [r.lower, r.value, r.upper])
        .chain(reference)
        .filter_map(finite);
    let lo = values.clone().fold(f64::INFINITY, f64::min);
    let hi = values.fold(f64::NEG_INFINITY, f64::max);
    let (lo, hi) = if lo.is_finite() && hi > lo {
        (lo, hi)
    } else {
        (0.0, 1.0)
    };
    let step = tick_step(hi - lo, 8.0);
    let (x_start, x_end) = ((lo / step).floor() * step, (hi / step).ceil() * step);
    let plot_w = WIDTH - LABEL - RIGHT;
    let x = |v: f64| LABEL + (v.clamp(x_start, x_end) - x_start) / (x_end - x_start) * plot_w;
    let plot_bottom = height - BOTTOM;
    let mut svg = String::new();
    open_svg(&mut svg, height, title);
    for k in 0..=((x_end - x_start) / step).round() as usize {
        let v = x_start + k as f64 * step;
        let px = x(v);
        writeln!(
            svg,
            r##"<line x1="{px:.1}" y1="{TOP}" x2="{px:.1}" y2="{plot_bottom:.1}" stroke="#e4e4e4"/>"##
        )
        .unwrap();
        writeln!(
            svg,
            r#"<text x="{px:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
            plot_bottom + 19.0,
            tick_label(v, step)
        )
        .unwrap();
    }
    if let Some(r) = reference.filter(|r| r.is_finite()) {
        let px = x(r);
        writeln!(svg, r##"<line x1="{px:.1}" y1="{TOP}" x2="{px:.1}" y2="{plot_bottom:.1}" stroke="#888" stroke-dasharray="4 3"/>"##).unwrap();
    }
    for (i, r) in rows.iter().enumerate() {
        let py = TOP + ROW * (i as f64 + 0.5);
        writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
            LABEL - 10.0,
            py + 4.0,
            escape(&r.label)
        )
        .unwrap();
        if let (Some(a), Some(b)) = (finite(r.lower), finite(r.upper)) {
            writeln!(svg, r##"<line x1="{:.1}" y1="{py:.1}" x2="{:.1}" y2="{py:.1}" stroke="#1f6fb2" stroke-width="2"/>"##, x(a), x(b)).unwrap();
            for end in [a, b] {
                writeln!(svg, r##"<line x1="{0:.1}" y1="{1:.1}" x2="{0:.1}" y2="{2:.1}" stroke="#1f6fb2" stroke-width="2"/>"##, x(end), py - 5.0, py + 5.0).unwrap();
            }
        }
        if let Some(v) = finite(r.value) {
            writeln!(
                svg,
                r##"<circle cx="{:.1}" cy="{py:.1}" r="4.5" fill="#c0392b"/>"##,
                x(v)
            )
            .unwrap();
        }
    }
    writeln!(
        svg,
        r##"<line x1="{LABEL}" y1="{plot_bottom:.1}" x2="{:.1}" y2="{plot_bottom:.1}" stroke="#444"/>"##,
        LABEL + plot_w
    )
    .unwrap();
    writeln!(
        svg,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
        LABEL + plot_w / 2.0,
        height - 22.0,
        escape(x_label)
    )
    .unwrap();
    write_note(&mut svg, height, note);
    svg.push_str("</svg>\n");
    svg
}

/// An SPRT's log-likelihood ratio after each pair (`llr[i]` after pair i + 1), with
/// its two bounds, as an SVG document: the trajectory a sequential test walks until it
/// leaves the band between the bounds.
pub fn llr_trajectory_svg(title: &str, llr: &[f64], lower: f64, upper: f64) -> String {
    let (plot_w, plot_h) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    let n = llr.len().max(1) as f64;
    let low = llr.iter().copied().fold(lower, f64::min) - 0.5;
    let high = llr.iter().copied().fold(upper, f64::max) + 0.5;
    let x = |i: f64| LEFT + i / n * plot_w;
    let y = |v: f64| TOP + (high - v) / (high - low) * plot_h;
    let mut svg = String::new();
    open_svg(&mut svg, HEIGHT, title);
    for (v, label, color) in [
        (upper, "H1 accepted", "#1e8449"),
        (0.0, "0", "#999999"),
        (lower, "H0 accepted", "#c0392b"),
    ] {
        writeln!(
            svg,
            r#"<line x1="{LEFT}" y1="{py:.1}" x2="{:.1}" y2="{py:.1}" stroke="{color}" stroke-dasharray="6 4"/>"#,
            LEFT + plot_w,
            py = y(v)
        )
        .unwrap();
        writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end" fill="{color}">{label} {v:.2}</text>"#,
            LEFT + plot_w,
            y(v) - 4.0
        )
        .unwrap();
    }
    let points: Vec<String> = std::iter::once((0.0, 0.0))
        .chain(llr.iter().enumerate().map(|(i, &v)| (i as f64 + 1.0, v)))
        .map(|(i, v)| format!("{:.1},{:.1}", x(i), y(v)))
        .collect();
    writeln!(
        svg,
        r##"<polyline fill="none" stroke="#2e86c1" stroke-width="2" points="{}"/>"##,
        points.join(" ")
    )
    .unwrap();
    writeln!(
        svg,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">game pairs ({})</text>"#,
        LEFT + plot_w / 2.0,
        HEIGHT - 16.0,
        llr.len()
    )
    .unwrap();
    writeln!(
        svg,
        r#"<text x="16" y="{:.1}" transform="rotate(-90 16 {:.1})" text-anchor="middle">log-likelihood ratio</text>"#,
        TOP + plot_h / 2.0,
        TOP + plot_h / 2.0
    )
    .unwrap();
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round() {
        assert_eq!(tick_step(100.0, 10.0), 10.0);
        assert_eq!(tick_step(130.0, 10.0), 20.0);
        assert_eq!(tick_step(7.0, 8.0), 1.0);
        assert!((tick_step(0.3, 8.0) - 0.05).abs() < 1e-15);
        assert_eq!(tick_label(3.0 * 0.05, 0.05), "0.15");
        assert_eq!(tick_label(40.0, 20.0), "40");
    }

    #[test]
    fn interval_plot_places_rows_and_the_reference() {
        let rows = [
            IntervalRow {
                label: "search:depth=2 <b>".into(),
                value: 100.0,
                lower: 50.0,
                upper: 150.0,
            },
            IntervalRow {
                label: "random".into(),
                value: -200.0,
                lower: f64::NEG_INFINITY,
                upper: -100.0,
            },
        ];
        let svg = interval_plot("Elo", "Elo", &rows, Some(0.0), "note");
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        assert!(svg.contains("search:depth=2 &lt;b&gt;"));
        // Two dots, one whole whisker (the other has an infinite end and is left out).
        assert_eq!(svg.matches("<circle").count(), 2);
        assert_eq!(svg.matches("stroke-width=\"2\"").count(), 3);
        assert!(svg.contains("stroke-dasharray"));
        // Ticks every 50 from -200 to 150.
        assert!(svg.contains(">-200<") && svg.contains(">150<"));
    }
}
