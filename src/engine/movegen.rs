//! Legal move generation.
//!
//! Moves are generated piece by piece, each piece's destinations deduplicated, so a
//! destination reachable in two ways (a Mosquito copying two bugs, a piece that can walk
//! where a Pillbug could also throw it) is one move. That is also how published perft
//! counts count: distinct (piece, destination) pairs.

use crate::engine::board::{cell_of, neighbor, Board, CellIndex, CellSet, SLIDES};
use crate::engine::hex::Hex;
use crate::engine::piece::{pieces_in, Bug, Color, PieceId};
use crate::engine::position::{Move, Position};

/// Heights of the board seen with one piece lifted off its cell.
struct Lifted<'a> {
    board: &'a Board,
    from: CellIndex,
    from_height: u8,
}

impl Lifted<'_> {
    #[inline(always)]
    fn h(&self, c: CellIndex) -> u8 {
        if c == self.from {
            self.from_height
        } else {
            self.board.height_c(c)
        }
    }

    /// The directions of the ground-level slides from `a` (bit `d`): the target must be
    /// empty, and of the two cells both touch, exactly one is occupied (both: a gate;
    /// neither: leaving the hive). From the board's occupied neighbours, less the lifted
    /// piece's cell when it leaves it empty.
    #[cfg(not(feature = "web"))]
    #[inline(always)]
    fn slides(&self, a: CellIndex) -> u8 {
        let mut around = self.board.around_c(a);
        if self.from_height == 0 {
            around &= !crate::engine::board::toward(a, self.from);
        }
        SLIDES[around as usize]
    }

    /// [`Lifted::slides`] for the app's build, which keeps no neighbour table: the
    /// neighbours' heights as this view sees them.
    #[cfg(feature = "web")]
    fn slides(&self, a: CellIndex) -> u8 {
        let around = (0..6).fold(0, |m, d| m | u8::from(self.h(neighbor(a, d)) != 0) << d);
        SLIDES[around as usize]
    }

    /// The cells the ground-level slides from `a` reach ([`Lifted::slides`]).
    #[inline(always)]
    fn slide_cells(&self, a: CellIndex) -> impl Iterator<Item = CellIndex> {
        let mut dirs = self.slides(a);
        std::iter::from_fn(move || {
            (dirs != 0).then(|| {
                let d = dirs.trailing_zeros() as usize;
                dirs &= dirs - 1;
                neighbor(a, d)
            })
        })
    }

    /// A step at any height from `a` (standing on `ha` pieces) to its neighbour in direction
    /// `d`: blocked when both shared neighbours are taller than both ends (a gate at height).
    #[inline(always)]
    fn can_step_over(&self, a: CellIndex, ha: u8, d: usize) -> Option<CellIndex> {
        let b = neighbor(a, d);
        let hb = self.h(b);
        let hl = self.h(neighbor(a, (d + 5) % 6));
        let hr = self.h(neighbor(a, (d + 1) % 6));
        if hl.min(hr) > ha.max(hb) {
            return None;
        }
        if ha == 0 && hb == 0 && hl == 0 && hr == 0 {
            return None;
        }
        Some(b)
    }
}

/// Occupancy patterns of a cell's six neighbours (bit `d` for direction `d`) that form at
/// most one unbroken arc: the neighbours of a piece there touch one another in a chain, so
/// lifting it never splits the hive and it needs no global test. Bit `pattern` of the mask.
#[cfg(not(feature = "web"))]
const ONE_ARC: u64 = {
    let mut mask = 0u64;
    let mut pat = 0;
    while pat < 64 {
        let mut arcs = 0;
        let mut d = 0;
        while d < 6 {
            // An arc starts at an occupied neighbour whose anticlockwise one is empty.
            if pat & (1 << d) != 0 && pat & (1 << ((d + 5) % 6)) == 0 {
                arcs += 1;
            }
            d += 1;
        }
        if arcs <= 1 {
            mask |= 1 << pat;
        }
        pat += 1;
    }
    mask
};

