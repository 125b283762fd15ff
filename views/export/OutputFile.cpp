// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/OutputFile.h"

#include <QFileInfo>
#include <QTemporaryFile>

namespace holescope {

QString whyNotWritable(const QString& path)
{
    const QFileInfo file(path);
    const QFileInfo folder(file.absolutePath());
    if (file.isDir())
        return QStringLiteral("it is a folder");
    if (!folder.isDir())
        return QStringLiteral("no folder %1").arg(folder.filePath());
    if (file.exists() ? !file.isWritable() : !folder.isWritable())
        return QStringLiteral("permission denied");
    // Outputs are written as a temporary file in that folder, then renamed: the bits above say
    // nothing of a read-only file system, nor of what root may not do there.
    QTemporaryFile probe(folder.filePath() + QStringLiteral("/.holescope-probe-XXXXXX"));
    if (!probe.open())
        return probe.errorString();
    return {};
}

} // namespace holescope
