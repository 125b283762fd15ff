// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Choosing the storage to evict: each policy's scores, simrd's scan of the pool in order, and the
// dormant-region bounds that spare most candidates a fresh walk.
// Member functions of ReplayEngine, which includes this file after its class.

#include "sim/ReplayEngine.h"

namespace holescope::detail {

template <typename Regions, typename Recorder>
inline auto ReplayEngine<Regions, Recorder>::chooseVictim() -> Choice
{
    flushStaleRegions();
    if (m_policy.kind == PolicyKind::Random)
        return chooseRandom();
    if (m_policy.kind == PolicyKind::TwoPhase) {
        const Choice c = chooseByScore(/*isolatedOnly=*/true);
        if (c.storage >= 0)
            return c;
    }
    return chooseByScore(false);
}

// RandomStorage.choose: random.randrange over the pool in order (protected storages left out).
template <typename Regions, typename Recorder>
inline auto ReplayEngine<Regions, Recorder>::chooseRandom() -> Choice
{
    m_candidates.clear();
    for (int32_t s = m_pool.first(); s != EvictionPool::kNone; s = m_pool.next(s))
        if (!m_protected[sidx(s)])
            m_candidates.push_back(s);
    Choice c;
    c.scanned = static_cast<int64_t>(m_candidates.size());
    if (!m_candidates.empty()) {
        c.storage = m_candidates[m_random->below(static_cast<uint32_t>(m_candidates.size()))];
        m_result.heuristicEvals += 1;
    }
    return c;
}

template <typename Regions, typename Recorder>
inline bool ReplayEngine<Regions, Recorder>::isCandidate(int32_t s, bool isolatedOnly) const
{
    return !m_protected[sidx(s)] && !(isolatedOnly && hasEvictedNeighbour(s));
}

// Heuristic.choose: scan the pool in order, keep the LAST storage whose score is <= the
// best so far, stop at the first score of exactly 0. With isolatedOnly (twophase's first
// phase), only storages with no evicted neighbour are candidates.
template <typename Regions, typename Recorder>
inline auto ReplayEngine<Regions, Recorder>::chooseByScore(bool isolatedOnly) -> Choice
{
    double best = std::numeric_limits<double>::infinity();
    [[maybe_unused]] double second = std::numeric_limits<double>::infinity();
    int32_t chosen = -1;
    int64_t scanned = 0;
    [[maybe_unused]] double probeScore = kNan;
    if (!m_regionsLive && m_policy.usesRegions() && !kRecording && !isolatedOnly && scoreIsDtr())
        return chooseDormant();
    if (!m_regionsLive && m_policy.usesRegions()) {
        m_candidates.clear();
        for (int32_t s = m_pool.first(); s != EvictionPool::kNone; s = m_pool.next(s))
            if (isCandidate(s, isolatedOnly))
                m_candidates.push_back(s);
        refreshDormant(m_candidates);
    }
    if (!kRecording && !isolatedOnly && scoreIsDtr())
        return chooseBySummedScore();
    for (int32_t s = m_pool.first(); s != EvictionPool::kNone; s = m_pool.next(s)) {
        if (!isCandidate(s, isolatedOnly))
            continue;
        ++scanned;
        const double cost = scoreOf(s);
        if constexpr (kRecording)
            if (s == m_rec.probe())
                probeScore = cost;
        if (cost <= best) {
            if constexpr (kRecording)
                if (chosen >= 0)
                    second = std::min(second, best);
            best = cost;
            chosen = s;
        } else if constexpr (kRecording) {
            second = std::min(second, cost);
        }
        if (cost == 0)
            break;
    }
    m_result.heuristicEvals += scanned;
    Choice c;
    c.storage = chosen;
    c.score = best;
    c.scanned = scanned;
    if constexpr (kRecording) {
        c.runnerUp = scanned > 1 ? second : kNan;
        c.probeScore = probeScore;
    }
    return c;
}

// The score is h_DTR itself: e* compute over size times staleness.
template <typename Regions, typename Recorder>
inline bool ReplayEngine<Regions, Recorder>::scoreIsDtr() const
{
    return m_policy.kind == PolicyKind::Score && m_policy.cost == CostTerm::EStar && m_policy.size && m_policy.staleness;
}

// chooseByScore's choice under the DTR score, taking the regions' pending sums (see
// DenseRegions::compute) only for the candidates that could be chosen. The score with what
// is summed so far bounds the exact one from below (computes are not negative), and the
// choice (the first score of 0, or else the last of the lowest scores) never falls on a
// candidate whose score is above another's.
template <typename Regions, typename Recorder>
inline auto ReplayEngine<Regions, Recorder>::chooseBySummedScore() -> Choice
{
    m_scanned.clear();
    double known = std::numeric_limits<double>::infinity();   // lowest exact score so far
    for (int32_t s = m_pool.first(); s != EvictionPool::kNone; s = m_pool.next(s)) {
        if (m_protected[sidx(s)])
            continue;
        const int64_t soFar = m_compute[sidx(s)] + m_regions.computeSoFar(s, false) + m_regions.computeSoFar(s, true);
        const double score = dtrScore(soFar, P.storages[sidx(s)].size, m_clock, m_lastAccess[sidx(s)]);
        const bool bound = m_regions.pending(s, false) || m_regions.pending(s, true);
        m_scanned.push_back(Scanned{s, score, bound});
        if (bound)
            continue;
        known = std::min(known, score);
        if (score == 0)
            break;
    }
    for (Scanned& c : m_scanned) {
        if (c.bound && c.score <= known) {
            c.score = scoreOf(c.storage);
            c.bound = false;
            known = std::min(known, c.score);
        }
    }
    return chooseAmongScanned();
}

// The scan of Heuristic.choose over m_scanned, in pool order, once every candidate that could
// be chosen has its exact score (those still bounded score above the lowest).
template <typename Regions, typename Recorder>
inline auto ReplayEngine<Regions, Recorder>::chooseAmongScanned() -> Choice
{
    double best = std::numeric_limits<double>::infinity();
    int32_t chosen = -1;
    int64_t scanned = 0;
    for (const Scanned& c : m_scanned) {
        ++scanned;
        if (c.bound)
            continue;
        if (c.score <= best) {
            best = c.score;
            chosen = c.storage;
        }
        if (c.score == 0)
            break;
    }
    m_result.heuristicEvals += scanned;
    return Choice{.storage = chosen, .score = best, .scanned = scanned};
}

// chooseBySummedScore while regions are dormant: a candidate's own compute bounds its score
// from below, so only the candidates whose bound is not above the lowest exact score found
// so far get fresh walks, taken in the order of their bounds.
template <typename Regions, typename Recorder>
inline auto ReplayEngine<Regions, Recorder>::chooseDormant() -> Choice
{
    m_scanned.clear();
    for (int32_t s = m_pool.first(); s != EvictionPool::kNone; s = m_pool.next(s))
        if (!m_protected[sidx(s)])
            m_scanned.push_back(Scanned{s, dtrScore(m_compute[sidx(s)], P.storages[sidx(s)].size, m_clock, m_lastAccess[sidx(s)]), true});
    m_byBound.resize(m_scanned.size());
    for (uint32_t i = 0; i < m_byBound.size(); ++i)
        m_byBound[i] = i;
    std::stable_sort(m_byBound.begin(), m_byBound.end(), [&](uint32_t a, uint32_t b) { return m_scanned[a].score < m_scanned[b].score; });
    double known = std::numeric_limits<double>::infinity();
    int64_t walked = 0;
    walkAsSimrdSees([&] {
        for (uint32_t i : m_byBound) {
            Scanned& c = m_scanned[i];
            if (c.score > known)
                break;
            m_regions.rebuild(c.storage, false);
            m_regions.rebuild(c.storage, true);
            ++walked;
            c.score = scoreOf(c.storage);
            c.bound = false;
            known = std::min(known, c.score);
        }
    });
    const Choice c = chooseAmongScanned();
    m_dormantRefreshes += walked;
    if (dormancyCostsMore())
        goLive();
    return c;
}

template <typename Regions, typename Recorder>
inline int64_t ReplayEngine<Regions, Recorder>::eqclassCompute(int32_t s)
{
    m_roots.clear();
    forEachEvictedNeighbour(s, [&](int32_t n) { m_roots.push_back(m_eq.root(n)); });
    std::sort(m_roots.begin(), m_roots.end());
    m_roots.erase(std::unique(m_roots.begin(), m_roots.end()), m_roots.end());
    int64_t sum = m_compute[sidx(s)];
    for (int32_t r : m_roots)
        sum += m_eq.value(r);
    return sum;
}

// Operators until a model operator or a pin reads the storage again (0: the one running now);
// -1: never.
template <typename Regions, typename Recorder>
inline int64_t ReplayEngine<Regions, Recorder>::nextUse(int32_t s)
{
    int32_t& cursor = m_useCursor[sidx(s)];
    const int32_t end = m_useStart[sidx(s) + 1];
    while (cursor < end && m_uses[sidx(cursor)] < m_opCount)
        ++cursor;
    return cursor < end ? m_uses[sidx(cursor)] - m_opCount : -1;
}

template <typename Regions, typename Recorder>
inline void ReplayEngine<Regions, Recorder>::buildNextUses()
{
    m_useStart.assign(P.storages.size() + 1, 0);
    std::vector<std::pair<int32_t, int32_t>> uses;   // (storage, operator count)
    int32_t count = 0;
    for (const Step& step : P.schedule) {
        // A pin materializes its tensor: the trace's closing reads are pins after the last
        // operator, and left out they made every storage read only there look never read again.
        // It counts as read by the operator after it.
        if (step.kind == StepKind::Pin)
            uses.emplace_back(P.storageOf(step.index), count + 1);
        if (step.kind != StepKind::Compute)
            continue;
        ++count;
        for (int32_t arg : P.ops[sidx(step.index)].args)
            uses.emplace_back(P.storageOf(arg), count);
    }
    std::sort(uses.begin(), uses.end());
    for (const auto& [s, op] : uses)
        m_useStart[sidx(s) + 1] += 1;
    for (size_t i = 0; i < P.storages.size(); ++i)
        m_useStart[i + 1] += m_useStart[i];
    m_uses.clear();
    for (const auto& [s, op] : uses)
        m_uses.push_back(op);
    m_useCursor.assign(m_useStart.begin(), m_useStart.end() - 1);
}

// The storages next to s through an edge that exists by now, that are not material (simrd's
// Storage.evicted_neighbors); a storage may be named twice.
template <typename Regions, typename Recorder>
template <typename F>
inline void ReplayEngine<Regions, Recorder>::forEachEvictedNeighbour(int32_t s, F&& f) const
{
    for (const StorageGraph::Edges* g : {&G.parents, &G.children})
        for (auto e = static_cast<size_t>(g->start[sidx(s)]); e < static_cast<size_t>(g->start[sidx(s) + 1]) && g->birth[e] < m_opCount; ++e)
            if (const int32_t n = g->target[e]; n != s && !m_material[sidx(n)])
                f(n);
}

template <typename Regions, typename Recorder>
inline bool ReplayEngine<Regions, Recorder>::hasEvictedNeighbour(int32_t s) const
{
    bool found = false;
    forEachEvictedNeighbour(s, [&](int32_t) { found = true; });
    return found;
}

// The candidate's score under the policy, with simrd's arithmetic where simrd has the policy:
// a quotient of integers correctly rounded, +inf where the denominator is not positive.
template <typename Regions, typename Recorder>
inline double ReplayEngine<Regions, Recorder>::scoreOf(int32_t s)
{
    const int64_t size = P.storages[sidx(s)].size;
    const int64_t last = m_lastAccess[sidx(s)];
    switch (m_policy.kind) {
    case PolicyKind::Score: {
        if (scoreIsDtr())
            return dtrScore(estar(s), size, m_clock, last);
        const int64_t num = m_policy.cost == CostTerm::EStar     ? estar(s)
                            : m_policy.cost == CostTerm::EqClass ? eqclassCompute(s)
                            : m_policy.cost == CostTerm::Local   ? m_compute[sidx(s)]
                                                                 : 1;
        return scoreQuotient(num, m_policy.size ? std::optional<int64_t>(size) : std::nullopt, m_policy.staleness, m_clock, last);
    }
    case PolicyKind::Msps:
        return scoreQuotient(m_compute[sidx(s)] + m_regions.compute(s, true), size, false, m_clock, last);
    case PolicyKind::Lru:
        return last == kNeverAccessed ? -std::numeric_limits<double>::infinity() : static_cast<double>(last);
    case PolicyKind::TwoPhase:
        return dtrScore(estar(s), size, m_clock, last);
    case PolicyKind::SizeSquared:
    case PolicyKind::StaleSquared: {
        if (size <= 0)
            return std::numeric_limits<double>::infinity();
        if (last == kNeverAccessed)
            return 0.0;
        const double stale = static_cast<double>(m_clock - last);
        if (stale <= 0)
            return std::numeric_limits<double>::infinity();
        const double bytes = static_cast<double>(size);
        return static_cast<double>(estar(s)) / (m_policy.kind == PolicyKind::SizeSquared ? bytes * bytes * stale : bytes * stale * stale);
    }
    case PolicyKind::Foresight: {
        const int64_t next = nextUse(s);
        if (next < 0)
            return 0.0;
        if (size <= 0 || next == 0)
            return std::numeric_limits<double>::infinity();
        return signedQuotient(estar(s), static_cast<uint128>(size) * static_cast<uint64_t>(next));
    }
    case PolicyKind::Formula: {
        ScoreFeatures f;
        const ScoreFormula& formula = *m_policy.compiled;
        f.compute = static_cast<double>(m_compute[sidx(s)]);
        f.estarCompute = formula.usesEStar() ? static_cast<double>(estar(s)) : f.compute;
        f.eqclassCompute = formula.usesEqClass() ? static_cast<double>(eqclassCompute(s)) : f.compute;
        f.size = static_cast<double>(size);
        f.lastAccess = last == kNeverAccessed ? -std::numeric_limits<double>::infinity() : static_cast<double>(last);
        f.staleness = last == kNeverAccessed ? std::numeric_limits<double>::infinity() : static_cast<double>(m_clock - last);
        f.clock = static_cast<double>(m_clock);
        f.evictions = static_cast<double>(m_evictCount[sidx(s)]);
        f.rebuilds = static_cast<double>(m_rebuildCount[sidx(s)]);
        if (formula.usesNextUse()) {
            const int64_t next = nextUse(s);
            f.nextUse = next < 0 ? std::numeric_limits<double>::infinity() : static_cast<double>(next);
        }
        f.depth = static_cast<double>(m_frames.empty() ? 0 : m_frames.size() - 1);
        f.pool = static_cast<double>(m_pool.size());
        const double score = (*m_formula)(f);
        // No candidate compares below NaN: the pool would look empty and the run out of memory.
        if (std::isnan(score))
            throw Stop{Outcome::Unresolved, "the formula's score is not a number for storage " + std::to_string(P.storages[sidx(s)].root)
                                                + " at operator " + std::to_string(m_opCount)};
        return score;
    }
    case PolicyKind::Random:    // chooseRandom scores nothing
    case PolicyKind::Monotone:  // runMonotone replays it as dtr
        break;
    }
    return std::numeric_limits<double>::infinity();
}

} // namespace holescope::detail