/// Articulation cells of the hive: a piece standing alone on one of them holds the hive
/// together and may not move. Returned as a mask over those pieces' ids; a piece on top of a
/// stack is never pinned, since the stack stays behind.
///
/// Only a lone piece whose neighbours form two arcs or more can hold the hive together;
/// when there is one, Tarjan's depth-first search over the graph the board keeps (ground
/// pieces and which touch, as bit masks), with its own stack. The edges back to ancestors
/// are all seen when a piece is first reached (an undirected search has no others).
#[cfg(not(feature = "web"))]
fn pinned_mask(board: &Board) -> u32 {
    let all = board.ground_mask();
    let mut candidates = 0u32;
    for p in pieces_in(all) {
        let c = cell_of(board.hex_of(p));
        if board.height_c(c) == 1 && ONE_ARC & (1 << board.around_c(c)) == 0 {
            candidates |= 1 << p.0;
        }
    }
    if candidates == 0 {
        return 0;
    }
    let root = all.trailing_zeros() as usize;
    let mut disc = [0u8; 32];
    let mut low = [0u8; 32];
    let mut parent = [0u8; 32];
    let mut todo = [0u32; 32];
    let mut stack = [0u8; 32];
    let mut depth = 1;
    let mut visited = 1u32 << root;
    let mut timer = 1u8;
    let mut root_children = 0;
    let mut pinned = 0u32;
    stack[0] = root as u8;
    disc[root] = 1;
    low[root] = 1;
    todo[root] = board.touching(PieceId(root as u8));
    while depth > 0 {
        let u = stack[depth - 1] as usize;
        let unseen = todo[u] & !visited;
        if unseen != 0 {
            let v = unseen.trailing_zeros() as usize;
            todo[u] = unseen & (unseen - 1);
            let edges = board.touching(PieceId(v as u8));
            timer += 1;
            disc[v] = timer;
            // Every neighbour reached already is an ancestor: the lowest one bounds `low`.
            let mut lo = timer;
            let mut back = edges & visited & !(1 << u);
            while back != 0 {
                lo = lo.min(disc[back.trailing_zeros() as usize]);
                back &= back - 1;
            }
            low[v] = lo;
            parent[v] = u as u8;
            todo[v] = edges;
            visited |= 1 << v;
            stack[depth] = v as u8;
            depth += 1;
            if u == root {
                root_children += 1;
            }
        } else {
            depth -= 1;
            if depth > 0 {
                let p = parent[u] as usize;
                low[p] = low[p].min(low[u]);
                if p != root && low[u] >= disc[p] {
                    pinned |= 1 << p;
                }
            }
        }
    }
    if root_children > 1 {
        pinned |= 1 << root;
    }
    pinned & candidates
}

/// Tarjan's articulation points by recursion over the grid: the app's build (feature
/// `web`, which does not search and keeps no graph), and the reference the faster
/// [`pinned_mask`] is tested against.
#[cfg(any(feature = "web", test))]
fn pinned_mask_dfs(board: &Board) -> u32 {
    let Some(start) = board.occupied().next() else {
        return 0;
    };
    let mut disc = [0u8; 32];
    let mut low = [0u8; 32];
    let mut timer = 0u8;
    let mut pinned = 0u32;
    dfs(
        board,
        cell_of(start),
        usize::MAX,
        &mut disc,
        &mut low,
        &mut timer,
        &mut pinned,
    );
    pinned
}

#[cfg(any(feature = "web", test))]
fn dfs(
    board: &Board,
    u: CellIndex,
    parent: CellIndex,
    disc: &mut [u8; 32],
    low: &mut [u8; 32],
    timer: &mut u8,
    pinned: &mut u32,
) {
    let Some(up) = board.top_c(u) else { return };
    let ui = up.index();
    *timer += 1;
    disc[ui] = *timer;
    low[ui] = *timer;
    let mut children = 0;
    for d in 0..6 {
        let v = neighbor(u, d);
        let Some(vp) = board.top_c(v) else { continue };
        let vi = vp.index();
        if disc[vi] == 0 {
            children += 1;
            dfs(board, v, u, disc, low, timer, pinned);
            low[ui] = low[ui].min(low[vi]);
            if parent != usize::MAX && low[vi] >= disc[ui] {
                *pinned |= 1 << ui;
            }
        } else if v != parent {
            low[ui] = low[ui].min(disc[vi]);
        }
    }
    if parent == usize::MAX && children > 1 {
        *pinned |= 1 << ui;
    }
    if board.height_c(u) > 1 {
        *pinned &= !(1 << ui);
    }
}

