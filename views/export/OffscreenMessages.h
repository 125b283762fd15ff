// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace holescope {

// Drawing offscreen (figures from the CLI, screenshots) on a machine with no display and no
// login session, Qt notes that XDG_RUNTIME_DIR is not set and that the offscreen platform
// cannot propagate size hints. Neither says anything about the picture, and scripts read
// stderr for errors: this drops those two notes and lets every other message through as Qt's
// default handler would. Call before the application object is made.
void quietOffscreenNotes();

} // namespace holescope
