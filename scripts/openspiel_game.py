#!/usr/bin/env python3
"""An OpenSpiel game served to treebench over the game protocol (docs/game-protocol.md).

    treebench --game-server 'python3 scripts/openspiel_game.py hex(board_size=3)' \\
        verify --game hex3

Usage: openspiel_game.py GAME [--name NAME] [--scale K]

GAME is a pyspiel game string (`breakthrough(rows=4,columns=4)`, `hex(board_size=3)`,
`clobber(rows=3,columns=4)`, `tic_tac_toe`); it must be a two-player, zero-sum, deterministic
game of perfect information. Where a player moves again (mancala's extra turn, amazons' move
then shot), a treebench move is the whole sequence of that player's actions up to the other
player's turn or the end, so that players alternate as the negamax core needs (at most 368
moves a position: treebench's move list). NAME is the game's
name in treebench (default: the short name and the parameters' values, `breakthrough44`,
`hex3`). Values are OpenSpiel's returns times K (default 1), which must be integers.

A position's text is `os:` and its action ids from the start, separated by commas (`os:` is
the start; `os:4,0,8`). A move is its actions' `action_to_string`s joined by `+` where those
make words of at most 8 characters without `:` (`a1`, `b4c4`), else `#` and its action ids
(`#3+#12`), else `m` and its index among the position's moves. The key is the first 8 bytes
of BLAKE2b over the text: OpenSpiel rebuilds a state only from its moves, so the text is the
history and two move orders that reach one board are two positions to treebench (its table
sees no transposition between them; a key of the board would break `verify`'s rule that
distinct texts have distinct keys). The static evaluation is 0 (OpenSpiel's games have none). The
answers depend on the request alone, so the server keeps no state beyond a cache of positions.
"""
import hashlib
import sys

import pyspiel

CACHE = 200_000
# treebench's move list (src/game/search.rs MAX_MOVES)
MAX_MOVES = 368


def short_name(game):
    t = game.get_type()
    params = game.get_parameters()
    digits = "".join(str(v) for k, v in sorted(params.items()) if isinstance(v, int) and not isinstance(v, bool))
    return (t.short_name + digits).replace("-", "_").lower()


class Served:
    def __init__(self, spec, name, scale):
        self.game = pyspiel.load_game(spec)
        t = self.game.get_type()
        if (t.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL
                or t.chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC
                or t.information != pyspiel.GameType.Information.PERFECT_INFORMATION
                or self.game.num_players() != 2):
            raise SystemExit(f"{spec}: not a two-player deterministic game of perfect information")
        self.name = name or short_name(self.game)
        self.scale = scale
        self.states = {}
        self.moves = {}

    def state(self, text):
        """The state TEXT names and the player who moved last (None at the start)."""
        hit = self.states.get(text)
        if hit is not None:
            return hit
        if not text.startswith("os:"):
            raise ValueError(f"`{text}` is not a position (os:ACTION,ACTION,...)")
        state, last = self.game.new_initial_state(), None
        for word in filter(None, text[3:].split(",")):
            if state.is_terminal() or not word.isdigit() or int(word) not in state.legal_actions():
                raise ValueError(f"`{text}`: `{word}` is not a legal action there")
            last = state.current_player()
            state.apply_action(int(word))
        return self.remember(text, state, last)

    def remember(self, text, state, last):
        if len(self.states) >= CACHE:
            self.states.clear()
            self.moves.clear()
        self.states[text] = (state, last)
        return state, last

    def moves_at(self, text, state):
        """`move_words` of the position TEXT, kept: a node's line names them and each `play`
        from it looks its move up in them (a sequence's enumeration clones states)."""
        hit = self.moves.get(text)
        if hit is None:
            hit = self.moves[text] = self.move_words(state)
        return hit

    def move_words(self, state):
        """Each legal move's word and its actions: one action, or, where the same player moves
        again (mancala's extra turn, amazons' move then shot), every sequence of that player's
        actions up to the next player or the end, one move to treebench (at most MAX_MOVES)."""
        seqs = []
        self.sequences(state, state.current_player(), (), seqs)
        ok = lambda w: 0 < len(w) <= 8 and w.isascii() and ":" not in w and not any(c.isspace() for c in w)
        for name in (self.words, lambda st, q: "+".join(f"#{a}" for a in q)):
            words = [name(state, q) for q in seqs]
            if all(map(ok, words)) and len(set(words)) == len(words):
                return dict(zip(words, seqs))
        return {f"m{i}": q for i, q in enumerate(seqs)}

    def sequences(self, state, mover, prefix, out):
        for a in state.legal_actions():
            if len(out) > MAX_MOVES:
                raise ValueError(f"more than {MAX_MOVES} moves (sequences of one player's actions)")
            child = state.clone()
            child.apply_action(a)
            if not child.is_terminal() and child.current_player() == mover:
                self.sequences(child, mover, prefix + (a,), out)
            else:
                out.append(prefix + (a,))

    @staticmethod
    def words(state, seq):
        """The action strings of a sequence, joined by `+` (each taken in its own state)."""
        out, st = [], state.clone()
        for a in seq:
            out.append(st.action_to_string(st.current_player(), a))
            st.apply_action(a)
        return "+".join(out)

    def node(self, text, state, last):
        if state.is_terminal():
            to_move = 1 - last if last is not None else 0
            value = state.returns()[to_move] * self.scale
            if value != int(value):
                raise ValueError(f"`{text}`: value {value} is not an integer (use --scale)")
            end, words = str(int(value)), ""
        else:
            to_move, end = state.current_player(), "-"
            words = " ".join(self.moves_at(text, state))
        key = hashlib.blake2b(text.encode(), digest_size=8).hexdigest()
        return f"node\t{text}\t{to_move}\t{key}\t0\t{end}\t{words}"

    def play(self, move, text):
        state, _ = self.state(text)
        if state.is_terminal():
            raise ValueError(f"`{text}`: the game is over")
        actions = self.moves_at(text, state).get(move)
        if actions is None:
            raise ValueError(f"`{move}` is not a legal move at `{text}`")
        mover = state.current_player()
        child = state.clone()
        for a in actions:
            child.apply_action(a)
        child_text = text + ("," if text != "os:" else "") + ",".join(map(str, actions))
        self.remember(child_text, child, mover)
        return self.node(child_text, child, mover)

    def answer(self, line):
        word, _, rest = line.partition(" ")
        if word == "treebench-game":
            return f"game {self.name} {self.game.max_game_length()}"
        if word == "start":
            state, last = self.state("os:")
            return self.node("os:", state, last)
        if word == "position":
            state, last = self.state(rest)
            return self.node(rest, state, last)
        if word == "play":
            move, _, text = rest.partition(" ")
            return self.play(move, text)
        raise ValueError(f"unknown request `{word}`")


def main(argv):
    args, name, scale = [], None, 1
    it = iter(argv)
    for a in it:
        if a == "--name":
            name = next(it)
        elif a == "--scale":
            scale = int(next(it))
        else:
            args.append(a)
    if len(args) != 1:
        raise SystemExit(__doc__.strip().splitlines()[4])
    served = Served(args[0], name, scale)
    for line in sys.stdin:
        line = line.rstrip("\n")
        if line == "quit":
            break
        try:
            out = served.answer(line)
        except (ValueError, pyspiel.SpielError) as e:
            out = "error " + str(e).replace("\n", " ")
        sys.stdout.write(out + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1:])
