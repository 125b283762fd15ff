// SPDX-License-Identifier: GPL-3.0-or-later
#include "RecentFiles.h"

#include <QFileInfo>
#include <QSettings>

namespace holescope {

RecentFiles::RecentFiles(QSettings& settings, QObject* parent)
    : QObject(parent)
    , m_settings(settings)
    , m_files(settings.value(QStringLiteral("recentFiles")).toStringList())
{
}

void RecentFiles::add(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_files.removeAll(absolute);
    m_files.prepend(absolute);
    while (m_files.size() > kMaxFiles)
        m_files.removeLast();
    store();
}

void RecentFiles::remove(const QString& path)
{
    if (m_files.removeAll(QFileInfo(path).absoluteFilePath()) > 0)
        store();
}

void RecentFiles::store()
{
    m_settings.setValue(QStringLiteral("recentFiles"), m_files);
    emit changed();
}

} // namespace holescope
