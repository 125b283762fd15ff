// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QStringList>

class QSettings;

namespace holescope {

// The most recently opened traces and sessions, newest first, kept in the settings it is given.
class RecentFiles : public QObject {
    Q_OBJECT
public:
    static constexpr int kMaxFiles = 10;

    explicit RecentFiles(QSettings& settings, QObject* parent = nullptr);

    QStringList files() const { return m_files; }
    void add(const QString& path);
    void remove(const QString& path);

signals:
    void changed();

private:
    void store();

    QSettings& m_settings;
    QStringList m_files;
};

} // namespace holescope
