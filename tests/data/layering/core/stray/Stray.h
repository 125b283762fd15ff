// SPDX-License-Identifier: GPL-3.0-or-later
// Made up for the layering test: a folder no layer is declared for.
#pragma once