/// The app's pinned pieces: see [`pinned_mask_dfs`].
#[cfg(feature = "web")]
fn pinned_mask(board: &Board) -> u32 {
    pinned_mask_dfs(board)
}

/// Whether `p` stands alone on a cell that holds the hive together, so it may not leave it.
/// One articulation pass over the board: use [`Ctx::is_pinned`] when a `Ctx` is at hand.
pub(crate) fn is_pinned(board: &Board, p: PieceId) -> bool {
    pinned_mask(board) & (1 << p.0) != 0
}

/// Per-position facts shared by the generators.
pub(crate) struct Ctx<'a> {
    pub(crate) pos: &'a Position,
    pub(crate) me: Color,
    /// Pieces that hold the hive together (bit `id`): see [`pinned_mask`].
    pinned: u32,
    pub(crate) last: Option<PieceId>,
    /// The pieces that can use the Pillbug's ability now ([`Ctx::can_throw`], bit `id`).
    throwers: u32,
}

impl<'a> Ctx<'a> {
    pub(crate) fn new(pos: &'a Position) -> Ctx<'a> {
        Ctx::with_pinned(pos, pinned_mask(pos.board()))
    }

    /// With the pinned pieces given (0 where the caller checks them itself).
    fn with_pinned(pos: &'a Position, pinned: u32) -> Ctx<'a> {
        let mut ctx = Ctx {
            pos,
            me: pos.to_move(),
            pinned,
            last: pos.last_moved(),
            throwers: 0,
        };
        if pos.game_type().pillbug {
            // Only the side to move's Pillbug and Mosquito can ever throw.
            for bug in [Bug::Mosquito, Bug::Pillbug] {
                if let Some(t) = PieceId::of_kind(ctx.me, bug).next() {
                    if ctx.can_throw(t) {
                        ctx.throwers |= 1 << t.0;
                    }
                }
            }
        }
        ctx
    }

    fn board(&self) -> &Board {
        self.pos.board()
    }

    /// Whether `p` stands alone on a cell that holds the hive together, so it may not leave.
    #[inline(always)]
    pub(crate) fn is_pinned(&self, p: PieceId) -> bool {
        self.pinned & (1 << p.0) != 0
    }

    /// Whether `p` (a top piece) may leave its cell without splitting the hive.
    #[inline(always)]
    fn free(&self, p: PieceId) -> bool {
        !self.is_pinned(p)
    }

    /// Destinations `p` reaches by its own movement (or a Mosquito's copy of one).
    pub(crate) fn own_moves(
        &self,
        p: PieceId,
        seen: &mut CellSet,
        emit: &mut impl FnMut(CellIndex),
    ) {
        let b = self.board();
        let from = cell_of(b.hex_of(p));
        let view = Lifted {
            board: b,
            from,
            from_height: b.height_c(from) - 1,
        };
        let mut push = |c: CellIndex| {
            if seen.insert(c) {
                emit(c);
            }
        };
        // The web app's module keeps one copy of the movements for all its callers (four, 9 KB
        // before compression), at an indirect call a destination; elsewhere each caller gets
        // its own inlined copy, for the search's speed.
        #[cfg(feature = "web")]
        let mut push: &mut dyn FnMut(CellIndex) = &mut push;
        let bug = p.bug();
        if bug == Bug::Mosquito {
            if view.from_height > 0 {
                beetle(&view, from, &mut push);
                return;
            }
            let mut copied = [false; 8];
            for d in 0..6 {
                if let Some(n) = b.top_c(neighbor(from, d)) {
                    copied[n.bug() as usize] = true;
                }
            }
            for other in Bug::ALL {
                if copied[other as usize] && other != Bug::Mosquito {
                    bug_moves(other, &view, from, &mut push);
                }
            }
        } else {
            bug_moves(bug, &view, from, &mut push);
        }
    }

    /// Whether `t`, a piece of the side to move, can use the Pillbug's ability now.
    pub(crate) fn can_throw(&self, t: PieceId) -> bool {
        let b = self.board();
        if t.color() != self.me || Some(t) == self.last || !b.is_on_top(t) {
            return false;
        }
        let c = cell_of(b.hex_of(t));
        if b.height_c(c) != 1 {
            return false;
        }
        match t.bug() {
            Bug::Pillbug => true,
            Bug::Mosquito => (0..6).any(|d| {
                b.top_c(neighbor(c, d))
                    .is_some_and(|n| n.bug() == Bug::Pillbug)
            }),
            _ => false,
        }
    }

    /// Cells where thrower `t` can put the piece `p` (which stands next to it).
    pub(crate) fn throws(&self, t: PieceId, p: PieceId, emit: &mut impl FnMut(CellIndex)) {
        let b = self.board();
        let tc = cell_of(b.hex_of(t));
        let pc = cell_of(b.hex_of(p));
        let Some(up) = (0..6).find(|&d| neighbor(pc, d) == tc) else {
            return;
        };
        // Up onto the thrower: blocked by a gate of two stacks.
        let gate = |c: CellIndex, d: usize| {
            b.height_c(neighbor(c, (d + 5) % 6)) >= 2 && b.height_c(neighbor(c, (d + 1) % 6)) >= 2
        };
        if gate(pc, up) {
            return;
        }
        for d in 0..6 {
            let e = neighbor(tc, d);
            if b.height_c(e) == 0 && !gate(tc, d) {
                emit(e);
            }
        }
    }

    /// Whether `p` may be thrown at all: a lone piece, not just moved, not holding the hive.
    pub(crate) fn throwable(&self, p: PieceId) -> bool {
        let b = self.board();
        Some(p) != self.last
            && b.is_on_top(p)
            && b.height_c(cell_of(b.hex_of(p))) == 1
            && self.free(p)
    }

    /// Every legal move of piece `p` (movement and being thrown), deduplicated.
    pub(crate) fn piece_moves(&self, p: PieceId, emit: &mut impl FnMut(CellIndex)) {
        let b = self.board();
        // Without Pillbugs only the side to move's own pieces can move.
        if !b.is_on_top(p) || (p.color() != self.me && !self.pos.game_type().pillbug) {
            return;
        }
        let mut seen = CellSet::new();
        if p.color() == self.me && Some(p) != self.last && self.free(p) {
            self.own_moves(p, &mut seen, emit);
        }
        if self.throwers != 0 && self.throwable(p) {
            let pc = cell_of(b.hex_of(p));
            for d in 0..6 {
                if let Some(t) = b.top_c(neighbor(pc, d)) {
                    if self.throwers & (1 << t.0) != 0 {
                        self.throws(t, p, &mut |c| {
                            if seen.insert(c) {
                                emit(c);
                            }
                        });
                    }
                }
            }
        }
    }
}

fn bug_moves(bug: Bug, v: &Lifted, from: CellIndex, push: &mut impl FnMut(CellIndex)) {
    match bug {
        Bug::Queen | Bug::Pillbug => {
            v.slide_cells(from).for_each(push);
        }
        Bug::Beetle => beetle(v, from, push),
        Bug::Grasshopper => {
            for d in 0..6 {
                let mut c = neighbor(from, d);
                if v.h(c) == 0 {
                    continue;
                }
                while v.h(c) != 0 {
                    c = neighbor(c, d);
                }
                push(c);
            }
        }
        Bug::Spider => spider(v, from, push),
        Bug::Ant => ant(v, from, push),
        Bug::Ladybug => ladybug(v, from, push),
        Bug::Mosquito => {}
    }
}

fn beetle(v: &Lifted, from: CellIndex, push: &mut impl FnMut(CellIndex)) {
    for d in 0..6 {
        if let Some(b) = v.can_step_over(from, v.from_height, d) {
            push(b);
        }
    }
}

fn spider(v: &Lifted, from: CellIndex, push: &mut impl FnMut(CellIndex)) {
    for c1 in v.slide_cells(from) {
        for c2 in v.slide_cells(c1).filter(|&c2| c2 != from) {
            for c3 in v.slide_cells(c2) {
                if c3 != from && c3 != c1 {
                    push(c3);
                }
            }
        }
    }
}

fn ant(v: &Lifted, from: CellIndex, push: &mut impl FnMut(CellIndex)) {
    let mut visited = CellSet::new();
    visited.insert(from);
    let mut queue = [0u16; 128];
    let (mut head, mut tail) = (0, 0);
    queue[tail] = from as u16;
    tail += 1;
    while head < tail {
        let a = queue[head] as CellIndex;
        head += 1;
        for b in v.slide_cells(a) {
            if visited.insert(b) && tail < queue.len() {
                queue[tail] = b as u16;
                tail += 1;
                push(b);
            }
        }
    }
}

/// Whether an Ant on the ground at `from` slides to `to`: [`ant`]'s search, stopped there.
fn ant_reaches(b: &Board, from: Hex, to: Hex) -> bool {
    let start = cell_of(from);
    let v = Lifted {
        board: b,
        from: start,
        from_height: 0,
    };
    let target = cell_of(to);
    let mut visited = CellSet::new();
    visited.insert(start);
    let mut queue = [0u16; 128];
    let (mut head, mut tail) = (0, 1);
    queue[0] = start as u16;
    while head < tail {
        let a = queue[head] as CellIndex;
        head += 1;
        for c in v.slide_cells(a) {
            if visited.insert(c) && tail < queue.len() {
                // The torus cell first; the true hex only for a cell that could be it.
                if c == target && b.hex_of_cell(c, from) == to {
                    return true;
                }
                queue[tail] = c as u16;
                tail += 1;
            }
        }
    }
    false
}

fn ladybug(v: &Lifted, from: CellIndex, push: &mut impl FnMut(CellIndex)) {
    for d1 in 0..6 {
        let c1 = neighbor(from, d1);
        if v.h(c1) == 0 || v.can_step_over(from, 0, d1).is_none() {
            continue;
        }
        let h1 = v.h(c1);
        for d2 in 0..6 {
            let c2 = neighbor(c1, d2);
            if v.h(c2) == 0 || v.can_step_over(c1, h1, d2).is_none() {
                continue;
            }
            let h2 = v.h(c2);
            for d3 in 0..6 {
                let c3 = neighbor(c2, d3);
                if c3 != from && v.h(c3) == 0 && v.can_step_over(c2, h2, d3).is_some() {
                    push(c3);
                }
            }
        }
    }
}

/// Empty cells where the side to move may place a piece.
pub(crate) fn placement_cells(pos: &Position, emit: &mut impl FnMut(Hex)) {
    let b = pos.board();
    let me = pos.to_move();
    let mut tops = b.pieces().filter(|p| b.is_on_top(*p));
    let Some(first) = tops.next() else {
        emit(Hex::ORIGIN);
        return;
    };
    if b.placed_mask().count_ones() == 1 {
        for n in b.hex_of(first).neighbors() {
            emit(n);
        }
        return;
    }
    let mut seen = CellSet::new();
    for p in b.pieces().filter(|p| p.color() == me && b.is_on_top(*p)) {
        let h = b.hex_of(p);
        let c = cell_of(h);
        for d in 0..6 {
            let n = neighbor(c, d);
            if b.height_c(n) != 0 || !seen.insert(n) {
                continue;
            }
            let touches_enemy =
                (0..6).any(|e| b.top_c(neighbor(n, e)).is_some_and(|q| q.color() != me));
            if !touches_enemy {
                emit(Board::hex_near(h, n));
            }
        }
    }
}

/// The pieces the side to move may place now (one per bug kind: the lowest-numbered).
pub(crate) fn placeable(pos: &Position) -> impl Iterator<Item = PieceId> + '_ {
    let me = pos.to_move();
    let b = pos.board();
    let must_queen = pos.must_place_queen();
    let no_queen = pos.queen_forbidden();
    Bug::ALL.into_iter().filter_map(move |bug| {
        if !pos.game_type().includes(bug)
            || (must_queen && bug != Bug::Queen)
            || (no_queen && bug == Bug::Queen)
        {
            return None;
        }
        PieceId::of_kind(me, bug).find(|p| !b.is_placed(*p))
    })
}

/// Whether `mv` is among the moves [`generate`] gives, decided without generating them
/// all: a placement is checked against the rules that place a piece, a movement generates
/// only that piece's moves, and only a pass needs the whole list.
pub(crate) fn is_legal(pos: &Position, mv: Move) -> bool {
    if pos.state().is_over() || pos.is_split() {
        return false;
    }
    let b = pos.board();
    let me = pos.to_move();
    match mv {
        Move::Pass => {
            let mut only_pass = true;
            generate(pos, &mut |m| only_pass &= m == Move::Pass);
            only_pass
        }
        Move::Place { piece, to } => {
            placeable(pos).any(|p| p == piece) && is_placement_cell(b, me, to)
        }
        Move::Move { piece, from, to } => {
            if !b.is_placed(PieceId::queen(me)) || !b.is_placed(piece) || b.hex_of(piece) != from {
                return false;
            }
            let ctx = Ctx::new(pos);
            // An Ant's own move is found by a search that stops at its destination: the
            // common case of a record's Ant moves, without walking all the hive's edge.
            let own_ant = piece.bug() == Bug::Ant
                && piece.color() == me
                && Some(piece) != ctx.last
                && b.is_on_top(piece)
                && b.height(from) == 1
                && ctx.free(piece);
            if own_ant && ant_reaches(b, from, to) {
                return true;
            }
            let mut found = false;
            ctx.piece_moves(piece, &mut |c| found |= b.hex_of_cell(c, from) == to);
            found
        }
    }
}

/// The legal moves whose destination is `to`: those of [`generate`] that end there (never
/// a pass), found without generating the others. A piece is asked only where its movement
/// could end at `to` (a step away for a Queen, Beetle or Pillbug, on a line for a
/// Grasshopper, three steps for a Spider or Ladybug; an Ant's search stops there), and a
/// throw only by a thrower beside `to`. The surround search's last move, which must close
/// the Queen's last cell, is found this way.
pub(crate) fn generate_to(pos: &Position, to: Hex, out: &mut impl FnMut(Move)) {
    if pos.state().is_over() || pos.is_split() {
        return;
    }
    let b = pos.board();
    let me = pos.to_move();
    if is_placement_cell(b, me, to) {
        for piece in placeable(pos) {
            out(Move::Place { piece, to });
        }
    }
    if !b.is_placed(PieceId::queen(me)) {
        return;
    }
    // The articulation pass, the costliest fact, only once a piece is found to reach `to`
    // (often none does): `ctx` leaves the pinned pieces to `free`.
    let ctx = Ctx::with_pinned(pos, 0);
    let mut pinned: Option<u32> = None;
    let mut free = |p: PieceId| *pinned.get_or_insert_with(|| pinned_mask(b)) & (1 << p.0) == 0;
    let target = cell_of(to);
    for p in pieces_in(b.tops_mask()) {
        let from = b.hex_of(p);
        if from == to || Some(p) == ctx.last {
            continue;
        }
        let mut found = false;
        let ground = b.height(from) == 1;
        if p.color() == me {
            let d = from.distance(to);
            let (dq, dr) = (to.q - from.q, to.r - from.r);
            found = match p.bug() {
                Bug::Queen | Bug::Pillbug | Bug::Beetle => {
                    d == 1 && reaches(&ctx, p, target, from, to)
                }
                Bug::Grasshopper => {
                    (dq == 0 || dr == 0 || dq + dr == 0) && reaches(&ctx, p, target, from, to)
                }
                Bug::Spider | Bug::Ladybug => d <= 3 && reaches(&ctx, p, target, from, to),
                Bug::Ant if ground => ant_reaches(b, from, to),
                Bug::Ant => reaches(&ctx, p, target, from, to),
                // A Mosquito on a stack moves as a Beetle; on the ground as what it touches.
                Bug::Mosquito => (ground || d == 1) && reaches(&ctx, p, target, from, to),
            } && free(p);
        }
        // A throw: a lone piece beside a thrower that stands beside `to` ([`Ctx::throwable`]).
        if !found && ctx.throwers != 0 && ground {
            let pc = cell_of(from);
            let mut lands = false;
            for d in 0..6 {
                if let Some(t) = b.top_c(neighbor(pc, d)) {
                    if ctx.throwers & (1 << t.0) != 0 && b.hex_of(t).distance(to) == 1 {
                        ctx.throws(t, p, &mut |c| {
                            lands |= c == target && b.hex_of_cell(c, from) == to;
                        });
                    }
                }
            }
            found = lands && free(p);
        }
        if found {
            out(Move::Move { piece: p, from, to });
        }
    }
}

/// Whether the side to move may place a piece on some cell that is not next to `h`.
pub(crate) fn places_away_from(pos: &Position, h: Hex) -> bool {
    if pos.state().is_over() || pos.is_split() || placeable(pos).next().is_none() {
        return false;
    }
    let mut found = false;
    placement_cells(pos, &mut |c| found |= c.distance(h) > 1);
    found
}

/// Whether piece `p`'s own movement ends at `to` (cell `target`).
fn reaches(ctx: &Ctx, p: PieceId, target: CellIndex, from: Hex, to: Hex) -> bool {
    let b = ctx.board();
    let mut found = false;
    ctx.own_moves(p, &mut CellSet::new(), &mut |c| {
        found |= c == target && b.hex_of_cell(c, from) == to;
    });
    found
}

/// Whether [`placement_cells`] gives `to` for the side to move `me`.
fn is_placement_cell(b: &Board, me: Color, to: Hex) -> bool {
    let placed = b.placed_mask().count_ones();
    if placed == 0 {
        return to == Hex::ORIGIN;
    }
    if placed == 1 {
        return b
            .pieces()
            .next()
            .is_some_and(|p| b.hex_of(p).direction_to(to).is_some());
    }
    let n = cell_of(to);
    if b.height_c(n) != 0 {
        return false;
    }
    // Next to a piece of its own on top of its stack (the cells `placement_cells` walks
    // from), and to no opponent's.
    let touches_own = to
        .neighbors()
        .into_iter()
        .any(|h| b.top(h).is_some_and(|p| p.color() == me));
    touches_own && !(0..6).any(|e| b.top_c(neighbor(n, e)).is_some_and(|q| q.color() != me))
}

/// A legal move by torus cells, as the generator finds it: [`CellMove::to_move`] gives the
/// move with its true hexes. The search keeps its moves this way and turns into a `Move`
/// only those it plays (most are never played: a cut-off comes first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CellMove {
    Place {
        piece: PieceId,
        to: CellIndex,
    },
    Move {
        piece: PieceId,
        from: CellIndex,
        to: CellIndex,
    },
    Pass,
}

