// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace holescope {

// Why a file could not be written at `path` ("it is a folder", "no folder F", "permission
// denied", a file system's refusal), or empty when it could. Asked before long work, so that an
// output is refused before the work rather than lost after it.
QString whyNotWritable(const QString& path);

} // namespace holescope
