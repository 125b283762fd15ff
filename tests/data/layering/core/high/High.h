// SPDX-License-Identifier: GPL-3.0-or-later
// Made up for the layering test: a high layer that uses the low one, as declared.
#pragma once
#include "low/Low.h"
#include "Sibling.h"
  #  include "views/Widget.h"
