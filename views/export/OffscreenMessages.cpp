// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/OffscreenMessages.h"

#include <QString>
#include <QtGlobal>

#include <cstdio>

namespace holescope {
namespace {

void dropOffscreenNotes(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set"))
        || message == QLatin1String("This plugin does not support propagateSizeHints()"))
        return;
    std::fprintf(stderr, "%s\n", qPrintable(qFormatLogMessage(type, context, message)));
}

} // namespace

void quietOffscreenNotes()
{
    qInstallMessageHandler(dropOffscreenNotes);
}

} // namespace holescope
