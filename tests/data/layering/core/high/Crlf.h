#include <QString>
// SPDX-License-Identifier: GPL-3.0-or-later
// Made up for the layering test: a byte-order mark and CRLF line ends hide nothing.
#include "low/Low.h"
