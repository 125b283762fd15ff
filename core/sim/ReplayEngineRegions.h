// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Keeping simrd's regions: dormant while fresh walks give what simrd keeps, live from then on,
// with the rebuilds simrd makes after a compute deferred until something reads them.
// Member functions of ReplayEngine, which includes this file after its class.

#include "sim/ReplayEngine.h"

namespace holescope::detail {

// Whether simrd's kept regions will not see what this operator changes, so that fresh
// walks stop being what simrd keeps (see walkAsSimrdSees). Only an output aliasing an
// existing storage does that: simrd rebuilds regions only around storages that become
// material, so the edges into that storage from the operator's other arguments stay out of
// every kept region until some later rebuild walks them, and if the storage is evicted, the
// kept sums over regions holding it keep its compute from before this operator. Edges from
// or into pinned storages never show: pinned storages are in no frontier, no interior (they
// are never evicted), and their regions are never read.
template <typename Regions, typename Recorder>
inline bool ReplayEngine<Regions, Recorder>::hiddenFromKeptRegions(const OpDef& op) const
{
    for (int32_t k = 0; k < op.outputs(); ++k) {
        const int32_t s = storageOf(op.firstOutput + k);
        if (m_visible[sidx(s)] == 0 || m_pinned[sidx(s)])
            continue;
        if (!m_material[sidx(s)])
            return true;
        for (int32_t arg : op.args)
            if (storageOf(arg) != s && !m_pinned[sidx(storageOf(arg))])
                return true;
    }
    return false;
}

template <typename Regions, typename Recorder>
inline void ReplayEngine<Regions, Recorder>::announceEdges(const OpDef& op)
{
    for (int32_t k = 0; k < op.outputs(); ++k)
        for (int32_t arg : op.args)
            if (storageOf(arg) != storageOf(op.firstOutput + k))
                m_regions.edgeAdded(storageOf(arg), storageOf(op.firstOutput + k));
}

// simrd keeps every region up to date from the first operator on, but its regions are
// exactly what fresh walks give for as long as each of its rebuilds gives what a fresh walk
// gives: an eviction's absorb turns regions equal to fresh walks into regions equal to fresh
// walks, and a rebuild is a walk. The one exception: regions have not seen the edges of the
// operator whose outputs are being made (nothing was rebuilt since it started), so the
// walks leave those out. (Frontiers kept by simrd also name storages pinned since, which
// fresh walks leave out; that only touches regions of pinned storages, which nobody reads.)
// That ends with the first rebuild that walks one of those edges (a rematerialization while
// an operator runs, see rebuildsSeeRunningEdges), or with the first operator whose changes
// simrd's regions do not see (hiddenFromKeptRegions). So regions are left alone ("dormant")
// until then: a scored candidate gets fresh walks, and everything is built from fresh walks
// when that rebuild or that operator comes (or once fresh walks have cost half as much,
// see dormancyCostsMore) and kept the way simrd keeps it from then on.
template <typename Regions, typename Recorder>
template <typename F>
inline void ReplayEngine<Regions, Recorder>::walkAsSimrdSees(F&& f)
{
    if (m_runningOp)
        m_walkedOps = m_opCount - 1;
    f();
    if (m_runningOp) {
        m_walkedOps = m_opCount;
        // Closures cached by those walks are missing the running operator's edges.
        announceEdges(*m_runningOp);
    }
}

template <typename Regions, typename Recorder>
inline void ReplayEngine<Regions, Recorder>::goLive()
{
    m_regionsLive = true;
    m_regions.setLazyInvalidation(false);
    walkAsSimrdSees([&] {
        for (size_t s = 0; s < P.storages.size(); ++s) {
            if (m_material[s] && !m_pinned[s]) {
                m_regions.rebuild(static_cast<int32_t>(s), false);
                m_regions.rebuild(static_cast<int32_t>(s), true);
            }
        }
    });
}

template <typename Regions, typename Recorder>
inline void ReplayEngine<Regions, Recorder>::refreshDormant(const std::vector<int32_t>& candidates)
{
    walkAsSimrdSees([&] {
        for (int32_t s : candidates) {
            m_regions.rebuild(s, false);
            m_regions.rebuild(s, true);
        }
    });
    m_dormantRefreshes += static_cast<int64_t>(candidates.size());
    if (dormancyCostsMore())
        goLive();
}

// RuntimeV2Optimized._compute: rebuild both regions of every storage that just became
// material, then the regions on their frontiers that now border it. Those frontier regions
// are rebuilt later, all at once (flushStaleRegions), before anything reads them or changes
// what they would walk: until then only further computes happen, and a compute that
// changes a walk from f (by making a storage in f's region material) names f again in its
// frontiers. A rebuild is a fresh walk, so the late one gives what simrd's last rebuild of
// that region gave, and a region named by several computes of a cascade is walked once.
template <typename Regions, typename Recorder>
inline void ReplayEngine<Regions, Recorder>::rebuildRegions()
{
    m_walkedWhileRunning = m_walkedWhileRunning || runningOpUncomputed();
    m_affected.clear();
    m_affectedRev.clear();
    for (int32_t s : m_rematStorages) {
        m_regions.rebuild(s, false);
        m_regions.rebuild(s, true);
        m_stale[sidx(s) * 2] = m_stale[sidx(s) * 2 + 1] = 0;   // this rebuild is simrd's last one so far
        m_regions.appendFrontier(s, true, m_affected);
        m_regions.appendFrontier(s, false, m_affectedRev);
    }
    // Frontiers hold no pinned storage, so every region named here is one that is read.
    for (int32_t s : m_affected)
        markStale(s, false);
    for (int32_t s : m_affectedRev)
        markStale(s, true);
}

// While regions are dormant: whether a rebuild simrd makes for this rematerialization (the
// rebuilt storages' regions, then those on their frontiers) walks an edge of the running
// operator. Such a region is one fresh walks would not give (see walkAsSimrdSees), and simrd
// keeps it: regions go live. A rebuild that walks none of those edges gives what a fresh walk
// gives, now and, kept up by simrd, later; outside a running operator every rebuild does.
template <typename Regions, typename Recorder>
inline bool ReplayEngine<Regions, Recorder>::rebuildsSeeRunningEdges()
{
    m_walkedWhileRunning = true;
    m_affected.clear();
    m_affectedRev.clear();
    m_dormantRefreshes += static_cast<int64_t>(m_rematStorages.size());
    for (int32_t s : m_rematStorages) {
        m_regions.rebuild(s, false);
        m_regions.rebuild(s, true);
        if (seesRunningEdges(s, false) || seesRunningEdges(s, true))
            return true;
        m_regions.appendFrontier(s, true, m_affected);
        m_regions.appendFrontier(s, false, m_affectedRev);
    }
    m_dormantRefreshes += static_cast<int64_t>(m_affected.size() + m_affectedRev.size()) / 2;
    for (int32_t s : m_affected) {
        m_regions.rebuild(s, false);
        if (seesRunningEdges(s, false))
            return true;
    }
    for (int32_t s : m_affectedRev) {
        m_regions.rebuild(s, true);
        if (seesRunningEdges(s, true))
            return true;
    }
    return false;
}

// Whether the walk that built the region went through a storage where the running operator
// added edges: an argument's (to the outputs) forward, an output's (to the arguments) in reverse.
template <typename Regions, typename Recorder>
inline bool ReplayEngine<Regions, Recorder>::seesRunningEdges(int32_t base, bool reverse) const
{
    const OpDef& op = *m_runningOp;
    auto visited = [&](int32_t x) { return x == base || m_regions.interiorHas(base, reverse, x); };
    if (!reverse) {
        for (int32_t arg : op.args)
            if (visited(storageOf(arg)))
                return true;
        return false;
    }
    for (int32_t k = 0; k < op.outputs(); ++k)
        if (visited(storageOf(op.firstOutput + k)))
            return true;
    return false;
}

template <typename Regions, typename Recorder>
inline void ReplayEngine<Regions, Recorder>::markStale(int32_t s, bool reverse)
{
    const size_t r = sidx(s) * 2 + (reverse ? 1 : 0);
    if (!m_stale[r]) {
        m_stale[r] = 1;
        m_staleList.push_back(static_cast<uint32_t>(r));
    }
}

// Called before every eviction choice, eviction, operator and pin: see rebuildRegions.
template <typename Regions, typename Recorder>
inline void ReplayEngine<Regions, Recorder>::flushStaleRegions()
{
    if (!m_staleList.empty() && runningOpUncomputed())
        m_walkedWhileRunning = true;
    for (uint32_t r : m_staleList) {
        if (m_stale[r])
            m_regions.rebuild(static_cast<int32_t>(r / 2), (r & 1) != 0);
        m_stale[r] = 0;
    }
    m_staleList.clear();
}

} // namespace holescope::detail
