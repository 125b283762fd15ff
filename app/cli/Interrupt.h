// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>

namespace holescope::cli {

// While alive, Ctrl-C sets flag() instead of killing the process, so long work can stop
// cleanly and still write what it has.
class InterruptAsCancel {
public:
    InterruptAsCancel();
    ~InterruptAsCancel();
    InterruptAsCancel(const InterruptAsCancel&) = delete;
    InterruptAsCancel& operator=(const InterruptAsCancel&) = delete;

    const std::atomic<bool>* flag() const;

private:
    void (*m_previous)(int);
};

} // namespace holescope::cli
