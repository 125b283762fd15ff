// SPDX-License-Identifier: GPL-3.0-or-later
// Made up for the layering test: a low layer that reaches up, and into Qt.
#pragma once
#include "low/Other.h"
#include "high/High.h"
#include <vector>
#include <QString>
