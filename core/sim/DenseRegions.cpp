// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/DenseRegions.h"

#include <algorithm>
#include <cstring>
#include <optional>

namespace holescope {

namespace {

// On x86-64 the loader picks an AVX2 build of the bitset union where the processor has it
// (a tenth to a fifth less time in a replay that keeps recomputing) and the baseline build elsewhere.
#if defined(__x86_64__) && defined(__GNUC__)
#define HOLESCOPE_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define HOLESCOPE_VECTOR_CLONES
#endif

// The bitsets are uint64_t and so is m_words: without restrict and a local count the compiler
// must assume every store may change the count, and the loop stays scalar.
HOLESCOPE_VECTOR_CLONES void orInto(uint64_t* __restrict dst, const uint64_t* __restrict src, size_t words)
{
    for (size_t w = 0; w < words; ++w)
        dst[w] |= src[w];
}

} // namespace

void DenseRegions::orSlotInto(uint64_t* interior, uint64_t* frontier, size_t slot) const
{
    const uint64_t* bits = slotBits(slot);
    const SlotSpans& spans = m_slotSpans[slot];
    if (!spans.interior.empty())
        orInto(interior + spans.interior.lo, bits + spans.interior.lo, spans.interior.hi - spans.interior.lo);
    if (!spans.frontier.empty())
        orInto(frontier + spans.frontier.lo, bits + m_words + spans.frontier.lo, spans.frontier.hi - spans.frontier.lo);
}

void DenseRegions::orSlotInto(uint64_t* interior, uint64_t* frontier, SlotSpans& spans, size_t slot) const
{
    orSlotInto(interior, frontier, slot);
    spans.interior.add(m_slotSpans[slot].interior);
    spans.frontier.add(m_slotSpans[slot].frontier);
}

DenseRegions::WordSpan DenseRegions::spanOf(const uint64_t* bits, WordSpan within)
{
    WordSpan span;
    for (size_t w = within.lo; w < within.hi; ++w)
        if (bits[w])
            span.add(w);
    return span;
}

DenseRegions::DenseRegions(const StorageGraph& graph, size_t storages, State state)
    : m_graph(graph)
    , m_state(state)
    , m_storages(storages)
    , m_words((storages + 63) / 64)
    , m_unmaterialized(storages, 0)
{
}

void DenseRegions::ensureSets()
{
    if (m_ready)
        return;
    m_ready = true;
    const size_t storages = m_storages;
    if (!m_workspace) {
        m_ownWorkspace = std::make_unique<ReplayWorkspace>();
        m_workspace = m_ownWorkspace.get();
    }
    m_interior = m_workspace->regionInteriors.take(2 * storages * m_words);
    m_frontier = m_workspace->regionFrontiers.take(2 * storages * m_words);
    m_regionSpans.assign(2 * storages, SlotSpans{.interior = {0, static_cast<uint32_t>(m_words)}, .frontier = {0, static_cast<uint32_t>(m_words)}});
    m_compute.assign(2 * storages, 0);
    m_pending.assign(2 * storages, 0);
    m_listed.assign(2 * storages, 0);
    m_summedInterior = m_workspace->summedInteriors.take(2 * storages * m_words);
    m_summedSpan.resize(2 * storages);
    m_summed.assign(2 * storages, 0);
    m_summedVersion.assign(2 * storages, 0);
    m_walkStack = std::make_unique_for_overwrite<int32_t[]>(storages);
    for (int d = 0; d < 2; ++d) {
        const std::vector<int32_t>& start = edges(d == 1).start;
        m_live[d].resize(storages);
        for (size_t i = 0; i < storages; ++i)
            m_live[d][i] = LiveEdges{start[i], start[i]};
    }
    if (m_graph.acyclic) {
        for (int d = 0; d < 2; ++d) {
            m_valid[d].assign(storages, 0);
            m_slotOf[d].assign(storages, -1);
            m_demand[d].assign(storages, ClosureDemand{});
        }
    }
}

void DenseRegions::takeNewEdges()
{
    const auto created = static_cast<size_t>(*m_state.createdOps);
    if (created < static_cast<size_t>(m_liveOps)) {
        // Walks as simrd's regions see them leave the running operator's edges out again (see
        // ReplayEngine::walkAsSimrdSees): those edges are the last of their storages', and the
        // closures cached with them reach too far.
        for (int d = 0; d < 2; ++d) {
            const StorageGraph::Edges& g = edges(d == 1);
            const size_t last = g.bornStart.size() - 1;
            for (auto i = static_cast<size_t>(g.bornStart[std::min(created, last)]); i < static_cast<size_t>(g.bornStart[std::min(static_cast<size_t>(m_liveOps), last)]); ++i)
                m_live[d][static_cast<size_t>(g.bornFrom[i])].end -= 1;
        }
        m_liveOps = static_cast<int64_t>(created);
        forgetClosures();
        return;
    }
    for (int d = 0; d < 2; ++d) {
        const StorageGraph::Edges& g = edges(d == 1);
        const size_t upTo = std::min(created, g.bornStart.size() - 1);
        for (auto i = static_cast<size_t>(g.bornStart[std::min(static_cast<size_t>(m_liveOps), upTo)]); i < static_cast<size_t>(g.bornStart[upTo]); ++i)
            m_live[d][static_cast<size_t>(g.bornFrom[i])].end += 1;
    }
    m_liveOps = static_cast<int64_t>(created);
}

void DenseRegions::setLazyInvalidation(bool lazy)
{
    if (!lazy && m_closuresStale)
        forgetClosures();
    m_lazyInvalidation = lazy;
}

void DenseRegions::forgetClosures()
{
    std::fill(m_valid[0].begin(), m_valid[0].end(), 0);
    std::fill(m_valid[1].begin(), m_valid[1].end(), 0);
    m_closuresStale = false;
}

void DenseRegions::stateChanged(int32_t s)
{
    if (!m_graph.acyclic)
        return;
    if (m_lazyInvalidation) {
        m_closuresStale = true;
        return;
    }
    invalidateUpstream(s, false);
    invalidateUpstream(s, true);
}

void DenseRegions::edgeAdded(int32_t x, int32_t y)
{
    if (!m_graph.acyclic)
        return;
    if (m_lazyInvalidation) {
        m_closuresStale = true;
        return;
    }
    // Forward closures through x now reach y; reverse closures through y now reach x.
    if (!material(x))
        invalidateUpstream(x, false);
    if (!material(y))
        invalidateUpstream(y, true);
}

// Invalidates s's closure and those of the evicted storages that reach s through evicted
// storages (walking the edges backwards). Always walks from s itself: a material s has no
// closure of its own but may sit in its predecessors' frontiers.
void DenseRegions::invalidateUpstream(int32_t s, bool reverse)
{
    ensureSets();
    const int d = reverse ? 1 : 0;
    const StorageGraph::Edges& back = edges(!reverse);
    if (m_liveOps != *m_state.createdOps)
        takeNewEdges();
    const std::vector<LiveEdges>& live = m_live[reverse ? 0 : 1];
    std::vector<uint8_t>& valid = m_valid[d];
    valid[static_cast<size_t>(s)] = 0;
    m_todo.clear();
    m_todo.push_back(s);
    while (!m_todo.empty()) {
        const auto v = static_cast<size_t>(m_todo.back());
        m_todo.pop_back();
        for (auto e = static_cast<size_t>(live[v].begin); e < static_cast<size_t>(live[v].end); ++e) {
            const int32_t p = back.target[e];
            if (!material(p) && valid[static_cast<size_t>(p)]) {
                valid[static_cast<size_t>(p)] = 0;
                m_todo.push_back(p);
            }
        }
    }
}

int64_t DenseRegions::sumCompute(const uint64_t* bits, WordSpan span) const
{
    const std::vector<int64_t>& compute = *m_state.compute;
    int64_t sum = 0;
    forEachBit(bits, span, [&](int32_t x) { sum += compute[static_cast<size_t>(x)]; });
    return sum;
}

void DenseRegions::rebuild(int32_t base, bool reverse)
{
    ensureSets();
    const size_t r = index(base, reverse);
    if (m_absorbedRegion == r)
        m_absorbedRegion = kNoRegion;
    if (m_liveOps != *m_state.createdOps)
        takeNewEdges();
    uint64_t* interior = interiorBits(r);
    uint64_t* frontier = frontierBits(r);
    SlotSpans& spans = m_regionSpans[r];
    zero(interior, spans.interior);
    zero(frontier, spans.frontier);
    spans = SlotSpans{};
    bool walked = false;
    if (m_graph.acyclic) {
        if (m_closuresStale)
            forgetClosures();
        const StorageGraph::Edges& g = edges(reverse);
        const LiveEdges live = m_live[reverse ? 1 : 0][static_cast<size_t>(base)];
        const auto b = static_cast<size_t>(base);
        for (auto e = static_cast<size_t>(live.begin); e < static_cast<size_t>(live.end); ++e) {
            const int32_t z = g.target[e];
            if (material(z)) {
                if (!pinned(z)) {
                    frontier[static_cast<size_t>(z) / 64] |= uint64_t{1} << (z % 64);
                    spans.frontier.add(static_cast<size_t>(z) / 64);
                }
                continue;
            }
            const bool cached = m_valid[reverse ? 1 : 0][static_cast<size_t>(z)] != 0;
            const std::optional<size_t> slot = worthRecomputing(z, reverse) ? closure(z, reverse) : std::nullopt;
            if (slot && !cached)
                m_demand[reverse ? 1 : 0][static_cast<size_t>(z)].unread = true;
            if (!slot) {
                walkInto(z, reverse, interior, frontier);
                walked = true;
                continue;
            }
            orSlotInto(interior, frontier, spans, *slot);
        }
        frontier[b / 64] &= ~(uint64_t{1} << (base % 64));
    } else {
        walk(base, reverse, interior, frontier);
        walked = true;
    }
    if (walked) {
        const WordSpan all{0, static_cast<uint32_t>(m_words)};
        spans = SlotSpans{.interior = spanOf(interior, all), .frontier = spanOf(frontier, all)};
    }
    m_compute[r] = 0;
    m_pending[r] = 1;
    if (!m_listed[r]) {
        m_listed[r] = 1;
        m_pendingList.push_back(static_cast<uint32_t>(r));
    }
}

// A region is mostly summed again after small changes to its interior: keep the last sum and
// the interior it was taken over, and add and subtract the difference, unless some storage's
// compute has changed since (then sum afresh).
void DenseRegions::resolve(size_t r)
{
    const uint64_t* now = &m_interior[r * m_words];
    const WordSpan nowSpan = m_regionSpans[r].interior;
    uint64_t* then = &m_summedInterior[r * m_words];
    WordSpan& thenSpan = m_summedSpan[r];
    int64_t sum = 0;
    if (m_summedVersion[r] == m_computeVersion) {
        const std::vector<int64_t>& compute = *m_state.compute;
        sum = m_summed[r];
        // Outside its span the old interior is empty (its words there are stale); outside
        // nowSpan the region's words are zero.
        WordSpan both = nowSpan;
        both.add(thenSpan);
        for (size_t w = both.lo; w < both.hi; ++w) {
            const uint64_t old = (w >= thenSpan.lo && w < thenSpan.hi) ? then[w] : 0;
            for (uint64_t b = now[w] & ~old; b; b &= b - 1)
                sum += compute[w * 64 + static_cast<size_t>(__builtin_ctzll(b))];
            for (uint64_t b = old & ~now[w]; b; b &= b - 1)
                sum -= compute[w * 64 + static_cast<size_t>(__builtin_ctzll(b))];
        }
    } else {
        sum = sumCompute(now, nowSpan);
        m_summedVersion[r] = m_computeVersion;
    }
    if (!nowSpan.empty())
        std::memcpy(then + nowSpan.lo, now + nowSpan.lo, (nowSpan.hi - nowSpan.lo) * sizeof(uint64_t));
    thenSpan = nowSpan;
    m_summed[r] = sum;
    m_compute[r] += sum;
    m_pending[r] = 0;
}

void DenseRegions::computeWillChange(int32_t s)
{
    // Interiors only ever receive storages that were not material at that moment.
    if (!m_unmaterialized[static_cast<size_t>(s)])
        return;
    const auto w = static_cast<size_t>(s) / 64;
    const uint64_t bit = uint64_t{1} << (s % 64);
    size_t kept = 0;
    for (uint32_t r : m_pendingList) {
        if (m_pending[r] && (m_interior[r * m_words + w] & bit))
            resolve(r);
        if (m_pending[r])
            m_pendingList[kept++] = r;
        else
            m_listed[r] = 0;
    }
    m_pendingList.resize(kept);
    // After the sums above, which took s's old value: any later sum starts afresh rather than
    // from one of them.
    ++m_computeVersion;
}

// simrd's Region.rebuild as written: a depth-first walk from the base through evicted storages.
void DenseRegions::walk(int32_t base, bool reverse, uint64_t* interior, uint64_t* frontier)
{
    const StorageGraph::Edges& g = edges(reverse);
    const std::vector<LiveEdges>& live = m_live[reverse ? 1 : 0];
    m_todo.clear();
    m_todo.push_back(base);
    while (!m_todo.empty()) {
        const auto s = static_cast<size_t>(m_todo.back());
        m_todo.pop_back();
        for (auto e = static_cast<size_t>(live[s].begin); e < static_cast<size_t>(live[s].end); ++e) {
            const int32_t z = g.target[e];
            const auto zw = static_cast<size_t>(z) / 64;
            const uint64_t zb = uint64_t{1} << (z % 64);
            if (material(z)) {
                if (z != base && !pinned(z))
                    frontier[zw] |= zb;
            } else if (!(interior[zw] & zb)) {
                interior[zw] |= zb;
                m_todo.push_back(z);
            }
        }
    }
}

// The storages reachable from evicted storage s through evicted storages (s included), and
// the unpinned material storages bordering them; recomputed only where invalid. Recomputing
// costs a bitset per storage, which pays when most of them are still valid; when more than
// kMaxOpened storages need it (kMaxOpenedOnRetry once it gave up on s; a large area of freed
// storages that keeps changing), this gives up, leaving what it finished valid, and the caller
// walks instead.
std::optional<size_t> DenseRegions::closure(int32_t s, bool reverse)
{
    const int d = reverse ? 1 : 0;
    std::vector<uint8_t>& valid = m_valid[d];
    std::vector<int32_t>& slotOf = m_slotOf[d];
    if (valid[static_cast<size_t>(s)]) {
        m_demand[d][static_cast<size_t>(s)].gaveUp = 0;
        return static_cast<size_t>(slotOf[static_cast<size_t>(s)]);
    }
    const StorageGraph::Edges& g = edges(reverse);
    const std::vector<LiveEdges>& live = m_live[d];
    auto open = [&](int32_t v) {
        int32_t& slot = slotOf[static_cast<size_t>(v)];
        if (slot < 0) {
            // At most one slot per storage and direction, allocated at once but only by the
            // first closure (short runs never take one), and zeroed one slot at a time as
            // slots are taken (a replay takes few of them).
            if (!m_slots) {
                m_slots = m_workspace->closures.take(2 * m_storages * 2 * m_words);
                m_slotSpans.resize(2 * m_storages);
            }
            slot = static_cast<int32_t>(m_slotCount++);
            std::memset(slotBits(static_cast<size_t>(slot)), 0, 2 * m_words * sizeof(uint64_t));
        }
        uint64_t* bits = slotBits(static_cast<size_t>(slot));
        SlotSpans& spans = m_slotSpans[static_cast<size_t>(slot)];
        if (!spans.interior.empty())
            std::memset(bits + spans.interior.lo, 0, (spans.interior.hi - spans.interior.lo) * sizeof(uint64_t));
        if (!spans.frontier.empty())
            std::memset(bits + m_words + spans.frontier.lo, 0, (spans.frontier.hi - spans.frontier.lo) * sizeof(uint64_t));
        spans = SlotSpans{};
        bits[static_cast<size_t>(v) / 64] |= uint64_t{1} << (v % 64);
        spans.interior.add(static_cast<size_t>(v) / 64);
        m_stack.push_back(WalkFrame{v, live[static_cast<size_t>(v)].begin});
    };
    m_stack.clear();
    open(s);
    size_t opened = 1;
    const size_t maxOpened = m_demand[d][static_cast<size_t>(s)].gaveUp > 0 ? kMaxOpenedOnRetry : kMaxOpened;
    while (!m_stack.empty()) {
        WalkFrame& f = m_stack.back();
        const auto v = static_cast<size_t>(f.node);
        uint64_t* own = slotBits(static_cast<size_t>(slotOf[v]));
        SlotSpans& ownSpans = m_slotSpans[static_cast<size_t>(slotOf[v])];
        bool descended = false;
        for (; f.edge < live[v].end; ++f.edge) {
            const int32_t z = g.target[static_cast<size_t>(f.edge)];
            if (material(z)) {
                if (!pinned(z)) {
                    own[m_words + static_cast<size_t>(z) / 64] |= uint64_t{1} << (z % 64);
                    ownSpans.frontier.add(static_cast<size_t>(z) / 64);
                }
                continue;
            }
            if (!valid[static_cast<size_t>(z)]) {
                if (++opened > maxOpened) {
                    m_demand[d][static_cast<size_t>(s)].gaveUp += 1;
                    return std::nullopt;
                }
                open(z);   // acyclic: z cannot be on the stack; this edge is taken again when z is done
                descended = true;
                break;
            }
            const auto zSlot = static_cast<size_t>(slotOf[static_cast<size_t>(z)]);
            orSlotInto(own, own + m_words, ownSpans, zSlot);
            m_demand[d][static_cast<size_t>(z)].unread = false;
        }
        if (!descended) {
            valid[v] = 1;
            m_stack.pop_back();
        }
    }
    m_demand[d][static_cast<size_t>(s)].gaveUp = 0;
    return static_cast<size_t>(slotOf[static_cast<size_t>(s)]);
}

// Whether a rebuild should take this evicted storage's closure from the cache, computing it if
// it is not valid, rather than walk through it. A closure costs a bitset per storage of its
// area and pays only if it is read before something in that area changes. Where a closure was
// computed and then changed before anything read it (a thrashing area: in TreeLSTM's low
// budgets most are), the rebuilds that ask for it walk instead, twice as many times in a row
// each time this repeats, up to kMaxWalksFirst: those replays take 10 to 17% less time. After
// giving up on a closure (see closure()), it is tried again only every eighth time.
bool DenseRegions::worthRecomputing(int32_t s, bool reverse)
{
    ClosureDemand& c = m_demand[reverse ? 1 : 0][static_cast<size_t>(s)];
    if (m_valid[reverse ? 1 : 0][static_cast<size_t>(s)]) {
        c.walksFirst = 0;
        c.unread = false;
        return true;
    }
    if (c.unread) {
        c.walksFirst = static_cast<uint8_t>(std::min<int>(c.walksFirst * 2 + 1, kMaxWalksFirst));
        c.unread = false;
    }
    if (c.walks < c.walksFirst) {
        ++c.walks;
        return false;
    }
    c.walks = 0;
    if (c.gaveUp == 0)
        return true;
    c.gaveUp = static_cast<uint8_t>(c.gaveUp + 1);
    return (c.gaveUp & 7) == 0;
}

// Adds what evicted storage s reaches to the bitsets, walking through storages whose closure is
// not known and taking the known closures whole. Storages already in `interior` came with their
// whole closure, so the walk stops there.
void DenseRegions::walkInto(int32_t s, bool reverse, uint64_t* interior, uint64_t* frontier)
{
    const auto bit = [](int32_t v) { return uint64_t{1} << (v % 64); };
    const auto word = [](int32_t v) { return static_cast<size_t>(v) / 64; };
    if (interior[word(s)] & bit(s))
        return;
    interior[word(s)] |= bit(s);
    // The hottest loop of a replay that keeps recomputing: its arrays are read through local
    // pointers, which the compiler cannot assume unchanged across the bitset stores.
    const StorageGraph::Edges& g = edges(reverse);
    const LiveEdges* live = m_live[reverse ? 1 : 0].data();
    const int32_t* target = g.target.data();
    const uint8_t* isMaterial = m_state.material->data();
    const uint8_t* isPinned = m_state.pinned->data();
    const uint8_t* hasClosure = m_valid[reverse ? 1 : 0].data();
    const int32_t* slotOf = m_slotOf[reverse ? 1 : 0].data();
    ClosureDemand* demand = m_demand[reverse ? 1 : 0].data();
    int32_t* todo = m_walkStack.get();   // each storage is pushed once, as it enters the interior
    size_t top = 0;
    todo[top++] = s;
    while (top > 0) {
        const auto v = static_cast<size_t>(todo[--top]);
        for (auto e = static_cast<size_t>(live[v].begin), end = static_cast<size_t>(live[v].end); e < end; ++e) {
            const int32_t z = target[e];
            const auto zi = static_cast<size_t>(z);
            if (isMaterial[zi]) {
                if (!isPinned[zi])
                    frontier[word(z)] |= bit(z);
            } else if (!(interior[word(z)] & bit(z))) {
                if (hasClosure[zi]) {
                    orSlotInto(interior, frontier, static_cast<size_t>(slotOf[zi]));
                    demand[zi].unread = false;
                } else {
                    interior[word(z)] |= bit(z);
                    todo[top++] = z;
                }
            }
        }
    }
}

// The words where the region's interior and frontier have bits. An eviction's region is
// absorbed by every region on its frontiers, often dozens: finding its words once lets each
// absorb skip the rest, which for storages freed together is most of them.
const DenseRegions::SlotSpans& DenseRegions::absorbedSpans(size_t src)
{
    if (m_absorbedRegion == src)
        return m_absorbedSpans;
    m_absorbedRegion = src;
    const SlotSpans& spans = m_regionSpans[src];
    m_absorbedSpans = SlotSpans{.interior = spanOf(&m_interior[src * m_words], spans.interior),
                                .frontier = spanOf(&m_frontier[src * m_words], spans.frontier)};
    return m_absorbedSpans;
}

void DenseRegions::absorb(int32_t into, bool reverse, int32_t evicted)
{
    ensureSets();
    const size_t r = index(into, reverse);
    const size_t src = index(evicted, reverse);
    if (m_absorbedRegion == r)
        m_absorbedRegion = kNoRegion;
    const SlotSpans& spans = absorbedSpans(src);
    uint64_t* fi = frontierBits(r);
    const uint64_t* fs = frontierBits(src);
    const auto ew = static_cast<size_t>(evicted) / 64;
    const uint64_t eb = uint64_t{1} << (evicted % 64);
    fi[ew] &= ~eb;
    if (!spans.frontier.empty())
        orInto(fi + spans.frontier.lo, fs + spans.frontier.lo, spans.frontier.hi - spans.frontier.lo);
    SlotSpans& intoSpans = m_regionSpans[r];
    intoSpans.frontier.add(spans.frontier);
    intoSpans.interior.add(spans.interior);
    intoSpans.interior.add(ew);

    uint64_t* ii = interiorBits(r);
    const uint64_t* is = &m_interior[src * m_words];
    if (m_pending[r]) {
        // The lazy sum will count every new interior storage once; simrd also counts the
        // evicted storage again when it was already inside.
        if (ii[ew] & eb)
            m_compute[r] += (*m_state.compute)[static_cast<size_t>(evicted)];
        if (!spans.interior.empty())
            orInto(ii + spans.interior.lo, is + spans.interior.lo, spans.interior.hi - spans.interior.lo);
        ii[ew] |= eb;
        return;
    }
    const std::vector<int64_t>& compute = *m_state.compute;
    int64_t added = compute[static_cast<size_t>(evicted)];   // counted again even when already inside, as simrd does
    const size_t lo = spans.interior.lo, hi = spans.interior.empty() ? lo : spans.interior.hi;
    for (size_t w = lo; w < hi; ++w) {
        uint64_t diff = is[w] & ~ii[w];
        if (w == ew)
            diff &= ~eb;   // counted above
        ii[w] |= diff;
        for (; diff; diff &= diff - 1)
            added += compute[w * 64 + static_cast<size_t>(__builtin_ctzll(diff))];
    }
    ii[ew] |= eb;
    m_compute[r] += added;
}

void DenseRegions::clear(int32_t s)
{
    ensureSets();
    for (bool reverse : {false, true}) {
        const size_t r = index(s, reverse);
        if (m_absorbedRegion == r)
            m_absorbedRegion = kNoRegion;
        zero(interiorBits(r), m_regionSpans[r].interior);
        zero(frontierBits(r), m_regionSpans[r].frontier);
        m_regionSpans[r] = SlotSpans{};
        m_compute[r] = 0;
        m_pending[r] = 0;
    }
}


} // namespace holescope
