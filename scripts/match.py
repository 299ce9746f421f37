#!/usr/bin/env python3
"""Matches between Universal Hive Protocol engines (scripts/match.sh is its short form).

One engine (the first command) plays every other one (a gauntlet), or a new version plays a
base version of itself (self-play: two commands, or one command twice with different
`--option-new` / `--option-base` settings). Each opening is played as a pair of games with
the colours swapped, so a lopsided opening gives each side its advantage once.

Every move is checked: a separate UHP process, the referee (by default the repository's
`beeline uhp`), lists the legal moves before each engine move and follows the game. An
engine loses the game it is playing when it answers a move the referee does not allow,
answers `err` or `invalidmove`, crashes or exits, or gives no answer within the timeout; the
run goes on with new processes for the next game, and the reason is logged. The referee's
own failures stop the run: without it legal and illegal cannot be told apart.

Results: a line per game (and its UHP GameString, which scripts/calibrate.py reads), a line
per finished pair with the running score, Elo and its 95 % interval from the pairs'
(pentanomial) variance, and with `--sprt elo0 elo1` the log-likelihood ratio and its
bounds; the run stops when the SPRT accepts a hypothesis. At the end a markdown table of
the games (the README's) and the totals. `--pgn FILE` appends every game as PGN (Mzinga's
layout), `--json FILE` writes JSON lines: one per game, one per pair, a summary last.

    python3 scripts/match.py "target/release/beeline uhp" "/path/to/nokamute uhp" \\
        --time 00:00:01 --jobs 2 --pgn games.pgn --json games.jsonl
    python3 scripts/match.py "new/beeline uhp" "old/beeline uhp" --depth 3 \\
        --sprt 0 10 --random-plies 2 --max-games 2000 --jobs 2
"""

import argparse
import collections
import concurrent.futures
import dataclasses
import datetime
import json
import math
import os
import queue
import random
import shlex
import subprocess
import sys
import threading
import time

import match_stats as stats

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OPENINGS = os.path.join(REPO, "scripts", "openings.txt")
DEFAULT_REFEREE_BINARY = os.path.join(REPO, "target", "release", "beeline")

# Seconds allowed for any answer but `bestmove` (start-up, options, newgame, play,
# validmoves): generous, as a loaded machine can be slow to start a process.
COMMAND_TIMEOUT = 10.0
# Seconds allowed for `bestmove depth N`, which has no clock of its own.
DEPTH_TIMEOUT = 60.0

FINISHED = ("WhiteWins", "BlackWins", "Draw")
RESULT_OF_STATE = {"WhiteWins": "1-0", "BlackWins": "0-1", "Draw": "1/2-1/2"}
COLOUR = {"w": "White", "b": "Black"}


class EngineFault(Exception):
    """Something an engine did that loses it the game: a crash, an exit, a hang, an `err`
    or `invalidmove` answer. The message says what, for the log."""


class RefereeFault(Exception):
    """The referee failed or contradicted itself: the harness can no longer tell legal
    moves from illegal ones, so the run stops rather than score games wrongly."""


class OpeningError(ValueError):
    """An opening the referee refuses: the openings file is wrong, not an engine."""


class Aborted(Exception):
    """The run is stopping (another game hit a harness error, or Ctrl-C): games in
    progress end without a result."""


# --------------------------------------------------------------------------------------
# Openings


@dataclasses.dataclass
class Opening:
    """One line of an openings file: its 1-based number in the file, its moves and the
    comment after `#` (the source of the line, say)."""

    number: int
    moves: list
    comment: str = ""

    @property
    def text(self):
        return ";".join(self.moves)


def parse_openings(text, source="openings"):
    """Openings from text: one UHP move list a line, moves separated by `;`, `#` starting a
    comment (a whole line or the end of one), blank lines ignored.

    Raises ValueError on a line with an empty move, so that a typo does not silently
    shorten an opening."""
    openings = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        body, _, comment = line.partition("#")
        body = body.strip()
        if not body:
            continue
        moves = [m.strip() for m in body.split(";")]
        if any(not m for m in moves):
            raise ValueError(f"{source}:{line_number}: an empty move in '{body}'")
        openings.append(Opening(len(openings) + 1, moves, comment.strip()))
    if not openings:
        raise ValueError(f"{source}: no openings")
    return openings


def load_openings(path):
    """The openings of a file (see parse_openings)."""
    with open(path, encoding="utf-8") as f:
        return parse_openings(f.read(), path)


# --------------------------------------------------------------------------------------
# UHP processes


def first_error(lines):
    """The first `err …` or `invalidmove …` line of an answer, or None."""
    for line in lines:
        if line.startswith("err") or line.startswith("invalidmove"):
            return line
    return None


def game_state(game_string):
    """The GameStateString of a UHP GameString (`Base+MLP;InProgress;White[3];…`)."""
    fields = game_string.split(";")
    if len(fields) < 3:
        raise ValueError(f"not a GameString: '{game_string}'")
    return fields[1]


def game_string(game_type, state, moves):
    """A UHP GameString: the game type, its state, the turn and the moves."""
    n = len(moves)
    turn = f"{'White' if n % 2 == 0 else 'Black'}[{n // 2 + 1}]"
    return ";".join([game_type, state, turn] + list(moves))


