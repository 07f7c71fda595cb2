#!/usr/bin/env python3
"""Read a Go match's SGF back with sgfmill (an independent reader) and check it against the
match's games file: the same games in the same order, each with the board size, komi, the
engines as PB/PW (a line break read as a space: SGF's simple text), every move (the opening's included) in order with alternating colours, and
the result. Each game is replayed on sgfmill's board: every move on an empty point, no stone
that captures itself (treebench forbids suicide), no retaking of a simple ko; a game the rules
ended must end with two passes (or reach the ply cap) and its RE margin must be sgfmill's own
area count minus komi.

usage: check_sgf.py GAMES.csv GAMES.sgf   (prints one line; exit 1 naming the first mismatch)
"""
import csv
import sys

from sgfmill import boards, sgf, sgf_grammar

COLUMNS = "ABCDEFGHJKLMNOPQRST"
CAPS = {2: 128, 3: 96, 4: 96, 5: 50, 9: 324}


def gtp(move, size):
    """A GTP vertex of sgfmill's (row, col) from the bottom left, or pass for None."""
    if move is None:
        return "pass"
    row, col = move
    return f"{COLUMNS[col]}{row + 1}"


def check(row, game, n):
    words = row["opening"].split()
    size = int(words[0][3:])
    want = words[1:] + row["moves"].split()
    if game.get_size() != size:
        return f"size {game.get_size()}, not {size}"
    komi = 7 if size >= 7 else 0
    if game.get_komi() != komi:
        return f"komi {game.get_komi()}, not {komi}"
    black_first = len(words[1:]) % 2 == 0
    names = [" ".join(row[k].replace("\r", "\n").split("\n")) for k in ("first", "second")]
    black, white = names if black_first else names[::-1]
    if (game.get_player_name("b"), game.get_player_name("w")) != (black, white):
        return f"PB/PW {game.get_player_name('b')!r}/{game.get_player_name('w')!r}"
    board = boards.Board(size)
    moves, ko = [], None
    for i, node in enumerate(game.get_main_sequence()[1:]):
        colour, move = node.get_move()
        if colour != "bw"[i % 2]:
            return f"move {i + 1} is {colour}'s"
        moves.append(gtp(move, size))
        if move is None:
            ko = None
            continue
        if move == ko:
            return f"move {i + 1} {moves[-1]} retakes a ko"
        ko = board.play(move[0], move[1], colour)
        if board.get(move[0], move[1]) != colour:
            return f"move {i + 1} {moves[-1]} is suicide"
    if moves != want:
        return f"moves {' '.join(moves)} != the games file's {' '.join(want)}"
    winner = game.get_winner()
    first = {"1-0": True, "0-1": False}.get(row["result"])
    expect = None if first is None else ("b" if first == black_first else "w")
    if winner != expect:
        return f"RE says {winner}, the games file {row['result']}"
    re = game.get_root().get("RE")
    if row["termination"] == "rules":
        ended = moves[-2:] == ["pass", "pass"] or len(moves) >= CAPS[size]
        if not ended:
            return "the rules ended it, yet it does not end with two passes"
        margin = board.area_score() - komi
        said = 0 if re == "0" else (int(re[2:]) * (1 if re[0] == "B" else -1))
        if said != margin:
            return f"RE[{re}]: sgfmill counts Black {margin:+}"
    return None


def main():
    games_csv, sgf_file = sys.argv[1], sys.argv[2]
    with open(games_csv, newline="") as f:
        rows = list(csv.DictReader(f))
    with open(sgf_file, "rb") as f:
        trees = sgf_grammar.parse_sgf_collection(f.read())
    if len(trees) != len(rows):
        sys.exit(f"check_sgf: {len(trees)} games in {sgf_file}, {len(rows)} in {games_csv}")
    plies = 0
    for n, (row, tree) in enumerate(zip(rows, trees)):
        game = sgf.Sgf_game.from_coarse_game_tree(tree)
        why = check(row, game, n)
        if why:
            sys.exit(f"check_sgf: game {n + 1} (pair {row['pair']} round {row['round']}): {why}")
        plies += len(game.get_main_sequence()) - 1
    print(f"check_sgf: {len(rows)} games, {plies} moves agree with {games_csv} (sgfmill)")


if __name__ == "__main__":
    main()
