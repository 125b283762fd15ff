// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace holescope::test {

// One run of the built holescope-cli, as a user runs it.
struct CliRun {
    bool finished = false;   // started, and exited normally within the timeout
    int exitCode = -1;
    QByteArray out;
    QString err;
};

inline CliRun runCli(const QStringList& args, int timeoutMs = 120000, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(HOLESCOPE_CLI), args);
    CliRun run;
    if (!p.waitForFinished(timeoutMs) || p.exitStatus() != QProcess::NormalExit)
        return run;
    run.finished = true;
    run.exitCode = p.exitCode();
    run.out = p.readAllStandardOutput();
    run.err = QString::fromUtf8(p.readAllStandardError());
    return run;
}

} // namespace holescope::test
