// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace holescope {

// Asks the C library to keep freed memory for reuse instead of handing it back to the system.
// A replay allocates its region sets (tens of megabytes on the large traces) and touches most
// of them; handed back after every replay of a sweep or a benchmark, every page faults in
// again, which costs a third of a replay of Unrolled GAN. Process-wide, so only the programs
// call it, once, at start; the core never does.
void retainFreedMemory();

} // namespace holescope
