// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/PreparedTrace.h"

#include <memory>
#include <string>

namespace holescope {

// A trace the application has open: read, checked and prepared, then shared read-only by the
// views and the background jobs.
struct OpenTrace {
    std::string path;   // as opened
    std::string name;   // file name without directories
    std::string digest; // programDigest(): what a session's sweep was of
    PreparedTrace trace;
};

using OpenTracePtr = std::shared_ptr<const OpenTrace>;

} // namespace holescope
