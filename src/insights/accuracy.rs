//! Accuracy, from 0 to 100, as lichess documents its own: a move's from the winning chances
//! it lost, a game's (or any set of moves') from its moves' (docs/INSIGHTS.md, "Accuracy").

/// A move's accuracy from the mover's winning chances it lost (0 to 1), as lichess's code
/// computes it: `103.1668 · e^(−0.04354 · lost%) − 3.1669`, plus 1 for the engine's
/// uncertainty, within 0 and 100. A best move is 100, a move that loses 5 points of chances
/// about 81, 10 points about 65, 20 points 41.
pub fn move_accuracy(lost: f64) -> f64 {
    let lost = (lost.clamp(0.0, 1.0)) * 100.0;
    (103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * lost).exp() - 3.166_924_740_191_411 + 1.0)
        .clamp(0.0, 100.0)
}

/// Moves below this count as this in the harmonic mean, so that one lost game's worth of
/// chances weighs as much as a few bad moves, not as the whole game.
const HARMONIC_FLOOR: f64 = 10.0;

/// The accuracy of a set of moves from each one's [`move_accuracy`]: the mean of their
/// arithmetic mean and their harmonic mean (which a few bad moves pull down far more than
/// many good ones lift up); `None` for no moves.
pub fn accuracy_of(moves: impl IntoIterator<Item = f64>) -> Option<f64> {
    let (mut n, mut sum, mut inverse) = (0usize, 0.0, 0.0);
    for a in moves {
        n += 1;
        sum += a;
        inverse += 1.0 / a.max(HARMONIC_FLOOR);
    }
    if n == 0 {
        return None;
    }
    let mean = sum / n as f64;
    let harmonic = n as f64 / inverse;
    Some((mean + harmonic.min(mean)) / 2.0)
}

/// A figure rounded to one decimal, as reports give accuracies.
pub fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_loses_accuracy_as_it_loses_chances() {
        assert_eq!(move_accuracy(0.0), 100.0);
        assert!((move_accuracy(0.05) - 80.8).abs() < 0.05);
        assert!((move_accuracy(0.10) - 64.6).abs() < 0.05);
        assert!((move_accuracy(0.20) - 41.0).abs() < 0.05);
        assert_eq!(move_accuracy(1.0), 0.0);
        // Gains are no better than the best move.
        assert_eq!(move_accuracy(-0.3), 100.0);
    }

    #[test]
    fn one_blunder_weighs_more_than_its_share() {
        let good = vec![100.0; 19];
        assert_eq!(accuracy_of(good.clone()), Some(100.0));
        let mut one_bad = good;
        one_bad.push(0.0);
        let a = accuracy_of(one_bad).unwrap_or_default();
        // The plain mean would be 95; the harmonic mean (69.0) pulls it to 82.0.
        assert!((a - 82.0).abs() < 0.05, "{a}");
        assert_eq!(accuracy_of(Vec::new()), None);
    }
}
