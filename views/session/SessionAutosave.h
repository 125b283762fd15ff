// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session/SessionDocument.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <optional>

namespace holescope {

class Session;

// Keeps a copy of the session's unsaved work in one file, written a moment after each change
// (atomically), so that a crash loses nothing; removed when the work is saved or discarded.
class SessionAutosave : public QObject {
    Q_OBJECT
public:
    SessionAutosave(Session& session, QString path, QObject* parent = nullptr);

    const QString& path() const { return m_path; }
    // Writes now if there is unsaved work; false (with the reason) when writing failed.
    bool saveNow(QString* error = nullptr);
    // The work is saved or thrown away: the copy goes.
    void discard();

    // The copy left by a run that did not end cleanly, if any.
    static std::optional<SessionDocument> recover(const QString& path, std::string& error);

signals:
    void failed(const QString& message);

private:
    Session& m_session;
    QString m_path;
    QTimer m_timer;
};

} // namespace holescope
