// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/OutputFile.h"

#include <QFileInfo>
#include <QTemporaryFile>

#include <cerrno>
#include <cstring>

namespace holescope {

bool isStream(const QString& path)
{
    const QFileInfo file(path);
    return file.exists() && !file.isFile() && !file.isDir();
}

QString whyNotWritable(const QString& path)
{
    const QFileInfo file(path);
    const QFileInfo folder(file.absolutePath());
    if (file.isDir())
        return QStringLiteral("it is a folder");
    if (isStream(path))
        return file.isWritable() ? QString() : QStringLiteral("permission denied");
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

OutputFile::OutputFile(const QString& path)
    : m_stream(isStream(path))
    , m_file(path)
    , m_direct(path)
{
}

bool OutputFile::open()
{
    errno = 0;
    const bool ok = m_stream ? m_direct.open(QIODevice::WriteOnly | QIODevice::Unbuffered) : m_file.open(QIODevice::WriteOnly);
    if (!ok)
        keepSystemError();
    return ok;
}

QIODevice* OutputFile::device()
{
    return m_stream ? static_cast<QIODevice*>(&m_direct) : &m_file;
}

bool OutputFile::write(const char* data, qint64 size)
{
    errno = 0;
    const bool ok = device()->write(data, size) == size;
    if (!ok)
        keepSystemError();
    return ok;
}

bool OutputFile::commit()
{
    errno = 0;
    const bool ok = m_stream ? m_direct.flush() && m_direct.error() == QFileDevice::NoError : m_file.commit();
    if (!ok)
        keepSystemError();
    return ok;
}

void OutputFile::cancel()
{
    if (!m_stream)
        m_file.cancelWriting();
}

void OutputFile::keepSystemError()
{
    if (m_errno == 0)
        m_errno = errno;
}

QString OutputFile::errorString() const
{
    const QString qt = m_stream ? m_direct.errorString() : m_file.errorString();
    if ((qt.isEmpty() || qt == QLatin1String("Unknown error")) && m_errno != 0)
        return QString::fromLocal8Bit(std::strerror(m_errno));
    return qt;
}

} // namespace holescope
