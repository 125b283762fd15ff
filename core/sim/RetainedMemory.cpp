// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/RetainedMemory.h"

#include <cstdlib>   // defines __GLIBC__ on glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace holescope {

void retainFreedMemory()
{
#if defined(__GLIBC__)
    // Blocks up to glibc's largest mmap threshold (32 MiB) come from the heap, whose top is
    // trimmed only past 1 GiB free.
    mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 1024 * 1024 * 1024);
#endif
}

} // namespace holescope
