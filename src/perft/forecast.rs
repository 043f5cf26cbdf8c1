//! How long the depths still to count may take, from the growth measured so far: the
//! last ratio nodes(d) / nodes(d − 1), carried forward, at the last depth's nodes/s.

/// A forecast of the remaining depths of a perft.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Forecast {
    /// Seconds for every depth still to count.
    pub seconds: f64,
    /// Nodes of one depth over those of the one before, last measured.
    pub growth: f64,
    /// The rate of the last depth counted.
    pub nodes_per_second: f64,
}

/// A forecast for counting depths `measured.len() + 1 ..= last`, where `measured[i]` is
/// the (nodes, seconds) of depth i + 1; `None` before two depths are counted or when
/// they give no rate (no nodes, no measurable time).
pub fn forecast(measured: &[(u128, f64)], last: u32) -> Option<Forecast> {
    let [.., (before, _), (nodes, seconds)] = *measured else {
        return None;
    };
    if before == 0 || nodes == 0 || seconds <= 0.0 {
        return None;
    }
    let growth = nodes as f64 / before as f64;
    let nodes_per_second = nodes as f64 / seconds;
    let remaining = last.saturating_sub(measured.len() as u32);
    let mut next = nodes as f64;
    let mut total = 0.0;
    for _ in 0..remaining {
        next *= growth;
        total += next;
    }
    Some(Forecast {
        seconds: total / nodes_per_second,
        growth,
        nodes_per_second,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growth_is_carried_to_the_last_depth() {
        // 10, 100 nodes, the second in one second: 1,000 then 10,000 nodes to come.
        let f = forecast(&[(10, 0.1), (100, 1.0)], 4).unwrap();
        assert_eq!(f.growth, 10.0);
        assert_eq!(f.nodes_per_second, 100.0);
        assert!((f.seconds - 110.0).abs() < 1e-9);
    }

    #[test]
    fn no_forecast_without_two_depths_or_a_rate() {
        assert_eq!(forecast(&[(10, 0.1)], 4), None);
        assert_eq!(forecast(&[(0, 0.1), (0, 0.1)], 4), None);
        assert_eq!(forecast(&[(10, 0.1), (100, 0.0)], 4), None);
        assert_eq!(forecast(&[(10, 0.1), (100, 1.0)], 2).unwrap().seconds, 0.0);
    }
}
