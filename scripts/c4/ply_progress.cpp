// The counting build of scripts/c4_wrapper.cpp compiles this file instead of c4's
// src/solver/util/progress.cpp: the same class (c4's header util/progress.h, its interface),
// implemented here to count the interior nodes c4 completes, by ply, and print nothing.
// c4 reports every node that searched children (after its loop over them) through
// Progress::completed_node(ply); this is the only use made of it. Written for treebench.

#include <atomic>

#include "util/progress.h"

static std::atomic<unsigned long long> interior_by_ply[64];

unsigned long long c4w_interior_at(int ply) {
    return ply >= 0 && ply < 64 ? interior_by_ply[ply].load(std::memory_order_relaxed) : 0;
}

void c4w_reset_plies() {
    for (auto &n : interior_by_ply) n.store(0, std::memory_order_relaxed);
}

void Progress::started_search(int, int, std::chrono::steady_clock::time_point start) {
    search_start_time = start;
    search_running = true;
}

void Progress::completed_node(int num_moves) {
    if (num_moves >= 0 && num_moves < 64) {
        interior_by_ply[num_moves].fetch_add(1, std::memory_order_relaxed);
    }
}

void Progress::completed_search(int, const Stats &) { search_running = false; }
