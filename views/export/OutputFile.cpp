// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/OutputFile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryFile>

#include <fcntl.h>

#include <cerrno>
#include <cstring>

namespace holescope {

std::optional<int> descriptorNamed(const QString& path)
{
    const QString clean = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    if (clean == QLatin1String("/dev/stdout"))
        return 1;
    if (clean == QLatin1String("/dev/stderr"))
        return 2;
    // The kernel's spellings: no leading zeros.
    const QRegularExpression fdPath(QStringLiteral("^/(?:dev/fd|proc/self/fd|proc/thread-self/fd|proc/([1-9]\\d*)/fd)/(0|[1-9]\\d{0,8})$"));
    const QRegularExpressionMatch m = fdPath.match(clean);
    if (!m.hasMatch() || (!m.captured(1).isEmpty() && m.captured(1).toLongLong() != QCoreApplication::applicationPid()))
        return std::nullopt;
    return m.captured(2).toInt();
}

bool isStream(const QString& path)
{
    if (descriptorNamed(path))
        return true;
    const QFileInfo file(path);
    return file.exists() && !file.isFile() && !file.isDir();
}

QString whyNotWritable(const QString& path)
{
    const QFileInfo file(path);
    const QFileInfo folder(file.absolutePath());
    if (const std::optional<int> fd = descriptorNamed(path)) {
        const int flags = fcntl(*fd, F_GETFL);
        if (flags < 0)
            return QStringLiteral("descriptor %1 is not open").arg(*fd);
        return (flags & O_ACCMODE) == O_RDONLY ? QStringLiteral("descriptor %1 is not open for writing").arg(*fd) : QString();
    }
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
    : m_descriptor(descriptorNamed(path))
    , m_stream(m_descriptor || isStream(path))
    , m_file(path)
    , m_direct(path)
{
}

bool OutputFile::open()
{
    errno = 0;
    bool ok = false;
    if (m_descriptor)
        ok = m_direct.open(*m_descriptor, QIODevice::WriteOnly | QIODevice::Unbuffered, QFileDevice::DontCloseHandle);
    else
        ok = m_stream ? m_direct.open(QIODevice::WriteOnly | QIODevice::Unbuffered) : m_file.open(QIODevice::WriteOnly);
    if (!ok)
        failed();
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
        failed();
    return ok;
}

bool OutputFile::commit()
{
    errno = 0;
    if (m_stream) {
        const bool ok = m_direct.flush() && m_direct.error() == QFileDevice::NoError;
        if (!ok)
            failed();
        return ok;
    }
    // QSaveFile takes a write cut short at its last flush (a file size limit) for success, and
    // would rename the cut file into place: the bytes in the file are checked first.
    if (!m_file.flush() || m_file.size() != m_file.pos()) {
        failed();
        m_short = true;
        m_file.cancelWriting();
        (void)m_file.commit();   // discards the temporary file
        return false;
    }
    if (!m_file.commit()) {
        failed();
        return false;
    }
    return true;
}

void OutputFile::cancel()
{
    if (!m_stream)
        m_file.cancelWriting();
}

void OutputFile::failed()
{
    if (m_errno == 0)
        m_errno = errno;
}

QString OutputFile::errorString() const
{
    if (m_short)
        return m_errno != 0 ? QString::fromLocal8Bit(std::strerror(m_errno)) : QStringLiteral("the file came out short (a full disk or a file size limit?)");
    const QString qt = m_stream ? m_direct.errorString() : m_file.errorString();
    if ((qt.isEmpty() || qt == QLatin1String("Unknown error")) && m_errno != 0)
        return QString::fromLocal8Bit(std::strerror(m_errno));
    return qt;
}

} // namespace holescope
