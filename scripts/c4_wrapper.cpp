// A line-protocol driver for Christophe Steininger's Connect-4 solver (github.com/
// ChristopheSteininger/c4, AGPL; not part of treebench): it links against c4's solver sources,
// which scripts/bench_vs_solver.py compiles beside it from a directory the user gives, and
// uses only c4's public API (Position, Solver, clear_state, solve_strong, get_merged_stats).
//
// Reads one position per line on stdin (Pons' move strings, columns 1-7 from the left; an
// empty line is the empty board; fields after the first are ignored), clears c4's table and
// statistics, solves the position strongly and prints `moves score nodes micros` (micros:
// the solve alone, the table clearing excluded), the protocol of bench_vs_solver.py.
//
// `-s` appends key=value fields: c4's own statistics (best_first: the share of interior
// nodes whose best move was the first searched; hit_rate: the share of table lookups that
// found the position) and, in a build with C4W_PLIES (the script's counting build, which
// replaces c4's progress reporter with scripts/c4/ply_progress.cpp), `interior` and
// `plies=P:N,...`: interior nodes (nodes that searched a child) by ply.
//
// Threads and table size are compile-time settings in c4 (src/solver/settings.h): the
// script writes them into its copy of c4's source before building; `-s` reports them.

#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>

#include "solver/position.h"
#include "solver/settings.h"
#include "solver/solver.h"

#ifdef C4W_PLIES
unsigned long long c4w_interior_at(int ply);
void c4w_reset_plies();
#endif

// A rate, 0 where c4 divides by zero (a position decided without any search).
static double rate(double r) { return r == r ? r : 0.0; }

static void print_stats(const Stats &s) {
    std::printf(" best_first=%.4f hit_rate=%.4f threads=%d table_entries=%llu", rate(s.get_best_move_guess_rate()),
                rate(s.get_hit_rate()), NUM_THREADS, (unsigned long long)NUM_TABLE_ENTRIES);
#ifdef C4W_PLIES
    unsigned long long interior = 0;
    std::string plies;
    for (int p = 0; p <= BOARD_WIDTH * BOARD_HEIGHT; p++) {
        unsigned long long n = c4w_interior_at(p);
        if (n == 0) continue;
        interior += n;
        if (!plies.empty()) plies += ',';
        plies += std::to_string(p);
        plies += ':';
        plies += std::to_string(n);
    }
    std::printf(" interior=%llu plies=%s", interior, plies.c_str());
#endif
}

int main(int argc, char **argv) {
    bool stats = argc > 1 && std::string(argv[1]) == "-s";
    if (argc > 2 || (argc == 2 && !stats)) {
        std::fprintf(stderr, "usage: %s [-s]  (positions on stdin, one per line)\n", argv[0]);
        return 2;
    }
    Solver solver{};
    std::string line;
    for (int n = 1; std::getline(std::cin, line); n++) {
        std::string moves = line.substr(0, line.find_first_of(" \t\r"));
        Position pos{};
        for (char c : moves) {
            int col = c - '1';
            if (col < 0 || col >= BOARD_WIDTH || !pos.is_move_valid(col) || pos.is_game_over()) {
                std::fprintf(stderr, "line %d: bad move string `%s`\n", n, moves.c_str());
                return 1;
            }
            pos.move(col);
        }
        solver.clear_state();
#ifdef C4W_PLIES
        c4w_reset_plies();
#endif
        auto start = std::chrono::steady_clock::now();
        int score = solver.solve_strong(pos);
        auto micros = std::chrono::duration_cast<std::chrono::microseconds>(
            std::chrono::steady_clock::now() - start).count();
        const Stats &s = solver.get_merged_stats();
        std::printf("%s %d %llu %lld", moves.c_str(), score, s.get_num_nodes(), (long long)micros);
        if (stats) print_stats(s);
        std::printf("\n");
        std::fflush(stdout);
    }
    return 0;
}
