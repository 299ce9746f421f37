//! The static evaluation: how good a position looks for the side to move, without search.
//!
//! The unit is a hundredth of a point: a point is roughly one free piece of advantage (a
//! free Ant or Queen 79, a Beetle 89; docs/ANALYSIS.md says what a score means in games
//! won). The terms:
//!
//! * **mobility**: each piece on top of its stack that could move now by its own movement
//!   (not pinned by the one-hive rule, not covered, a crawler not boxed in, its Queen
//!   placed) is worth its bug's value (a Mosquito that of the best bug it touches); pinned
//!   and covered pieces are worth nothing, which is how Hive is played: a trapped Ant is no
//!   Ant. Cheap tests, not move generation: the evaluation runs at every leaf;
//! * **pieces in hand**: each is worth a share of its bug's value, less when its owner has
//!   nowhere to place it;
//! * **the Queens' liberties**: pressure on a Queen grows faster than linearly with the
//!   occupied cells around it; an opponent's piece counts fully, an own piece that can step
//!   away half; an empty liberty the opponent can fill in one move (by what each free
//!   opponent piece's bug can reach: an Ant any cell it can slide into, a Beetle next door,
//!   a Grasshopper along a line) counts half, and a Beetle (or Mosquito) on top of the
//!   Queen counts as a neighbour more and freezes her;
//! * **the Pillbug**: next to its own Queen it can lift attackers off her or her out of
//!   danger; next to the opponent's Queen it can move her; in hand with a free cell by the
//!   Queen it is a defence still to come (a Mosquito next to a Pillbug copies all of this);
//! * a small bonus for having the move.

use super::Score;
use crate::engine::board::{cell_of, neighbor, toward, Board, CellIndex, SLIDES};
use crate::engine::movegen::Ctx;
use crate::engine::piece::{pieces_in, Bug, Color, PieceId, PIECES_PER_COLOR};
use crate::engine::position::{GameState, Position};

/// The evaluation's weights, in hundredths of a point. [`WEIGHTS`] are the ones in use;
/// others serve to tune them (`examples/tune_eval.rs`): the evaluation is linear in every
/// weight, so the evaluation with one weight at 1 and the rest at 0 counts that term.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// What a piece free to move is worth, by bug (`Bug` order: Q, S, B, G, A, M, L, P).
    pub mobile: [Score; 8],
    /// What a piece in hand is worth, by bug: less than on the board and free, more than
    /// pinned (the Queen's is not used: she is placed by the fourth turn).
    pub in_hand: [Score; 8],
    /// Pressure on a Queen by weighted neighbours `q`, in quarter-neighbours (an opponent's
    /// piece or an own piece that cannot leave is 4, an own piece free to leave 2, an empty
    /// liberty the opponent can fill now 1): `pressure[0]·q + pressure[1]·q²`.
    pub pressure: [Score; 2],
    /// A Beetle (or Mosquito) of the opponent on top of a Queen: she cannot move and the
    /// attacker cannot be thrown off.
    pub queen_covered: Score,
    pub pillbug_guard: Score,
    pub pillbug_attack: Score,
    pub pillbug_in_hand_guard: Score,
    /// Having the move.
    pub tempo: Score,
}

/// The weights in use, fitted to games' results (docs/ANALYSIS.md, "Tuning the
/// evaluation"): a Queen's first neighbour costs little, each next one more, and the last
/// two most.
pub const WEIGHTS: Weights = Weights {
    mobile: [79, 0, 89, 25, 79, 70, 39, 71],
    in_hand: [0, 44, -9, 7, 29, 36, 11, -10],
    pressure: [-20, 4],
    queen_covered: 94,
    pillbug_guard: 318,
    pillbug_attack: 42,
    pillbug_in_hand_guard: 123,
    tempo: 43,
};

