//! Undo and redo of a study's changes: the games before each change, and the ones undone
//! until the next change.

use super::game::NotatedGame;
use crate::record::tree::NodeId;

/// A game and the node chosen in it, as undo and redo keep them.
pub type Kept = (NotatedGame, NodeId);
pub type StudyHistory = History<Kept>;

/// The states before each change of a study, latest last, for undo; the oldest are dropped
/// beyond a limit. The states undone wait for a redo until the next change.
#[derive(Clone, Debug)]
pub struct History<T> {
    states: Vec<T>,
    undone: Vec<T>,
    limit: usize,
}

impl<T> History<T> {
    pub fn new(limit: usize) -> History<T> {
        History {
            states: Vec::new(),
            undone: Vec::new(),
            limit,
        }
    }

    /// Keeps the state before a change (a change forgets what was undone).
    pub fn push(&mut self, state: T) {
        if self.states.len() >= self.limit {
            self.states.remove(0);
        }
        self.states.push(state);
        self.undone.clear();
    }

    /// The state before the last change, `current` kept for a redo.
    pub fn undo(&mut self, current: T) -> Option<T> {
        let before = self.states.pop()?;
        self.undone.push(current);
        Some(before)
    }

    /// The state the last undo left, `current` kept for an undo.
    pub fn redo(&mut self, current: T) -> Option<T> {
        let after = self.undone.pop()?;
        self.states.push(current);
        Some(after)
    }

    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    pub fn len(&self) -> usize {
        self.states.len()
    }

    pub fn clear(&mut self) {
        self.states.clear();
        self.undone.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::position::Move;

    #[test]
    fn undo_gives_back_each_game_before_its_change() {
        let game = NotatedGame::example();
        let line = game.main_line();
        let at = line.node_at(20);
        let pos = game.tree().position_at(at).unwrap();
        let recorded = game.tree().mv(line.node_at(21)).unwrap();
        let others: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| *m != recorded)
            .collect();
        let mut history = History::new(2);
        let mut current = (game.clone(), at);
        let mut seen = vec![current.clone()];
        for &mv in &others[..3] {
            let (next, node) = current.0.play(at, mv).unwrap();
            history.push(current);
            current = (next, node);
            seen.push(current.clone());
        }
        assert_eq!(current.0.tree().len(), game.tree().len() + 3);
        // Two changes are kept: undo gives the games with two, then one, variation.
        assert_eq!(history.len(), 2);
        let (g2, n2) = history.undo(current.clone()).unwrap();
        assert_eq!(g2.tree(), seen[2].0.tree());
        assert_eq!(n2, seen[2].1);
        let (g1, _) = history.undo((g2, n2)).unwrap();
        assert_eq!(g1.tree(), seen[1].0.tree());
        assert_eq!(g1.tree().children(at).len(), 2);
        assert!(history.undo((g1.clone(), at)).is_none() && history.is_empty());
        // Redo gives them back in turn, up to the last change.
        let (r2, _) = history.redo((g1.clone(), at)).unwrap();
        assert_eq!(r2.tree(), seen[2].0.tree());
        let (r3, n3) = history.redo((r2, at)).unwrap();
        assert_eq!(r3.tree(), current.0.tree());
        assert_eq!(n3, current.1);
        assert!(!history.can_redo() && history.redo((g1.clone(), at)).is_none());
        // A change after an undo forgets what was undone.
        history.undo((r3, n3)).unwrap();
        assert!(history.can_redo());
        history.push((g1, at));
        assert!(!history.can_redo());
        history.push(current);
        history.clear();
        assert!(history.is_empty());
    }
}
