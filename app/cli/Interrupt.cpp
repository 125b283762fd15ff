// SPDX-License-Identifier: GPL-3.0-or-later
#include "Interrupt.h"

#include <csignal>

namespace holescope::cli {
namespace {

// A signal handler can only reach static state.
std::atomic<bool> g_interrupted{false};

extern "C" void onInterrupt(int)
{
    g_interrupted.store(true);
}

} // namespace

InterruptAsCancel::InterruptAsCancel()
    : m_previous(std::signal(SIGINT, onInterrupt))
{
    g_interrupted.store(false);
}

InterruptAsCancel::~InterruptAsCancel()
{
    std::signal(SIGINT, m_previous);
}

const std::atomic<bool>* InterruptAsCancel::flag() const
{
    return &g_interrupted;
}

} // namespace holescope::cli