impl Weights {
    /// How many weights there are: the length of [`Weights::to_array`].
    pub const COUNT: usize = 23;
    /// Their names, in [`Weights::to_array`]'s order.
    pub const NAMES: [&'static str; Weights::COUNT] = [
        "mobile Q",
        "mobile S",
        "mobile B",
        "mobile G",
        "mobile A",
        "mobile M",
        "mobile L",
        "mobile P",
        "in hand S",
        "in hand B",
        "in hand G",
        "in hand A",
        "in hand M",
        "in hand L",
        "in hand P",
        "pressure q",
        "pressure q²",
        "queen covered",
        "pillbug guard",
        "pillbug attack",
        "pillbug in hand guard",
        "tempo",
        "in hand Q",
    ];

    /// Every weight in one array (the Queen's in-hand value last: it is not tuned).
    pub fn to_array(&self) -> [Score; Weights::COUNT] {
        let (m, h) = (self.mobile, self.in_hand);
        [
            m[0],
            m[1],
            m[2],
            m[3],
            m[4],
            m[5],
            m[6],
            m[7],
            h[1],
            h[2],
            h[3],
            h[4],
            h[5],
            h[6],
            h[7],
            self.pressure[0],
            self.pressure[1],
            self.queen_covered,
            self.pillbug_guard,
            self.pillbug_attack,
            self.pillbug_in_hand_guard,
            self.tempo,
            h[0],
        ]
    }

    /// The inverse of [`Weights::to_array`].
    pub fn from_array(a: [Score; Weights::COUNT]) -> Weights {
        Weights {
            mobile: [a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]],
            in_hand: [a[22], a[8], a[9], a[10], a[11], a[12], a[13], a[14]],
            pressure: [a[15], a[16]],
            queen_covered: a[17],
            pillbug_guard: a[18],
            pillbug_attack: a[19],
            pillbug_in_hand_guard: a[20],
            tempo: a[21],
        }
    }

    fn pressure(&self, quarters: usize) -> Score {
        let q = quarters as Score;
        self.pressure[0] * q + self.pressure[1] * q * q
    }
}

/// Which bug a Mosquito on the ground copies when it touches several: the one that moves
/// best, by a fixed ranking (not by the weights evaluated with, so that the evaluation
/// stays linear in them; `Bug` order).
const COPIED: [Score; 8] = [120, 30, 60, 35, 100, 70, 55, 45];

/// Per-colour facts gathered in one pass over the board.
struct SideFacts {
    mobility: Score,
    in_hand: Score,
    /// Whether a free Pillbug (or Mosquito copying one) stands next to this colour's Queen /
    /// next to the opponent's Queen.
    guard: bool,
    attack: bool,
    /// Pieces free to move now (bit `id`).
    movers: u32,
}

/// The evaluation of a position for the side to move. Finished games get the search's
/// win and loss scores (see [`super::terminal`]); this is for positions still in play.
pub fn evaluate(pos: &Position) -> Score {
    evaluate_with(pos, &WEIGHTS)
}

/// [`evaluate`] with other weights.
pub fn evaluate_with(pos: &Position, w: &Weights) -> Score {
    if pos.state().is_over() {
        return super::terminal(pos, 0).unwrap_or(0);
    }
    let me = pos.to_move();
    let white = side_score(pos, w);
    let s = match me {
        Color::White => white,
        Color::Black => -white,
    };
    s + w.tempo
}

