// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/SessionAutosave.h"

#include "session/Session.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace holescope {

SessionAutosave::SessionAutosave(Session& session, QString path, QObject* parent)
    : QObject(parent)
    , m_session(session)
    , m_path(std::move(path))
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(2000);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        QString error;
        if (!saveNow(&error))
            emit failed(error);
    });
    auto later = [this] { m_timer.start(); };
    connect(&session, &Session::traceChanged, this, later);
    connect(&session, &Session::settingsChanged, this, later);
    connect(&session, &Session::sweepFinished, this, later);
    connect(&session, &Session::selectionChanged, this, later);
    connect(&session, &Session::protectChanged, this, later);
    connect(&session, &Session::modifiedChanged, this, [this](bool modified) {
        if (!modified)
            discard();
    });
}

bool SessionAutosave::saveNow(QString* error)
{
    m_timer.stop();
    if (!m_session.isModified() || !m_session.trace())
        return true;
    SessionDocument doc = m_session.document();
    // The copy lives elsewhere than the session: name the trace absolutely.
    doc.tracePath = QFileInfo(QString::fromStdString(m_session.trace()->path)).absoluteFilePath().toStdString();
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    std::string message;
    if (!writeSessionFile(m_path.toStdString(), doc, message)) {
        if (error != nullptr)
            *error = QString::fromStdString(message);
        return false;
    }
    return true;
}

void SessionAutosave::discard()
{
    m_timer.stop();
    QFile::remove(m_path);
}

std::optional<SessionDocument> SessionAutosave::recover(const QString& path, std::string& error)
{
    if (!QFileInfo::exists(path))
        return std::nullopt;
    return readSessionFile(path.toStdString(), error);
}

} // namespace holescope
