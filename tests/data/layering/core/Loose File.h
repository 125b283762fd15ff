// SPDX-License-Identifier: GPL-3.0-or-later
// Made up for the layering test: a source in core/ itself, outside any layer.
#pragma once