/// White's score minus Black's.
fn side_score(pos: &Position, w: &Weights) -> Score {
    let b = pos.board();
    let ctx = Ctx::new(pos);
    let mut sides = [new_side(), new_side()];
    let queens = [Color::White, Color::Black].map(|c| b.position(PieceId::queen(c)).map(cell_of));
    // Each colour's pieces on top of their stacks (bit `id`).
    let mut tops = [0u32; 2];

    for p in pieces_in(b.tops_mask()) {
        let c = p.color();
        tops[c.index()] |= 1 << p.0;
        let from = cell_of(b.hex_of(p));
        let on_ground = b.height_c(from) == 1;
        // Pillbug powers: the Pillbug, or a Mosquito on the ground beside one.
        let thrower = on_ground
            && (p.bug() == Bug::Pillbug
                || (p.bug() == Bug::Mosquito
                    && (0..6).any(|d| {
                        b.top_c(neighbor(from, d))
                            .is_some_and(|n| n.bug() == Bug::Pillbug)
                    })));
        if thrower {
            if let Some(q) = queens[c.index()] {
                if adjacent(from, q) {
                    sides[c.index()].guard = true;
                }
            }
            if let Some(q) = queens[c.other().index()] {
                if adjacent(from, q) {
                    sides[c.index()].attack = true;
                }
            }
        }
        if queens[c.index()].is_none() || ctx.is_pinned(p) {
            continue;
        }
        if let Some(bug) = mobile_as(b, p, from, on_ground) {
            let side = &mut sides[c.index()];
            side.mobility += w.mobile[bug as usize];
            side.movers |= 1 << p.0;
        }
    }

    let mut total = 0;
    // Before the second piece, anywhere goes (and no cell is known to be free).
    let cells_known = pos.state() != GameState::NotStarted && b.placed_mask().count_ones() >= 2;
    let game_type = pos.game_type();
    for c in [Color::White, Color::Black] {
        let sign = if c == Color::White { 1 } else { -1 };
        let (own, opp) = (c.index(), c.other().index());
        let mut hand = 0;
        let mut pillbug_in_hand = false;
        for bug in pieces_in(!b.placed_mask() & COLOR_PIECES[own]).map(PieceId::bug) {
            if game_type.includes(bug) {
                hand += w.in_hand[bug as usize];
                pillbug_in_hand |= bug == Bug::Pillbug;
            }
        }
        // Pieces with nowhere to go in are worth less (they may find a cell later).
        sides[own].in_hand = if hand != 0 && cells_known && !any_free_cell(b, tops, c) {
            hand / 3
        } else {
            hand
        };
        let mut s = sides[own].mobility + sides[own].in_hand;
        if let Some(q) = queens[own] {
            s -= queen_pressure(pos, &ctx, q, c, sides[opp].movers, w);
            if sides[own].guard {
                s += w.pillbug_guard;
            } else if pillbug_in_hand
                && cells_known
                && (0..6).any(|d| free_cell(b, c, neighbor(q, d)))
            {
                s += w.pillbug_in_hand_guard;
            }
        }
        if sides[own].attack {
            s += w.pillbug_attack;
        }
        total += sign * s;
    }
    total
}

fn new_side() -> SideFacts {
    SideFacts {
        mobility: 0,
        in_hand: 0,
        guard: false,
        attack: false,
        movers: 0,
    }
}

fn adjacent(a: CellIndex, b: CellIndex) -> bool {
    toward(a, b) != 0
}

/// Each colour's pieces (bit `id`), by colour index.
const COLOR_PIECES: [u32; 2] = [
    (1 << PIECES_PER_COLOR) - 1,
    ((1 << PIECES_PER_COLOR) - 1) << PIECES_PER_COLOR,
];
/// The Ants of both colours (bit `id`): slots 8 to 10 of each.
const ANTS: u32 = 0b111 << 8 | 0b111 << (8 + PIECES_PER_COLOR);

/// Whether `c` may place a piece on the cell `n`: empty, next to a piece of its own on top
/// of its stack and to none of the opponent's.
fn free_cell(b: &Board, c: Color, n: CellIndex) -> bool {
    if b.height_c(n) != 0 {
        return false;
    }
    let mut own = false;
    let mut dirs = b.around_c(n);
    while dirs != 0 {
        let d = dirs.trailing_zeros() as usize;
        dirs &= dirs - 1;
        match b.top_c(neighbor(n, d)) {
            Some(p) if p.color() == c => own = true,
            Some(_) => return false,
            None => {}
        }
    }
    own
}

