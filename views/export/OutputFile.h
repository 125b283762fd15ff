// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFile>
#include <QSaveFile>
#include <QString>

#include <optional>

namespace holescope {

// Why a file could not be written at `path` ("it is a folder", "no folder F", "permission
// denied", a file system's refusal), or empty when it could. Asked before long work, so that an
// output is refused before the work rather than lost after it.
QString whyNotWritable(const QString& path);

// The descriptor of this process that `path` names by itself (/dev/stdout, /dev/stderr,
// /dev/fd/N, /proc/self/fd/N). Written through that descriptor: opened anew, the file behind it
// (one the shell opened for appending, say) would be truncated, or replaced by a renamed one.
std::optional<int> descriptorNamed(const QString& path);

// Whether `path` names a descriptor (see descriptorNamed), a device or a pipe (/dev/null, a
// FIFO) rather than a file: written straight into, since renaming a finished file over it would
// replace the device with a plain file (as root, /dev/null itself).
bool isStream(const QString& path);

// An output written whole or not at all: a file through a temporary file beside it, renamed over
// it by commit() (a failure leaves the old file as it was); a stream (isStream) directly.
class OutputFile {
public:
    explicit OutputFile(const QString& path);

    bool open();
    QIODevice* device();
    bool write(const char* data, qint64 size);
    bool write(const QByteArray& bytes) { return write(bytes.constData(), bytes.size()); }
    // The file renamed into place, or the stream flushed.
    bool commit();
    // Nothing is left in place of a file (a stream keeps what it was given).
    void cancel();
    // Keeps the system's reason for a write that failed; called by the writers above, and by
    // whoever wrote to device() and saw it fail.
    void failed();
    // Qt's reason, or the system's where Qt has none ("Unknown error" for a file size limit).
    QString errorString() const;

private:
    std::optional<int> m_descriptor;
    bool m_stream;
    QSaveFile m_file;
    QFile m_direct;
    int m_errno = 0;
    bool m_short = false;   // the file held fewer bytes than were written to it
};

} // namespace holescope
