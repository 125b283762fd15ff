// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweep/WorkerThreads.h"

#include "sim/DenseRegions.h"

namespace holescope {

RegionStore WorkerThreads::regionsFor(RegionStore asked, size_t storages) const
{
    if (asked == RegionStore::Automatic && DenseRegions::bytesFor(storages) * static_cast<size_t>(m_count) > kDenseRegionBytes)
        return RegionStore::Sparse;
    return asked;
}

} // namespace holescope