impl CellMove {
    /// The move with its hexes: the moving piece's own, and the destination's found from a
    /// piece next to it (exact wherever the hive lies; the origin on the empty board).
    pub(crate) fn to_move(self, b: &Board) -> Move {
        match self {
            CellMove::Place { piece, to } => Move::Place {
                piece,
                to: b.hex_of_cell(to, Hex::ORIGIN),
            },
            CellMove::Move { piece, to, .. } => {
                let from = b.hex_of(piece);
                Move::Move {
                    piece,
                    from,
                    to: b.hex_of_cell(to, from),
                }
            }
            CellMove::Pass => Move::Pass,
        }
    }
}

/// All legal moves of the side to move (`Pass` when there is none); none once the game is over.
pub(crate) fn generate(pos: &Position, out: &mut impl FnMut(Move)) {
    let b = pos.board();
    generate_cells(pos, &mut |m| out(m.to_move(b)));
}

/// [`generate`] by torus cells.
pub(crate) fn generate_cells(pos: &Position, out: &mut impl FnMut(CellMove)) {
    if pos.state().is_over() || pos.is_split() {
        return;
    }
    let mut any = false;
    // `placeable` yields at most one piece per bug kind, so the index stays below eight.
    let mut kinds = [PieceId(0); Bug::ALL.len()];
    let mut n = 0;
    for piece in placeable(pos) {
        kinds[n] = piece;
        n += 1;
    }
    if n > 0 {
        placement_cells(pos, &mut |to| {
            let to = cell_of(to);
            for &piece in &kinds[..n] {
                any = true;
                out(CellMove::Place { piece, to });
            }
        });
    }
    let b = pos.board();
    if b.is_placed(PieceId::queen(pos.to_move())) {
        let ctx = Ctx::new(pos);
        // Covered pieces have no moves: the pieces on top, in id order.
        for p in pieces_in(b.tops_mask()) {
            let from = cell_of(b.hex_of(p));
            ctx.piece_moves(p, &mut |to| {
                any = true;
                out(CellMove::Move { piece: p, from, to });
            });
        }
    }
    if !any {
        out(CellMove::Pass);
    }
}