/// Whether `c` has any cell to place a piece on: the empty neighbours of its top pieces,
/// until one is free (`tops`: each colour's top pieces).
fn any_free_cell(b: &Board, tops: [u32; 2], c: Color) -> bool {
    for p in pieces_in(tops[c.index()]) {
        let from = cell_of(b.hex_of(p));
        let mut empty = !b.around_c(from) & 0x3f;
        while empty != 0 {
            let n = neighbor(from, empty.trailing_zeros() as usize);
            empty &= empty - 1;
            if free_cell(b, c, n) {
                return true;
            }
        }
    }
    false
}

/// How hard `c`'s Queen (on cell `q`) is pressed: occupied neighbours, the empty ones the
/// opponent can fill now, and a piece on top of her.
fn queen_pressure(
    pos: &Position,
    ctx: &Ctx,
    q: CellIndex,
    c: Color,
    opp_movers: u32,
    w: &Weights,
) -> Score {
    let b = pos.board();
    let mut quarters = 0usize;
    for d in 0..6 {
        let n = neighbor(q, d);
        match b.top_c(n) {
            Some(p) if p.color() == c && !ctx.is_pinned(p) && b.height_c(n) == 1 => quarters += 2,
            Some(_) => quarters += 4,
            None if fillable(b, n, opp_movers) => quarters += 1,
            None => {}
        }
    }
    let mut extra = 0;
    if b.top_c(q).is_some_and(|t| t.color() != c) {
        quarters += 4;
        extra = w.queen_covered;
    }
    w.pressure(quarters) + extra
}

/// Whether a crawler can slide from cell `a` to its empty neighbour in direction `d`: one of
/// the two cells both touch is occupied, not both (a gate), not neither (off the hive).
fn slides(b: &Board, a: CellIndex, d: usize) -> bool {
    SLIDES[b.around_c(a) as usize] & (1 << d) != 0
}

/// The bug a free piece moves as, if it can move at all (cheap tests, no move generation:
/// the evaluation runs at every leaf). A Mosquito on top moves as a Beetle; on the ground
/// as the best bug it touches.
fn mobile_as(b: &Board, p: PieceId, from: CellIndex, on_ground: bool) -> Option<Bug> {
    let crawls = || SLIDES[b.around_c(from) as usize] != 0;
    match p.bug() {
        Bug::Beetle | Bug::Grasshopper | Bug::Ladybug => Some(p.bug()),
        Bug::Queen | Bug::Pillbug | Bug::Ant | Bug::Spider => crawls().then_some(p.bug()),
        Bug::Mosquito if !on_ground => Some(Bug::Beetle),
        Bug::Mosquito => {
            let mut best: Option<Bug> = None;
            for d in 0..6 {
                if let Some(n) = b.top_c(neighbor(from, d)) {
                    let bug = n.bug();
                    if bug == Bug::Mosquito {
                        continue;
                    }
                    if best.is_none_or(|x| COPIED[bug as usize] > COPIED[x as usize]) {
                        best = Some(bug);
                    }
                }
            }
            match best? {
                Bug::Beetle | Bug::Grasshopper | Bug::Ladybug => best,
                _ => crawls().then_some(best?),
            }
        }
    }
}