class UhpProcess:
    """A UHP program on pipes. Its output is read by a thread into a queue, so that every
    answer can be waited for with a timeout: an engine that hangs is caught, not waited
    for forever. The last lines of its standard error are kept to explain a crash."""

    def __init__(self, command, timeout):
        self.command = command
        try:
            self.proc = subprocess.Popen(
                shlex.split(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                bufsize=1,
                errors="replace",
                # Its own session: a Ctrl-C at the terminal stops the harness, which then
                # ends its engines, rather than killing engines mid-game (a false forfeit).
                start_new_session=True,
            )
        except OSError as e:
            raise EngineFault(f"could not start: {e}") from e
        self.lines = queue.Queue()
        self.stderr_tail = collections.deque(maxlen=5)
        threading.Thread(target=self._pump_stdout, daemon=True).start()
        self.stderr_pump = threading.Thread(target=self._pump_stderr, daemon=True)
        self.stderr_pump.start()
        try:
            self.greeting = self.read_answer(timeout, "(start-up)")
        except EngineFault:
            self.close(kill=True)
            raise

    def _pump_stdout(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def _pump_stderr(self):
        for line in self.proc.stderr:
            self.stderr_tail.append(line.rstrip())

    def how_it_ended(self):
        """'exited with code 3', 'was killed by signal 9', with its last words on standard
        error when it left any."""
        try:
            code = self.proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return "closed its output"
        text = f"was killed by signal {-code}" if code < 0 else f"exited with code {code}"
        # Its last words may still be on their way through the pipe: the pump ends at the
        # pipe's end, which the exit has closed.
        self.stderr_pump.join(timeout=1.0)
        last = [line for line in self.stderr_tail if line.strip()]
        if last:
            text += f" (standard error: '{last[-1][:200]}')"
        return text

    def read_answer(self, timeout, command):
        """The lines of one answer, up to its `ok`. EngineFault when none comes within
        `timeout` seconds or the program ends first."""
        deadline = time.monotonic() + timeout
        lines = []
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise EngineFault(f"gave no answer to '{command}' within {timeout:g} s") from None
            if line is None:
                raise EngineFault(f"{self.how_it_ended()} while answering '{command}'")
            line = line.strip()
            if line == "ok":
                return lines
            if line:
                lines.append(line)

    def send(self, command, timeout):
        """Sends one command and returns its answer's lines (errors included)."""
        try:
            self.proc.stdin.write(command + "\n")
            self.proc.stdin.flush()
        except OSError:
            raise EngineFault(f"{self.how_it_ended()} before '{command}'") from None
        return self.read_answer(timeout, command)

    def close(self, kill=False):
        """Ends the program: `exit` and a short wait, or at once with `kill` (a hung or
        failed one)."""
        if self.proc.poll() is None and not kill:
            try:
                self.proc.stdin.write("exit\n")
                self.proc.stdin.flush()
                self.proc.wait(timeout=2.0)
            except (OSError, subprocess.TimeoutExpired):
                pass
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for pipe in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                pipe.close()
            except OSError:
                pass


class Referee:
    """The rules: a UHP process used only to list the legal moves and follow the game (it
    never searches). `play` returns the move as the referee spells it, so that a move an
    engine writes with another neighbour as reference is recognised and recorded in one
    spelling."""

    def __init__(self, command, timeout=COMMAND_TIMEOUT):
        self.command = command
        self.timeout = timeout
        try:
            self.proc = UhpProcess(command, timeout)
        except EngineFault as e:
            raise RefereeFault(f"the referee '{command}' {e}") from None

    def _ask(self, command):
        try:
            return self.proc.send(command, self.timeout)
        except EngineFault as e:
            raise RefereeFault(f"the referee '{self.command}' {e}") from None

    def newgame(self, game_type):
        """Starts a game; its state."""
        lines = self._ask(f"newgame {game_type}")
        bad = first_error(lines)
        if bad or not lines:
            raise RefereeFault(f"the referee cannot start a {game_type} game: {bad}")
        return game_state(lines[-1])

    def valid_moves(self):
        """The legal moves of the side to move, as the referee spells them."""
        lines = self._ask("validmoves")
        bad = first_error(lines)
        if bad:
            raise RefereeFault(f"the referee cannot list the legal moves: {bad}")
        return [m.strip() for line in lines for m in line.split(";") if m.strip()]

    def play(self, move):
        """Plays a move: (state, the move as the referee spells it, None), or (None, None,
        why) when the referee refuses it (its position is then unchanged)."""
        if not move or ";" in move or "\n" in move:
            return None, None, "not a MoveString"
        lines = self._ask(f"play {move}")
        bad = first_error(lines)
        if bad:
            return None, None, bad
        if not lines:
            raise RefereeFault(f"the referee gave no GameString after 'play {move}'")
        fields = lines[-1].split(";")
        if len(fields) < 4:
            raise RefereeFault(f"the referee's GameString after 'play {move}' has no moves")
        return fields[1], fields[-1], None

    def close(self):
        self.proc.close()


# --------------------------------------------------------------------------------------
# Engines and games


@dataclasses.dataclass
class EngineSpec:
    """An engine as the run knows it: its command, the options sent when it starts
    (`options set NAME VALUE`), and its name (its `id`, made unique) once probed."""

    command: str
    options: list = dataclasses.field(default_factory=list)
    name: str = "?"


@dataclasses.dataclass
class Config:
    """Everything a game needs to know, shared by the games of a run."""

    ours: EngineSpec
    opponents: list
    openings: list
    bestmove: str  # `bestmove time hh:mm:ss` or `bestmove depth N`
    move_timeout: float
    max_plies: int = 200
    game_type: str = "Base+MLP"
    referee: str = ""
    random_plies: int = 0
    seed: int = 1
    command_timeout: float = COMMAND_TIMEOUT
    abort: threading.Event = dataclasses.field(default_factory=threading.Event)


@dataclasses.dataclass
class Task:
    """One game to play: its number, its pair (the same opening with colours swapped),
    the opponent's index, the opening, and whether our engine has White."""

    number: int
    pair: int
    opponent: int
    opening: Opening
    ours_white: bool


@dataclasses.dataclass
class GameResult:
    """A finished game, as logged."""

    task: Task
    white: str
    black: str
    moves: list
    book_plies: int
    state: str  # the referee's GameStateString at the end
    result: str  # 1-0, 0-1, 1/2-1/2
    ending: str  # rules, ply cap, forfeit
    termination: str  # why it ended, in words
    forfeit: dict = None  # {"side", "engine", "reason"}
    slowest: dict = None  # seconds of the slowest bestmove answer by side
    notes: list = dataclasses.field(default_factory=list)
    seconds: float = 0.0

    @property
    def ours_points(self):
        if self.result == "1/2-1/2":
            return 0.5
        return 1.0 if (self.result == "1-0") == self.task.ours_white else 0.0


class Player:
    """An engine process playing one game: started with its options, it follows the game
    through `play` and answers `bestmove`. Any failure is an EngineFault."""

    def __init__(self, spec, cfg):
        self.spec = spec
        self.cfg = cfg
        self.proc = UhpProcess(spec.command, cfg.command_timeout)
        self.id = next((l[3:].strip() for l in self.proc.greeting if l.startswith("id ")), None)
        try:
            for name, value in spec.options:
                self.ask(f"options set {name} {value}")
        except EngineFault:
            self.proc.close(kill=True)
            raise

    def ask(self, command, timeout=None):
        """An answer without `err` or `invalidmove` in it."""
        lines = self.proc.send(command, timeout or self.cfg.command_timeout)
        bad = first_error(lines)
        if bad:
            raise EngineFault(f"answered '{command}' with '{bad}'")
        return lines

    def play(self, move):
        """Plays a move; the game's state as the engine sees it (None if unreadable)."""
        lines = self.ask(f"play {move}")
        try:
            return game_state(lines[-1]) if lines else None
        except ValueError:
            return None

    def bestmove(self):
        """The engine's move (its answer's last line)."""
        lines = self.ask(self.cfg.bestmove, self.cfg.move_timeout)
        if not lines:
            raise EngineFault(f"answered '{self.cfg.bestmove}' with no move")
        return lines[-1]

    def close(self, kill=False):
        self.proc.close(kill)


def probe(spec, cfg):
    """Starts an engine once before the run, sends its options and reads its `id`: a
    wrong command or option is reported before any game is scored."""
    player = Player(spec, cfg)
    player.close()
    return player.id or os.path.basename(shlex.split(spec.command)[0])


def book_moves(task, cfg, referee):
    """Plays the opening on the referee, then `random_plies` random legal moves drawn from
    a generator seeded by the run's seed and the pair, so that both games of a pair get
    the same ones. The moves as the referee spells them, and the state."""
    moves = []
    state = referee.newgame(cfg.game_type)
    for i, move in enumerate(task.opening.moves):
        state, spelled, why = referee.play(move)
        if why:
            raise OpeningError(
                f"opening {task.opening.number} ({task.opening.text}): move {i + 1} "
                f"'{move}' is refused by the referee: {why}"
            )
        moves.append(spelled)
    rng = random.Random(f"{cfg.seed}/{task.pair}")
    for _ in range(cfg.random_plies):
        if state in FINISHED:
            break
        legal = sorted(referee.valid_moves())
        state, spelled, why = referee.play(rng.choice(legal))
        if why:
            raise RefereeFault(f"the referee refuses a move it listed: {why}")
        moves.append(spelled)
    if state in FINISHED:
        raise OpeningError(f"opening {task.opening.number} ({task.opening.text}) ends the game")
    return moves, state


def play_game(task, cfg, referee_factory):
    """Plays one game to its end by the rules, the ply cap or a forfeit. Harness errors
    (RefereeFault, OpeningError, Aborted) propagate; an engine's failure is a forfeit."""
    started = time.monotonic()
    opponent = cfg.opponents[task.opponent]
    specs = {"w": cfg.ours, "b": opponent} if task.ours_white else {"w": opponent, "b": cfg.ours}
    players = {}
    notes = []
    slowest = {"w": 0.0, "b": 0.0}
    forfeit = None  # (side, reason)
    referee = referee_factory()
    try:
        moves, state = book_moves(task, cfg, referee)
        book_plies = len(moves)
        for side in ("w", "b"):
            try:
                players[side] = Player(specs[side], cfg)
                players[side].ask(f"newgame {cfg.game_type}")
                for move in moves:
                    players[side].play(move)
            except EngineFault as e:
                forfeit = (side, f"failed to set up the game: {e}")
                break
        disagreed = False
        while forfeit is None and state not in FINISHED and len(moves) < cfg.max_plies:
            if cfg.abort.is_set():
                raise Aborted()
            side = "w" if len(moves) % 2 == 0 else "b"
            legal = referee.valid_moves()
            if not legal:
                raise RefereeFault(f"the referee lists no move at ply {len(moves) + 1} ({state})")
            t0 = time.monotonic()
            try:
                answer = players[side].bestmove()
            except EngineFault as e:
                forfeit = (side, str(e))
                break
            slowest[side] = max(slowest[side], time.monotonic() - t0)
            new_state, spelled, why = referee.play(answer)
            if why:
                forfeit = (side, f"played '{answer}', not a legal move ({why})")
                break
            if answer not in legal:
                if spelled not in legal:
                    raise RefereeFault(
                        f"the referee accepts '{answer}' as '{spelled}', which it did not list"
                    )
                notes.append(f"ply {len(moves) + 1}: '{answer}' is '{spelled}'")
            state = new_state
            moves.append(spelled)
            for s in ("w", "b"):
                try:
                    seen = players[s].play(spelled)
                except EngineFault as e:
                    forfeit = (s, f"refused the legal move '{spelled}': {e}")
                    break
                if seen is not None and seen != state and not disagreed:
                    disagreed = True
                    notes.append(
                        f"ply {len(moves)}: {specs[s].name} says {seen}, the referee {state}"
                    )
        if forfeit:
            side, reason = forfeit
            result = "0-1" if side == "w" else "1-0"
            ending = "forfeit"
            termination = f"forfeit: {COLOUR[side]} ({specs[side].name}) {reason}"
            forfeit = {"side": COLOUR[side], "engine": specs[side].name, "reason": reason}
            if side in players:
                players[side].close(kill=True)
        elif state in FINISHED:
            result = RESULT_OF_STATE[state]
            ending = "rules"
            termination = f"normal: {state} by the referee's rules"
        else:
            result = "1/2-1/2"
            ending = "ply cap"
            termination = f"ply cap: still in progress at ply {len(moves)}, scored as a draw"
        return GameResult(
            task=task,
            white=specs["w"].name,
            black=specs["b"].name,
            moves=moves,
            book_plies=book_plies,
            state=state,
            result=result,
            ending=ending,
            termination=termination,
            forfeit=forfeit,
            slowest=slowest,
            notes=notes,
            seconds=time.monotonic() - started,
        )
    finally:
        for player in players.values():
            player.close(kill=cfg.abort.is_set())
        referee.close()


# --------------------------------------------------------------------------------------
# Logs


def pgn_escape(value):
    """A PGN tag value: backslashes and quotes escaped (moves such as `wA1 \\wS1` appear in
    the termination)."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def pgn_text(game, cfg, event, date):
    """One game as PGN in Mzinga's layout (tag pairs, then one numbered ply a line, then
    the result), which Beeline, Mzinga and hivegame.com read."""
    tags = [
        ("GameType", cfg.game_type),
        ("Event", event),
        ("Date", date),
        ("Round", str(game.task.number)),
        ("White", game.white),
        ("Black", game.black),
        ("Result", game.result),
        ("Termination", game.termination),
        ("TimeControl", cfg.bestmove),
        ("Opening", f"{game.task.opening.number}: {game.task.opening.text}"),
        ("BookPlies", str(game.book_plies)),
        ("PlyCount", str(len(game.moves))),
    ]
    lines = [f'[{name} "{pgn_escape(value)}"]' for name, value in tags]
    lines.append("")
    lines += [f"{i}. {move}" for i, move in enumerate(game.moves, start=1)]
    lines += ["", game.result, "", ""]
    return "\n".join(lines)


def game_json(game, cfg):
    """One game as a JSON object (a line of the `--json` log)."""
    return {
        "type": "game",
        "game": game.task.number,
        "pair": game.task.pair,
        "opponent": cfg.opponents[game.task.opponent].name,
        "opening": game.task.opening.number,
        "opening_moves": game.task.opening.text,
        "white": game.white,
        "black": game.black,
        "ours_white": game.task.ours_white,
        "result": game.result,
        "points": game.ours_points,
        "state": game.state,
        "ending": game.ending,
        "termination": game.termination,
        "forfeit": game.forfeit,
        "plies": len(game.moves),
        "book_plies": game.book_plies,
        "moves": game.moves,
        "slowest": {COLOUR[s]: round(t, 3) for s, t in game.slowest.items()},
        "notes": game.notes,
        "seconds": round(game.seconds, 3),
    }


def fmt_llr(llr, bounds):
    return f"LLR {llr:.2f} [{bounds[0]:.2f}, {bounds[1]:.2f}]"


# --------------------------------------------------------------------------------------
# The run


class Tally:
    """Results against one opponent (or all): games, wins, draws, losses of our engine
    and the pentanomial counts of the finished pairs."""

    def __init__(self):
        self.wins = self.draws = self.losses = 0
        self.penta = [0, 0, 0, 0, 0]
        self.forfeits = 0

    def add_game(self, game):
        points = game.ours_points
        if points == 1.0:
            self.wins += 1
        elif points == 0.5:
            self.draws += 1
        else:
            self.losses += 1
        if game.forfeit:
            self.forfeits += 1

    @property
    def games(self):
        return self.wins + self.draws + self.losses

    @property
    def points(self):
        return self.wins + 0.5 * self.draws

    def estimate(self):
        """The pentanomial estimate once a pair is complete, else the trinomial one."""
        if sum(self.penta):
            return stats.pentanomial_estimate(self.penta)
        return stats.trinomial_estimate(self.wins, self.draws, self.losses)

    def as_dict(self):
        tri = stats.trinomial_estimate(self.wins, self.draws, self.losses)
        penta = stats.pentanomial_estimate(self.penta)
        return {
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "points": self.points,
            "forfeits": self.forfeits,
            "pentanomial": list(self.penta),
            "pairs": sum(self.penta),
            "trinomial_estimate": tri.as_dict() if tri else None,
            "pentanomial_estimate": penta.as_dict() if penta else None,
        }


def make_tasks(cfg, pairs_per_opponent, max_games):
    """The games in the order they start: pair after pair, the opponents in turn within a
    round (so a run cut short is balanced), our engine White in the pair's first game.
    Openings are taken in file order and start again from the first when exhausted."""
    number = 0
    pair = 0
    total_pairs = pairs_per_opponent * len(cfg.opponents)
    if max_games is not None:
        total_pairs = min(total_pairs, max_games // 2)
    for round_index in range(pairs_per_opponent):
        opening = cfg.openings[round_index % len(cfg.openings)]
        for opponent in range(len(cfg.opponents)):
            if pair >= total_pairs:
                return
            pair += 1
            for ours_white in (True, False):
                number += 1
                yield Task(number, pair, opponent, opening, ours_white)


class Run:
    """A run in progress: it collects finished games (in whatever order they end), forms
    the pairs, updates the tallies and the SPRT, prints and logs."""

    def __init__(self, cfg, out, pgn_path=None, json_path=None, sprt=None, event="Beeline match"):
        self.cfg = cfg
        self.out = out
        self.pgn = open(pgn_path, "a", encoding="utf-8") if pgn_path else None
        self.json = open(json_path, "w", encoding="utf-8") if json_path else None
        self.sprt = sprt  # (elo0, elo1, alpha, beta) or None
        self.bounds = stats.sprt_bounds(sprt[2], sprt[3]) if sprt else None
        self.event = event
        self.date = datetime.date.today().strftime("%Y.%m.%d")
        self.games = []
        self.waiting = {}  # pair -> its first finished game
        self.tallies = [Tally() for _ in cfg.opponents]
        self.total = Tally()
        self.pairs_done = 0
        self.llr = 0.0
        self.decision = None
        self.decided_after = None

    def print(self, text=""):
        print(text, file=self.out, flush=True)

    def write_json(self, obj):
        if self.json:
            self.json.write(json.dumps(obj) + "\n")
            self.json.flush()

    def add(self, game):
        """Records a finished game; completes its pair when the other game is in."""
        cfg = self.cfg
        self.games.append(game)
        self.tallies[game.task.opponent].add_game(game)
        self.total.add_game(game)
        task = game.task
        ours = cfg.ours.name
        colour = "White" if task.ours_white else "Black"
        slow = {cfg.ours.name: game.slowest["w" if task.ours_white else "b"]}
        other = cfg.opponents[task.opponent].name
        slow[other] = game.slowest["b" if task.ours_white else "w"]
        slowest = ", ".join(f"{n} {t:.3f} s" for n, t in slow.items())
        self.print(
            f"game {task.number} (pair {task.pair}, opening {task.opening.number} "
            f"`{task.opening.text}`): {ours} as {colour} against {other}: {game.result} "
            f"after {len(game.moves)} plies, {game.termination}; slowest answers: {slowest}"
        )
        gs = game_string(cfg.game_type, game.state, game.moves)
        if game.ending == "forfeit":
            # Not a line scripts/calibrate.py reads: the position did not decide the game.
            self.print(f"  moves until the forfeit: {gs}")
        else:
            self.print(f"  {gs}")
        for note in game.notes:
            self.print(f"  note: {note}")
        if self.pgn:
            self.pgn.write(pgn_text(game, cfg, self.event, self.date))
            self.pgn.flush()
        self.write_json(game_json(game, cfg))
        first = self.waiting.pop(task.pair, None)
        if first is None:
            self.waiting[task.pair] = game
        else:
            self.pair_done(first, game)

    def pair_done(self, a, b):
        """Both games of a pair are in: the pentanomial, the estimate and the SPRT move."""
        if a.task.opening.number != b.task.opening.number or a.task.ours_white == b.task.ours_white:
            raise AssertionError(f"games {a.task.number} and {b.task.number} are not a pair")
        outcome = stats.pair_outcome(a.ours_points, b.ours_points)
        tally = self.tallies[a.task.opponent]
        tally.penta[outcome] += 1
        self.total.penta[outcome] += 1
        self.pairs_done += 1
        first, second = sorted((a, b), key=lambda g: g.task.number)
        est = tally.estimate()
        line = (
            f"pair {a.task.pair} (opening {a.task.opening.number}, "
            f"against {self.cfg.opponents[a.task.opponent].name}): "
            f"{first.ours_points:g} + {second.ours_points:g}; "
            f"pentanomial {'-'.join(map(str, tally.penta))}; {est.describe()}"
        )
        record = {
            "type": "pair",
            "pair": a.task.pair,
            "opponent": self.cfg.opponents[a.task.opponent].name,
            "opening": a.task.opening.number,
            "games": [first.task.number, second.task.number],
            "points": first.ours_points + second.ours_points,
            "pentanomial": list(tally.penta),
            "estimate": est.as_dict(),
        }
        if self.sprt:
            elo0, elo1, _, _ = self.sprt
            self.llr = stats.sprt_llr(self.total.penta, elo0, elo1)
            line += f"; {fmt_llr(self.llr, self.bounds)}"
            record["llr"] = round(self.llr, 6)
            decision = stats.sprt_decision(self.llr, self.bounds)
            if decision and not self.decision:
                self.decision = decision
                self.decided_after = self.pairs_done
                accepted = f"Elo {elo1:g}" if decision == "H1" else f"Elo {elo0:g}"
                line += f"\nSPRT: {decision} accepted ({accepted}) after {self.pairs_done} pairs"
        self.print(line)
        self.write_json(record)

    def summary(self, interrupted=False):
        """The final JSON object."""
        s = {
            "type": "summary",
            "engine": self.cfg.ours.name,
            "opponents": [
                dict(name=o.name, **t.as_dict()) for o, t in zip(self.cfg.opponents, self.tallies)
            ],
            "total": self.total.as_dict(),
            "bestmove": self.cfg.bestmove,
            "max_plies": self.cfg.max_plies,
            "game_type": self.cfg.game_type,
            "incomplete_pairs": sorted(self.waiting),
            "interrupted": interrupted,
            "sprt": None,
        }
        if self.sprt:
            elo0, elo1, alpha, beta = self.sprt
            s["sprt"] = {
                "elo0": elo0,
                "elo1": elo1,
                "alpha": alpha,
                "beta": beta,
                "lower": round(self.bounds[0], 6),
                "upper": round(self.bounds[1], 6),
                "llr": round(self.llr, 6),
                "decision": self.decision,
                "decided_after_pairs": self.decided_after,
            }
        return s

    def close(self):
        for f in (self.pgn, self.json):
            if f:
                f.close()


def run_games(run, tasks, jobs, referee_factory):
    """Plays the tasks, `jobs` at a time, handing each finished game to the run. Stops
    starting games once the SPRT has decided; games already running finish and count. A
    harness error stops every game and propagates; Ctrl-C stops them and returns True."""
    cfg = run.cfg
    tasks = iter(tasks)
    pending = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        try:
            while True:
                while run.decision is None and len(pending) < jobs:
                    task = next(tasks, None)
                    if task is None:
                        break
                    pending[pool.submit(play_game, task, cfg, referee_factory)] = task
                if not pending:
                    return False
                done, _ = concurrent.futures.wait(
                    pending, return_when=concurrent.futures.FIRST_COMPLETED
                )
                for future in sorted(done, key=lambda f: pending[f].number):
                    del pending[future]
                    run.add(future.result())
        except KeyboardInterrupt:
            cfg.abort.set()
            for future in pending:
                future.cancel()
            concurrent.futures.wait(pending)
            return True
        except BaseException:
            cfg.abort.set()
            raise


def print_table(run, out):
    """The README's table: one row per game by opening, and the totals."""
    cfg = run.cfg
    lengths = {len(g.task.opening.moves) for g in run.games}
    words = {4: "four", 5: "five", 6: "six"}
    plies_header = (
        f"first {words.get(next(iter(lengths)), next(iter(lengths)))} plies"
        if len(lengths) == 1
        else "opening"
    )
    if cfg.random_plies:
        plies_header += f" (+{cfg.random_plies} random)"
    short = cfg.ours.name.split()[0] if cfg.ours.name else "engine"
    if any(o.name.split()[0] == short for o in cfg.opponents):
        short = "new"
    several = len(cfg.opponents) > 1
    for index, opponent in enumerate(cfg.opponents):
        games = [g for g in run.games if g.task.opponent == index]
        if not games:
            continue
        print(file=out)
        print(f"{cfg.ours.name} vs {opponent.name}, {cfg.bestmove}, cap {cfg.max_plies} plies", file=out)
        print(file=out)
        print(f"| opening | {plies_header} | {short} as | result | plies | {short}'s points |", file=out)
        print("|---|---|---|---|---|---|", file=out)
        # Black's row first within a pair, as the README's tables have it.
        for g in sorted(games, key=lambda g: (g.task.pair, g.task.ours_white)):
            colour = "White" if g.task.ours_white else "Black"
            result = g.result + (" (forfeit)" if g.forfeit else "")
            print(
                f"| {g.task.opening.number} | `{g.task.opening.text}` | {colour} | {result} "
                f"| {len(g.moves)} | {g.ours_points:g} |",
                file=out,
            )
        t = run.tallies[index]
        print(file=out)
        label = f"{short} against {opponent.name}" if several else short
        print(
            f"{label}: {t.wins} wins, {t.draws} draws, {t.losses} losses: "
            f"{t.points:g}/{t.games} = {100 * t.points / max(t.games, 1):.0f}%",
            file=out,
        )
        describe_tally(t, out)
    if several:
        print(file=out)
        t = run.total
        print(
            f"{short} in all: {t.wins} wins, {t.draws} draws, {t.losses} losses: "
            f"{t.points:g}/{t.games} = {100 * t.points / max(t.games, 1):.0f}%",
            file=out,
        )
        describe_tally(t, out)


def describe_tally(t, out):
    """Score, Elo and their intervals, from the pairs (and, for comparison, the games)."""
    penta = stats.pentanomial_estimate(t.penta)
    tri = stats.trinomial_estimate(t.wins, t.draws, t.losses)
    if penta:
        print(
            f"  pairs ({sum(t.penta)}, pentanomial {'-'.join(map(str, t.penta))}): {penta.describe()}",
            file=out,
        )
    if tri:
        print(f"  games as if unpaired ({tri.samples}): {tri.describe()}", file=out)
    if t.forfeits:
        print(f"  forfeits: {t.forfeits}", file=out)


# --------------------------------------------------------------------------------------
# Command line


def parse_option(text):
    """NAME=VALUE as (NAME, VALUE)."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, not '{text}'")
    return name.strip(), value.strip()


def parse_hms(text):
    """Seconds of an `hh:mm:ss` time (seconds may have a fraction)."""
    try:
        h, m, s = text.split(":")
        seconds = int(h) * 3600 + int(m) * 60 + float(s)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected hh:mm:ss, not '{text}'") from None
    if seconds <= 0:
        raise argparse.ArgumentTypeError("the time must be positive")
    return text


def arguments(argv):
    ap = argparse.ArgumentParser(
        description="A gauntlet or self-play match of UHP engines, with every move checked "
        "by a referee, paired openings, Elo with its interval and an optional SPRT.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("engine", help="the engine under test (the 'new' one in self-play)")
    ap.add_argument("opponents", nargs="+", help="its opponents (the 'base' one in self-play)")
    limit = ap.add_mutually_exclusive_group()
    limit.add_argument("--time", type=parse_hms, help="bestmove time hh:mm:ss (default 00:00:01)")
    limit.add_argument("--depth", type=int, help="bestmove depth N instead of a time")
    ap.add_argument("--timeout", type=float, help="seconds an engine may take for a move "
                    f"before it forfeits (default 3 x time + 5, or {DEPTH_TIMEOUT:g} with --depth)")
    ap.add_argument("--max-plies", type=int, default=200, help="ply cap; a game still going "
                    "there is a draw (default 200)")
    ap.add_argument("--openings", default=DEFAULT_OPENINGS, help="openings file: one UHP move "
                    "list a line, `;` between moves, `#` comments (default scripts/openings.txt)")
    ap.add_argument("--pairs", type=int, help="pairs per opponent (default: one per opening; "
                    "openings repeat beyond)")
    ap.add_argument("--max-games", type=int, help="stop after this many games in all (default: "
                    "the pairs; with --sprt 2000)")
    ap.add_argument("--random-plies", type=int, default=0, help="random legal plies after each "
                    "opening, the same in both games of a pair (fresh positions for fixed-depth "
                    "runs, where repeated openings would replay the same games)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the random plies")
    ap.add_argument("--jobs", type=int, default=1, help="games at once")
    ap.add_argument("--game-type", default="Base+MLP")
    ap.add_argument("--referee", help="UHP command that judges moves (default: the repository's "
                    "target/release/beeline uhp, else the engine's command)")
    ap.add_argument("--option-new", "--engine-option", dest="option_new", action="append",
                    type=parse_option, default=[], metavar="NAME=VALUE",
                    help="`options set NAME VALUE` for the engine under test (repeatable)")
    ap.add_argument("--option-base", "--opponent-option", dest="option_base", action="append",
                    type=parse_option, default=[], metavar="NAME=VALUE",
                    help="`options set NAME VALUE` for every opponent (repeatable)")
    ap.add_argument("--sprt", nargs=2, type=float, metavar=("ELO0", "ELO1"),
                    help="sequential probability ratio test of H0: Elo = ELO0 against H1: "
                    "Elo = ELO1 (logistic Elo, on game pairs); needs one opponent")
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--beta", type=float, default=0.05)
    ap.add_argument("--pgn", help="append every game to this PGN file")
    ap.add_argument("--json", help="write JSON lines here: a game, a pair, a summary last")
    ap.add_argument("--event", default="Beeline match", help="the PGN's Event tag")
    args = ap.parse_args(argv)
    if args.sprt and len(args.opponents) != 1:
        ap.error("--sprt tests one engine against one other")
    if args.sprt and args.sprt[0] >= args.sprt[1]:
        ap.error("--sprt needs ELO0 < ELO1")
    for name in ("jobs", "max_plies"):
        if getattr(args, name) < 1:
            ap.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.depth is not None and args.depth < 1:
        ap.error("--depth must be at least 1")
    return args


def unique_names(names):
    """Names made distinct by (new)/(base) or a number, so that the logs can tell engines
    apart in self-play."""
    if len(set(names)) == len(names):
        return names
    if len(names) == 2:
        return [f"{names[0]} (new)", f"{names[1]} (base)"]
    return [f"{n} #{i + 1}" for i, n in enumerate(names)]


def main(argv=None, out=None, referee_factory=None):
    """Runs a match from command-line arguments; the exit status. `referee_factory`
    replaces the referee process (tests inject one that knows a toy game's rules)."""
    out = out or sys.stdout
    args = arguments(argv)
    openings = load_openings(args.openings)
    if args.depth is not None:
        bestmove = f"bestmove depth {args.depth}"
        move_timeout = args.timeout or DEPTH_TIMEOUT
    else:
        time_text = args.time or "00:00:01"
        h, m, s = time_text.split(":")
        move_timeout = args.timeout or 3 * (int(h) * 3600 + int(m) * 60 + float(s)) + 5
        bestmove = f"bestmove time {time_text}"
    referee = args.referee
    if referee is None:
        referee = (
            f"{shlex.quote(DEFAULT_REFEREE_BINARY)} uhp"
            if os.access(DEFAULT_REFEREE_BINARY, os.X_OK)
            else args.engine
        )
    cfg = Config(
        ours=EngineSpec(args.engine, args.option_new),
        opponents=[EngineSpec(c, args.option_base) for c in args.opponents],
        openings=openings,
        bestmove=bestmove,
        move_timeout=move_timeout,
        max_plies=args.max_plies,
        game_type=args.game_type,
        referee=referee,
        random_plies=args.random_plies,
        seed=args.seed,
    )
    names = []
    for spec in [cfg.ours] + cfg.opponents:
        try:
            name = probe(spec, cfg)
        except EngineFault as e:
            print(f"error: the engine '{spec.command}' {e}", file=sys.stderr)
            return 2
        if spec.options:
            name += " [" + ", ".join(f"{k}={v}" for k, v in spec.options) + "]"
        names.append(name)
    for spec, name in zip([cfg.ours] + cfg.opponents, unique_names(names)):
        spec.name = name

    max_games = args.max_games
    if max_games is None and args.sprt:
        max_games = 2000
    if args.pairs:
        pairs = args.pairs
    elif max_games is not None and (args.sprt or args.max_games):
        pairs = math.ceil(max_games / 2 / len(cfg.opponents))
    else:
        pairs = len(openings)
    if referee_factory is None:
        referee_factory = lambda: Referee(cfg.referee, cfg.command_timeout)  # noqa: E731

    sprt = (args.sprt[0], args.sprt[1], args.alpha, args.beta) if args.sprt else None
    run = Run(cfg, out, args.pgn, args.json, sprt, args.event)
    names = ", ".join(o.name for o in cfg.opponents)
    run.print(
        f"{cfg.ours.name} against {names}: {bestmove}, cap {cfg.max_plies} plies, "
        f"{pairs} pairs per opponent from {len(openings)} openings"
        + (f" (+{cfg.random_plies} random plies)" if cfg.random_plies else "")
        + (f", at most {max_games} games" if max_games is not None else "")
        + f", {args.jobs} at a time; referee: {cfg.referee}"
    )
    if sprt:
        run.print(
            f"SPRT: H0 Elo {sprt[0]:g} against H1 Elo {sprt[1]:g}, alpha {sprt[2]:g}, "
            f"beta {sprt[3]:g}: bounds [{run.bounds[0]:.2f}, {run.bounds[1]:.2f}]"
        )
    if pairs > len(openings) and not cfg.random_plies and args.depth is not None:
        run.print(
            "warning: openings repeat at a fixed depth: deterministic engines replay the "
            "same games, which the statistics count as new ones (add --random-plies)"
        )
    try:
        interrupted = run_games(run, make_tasks(cfg, pairs, max_games), args.jobs, referee_factory)
        if interrupted:
            run.print("interrupted: the games in progress are left out")
        print_table(run, out)
        if sprt:
            verdict = (
                f"{run.decision} accepted after {run.decided_after} pairs"
                if run.decision
                else "no decision"
            )
            run.print(f"SPRT [{sprt[0]:g}, {sprt[1]:g}]: {fmt_llr(run.llr, run.bounds)}: {verdict}")
        run.write_json(run.summary(interrupted))
    finally:
        run.close()
    return 130 if interrupted else 0


if __name__ == "__main__":
    sys.exit(main())