/// Number of legal moves, without building them: placements are counted as cells times
/// placeable kinds, which is what makes perft's last ply cheap.
pub(crate) fn count(pos: &Position) -> u64 {
    if pos.state().is_over() || pos.is_split() {
        return 0;
    }
    let kinds = placeable(pos).count() as u64;
    let mut cells = 0u64;
    if kinds > 0 {
        placement_cells(pos, &mut |_| cells += 1);
    }
    let mut n = kinds * cells;
    let b = pos.board();
    if pos.queen_placed(pos.to_move()) {
        let ctx = Ctx::new(pos);
        for p in b.pieces() {
            ctx.piece_moves(p, &mut |_| n += 1);
        }
    }
    n.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::piece::GameType;
    use std::collections::HashSet;

    /// The pinned pieces found by arcs and flood fills are Tarjan's articulation points, in
    /// every position of seeded random games of every game type.
    #[test]
    fn pinned_mask_agrees_with_tarjan() {
        let mut checked = 0usize;
        crate::engine::position::random_walk(0x7069_6e6e_6564, 8, 200, &mut |pos, _| {
            let b = pos.board();
            assert_eq!(pinned_mask(b), pinned_mask_dfs(b), "{pos:?}");
            checked += 1;
        });
        assert!(checked > 5_000, "{checked}");
    }

    /// Every placement and movement of every piece to every cell on or near the hive, as
    /// well as a pass and movements from the wrong cell.
    fn candidates(pos: &Position) -> Vec<Move> {
        let b = pos.board();
        let mut cells: HashSet<Hex> = HashSet::from([Hex::ORIGIN, Hex::new(1, 0)]);
        for p in b.pieces() {
            let h = b.hex_of(p);
            cells.insert(h);
            for n in h.neighbors() {
                cells.insert(n);
                cells.extend(n.neighbors());
            }
        }
        let mut out = vec![Move::Pass];
        for piece in PieceId::all() {
            let from = b.position(piece).unwrap_or(Hex::new(3, -7));
            for &to in &cells {
                out.push(Move::Place { piece, to });
                out.push(Move::Move { piece, from, to });
                out.push(Move::Move {
                    piece,
                    from: from.step(crate::engine::hex::Direction::E),
                    to,
                });
            }
        }
        out
    }

    /// The moves to one cell are the legal moves that end there, for every cell on or near
    /// the hive, in every position of seeded random games of every game type.
    #[test]
    fn the_moves_to_a_cell_are_the_legal_moves_that_end_there() {
        let mut checked = 0usize;
        crate::engine::position::random_walk(0x746f_6365_6c6c, 3, 160, &mut |pos, legal| {
            let b = pos.board();
            let mut cells: HashSet<Hex> = HashSet::from([Hex::ORIGIN]);
            for p in b.pieces() {
                for n in b.hex_of(p).neighbors() {
                    cells.insert(n);
                    cells.extend(n.neighbors());
                }
            }
            for &to in &cells {
                let mut want: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|m| m.to() == Some(to) && *m != Move::Pass)
                    .collect();
                let mut got = Vec::new();
                generate_to(pos, to, &mut |m| got.push(m));
                want.sort_by_key(|m| format!("{m:?}"));
                got.sort_by_key(|m| format!("{m:?}"));
                assert_eq!(got, want, "to {to:?} in {pos:?}");
                checked += 1;
            }
        });
        assert!(checked > 100_000, "{checked}");
    }

    /// The one-move check agrees with the whole list of legal moves, for every candidate
    /// move, in every position of seeded random games of every game type (stacks, Pillbug
    /// throws, passes and ended games included).
    #[test]
    fn is_legal_agrees_with_the_legal_moves() {
        let mut seed: u64 = 0x6c65_6761_6c21;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        let mut checked = 0usize;
        for gt in GameType::all() {
            for round in 0..4 {
                let rules = crate::engine::position::Rules::default()
                    .with_tournament_opening(round % 2 == 0)
                    .with_repetition_draw(round >= 2);
                let mut pos = Position::with_rules(gt, rules);
                loop {
                    let legal: HashSet<Move> = pos.legal_moves().into_iter().collect();
                    for mv in candidates(&pos) {
                        assert_eq!(pos.is_legal(mv), legal.contains(&mv), "{mv:?} in {pos:?}");
                        checked += 1;
                    }
                    if pos.state().is_over() || pos.ply() >= 160 {
                        break;
                    }
                    let moves = pos.legal_moves();
                    pos.play_unchecked(moves[next() % moves.len()]);
                }
            }
        }
        assert!(checked > 1_000_000, "{checked}");
    }
}
