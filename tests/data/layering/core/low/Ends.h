// SPDX-License-Identifier: GPL-3.0-or-later
// Made up for the layering test: its last line goes on with a backslash, into nothing.
#pragma once
#include <vector> \