/// Whether one of the `movers` (free pieces of one colour) could move into the empty cell
/// `to` now, by what its bug does: an Ant by sliding in from anywhere, a Beetle, Queen or
/// Pillbug from next door, a Grasshopper along a line of pieces, a Ladybug from within
/// three steps. Spiders' exact three steps are left out: too costly for what they add.
fn fillable(b: &Board, to: CellIndex, movers: u32) -> bool {
    let slide_in = || (0..6).any(|d| slides(b, neighbor(to, d), (d + 3) % 6));
    let mut slide_in_known: Option<bool> = None;
    // Ants first: the commonest answer, and the cheapest to give.
    let ants = movers & ANTS;
    if ants != 0 && *slide_in_known.get_or_insert_with(slide_in) {
        return true;
    }
    for p in pieces_in(movers & !ants) {
        let from = cell_of(b.hex_of(p));
        let on_ground = b.height_c(from) == 1;
        let dir = toward(from, to);
        let bug = match p.bug() {
            Bug::Mosquito if !on_ground => Bug::Beetle,
            Bug::Mosquito => {
                // As an Ant when it touches one, else as whatever steps next door.
                let touches_ant = (0..6).any(|d| {
                    b.top_c(neighbor(from, d))
                        .is_some_and(|n| n.bug() == Bug::Ant)
                });
                if touches_ant {
                    Bug::Ant
                } else {
                    Bug::Beetle
                }
            }
            bug => bug,
        };
        let reaches = match bug {
            Bug::Ant => *slide_in_known.get_or_insert_with(slide_in),
            Bug::Beetle => dir != 0,
            Bug::Queen | Bug::Pillbug => SLIDES[b.around_c(from) as usize] & dir != 0,
            Bug::Grasshopper => (0..6).any(|d| {
                // Walk from the target over a line of pieces to the Grasshopper.
                let mut c = neighbor(to, d);
                let mut jumped = 0;
                while b.height_c(c) != 0 && c != from && jumped < 28 {
                    c = neighbor(c, d);
                    jumped += 1;
                }
                c == from && jumped > 0
            }),
            Bug::Ladybug => b.hex_of(p).distance(b.hex_of_cell(to, b.hex_of(p))) <= 3,
            Bug::Spider | Bug::Mosquito => false,
        };
        if reaches {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each quarter-neighbour more costs more than the one before, and from the second
    /// neighbour on the Queen's side pays: the fifth and sixth are what wins, so a
    /// defender must feel them coming.
    #[test]
    fn pressure_grows_faster_than_the_neighbours() {
        let pressure = |q| WEIGHTS.pressure(q);
        assert_eq!(pressure(0), 0);
        for q in 1..28 {
            let (before, step) = (pressure(q) - pressure(q - 1), pressure(q + 1) - pressure(q));
            assert!(step > before, "at {q} quarters: {before} then {step}");
        }
        for q in 8..=28 {
            assert!(pressure(q) > 0, "{q} quarters: {}", pressure(q));
        }
        // Six neighbours cost more than twice what four do.
        assert!(pressure(24) > 2 * pressure(16));
    }

    /// The tuner's premise: the evaluation with two sets of weights added is the sum of the
    /// two evaluations (less the tempo counted twice), on positions all through a game;
    /// the third of the pieces in hand that have no cell may round down by one.
    #[test]
    fn the_evaluation_is_linear_in_its_weights() {
        let a = WEIGHTS.to_array();
        let b: [Score; Weights::COUNT] = std::array::from_fn(|i| (i as Score * 37) % 101 - 50);
        let sum = Weights::from_array(std::array::from_fn(|i| a[i] + b[i]));
        let (a, b) = (Weights::from_array(a), Weights::from_array(b));
        assert_eq!(Weights::from_array(a.to_array()), a);
        let mut pos = Position::new(Default::default());
        let mut checked = 0;
        for ply in 0..80 {
            if pos.state().is_over() {
                break;
            }
            let together = evaluate_with(&pos, &sum);
            let apart = evaluate_with(&pos, &a) + evaluate_with(&pos, &b);
            assert!(
                (together - (apart - a.tempo - b.tempo + sum.tempo)).abs() <= 2,
                "ply {ply}: {together} against {apart}"
            );
            checked += 1;
            let moves = pos.legal_moves();
            pos.play_unchecked(moves[(ply * 7) % moves.len()]);
        }
        assert!(checked > 30, "{checked} positions");
        assert_eq!(evaluate(&pos), evaluate_with(&pos, &WEIGHTS));
    }
}
