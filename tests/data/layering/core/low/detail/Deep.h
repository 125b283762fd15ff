// SPDX-License-Identifier: GPL-3.0-or-later
// Made up for the layering test: a file below a layer's folder is read too.
#pragma once
#include <high/High.h>
#include "low/../high/High.h"
#include <quadmath.h>
#include_next "QtCore"
#include <vector>
#include "Sibling.h"
#include "nlohmann/json.hpp"
#include <nlohmann/json.hpp>
#include <./high/High.h>
%:include <high/High.h>
/* a comment first */ #include <high/High.h>
#\
include <high/High.h>
#include \
  "high/High.h"
#inc\
lude <QtCore/QString>
#include <vector> \

#include "high/High.h"
#include \  
"high/High.h"
