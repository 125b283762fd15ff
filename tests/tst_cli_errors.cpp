// SPDX-License-Identifier: GPL-3.0-or-later
// holescope-cli as a user meets it: exit status 2 and a message naming the culprit for every
// bad invocation or input, 0 and the documented JSON otherwise.
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <set>

#include <sys/stat.h>
#include <unistd.h>

#include <string>
#include <utility>

#include "support/CliProcess.h"
#include "support/SkipReport.h"

namespace {

using holescope::test::CliRun;
using holescope::test::runCli;

QString compact(const QJsonValue& v)
{
    return QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
}

// x0 (constant) -> x1 -> x2 -> x3, 100 bytes each, costs 10, 20, 30; x1 is released at the end.
// Replays worked out by hand with the rules of shared/docs/simrd-semantics.md:
//  - clock: 1 + 10 + 20 + 30 = 61 when all four operators run, no rematerialization.
//  - baseline (RuntimeV1, no budget): 400 bytes while x3 is computed, before x1 is released.
//  - budget 300: computing x3 (op_count 4) finds 300 + 100 > 300; x2 is locked as the parent
//    and x0 is pinned, so the pool holds only storage 1: one eviction [4,1,100]. The later
//    RELEASE x1 finds storage 1 already evicted, so no eager eviction. Peak 300.
//  - budget 400: no free loop; RELEASE x1 drops storage 1's last reference while it is
//    material, so eager eviction evicts it: [4,1,100]. Peak 400.
//  - budget 200: computing x2 (op_count 3) needs 200 + 100 with x1 locked and x0 pinned: the
//    pool is empty, out of memory at clock 1 + 10.
const char* const kChain =
    R"({"ANNOTATION":"START","INSTRUCTION":"ANNOTATE"})"
    "\n"
    R"({"INSTRUCTION":"CONSTANT","NAME":"x0"})"
    "\n"
    R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"x0"})"
    "\n"
    R"({"ARGS":["x0"],"INSTRUCTION":"CALL","NAME":"f","RESULT":["x1"],"TIME":"10"})"
    "\n"
    R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"x1"})"
    "\n"
    R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"x1"})"
    "\n"
    R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"f","RESULT":["x2"],"TIME":"20"})"
    "\n"
    R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"x2"})"
    "\n"
    R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"x2"})"
    "\n"
    R"({"ARGS":["x2"],"INSTRUCTION":"CALL","NAME":"f","RESULT":["x3"],"TIME":"30"})"
    "\n"
    R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"x3"})"
    "\n"
    R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"x3"})"
    "\n"
    R"({"INSTRUCTION":"RELEASE","NAME":"x1"})"
    "\n";

// The chain with a TIME that is not a number on line 7.
const char* const kBad =
    R"({"ANNOTATION":"START","INSTRUCTION":"ANNOTATE"})"
    "\n"
    R"({"INSTRUCTION":"CONSTANT","NAME":"x0"})"
    "\n"
    R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"x0"})"
    "\n"
    R"({"ARGS":["x0"],"INSTRUCTION":"CALL","NAME":"f","RESULT":["x1"],"TIME":"10"})"
    "\n"
    R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"x1"})"
    "\n"
    R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"x1"})"
    "\n"
    R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"f","RESULT":["x2"],"TIME":"ten"})"
    "\n";

} // namespace

class CliErrorsTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void noCommand();
    void unknownCommand();
    void badInput_data();
    void badInput();
    void version();
    void replayHelp();
    void helpListsWhatTheCommandTakes_data();
    void helpListsWhatTheCommandTakes();
    void everyCommandHasHelp_data();
    void everyCommandHasHelp();
    void replayJson_data();
    void replayJson();
    void protectList();
    void budgetTakesBytesWithB();
    void recordFiles();
    void censusReadsEveryTraceFirst();
    void readOnlyFolder();
    void folderThatTakesNoFile();
    void sameOutputThroughALink();
    void outputOverAnInput();
    void outputsThatAreStreams();
    void outputsThroughDescriptors();
    void outputsTheSystemRefuses();
    void singleDashOptionsReadAsLong();
    void figureWithoutSession();
    void benchNamesAndMinTime();

private:
    // Replaces {chain}, {bad}, {alias} and {dir} in an argument list.
    QStringList expand(const QStringList& args) const;

    QTemporaryDir m_dir;
};

void CliErrorsTest::initTestCase()
{
    QVERIFY(QFile::exists(QStringLiteral(HOLESCOPE_CLI)));
    QVERIFY(m_dir.isValid());
    for (const auto& [name, text] : {std::pair{"chain.log", kChain}, std::pair{"bad.log", kBad}}) {
        QFile f(m_dir.filePath(name));
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.write(text) > 0);
    }
    // A shared folder with no traces in it, for bench's errors.
    QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("shared/traces/dtr")));
    QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("shared/golden")));
    // Shared folders whose golden files are damaged, one way each.
    const char* head = "{\"trace\":\"t.log\",\"baseline\":{}}\n";
    const auto run = [](const char* budget) {
        return std::string{"{\"ratio\":0.5,\"budget\":"} + budget + ",\"overhead_limit\":null,\"protect\":[],\"simrd_seconds\":1}\n";
    };
    const std::pair<const char*, std::string> damaged[] = {
        {"badjson", "{oops\n"},
        {"notobject", "[1,2]\n"},
        {"nobudget", std::string{head} + "{\"ratio\":0.5}\n"},
        {"textbudget", head + run("\"1000\"")},
        {"fracbudget", head + run("2.5")},
        {"notrace", run("1000")},
        {"badlimit", std::string{head} + "{\"ratio\":0.5,\"budget\":1,\"overhead_limit\":\"two\",\"protect\":[],\"simrd_seconds\":1}\n"},
        {"boollimit", std::string{head} + "{\"ratio\":0.5,\"budget\":1,\"overhead_limit\":true,\"protect\":[],\"simrd_seconds\":1}\n"},
        {"badprotect", std::string{head} + "{\"ratio\":0.5,\"budget\":1,\"overhead_limit\":null,\"protect\":[3131.5],\"simrd_seconds\":1}\n"},
        {"badratio", std::string{head} + "{\"ratio\":true,\"budget\":1,\"overhead_limit\":null,\"protect\":[],\"simrd_seconds\":1}\n"},
    };
    for (const auto& [dir, text] : damaged) {
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("%1/traces/dtr").arg(dir)));
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("%1/golden").arg(dir)));
        QFile f(m_dir.filePath(QStringLiteral("%1/golden/t.jsonl").arg(dir)));
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.write(text.data(), static_cast<qint64>(text.size())) > 0);
    }
    // A golden run protecting a storage its trace does not have (the tiny alias trace has 0 and 1).
    QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("unknownprotect/traces/dtr")));
    QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("unknownprotect/golden")));
    QVERIFY(QFile::copy(QStringLiteral(HOLESCOPE_TEST_DATA "/tiny/alias.log"), m_dir.filePath("unknownprotect/traces/dtr/alias.log")));
    {
        QFile f(m_dir.filePath("unknownprotect/golden/alias.jsonl"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"trace\":\"alias.log\",\"baseline\":{}}\n");
        f.write("{\"ratio\":null,\"budget\":1000,\"overhead_limit\":null,\"protect\":[0,999],\"simrd_seconds\":1}\n");
    }
    // A trace given through a pipe (info <(zcat t.gz), say): refused, never read half.
    QCOMPARE(mkfifo(QFile::encodeName(m_dir.filePath("fifo")).constData(), 0600), 0);
}

QStringList CliErrorsTest::expand(const QStringList& args) const
{
    QStringList out;
    for (QString a : args) {
        a.replace("{chain}", m_dir.filePath("chain.log"));
        a.replace("{bad}", m_dir.filePath("bad.log"));
        a.replace("{alias}", QStringLiteral(HOLESCOPE_TEST_DATA "/tiny/alias.log"));
        a.replace("{dir}", m_dir.path());
        out << a;
    }
    return out;
}

void CliErrorsTest::noCommand()
{
    const CliRun run = runCli({});
    QVERIFY(run.finished);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("usage: holescope-cli COMMAND"), qPrintable(run.err));
}

void CliErrorsTest::unknownCommand()
{
    const CliRun run = runCli({"frobnicate"});
    QVERIFY(run.finished);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("unknown command \"frobnicate\""), qPrintable(run.err));
    QVERIFY2(run.err.contains("usage: holescope-cli COMMAND"), qPrintable(run.err));
    const CliRun help = runCli({"help", "frobnicate"});
    QCOMPARE(help.exitCode, 2);
    QVERIFY2(help.err.contains("unknown command \"frobnicate\""), qPrintable(help.err));
}

void CliErrorsTest::badInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("messages");   // each must appear in stderr

    QTest::newRow("replay malformed trace") << QStringList{"replay", "{bad}", "--budget", "300"}
                                            << QStringList{"{bad}:7: field \"TIME\": expected an integer"};
    QTest::newRow("info malformed trace") << QStringList{"info", "{bad}"} << QStringList{"{bad}:7: field \"TIME\""};
    QTest::newRow("info missing file") << QStringList{"info", "{dir}/nosuch.log"}
                                       << QStringList{"{dir}/nosuch.log: no such file"};
    QTest::newRow("replay a directory") << QStringList{"replay", "{dir}", "--budget", "300"}
                                        << QStringList{"{dir}: is a directory"};
    QTest::newRow("replay without a trace") << QStringList{"replay", "--budget", "300"}
                                            << QStringList{"usage: holescope-cli replay TRACE"};
    QTest::newRow("replay two traces") << QStringList{"replay", "{chain}", "{chain}", "--budget", "300"}
                                       << QStringList{"usage: holescope-cli replay TRACE"};
    QTest::newRow("unknown option") << QStringList{"replay", "{chain}", "--budget", "300", "--frob"}
                                    << QStringList{"frob"};

    const QString oneOf = QStringLiteral("give exactly one of --budget BYTES or --ratio R");
    QTest::newRow("neither budget nor ratio") << QStringList{"replay", "{chain}"} << QStringList{oneOf};
    QTest::newRow("both budget and ratio") << QStringList{"replay", "{chain}", "--budget", "300", "--ratio", "0.5"}
                                           << QStringList{oneOf};
    QTest::newRow("budget 12x") << QStringList{"replay", "{chain}", "--budget", "12x"}
                                << QStringList{"--budget: expected a non-negative number of bytes (at most 2^62), found \"12x\""};
    QTest::newRow("budget -1") << QStringList{"replay", "{chain}", "--budget", "-1"}
                               << QStringList{"--budget: expected a non-negative number of bytes"};
    QTest::newRow("budget 2^63-1") << QStringList{"replay", "{chain}", "--budget", "9223372036854775807"}
                                   << QStringList{"--budget: expected a non-negative number of bytes (at most 2^62)"};
    QTest::newRow("ratio 1e300") << QStringList{"replay", "{chain}", "--ratio", "1e300"}
                                 << QStringList{"--ratio: 1e+300 times the peak is more bytes than a budget can be"};
    for (const char* ratio : {"abc", "-0.5", "-1e-300", "nan", "inf", ""}) {
        const QString message = QStringLiteral("--ratio: expected a non-negative, finite ratio of the peak, found \"%1\"").arg(ratio);
        QTest::addRow("ratio \"%s\"", ratio) << QStringList{"replay", "{chain}", "--ratio", ratio} << QStringList{message};
    }
    QTest::newRow("overhead-limit 0.5") << QStringList{"replay", "{chain}", "--budget", "300", "--overhead-limit", "0.5"}
                                        << QStringList{"--overhead-limit: must be at least 1"};
    QTest::newRow("overhead-limit abc") << QStringList{"replay", "{chain}", "--budget", "300", "--overhead-limit", "abc"}
                                        << QStringList{"--overhead-limit: expected a positive, finite number"};
    QTest::newRow("protect abc") << QStringList{"replay", "{chain}", "--budget", "300", "--protect", "abc"}
                                 << QStringList{"--protect: expected storage ids separated by commas, found \"abc\""};
    QTest::newRow("protect 1,x") << QStringList{"replay", "{chain}", "--budget", "300", "--protect", "1,x"}
                                 << QStringList{"--protect: expected storage ids separated by commas, found \"x\""};
    QTest::newRow("protect 99") << QStringList{"replay", "{chain}", "--budget", "300", "--protect", "99"}
                                << QStringList{"--protect: 99 is not a storage id of this trace"};
    QTest::newRow("protect -1") << QStringList{"replay", "{chain}", "--budget", "300", "--protect", "-1"}
                                << QStringList{"--protect: -1 is not a storage id of this trace"};
    QTest::newRow("protect 1,,2") << QStringList{"replay", "{chain}", "--budget", "300", "--protect", "1,,2"}
                                  << QStringList{"--protect: an empty item (item 2 of \"1,,2\"): expected storage ids separated by commas"};
    QTest::newRow("protect 1,") << QStringList{"replay", "{chain}", "--budget", "300", "--protect", "1,"}
                                << QStringList{"--protect: an empty item (item 2 of \"1,\")"};
    QTest::newRow("protect 2^31") << QStringList{"replay", "{chain}", "--budget", "300", "--protect", "2147483648"}
                                  << QStringList{"--protect: expected storage ids separated by commas, found \"2147483648\""};
    QTest::newRow("protect 1 2") << QStringList{"replay", "{chain}", "--budget", "300", "--protect", "1 2"}
                                 << QStringList{"--protect: expected storage ids separated by commas, found \"1 2\""};
    // In alias.log tensor 2 is a view on storage 1: a tensor id, but not a storage id.
    QTest::newRow("record without --out") << QStringList{"record", "{chain}", "--budget", "300"}
                                          << QStringList{"--out FILE.json or --out FILE.csv is required"};
    QTest::newRow("record to .txt") << QStringList{"record", "{chain}", "--budget", "300", "--out", "{dir}/run.txt"}
                                    << QStringList{"--out: {dir}/run.txt: the record's format comes from the extension: name it .json"};
    QTest::newRow("sweep table to .json") << QStringList{"sweep", "{chain}", "--from", "0.5", "--to", "1", "--step", "0.5", "--out", "{dir}/s.json"}
                                          << QStringList{"--out: {dir}/s.json is named .json, but this writes a table; --json writes JSON, --csv CSV, and neither a table"};
    QTest::newRow("sweep JSON to .csv") << QStringList{"sweep", "{chain}", "--from", "0.5", "--to", "1", "--step", "0.5", "--json", "--out", "{dir}/s.csv"}
                                        << QStringList{"--out: {dir}/s.csv is named .csv, but this writes JSON"};
    QTest::newRow("holes table to .json") << QStringList{"holes", "{chain}", "--from", "0.5", "--to", "1", "--out", "{dir}/h.json"}
                                          << QStringList{"--out: {dir}/h.json is named .json, but this writes a table; --json writes JSON, and without it a table"};
    QTest::newRow("explain table to .csv") << QStringList{"explain", "{chain}", "--fail", "200", "--ok", "300", "--out", "{dir}/x.csv"}
                                           << QStringList{"--out: {dir}/x.csv is named .csv, but this writes a table"};
    QTest::newRow("export-trace to .csv") << QStringList{"export-trace", "{chain}", "--budget", "300", "--out", "{dir}/e.csv"}
                                          << QStringList{"--out: {dir}/e.csv is named .csv, but this writes JSON; trace events are JSON"};
    QTest::newRow("merge to .csv") << QStringList{"merge", "{dir}/a.json", "--out", "{dir}/m.csv"}
                                   << QStringList{"--out: {dir}/m.csv is named .csv, but this writes JSON; merge writes the sweep's JSON"};
    QTest::newRow("record into a missing folder")
        << QStringList{"record", "{chain}", "--budget", "300", "--out", "{dir}/no/such/run.json"}
        << QStringList{"{dir}/no/such/run.json: cannot write"};
    QTest::newRow("record --max-record-mb x") << QStringList{"record", "{chain}", "--budget", "300", "--max-record-mb", "x", "--out", "{dir}/run.json"}
                                              << QStringList{"--max-record-mb: expected a non-negative integer (at most 2^62), found \"x\""};
    QTest::newRow("export-trace --max-record-mb -1")
        << QStringList{"export-trace", "{chain}", "--budget", "300", "--max-record-mb", "-1", "--out", "{dir}/run.json"}
        << QStringList{"--max-record-mb: expected a non-negative integer (at most 2^62), found \"-1\""};
    QTest::newRow("explain --max-record-mb 2^41")
        << QStringList{"explain", "{chain}", "--fail", "300", "--ok", "400", "--max-record-mb", "2199023255552"}
        << QStringList{"--max-record-mb: at most 2^40 MiB, found 2199023255552"};
    QTest::newRow("bench --overhead-limit without --sweeps") << QStringList{"bench", "--overhead-limit", "2"}
                                                             << QStringList{"--overhead-limit: only with --sweeps"};
    QTest::newRow("bench --sweeps --overhead-limit 0.5") << QStringList{"bench", "--sweeps", "--overhead-limit", "0.5"}
                                                         << QStringList{"--overhead-limit: must be at least 1 (1 allows no rematerialization), found 0.5"};
    QTest::newRow("bench --max-seconds without --sweeps") << QStringList{"bench", "--max-seconds", "10"}
                                                          << QStringList{"--max-seconds: only with --sweeps"};
    QTest::newRow("bench --max-steps without --sweeps") << QStringList{"bench", "--max-steps", "1000"}
                                                        << QStringList{"--max-steps: only with --sweeps"};
    QTest::newRow("bench --sweeps --max-seconds 0") << QStringList{"bench", "--sweeps", "--max-seconds", "0"}
                                                    << QStringList{"--max-seconds: expected a positive, finite number, found \"0\""};
    QTest::newRow("bench without the shared folder") << QStringList{"bench", "--shared", "{dir}/nosuch"}
                                                     << QStringList{"{dir}/nosuch has no traces/dtr and golden folders"};
    QTest::newRow("bench --sweeps --only no trace") << QStringList{"bench", "--shared", "{dir}/shared", "--sweeps", "--only", "resnet"}
                                                    << QStringList{"--only: no trace named like \"resnet\" in {dir}/shared/traces/dtr"};
    QTest::newRow("info a pipe") << QStringList{"info", "{dir}/fifo"} << QStringList{"{dir}/fifo: not a regular file"};
    QTest::newRow("missing value") << QStringList{"replay", "{chain}", "--budget"} << QStringList{"Missing value after '--budget'"};
    QTest::newRow("max-steps abc") << QStringList{"replay", "{chain}", "--budget", "300", "--max-steps", "abc"}
                                   << QStringList{"--max-steps: expected a non-negative integer (at most 2^62), found \"abc\""};
    QTest::newRow("policy monotone:x") << QStringList{"replay", "{chain}", "--budget", "300", "--policy", "monotone:x"}
                                       << QStringList{"--policy: monotone:FLOOR needs the lowest budget to search, in bytes, found \"x\""};
    QTest::newRow("formula of two values") << QStringList{"replay", "{chain}", "--budget", "300", "--policy", "formula:1,2"}
                                           << QStringList{"--policy: a score formula gives one value, this one gives 2"};
    QTest::newRow("synth with a trace") << QStringList{"synth", "{chain}"} << QStringList{"synth takes no trace"};
    QTest::newRow("synth --seed abc") << QStringList{"synth", "--seed", "abc"}
                                      << QStringList{"--seed: expected an integer from 0 to 18446744073709551615, found \"abc\""};
    QTest::newRow("policies with an argument") << QStringList{"policies", "dtr"} << QStringList{"policies takes no arguments"};

    QTest::newRow("replay --ratio twice") << QStringList{"replay", "{chain}", "--ratio", "0.4", "--ratio", "0.5"}
                                          << QStringList{"--ratio is given 2 times (0.4, 0.5); give it once"};
    // A pair of one budget compares nothing; a CSV named .json would lie about its content.
    QTest::newRow("figure pair of one budget") << QStringList{"figure", "pair", "{chain}", "--a", "300", "--b", "300", "--out", "{dir}/p.svg"}
                                               << QStringList{"--a and --b are the same budget, 300 bytes: a pair compares two"};
    QTest::newRow("export-trace pair of one budget") << QStringList{"export-trace", "{chain}", "--budget", "300", "--pair", "300", "--out", "{dir}/e.json"}
                                                     << QStringList{"--pair is the same budget as the run's, 300 bytes: a pair compares two"};
    QTest::newRow("figure --csv named .json")
        << QStringList{"figure", "pair", "{chain}", "--a", "300", "--b", "400", "--csv", "{dir}/p.json", "--out", "{dir}/p.svg"}
        << QStringList{"--csv: {dir}/p.json is named .json, but this writes CSV; name it .csv"};
    QTest::newRow("census --csv named .json") << QStringList{"census", "{chain}", "--csv", "{dir}/c.json"}
                                              << QStringList{"--csv: {dir}/c.json is named .json, but this writes CSV; name it .csv"};

    // Outputs that could not be written are refused before the work, not after it.
    const QString noFolder = QStringLiteral("cannot write: no folder {dir}/no");
    QTest::newRow("sweep --out into a missing folder")
        << QStringList{"sweep", "{chain}", "--from", "0.5", "--to", "1", "--step", "0.1", "--out", "{dir}/no/s.json"} << QStringList{"--out: {dir}/no/s.json: " + noFolder};
    QTest::newRow("holes --out into a missing folder")
        << QStringList{"holes", "{chain}", "--from", "0.5", "--to", "1", "--out", "{dir}/no/h.json"} << QStringList{"--out: {dir}/no/h.json: " + noFolder};
    QTest::newRow("advise --out into a missing folder")
        << QStringList{"advise", "{chain}", "--budget", "300", "--out", "{dir}/no/a.txt"} << QStringList{"--out: {dir}/no/a.txt: " + noFolder};
    QTest::newRow("explain --out into a missing folder")
        << QStringList{"explain", "{chain}", "--fail", "200", "--ok", "300", "--out", "{dir}/no/e.txt"} << QStringList{"--out: {dir}/no/e.txt: " + noFolder};
    QTest::newRow("export-trace --out into a folder")
        << QStringList{"export-trace", "{chain}", "--budget", "300", "--out", "{dir}"} << QStringList{"--out: {dir}: cannot write: it is a folder"};
    QTest::newRow("synth --out into a missing folder") << QStringList{"synth", "--out", "{dir}/no/t.log"}
                                                       << QStringList{"--out: {dir}/no/t.log: " + noFolder};
    QTest::newRow("merge --out into a missing folder") << QStringList{"merge", "{dir}/s.json", "--out", "{dir}/no/m.json"}
                                                       << QStringList{"--out: {dir}/no/m.json: " + noFolder};
    QTest::newRow("figure --csv into a missing folder")
        << QStringList{"figure", "outcome", "{chain}", "--sweep", "0.5:1:0.1", "--out", "{dir}/f.svg", "--csv", "{dir}/no/f.csv"}
        << QStringList{"--csv: {dir}/no/f.csv: " + noFolder};
    QTest::newRow("figure --out into a missing folder")
        << QStringList{"figure", "pair", "{chain}", "--a", "300", "--b", "400", "--out", "{dir}/no/f.svg"} << QStringList{"--out: {dir}/no/f.svg: " + noFolder};
    QTest::newRow("figure --csv over --out")
        << QStringList{"figure", "outcome", "{chain}", "--sweep", "0.5:1:0.1", "--out", "{dir}/f.png", "--csv", "{dir}/f.png"}
        << QStringList{"--out and --csv name the same file, {dir}/f.png: give each its own"};
    QTest::newRow("census --figure over --csv")
        << QStringList{"census", "{chain}", "--csv", "{dir}/c.svg", "--figure", "{dir}/./c.svg"}
        << QStringList{"--csv and --figure name the same file, {dir}/./c.svg: give each its own"};
    QTest::newRow("census --csv into a folder") << QStringList{"census", "{chain}", "--csv", "{dir}"}
                                                << QStringList{"--csv: {dir}: cannot write: it is a folder"};
    QTest::newRow("census --figure into a missing folder") << QStringList{"census", "{chain}", "--figure", "{dir}/no/c.svg"}
                                                           << QStringList{"--figure: {dir}/no/c.svg: " + noFolder};

    QTest::newRow("advise margin wider than window")
        << QStringList{"advise", "{chain}", "--budget", "400", "--window", "20", "--margin", "30"}
        << QStringList{"--margin: 30 bytes is wider than the window, 20 bytes on either side; widen --window"};
    // Digits with a B are bytes, also 1 (without it, the whole peak).
    QTest::newRow("advise margin wider than a window of 1B")
        << QStringList{"advise", "{chain}", "--budget", "400", "--window", "1B", "--margin", "2B"}
        << QStringList{"--margin: 2 bytes is wider than the window, 1 byte on either side; widen --window"};
    QTest::newRow("advise window of 1.5B")
        << QStringList{"advise", "{chain}", "--budget", "400", "--window", "1.5B"}
        << QStringList{"--window: expected a non-negative, finite ratio of the peak, found \"1.5B\""};
    QTest::newRow("advise window past 2^62")
        << QStringList{"advise", "{chain}", "--budget", "4611686018427387904", "--window", "4611686018427387904"}
        << QStringList{"--window: the budget plus the window is more bytes than a budget can be (2^62)"};
    QTest::newRow("sweep --json --csv") << QStringList{"sweep", "{chain}", "--from", "0.5", "--to", "1", "--step", "0.1", "--json", "--csv"}
                                        << QStringList{"give --json or --csv, not both"};
    QTest::newRow("holes --shard") << QStringList{"holes", "{chain}", "--from", "0.5", "--to", "1", "--shard", "1/2"}
                                   << QStringList{"--shard: holes needs the whole range (a hole may straddle two shards)"};
    QTest::newRow("merge a folder") << QStringList{"merge", "{dir}"} << QStringList{"{dir}: is a folder, not a shard"};
    QTest::newRow("synth negative layers") << QStringList{"synth", "--layers", "-1"}
                                           << QStringList{"--layers: expected 1 to 250000 (more would make a trace larger than the reader takes), found \"-1\""};
    QTest::newRow("synth seed too large") << QStringList{"synth", "--seed", "18446744073709551616"}
                                          << QStringList{"--seed: expected an integer from 0 to 18446744073709551615, found \"18446744073709551616\""};
    QTest::newRow("max-seconds inf") << QStringList{"replay", "{chain}", "--ratio", "0.5", "--max-seconds", "inf"}
                                     << QStringList{"--max-seconds: expected a positive, finite number, found \"inf\""};
    QTest::newRow("synth too large") << QStringList{"synth", "--layers", "1000000", "--out", "{dir}/big.log"}
                                     << QStringList{"--layers: expected 1 to 250000 (more would make a trace larger than the reader takes), found \"1000000\""};
    QTest::newRow("figure --width 1000") << QStringList{"figure", "outcome", "{chain}", "--sweep", "0.5:1:0.1", "--width", "1000", "--out", "{dir}/f.png"}
                                         << QStringList{"--width: at most 100 inches, found 1000"};
    QTest::newRow("figure of 576 megapixels")
        << QStringList{"figure", "outcome", "{chain}", "--sweep", "0.5:1:0.1", "--width", "10", "--height", "10", "--dpi", "2400", "--out", "{dir}/f.png"}
        << QStringList{"a 10 x 10 inch figure at 2400 dpi would be 576 megapixels; at most 200 (lower --dpi, or write .pdf or .svg)"};
    QTest::newRow("figure --dpi of a vector figure")
        << QStringList{"figure", "outcome", "{chain}", "--sweep", "0.5:1:0.1", "--dpi", "600", "--out", "{dir}/f.svg"}
        << QStringList{"--dpi: sets a PNG's resolution; {dir}/f.svg is a vector figure (the figure's size is --width and --height)"};
    QTest::newRow("figure without --sweep") << QStringList{"figure", "outcome", "{chain}", "--out", "{dir}/f.svg"}
                                            << QStringList{"give the budgets with --sweep R1:R2:STEP"};
    QTest::newRow("figure --sweep reversed") << QStringList{"figure", "outcome", "{chain}", "--sweep", "0.9:0.5:0.1", "--out", "{dir}/f.svg"}
                                             << QStringList{"--sweep: R2 is below R1 in \"0.9:0.5:0.1\""};
    QTest::newRow("figure --sweep of 1e11 budgets")
        << QStringList{"figure", "outcome", "{chain}", "--sweep", "0.5:0.6:1e-12", "--out", "{dir}/f.svg"}
        << QStringList{"--sweep: the grid would have 1e+11 budgets (at most 1e+07); use a coarser step"};
    QTest::newRow("census --step 1e-9") << QStringList{"census", "{chain}", "--step", "1e-9"}
                                        << QStringList{"--step: the grid would have 9.5e+08 budgets (at most 1e+07); use a coarser step"};
    QTest::newRow("census trace files and --traces") << QStringList{"census", "{chain}", "--traces", "{dir}"}
                                                     << QStringList{"give trace files or --traces DIR, not both"};
    QTest::newRow("census --traces without traces") << QStringList{"census", "--traces", "{dir}/shared/traces/dtr"}
                                                    << QStringList{"--traces: {dir}/shared/traces/dtr holds no .log trace"};
    QTest::newRow("census --overhead-limit 0.5") << QStringList{"census", "{chain}", "--overhead-limit", "0.5"}
                                                 << QStringList{"--overhead-limit: must be at least 1 (1 allows no rematerialization), found 0.5"};
    QTest::newRow("census --policy belady") << QStringList{"census", "{chain}", "--policy", "belady"}
                                            << QStringList{"--policy: unknown policy \"belady\""};
    QTest::newRow("bench golden not JSON") << QStringList{"bench", "--shared", "{dir}/badjson"}
                                           << QStringList{"{dir}/badjson/golden/t.jsonl:1: not a JSON object"};
    QTest::newRow("bench golden not an object") << QStringList{"bench", "--shared", "{dir}/notobject"}
                                                << QStringList{"{dir}/notobject/golden/t.jsonl:1: not a JSON object"};
    QTest::newRow("bench golden without budget") << QStringList{"bench", "--shared", "{dir}/nobudget"}
                                                 << QStringList{"{dir}/nobudget/golden/t.jsonl:2: missing field \"budget\""};
    QTest::newRow("bench golden budget as text") << QStringList{"bench", "--shared", "{dir}/textbudget"}
                                                 << QStringList{"{dir}/textbudget/golden/t.jsonl:2: field \"budget\": expected an integer, found \"1000\""};
    QTest::newRow("bench golden fractional budget") << QStringList{"bench", "--shared", "{dir}/fracbudget"}
                                                    << QStringList{"{dir}/fracbudget/golden/t.jsonl:2: field \"budget\": expected an integer, found 2.5"};
    QTest::newRow("bench golden run before its trace") << QStringList{"bench", "--shared", "{dir}/notrace"}
                                                       << QStringList{"{dir}/notrace/golden/t.jsonl:1: a run before the line naming its trace"};
    QTest::newRow("bench golden limit as text") << QStringList{"bench", "--shared", "{dir}/badlimit"}
                                                << QStringList{"{dir}/badlimit/golden/t.jsonl:2: field \"overhead_limit\": expected a number or null, found \"two\""};
    QTest::newRow("bench golden limit true") << QStringList{"bench", "--shared", "{dir}/boollimit"}
                                             << QStringList{"{dir}/boollimit/golden/t.jsonl:2: field \"overhead_limit\": expected a number or null, found true"};
    QTest::newRow("bench golden protect not ids") << QStringList{"bench", "--shared", "{dir}/badprotect"}
                                                  << QStringList{"{dir}/badprotect/golden/t.jsonl:2: field \"protect\": expected a list of storage ids, found [3131.5]"};
    QTest::newRow("bench golden ratio not a number") << QStringList{"bench", "--shared", "{dir}/badratio"}
                                                     << QStringList{"{dir}/badratio/golden/t.jsonl:2: field \"ratio\": expected a number or null, found true"};
    QTest::newRow("bench golden protect unknown") << QStringList{"bench", "--shared", "{dir}/unknownprotect", "--only", "alias"}
                                                  << QStringList{"{dir}/unknownprotect/golden/alias.jsonl:2: protects storage 999, which alias.log does not have"};
    QTest::newRow("bench --only no replay") << QStringList{"bench", "--shared", "{dir}/shared", "--only", "resnet"}
                                            << QStringList{"--only: no replay of a trace named like \"resnet\""};
    QTest::newRow("protect a view") << QStringList{"replay", "{alias}", "--budget", "500", "--protect", "1,2"}
                                    << QStringList{"--protect: 2 is not a storage id of this trace"};
}

void CliErrorsTest::badInput()
{
    QFETCH(QStringList, args);
    QFETCH(QStringList, messages);
    const CliRun run = runCli(expand(args));
    QVERIFY(run.finished);
    QVERIFY2(run.exitCode == 2, qPrintable(QStringLiteral("exit %1, stderr: %2").arg(run.exitCode).arg(run.err)));
    QVERIFY2(run.out.isEmpty(), qPrintable(QString::fromUtf8(run.out)));
    QVERIFY2(!run.err.contains("internal error"), qPrintable(run.err));
    for (const QString& m : expand(messages))
        QVERIFY2(run.err.contains(m), qPrintable(QStringLiteral("expected \"%1\" in: %2").arg(m, run.err)));
}

void CliErrorsTest::version()
{
    const CliRun run = runCli({"--version"});
    QVERIFY(run.finished);
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.startsWith("holescope-cli "), qPrintable(QString::fromUtf8(run.out)));
}

void CliErrorsTest::replayHelp()
{
    const CliRun run = runCli({"replay", "--help"});
    QVERIFY(run.finished);
    QCOMPARE(run.exitCode, 0);
    for (const char* option : {"--budget", "--ratio", "--overhead-limit", "--protect", "--json", "--events"})
        QVERIFY2(run.out.contains(option), qPrintable(QString::fromUtf8(run.out)));
}

// A help lists only options the command takes: those that take their budgets otherwise know
// --budget and --ratio only to refuse them (badInput has the messages), holes --shard likewise.
void CliErrorsTest::helpListsWhatTheCommandTakes_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("listed");
    QTest::addColumn<QStringList>("unlisted");
    const QStringList budgets{"--budget", "--ratio"};
    QTest::newRow("sweep") << QStringList{"sweep", "--help"} << QStringList{"--shard", "--from"} << budgets;
    QTest::newRow("holes") << QStringList{"holes", "--help"} << QStringList{"--from"} << budgets + QStringList{"--shard"};
    QTest::newRow("explain") << QStringList{"explain", "--help"} << QStringList{"--fail", "--protect"} << budgets;
    QTest::newRow("figure outcome") << QStringList{"figure", "outcome", "--help"} << QStringList{"--sweep"} << budgets;
    QTest::newRow("figure pair") << QStringList{"figure", "pair", "--help"} << QStringList{"--protect"} << budgets;
    QTest::newRow("record") << QStringList{"record", "--help"} << budgets << QStringList{};
    // Commands that take no trace end with their options, not an empty "Arguments:" heading.
    QTest::newRow("synth") << QStringList{"synth", "--help"} << QStringList{"--seed"} << QStringList{"Arguments:"};
    QTest::newRow("policies") << QStringList{"policies", "--help"} << QStringList{} << QStringList{"Arguments:"};
}

void CliErrorsTest::helpListsWhatTheCommandTakes()
{
    QFETCH(QStringList, args);
    QFETCH(QStringList, listed);
    QFETCH(QStringList, unlisted);
    const CliRun run = runCli(args);
    QCOMPARE(run.exitCode, 0);
    const QString help = QString::fromUtf8(run.out);
    for (const QString& option : listed)
        QVERIFY2(help.contains(option + " ") || help.contains(option + ","), qPrintable(option + " not in:\n" + help));
    for (const QString& option : unlisted)
        QVERIFY2(!help.contains(option), qPrintable(option + " in:\n" + help));
}

void CliErrorsTest::everyCommandHasHelp_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("usage");
    // The commands the top-level help lists; a command missing here fails the count below.
    const CliRun top = runCli({"--help"});
    int listed = 0;
    for (const QByteArray& line : top.out.split('\n'))
        listed += QRegularExpression(QStringLiteral("^  [a-z][a-z-]* ")).match(QString::fromUtf8(line)).hasMatch() ? 1 : 0;
    if (listed != 14)
        qFatal("the top-level help lists %d commands, this test knows 14", listed);
    for (const char* c : {"info", "replay", "record", "sweep", "holes", "merge", "explain", "export-trace", "policies", "advise", "census",
                          "synth", "bench"})
    {
        QTest::addRow("%s", c) << QStringList{c, "--help"} << QStringLiteral("Usage: holescope-cli %1 [options]").arg(c);
        QTest::addRow("help %s", c) << QStringList{"help", c} << QStringLiteral("Usage: holescope-cli %1 [options]").arg(c);
    }
    QTest::addRow("figure outcome") << QStringList{"figure", "outcome", "--help"} << "Usage: holescope-cli figure outcome [options] trace";
    QTest::addRow("figure pair") << QStringList{"figure", "pair", "--help"} << "Usage: holescope-cli figure pair [options] trace";
    QTest::addRow("figure") << QStringList{"figure", "--help"} << "usage: holescope-cli figure outcome TRACE";
    QTest::addRow("help figure") << QStringList{"help", "figure"} << "usage: holescope-cli figure outcome TRACE";
}

void CliErrorsTest::everyCommandHasHelp()
{
    QFETCH(QStringList, args);
    QFETCH(QString, usage);
    const CliRun run = runCli(args);
    QVERIFY(run.finished);
    QCOMPARE(run.exitCode, 0);
    const QString out = QString::fromUtf8(run.out);
    QVERIFY2(out.startsWith(usage), qPrintable(out));
    QVERIFY2(!out.contains("The command.") && !out.contains("--help-all"), qPrintable(out));
}

void CliErrorsTest::replayJson_data()
{
    QTest::addColumn<QStringList>("budgetArgs");
    QTest::addColumn<bool>("events");
    QTest::addColumn<qint64>("budget");
    QTest::addColumn<QString>("outcome");
    QTest::addColumn<qint64>("opsDone");
    QTest::addColumn<qint64>("clock");
    QTest::addColumn<qint64>("maxMemory");
    QTest::addColumn<qint64>("evictions");
    QTest::addColumn<QString>("evictLog");
    QTest::addColumn<QString>("freeLog");
    // See kChain for the reasoning behind each figure.
    QTest::newRow("300, one eviction") << QStringList{"--budget", "300"} << false << qint64{300} << "complete" << qint64{4}
                                       << qint64{61} << qint64{300} << qint64{1} << "" << "";
    QTest::newRow("300, events") << QStringList{"--budget", "300"} << true << qint64{300} << "complete" << qint64{4}
                                 << qint64{61} << qint64{300} << qint64{1} << "[[4,1,100]]" << "[[4,100]]";
    // int(400 * 0.75) = 300: the same run.
    QTest::newRow("ratio 0.75") << QStringList{"--ratio", "0.75"} << true << qint64{300} << "complete" << qint64{4}
                                << qint64{61} << qint64{300} << qint64{1} << "[[4,1,100]]" << "[[4,100]]";
    QTest::newRow("400, eager eviction") << QStringList{"--budget", "400"} << true << qint64{400} << "complete" << qint64{4}
                                         << qint64{61} << qint64{400} << qint64{1} << "[[4,1,100]]" << "[]";
    QTest::newRow("200, out of memory") << QStringList{"--budget", "200"} << true << qint64{200} << "oom" << qint64{3}
                                        << qint64{11} << qint64{200} << qint64{0} << "[]" << "[[3,100]]";
}

void CliErrorsTest::replayJson()
{
    QFETCH(QStringList, budgetArgs);
    QFETCH(bool, events);
    QFETCH(qint64, budget);
    QFETCH(QString, outcome);
    QFETCH(qint64, opsDone);
    QFETCH(qint64, clock);
    QFETCH(qint64, maxMemory);
    QFETCH(qint64, evictions);
    QFETCH(QString, evictLog);
    QFETCH(QString, freeLog);

    QStringList args = expand({"replay", "{chain}", "--json"}) + budgetArgs;
    if (events)
        args << "--events";
    const CliRun run = runCli(args);
    QVERIFY(run.finished);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.err.isEmpty(), qPrintable(run.err));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(run.out, &parseError);
    QVERIFY2(doc.isObject(), qPrintable(parseError.errorString() + ": " + QString::fromUtf8(run.out)));
    const QJsonObject j = doc.object();

    for (const char* key : {"trace", "budget", "baseline_memory", "outcome", "ops_done", "clock", "remat_compute",
                            "max_memory", "evictions"})
        QVERIFY2(j.contains(key), key);
    QCOMPARE(j.value("trace").toString(), QStringLiteral("chain.log"));   // the file name, as goldens name traces
    QCOMPARE(j.value("budget").toInteger(), budget);
    QCOMPARE(j.value("baseline_memory").toInteger(), qint64{400});
    QCOMPARE(j.value("ratio").toDouble(), static_cast<double>(budget) / 400.0);   // of the budget replayed, as explain and sweep give it
    QCOMPARE(j.value("outcome").toString(), outcome);
    QCOMPARE(j.value("ops_done").toInteger(), opsDone);
    QCOMPARE(j.value("clock").toInteger(), clock);
    QCOMPARE(j.value("remat_compute").toInteger(), qint64{0});
    QCOMPARE(j.value("overhead").toDouble(), 1.0);
    QCOMPARE(j.value("max_memory").toInteger(), maxMemory);
    QCOMPARE(j.value("evictions").toInteger(), evictions);
    QCOMPARE(j.contains("evict_log"), events);
    QCOMPARE(j.contains("free_log"), events);
    if (events) {
        QVERIFY(j.value("evict_log").isArray());
        QVERIFY(j.value("free_log").isArray());
        QCOMPARE(compact(j.value("evict_log")), evictLog);
        QCOMPARE(compact(j.value("free_log")), freeLog);
    }
}

// A protection list is a set: spaces around ids are allowed, a repeated id counts once, and the
// JSON echoes each id once. Protecting storage 1 at 300 leaves the free loop of operator 4
// nothing to evict (x2 locked, x0 pinned): out of memory at op_count 4 (the constant counts, as
// in the budget-200 row of replayJson), clock 1 + 10 + 20.
void CliErrorsTest::protectList()
{
    const CliRun run = runCli(expand({"replay", "{chain}", "--json", "--budget", "300", "--protect", " 1, 1,1 "}));
    QVERIFY(run.finished);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonObject j = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(compact(j.value("protect")), QStringLiteral("[1]"));
    QCOMPARE(j.value("outcome").toString(), QStringLiteral("oom"));
    QCOMPARE(j.value("ops_done").toInteger(), qint64{4});
    QCOMPARE(j.value("clock").toInteger(), qint64{31});
    QCOMPARE(j.value("evictions").toInteger(), qint64{0});
}

// A census reads every trace before its first replay: a damaged one listed after a good one
// is refused before any of the good one's replays (they would be thrown away).
void CliErrorsTest::censusReadsEveryTraceFirst()
{
    const CliRun run = runCli(expand({"census", "{chain}", "{dir}/bad.log", "--policies", "dtr", "--from", "0.5", "--to", "1", "--step", "0.1"}));
    QVERIFY(run.finished);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(m_dir.filePath("bad.log") + ":"), qPrintable(run.err));
    QVERIFY2(!run.err.contains("chain.log: dtr done"), qPrintable(run.err));
    // Two traces of one name are told apart by their paths.
    QVERIFY(QDir(m_dir.path()).mkpath("twin"));
    QVERIFY(QFile::copy(m_dir.filePath("chain.log"), m_dir.filePath("twin/chain.log")));
    const CliRun twins = runCli(expand({"census", "{chain}", "{dir}/twin/chain.log", "--policies", "dtr", "--from", "0.5", "--to", "1", "--step", "0.1", "--json"}));
    QCOMPARE(twins.exitCode, 0);
    const auto j = nlohmann::json::parse(twins.out.toStdString());
    std::set<std::string> names;
    for (const auto& row : j.at("rows"))
        names.insert(row.at("trace").get<std::string>());
    QCOMPARE(names.size(), size_t{2});
    QVERIFY(names.count(m_dir.filePath("twin/chain.log").toStdString()) == 1);
}

// The same chain as replayJson at 300 bytes (one eviction of storage 1 at operator 4), recorded.
void CliErrorsTest::recordFiles()
{
    const QString json = m_dir.filePath("run.json"), csv = m_dir.filePath("run.csv");
    CliRun run = runCli(expand({"record", "{chain}", "--budget", "300", "--out", json}));
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QFile f(json);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const auto j = nlohmann::json::parse(f.readAll().toStdString());
    QCOMPARE(j.at("format").get<std::string>(), std::string("holescope-run/1"));
    QCOMPARE(j.at("summary").at("outcome").get<std::string>(), std::string("complete"));
    QCOMPARE(j.at("samples").size(), size_t{4});
    const auto& s1 = j.at("storages").at(1);
    QCOMPARE(s1.at("evictions").at(0).at("op").get<int>(), 4);
    QCOMPARE(s1.at("evictions").at(0).at("reason").get<std::string>(), std::string("pressure"));

    // A run stopped by a cap says which, as replay does.
    run = runCli(expand({"record", "{chain}", "--budget", "300", "--max-steps", "2", "--out", json}));
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.startsWith("unresolved at operator 3 (step cap reached (2 operator computations)); 4 events"), qPrintable(QString::fromUtf8(run.out)));

    run = runCli(expand({"record", "{chain}", "--budget", "300", "--out", csv}));
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QFile c(csv);
    QVERIFY(c.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(c.readAll()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 5);
    QCOMPARE(lines.at(0), QStringLiteral("op,name,clock,memory,pinned,evictable,max_depth,remat_compute,evictions"));
    QVERIFY2(lines.at(4).startsWith("4,"), qPrintable(lines.at(4)));
}

// A figure drawn where there is no display and no login session (a CI job, a cluster node):
// it is written, and stderr stays empty (Qt would warn that XDG_RUNTIME_DIR is not set).
void CliErrorsTest::figureWithoutSession()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("XDG_RUNTIME_DIR"));
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    const QString svg = m_dir.filePath("session.svg");
    const CliRun run = runCli(expand({"figure", "outcome", "{chain}", "--sweep", "0.5:1:0.1", "--out", svg}), 120000, env);
    QVERIFY(run.finished);
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.err, QString());
    QVERIFY(QFileInfo(svg).size() > 0);

    // A vector figure has no pixels to count: a poster-sized one is written (as a PNG of that
    // size at 300 dpi, 216 megapixels, is not).
    const QString poster = m_dir.filePath("poster.svg");
    const CliRun big = runCli(expand({"figure", "pair", "{chain}", "--a", "300", "--b", "400", "--width", "60", "--height", "40", "--out", poster}));
    QVERIFY(big.finished);
    QVERIFY2(big.exitCode == 0, qPrintable(big.err));
    QVERIFY(QFileInfo(poster).size() > 0);
}

// bench's table names a DTR trace by model and batch size (a 16-column cut left
// "unet-6-800000000", a number ten times too small); --only ignores case; --min-time 0 means the
// three runs every replay gets.
void CliErrorsTest::benchNamesAndMinTime()
{
    const QString shared = QStringLiteral(HOLESCOPE_SHARED_DIR);
    if (!QFileInfo::exists(shared + "/traces/dtr"))
        HOLESCOPE_SKIP(qPrintable("SKIPPED: no shared folder at " + shared + "; bench needs the DTR traces"));
    const CliRun run = runCli({"bench", "--shared", shared, "--no-golden", "--only", "INCEPTION", "--min-time", "0"});
    QVERIFY(run.finished);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QStringList rows = QString::fromUtf8(run.out).split('\n').filter(QRegularExpression(QStringLiteral("^inceptionv4-64 +0\\.23")));
    QCOMPARE(rows.size(), 3);   // 0.2343 and 0.235 with the limit 2.0, 0.235 without
}

// An output into a folder the user may not write to is refused before the work. Root writes
// everywhere, so as root the command runs as the user nobody (setpriv, from util-linux).
void CliErrorsTest::readOnlyFolder()
{
    const QStringList command = {"synth", "--out", m_dir.filePath("readonly") + "/t.log"};
    QString program = QStringLiteral(HOLESCOPE_CLI);
    QStringList args = command;
    if (geteuid() == 0) {
        program = QStandardPaths::findExecutable(QStringLiteral("setpriv"));
        if (program.isEmpty())
            HOLESCOPE_SKIP("running as root without setpriv to run as another user: the refusal of a read-only folder is not checked");
        args = QStringList{"--reuid=65534", "--regid=65534", "--clear-groups", QStringLiteral(HOLESCOPE_CLI)} + command;
        // nobody must reach the folder to be refused by it, not by the temporary folder above it
        QVERIFY(QFile::setPermissions(m_dir.path(), QFile::permissions(m_dir.path()) | QFileDevice::ExeOther | QFileDevice::ReadOther));
    }
    const QString folder = m_dir.filePath("readonly");
    QVERIFY(QDir().mkpath(folder));
    QVERIFY(QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::ExeOwner | QFileDevice::ReadOther | QFileDevice::ExeOther));
    QProcess p;
    p.start(program, args);
    const bool finished = p.waitForFinished(60000) && p.exitStatus() == QProcess::NormalExit;
    QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    QVERIFY(finished);
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(p.exitCode(), 2);
    QVERIFY2(err.contains("--out: " + folder + "/t.log: cannot write: permission denied"), qPrintable(err));
    QVERIFY(!QFileInfo::exists(folder + "/t.log"));
}

// A folder whose permission bits allow writing on a file system that takes no new file (procfs,
// for root too): refused before the work, not after it.
void CliErrorsTest::folderThatTakesNoFile()
{
    if (!QFileInfo(QStringLiteral("/proc/self")).exists())
        HOLESCOPE_SKIP("no /proc here: the refusal of a file system that takes no new file is not checked");
    const CliRun run = runCli({"sweep", QStringLiteral(HOLESCOPE_SOURCE_DIR "/traces/demo-unet.log"), "--from", "0.3", "--to", "0.6", "--exact", "--json",
                               "--out", "/proc/sweep.json"});
    QVERIFY(run.finished);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("--out: /proc/sweep.json: cannot write: "), qPrintable(run.err));
    QVERIFY(run.out.isEmpty());
}

// Two outputs that are one file through a link (a linked folder, a linked file) are refused
// too: the CSV was written, then the figure over it.
void CliErrorsTest::sameOutputThroughALink()
{
    QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("real")));
    QVERIFY(QFile::link(m_dir.filePath("real"), m_dir.filePath("linked")));
    const QStringList figure{"figure", "outcome", m_dir.filePath("chain.log"), "--sweep", "0.5:1:0.1"};
    CliRun run = runCli(figure + QStringList{"--out", m_dir.filePath("real/f.png"), "--csv", m_dir.filePath("linked/f.png")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("--out and --csv name the same file, " + m_dir.filePath("linked/f.png")), qPrintable(run.err));
    QFile existing(m_dir.filePath("real/g.png"));
    QVERIFY(existing.open(QIODevice::WriteOnly));
    existing.close();
    QVERIFY(QFile::link(m_dir.filePath("real/g.png"), m_dir.filePath("g-link.png")));
    run = runCli(figure + QStringList{"--out", m_dir.filePath("g-link.png"), "--csv", m_dir.filePath("real/g.png")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("name the same file"), qPrintable(run.err));
    // Distinct files in a linked folder are fine.
    run = runCli(figure + QStringList{"--out", m_dir.filePath("real/h.png"), "--csv", m_dir.filePath("linked/h.csv")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
}

// --budget takes bytes written as --pair and --window take them, with a B.
void CliErrorsTest::budgetTakesBytesWithB()
{
    const CliRun digits = runCli(expand({"replay", "{chain}", "--budget", "4000", "--json"}));
    const CliRun withB = runCli(expand({"replay", "{chain}", "--budget", "4000B", "--json"}));
    QVERIFY2(digits.exitCode == 0 && withB.exitCode == 0, qPrintable(withB.err));
    QCOMPARE(withB.out, digits.out);
    QVERIFY(digits.out.contains("\"budget\":4000"));
    const CliRun ratioB = runCli(expand({"replay", "{chain}", "--budget", "0.5B"}));
    QCOMPARE(ratioB.exitCode, 2);
    QVERIFY2(ratioB.err.contains("--budget: expected a non-negative number of bytes (at most 2^62), found \"0.5B\""), qPrintable(ratioB.err));
}

// An output named by a device or a pipe is written into it, never replaced by a plain file (as
// root, renaming over /dev/null would replace the device).
void CliErrorsTest::outputsThatAreStreams()
{
    const QString fifo = m_dir.filePath("out-fifo");
    QCOMPARE(mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    QProcess reader;
    reader.setStandardOutputFile(m_dir.filePath("through-fifo.log"));
    reader.start(QStringLiteral("cat"), {fifo});
    QVERIFY(reader.waitForStarted());
    const CliRun toFifo = runCli({"synth", "--layers", "4", "--out", fifo});
    QVERIFY(reader.waitForFinished());
    QVERIFY2(toFifo.finished && toFifo.exitCode == 0, qPrintable(toFifo.err));
    QVERIFY(!QFileInfo(fifo).isFile());   // still the pipe
    const CliRun plain = runCli({"synth", "--layers", "4"});
    QFile through(m_dir.filePath("through-fifo.log"));
    QVERIFY(through.open(QIODevice::ReadOnly));
    QCOMPARE(through.readAll(), plain.out);
    QVERIFY(plain.out.size() > 1000);
}

// /dev/stdout and its kin name a descriptor: written through it, the file the shell opened for
// appending keeps what it held (opened anew it was truncated, or replaced as a file).
void CliErrorsTest::outputsThroughDescriptors()
{
    const CliRun plain = runCli({"synth", "--layers", "4"});
    const QString appended = m_dir.filePath("appended.log");
    for (const QString& name : {QStringLiteral("/dev/stdout"), QStringLiteral("/dev/fd/1"), QStringLiteral("/proc/self/fd/1")}) {
        {
            QFile old(appended);
            QVERIFY(old.open(QIODevice::WriteOnly));
            old.write("old\n");
        }
        QProcess appending;
        appending.start(QStringLiteral("sh"), {"-c", QStringLiteral("exec \"$0\" synth --layers 4 --out \"$1\" >> \"$2\""),
                                               QStringLiteral(HOLESCOPE_CLI), name, appended});
        QVERIFY(appending.waitForFinished());
        QVERIFY2(appending.exitCode() == 0, appending.readAllStandardError().constData());
        QFile kept(appended);
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), "old\n" + plain.out);
    }
    QProcess closed;
    closed.start(QStringLiteral("sh"), {"-c", QStringLiteral("exec \"$0\" synth --layers 4 --out /dev/fd/7 7</dev/null"), QStringLiteral(HOLESCOPE_CLI)});
    QVERIFY(closed.waitForFinished());
    QCOMPARE(closed.exitCode(), 2);
    QCOMPARE(QString::fromUtf8(closed.readAllStandardError()),
             QStringLiteral("holescope-cli synth: --out: /dev/fd/7: cannot write: descriptor 7 is not open for writing\n"));
    // Standard output closed by the caller: refused as such (Qt's event descriptor took its place,
    // and the output went there, or failed with "Invalid argument").
    for (const auto& [args, message] :
         {std::pair{QStringLiteral("synth --layers 4 --out /dev/stdout"), QStringLiteral("--out: /dev/stdout: cannot write: descriptor 1 is not open for writing")},
          std::pair{QStringLiteral("synth --layers 4"), QStringLiteral("standard output: cannot write: Bad file descriptor")}}) {
        QProcess shut;
        shut.start(QStringLiteral("sh"), {"-c", QStringLiteral("exec \"$0\" %1 >&-").arg(args), QStringLiteral(HOLESCOPE_CLI)});
        QVERIFY(shut.waitForFinished());
        QCOMPARE(shut.exitCode(), 2);
        QCOMPARE(QString::fromUtf8(shut.readAllStandardError()), QStringLiteral("holescope-cli synth: %1\n").arg(message));
    }
    // Two descriptors are two outputs when they lead to two files (a pipe and a file here), and
    // one when they lead to one (named twice, the second would write over the first).
    const QString csvPart = m_dir.filePath("census-csv.txt"), tablePart = m_dir.filePath("census-table.txt");
    QProcess twoWays;
    twoWays.start(QStringLiteral("sh"), {"-c", QStringLiteral("exec \"$0\" census \"$1\" --policies dtr --csv /dev/stderr --out /dev/stdout 2>\"$2\" | cat > \"$3\""),
                                         QStringLiteral(HOLESCOPE_CLI), QStringLiteral(HOLESCOPE_SOURCE_DIR "/traces/demo-unet.log"), csvPart, tablePart});
    QVERIFY(twoWays.waitForFinished());
    QCOMPARE(twoWays.exitCode(), 0);
    QFile csvFile(csvPart), tableFile(tablePart);
    QVERIFY(csvFile.open(QIODevice::ReadOnly) && tableFile.open(QIODevice::ReadOnly));
    QVERIFY(csvFile.readAll().contains("\ndemo-unet.log,dtr,96,37,0,0,4226,"));
    QVERIFY(tableFile.readAll().startsWith("ratios 0.050000 to 1.000000"));
    QProcess oneFile;
    oneFile.start(QStringLiteral("sh"), {"-c", QStringLiteral("exec \"$0\" census \"$1\" --policies dtr --csv /dev/stderr --out /dev/stdout > \"$2\" 2>&1"),
                                         QStringLiteral(HOLESCOPE_CLI), QStringLiteral(HOLESCOPE_SOURCE_DIR "/traces/demo-unet.log"), tablePart});
    QVERIFY(oneFile.waitForFinished());
    QCOMPARE(oneFile.exitCode(), 2);
    QFile refusal(tablePart);
    QVERIFY(refusal.open(QIODevice::ReadOnly));
    QCOMPARE(refusal.readAll(), QByteArray("holescope-cli census: --out and --csv name the same file, /dev/stderr: give each its own\n"));
    // Spellings the kernel does not have are plain paths.
    const CliRun leadingZero = runCli({"synth", "--layers", "4", "--out", "/dev/fd/01"});
    QCOMPARE(leadingZero.exitCode, 2);
    QVERIFY2(leadingZero.err.contains("--out: /dev/fd/01: cannot write: "), qPrintable(leadingZero.err));
    const CliRun notOpen = runCli({"synth", "--layers", "4", "--out", "/dev/fd/9"});
    QCOMPARE(notOpen.exitCode, 2);
    QVERIFY2(notOpen.err.contains("--out: /dev/fd/9: cannot write: descriptor 9 is not open"), qPrintable(notOpen.err));
}

// Output the system refuses (a file size limit, a full disk) is an error, on standard output
// too, never a short file and status 0.
void CliErrorsTest::outputsTheSystemRefuses()
{
    // A file size limit (2 KiB: dash's ulimit counts blocks of 512 bytes; the signal it sends is
    // the CLI's to ignore): the system's reason, not "Unknown error", and the file as it was, for
    // outputs larger than the limit by far (failing as they are written) and by little (failing
    // at the last flush, which Qt's saved file took for success).
    for (const char* layers : {"2000", "5"}) {
        const QString capped = m_dir.filePath(QStringLiteral("capped-%1.log").arg(layers));
        {
            QFile old(capped);
            QVERIFY(old.open(QIODevice::WriteOnly));
            old.write("old\n");
        }
        QProcess limited;
        limited.start(QStringLiteral("sh"), {"-c", QStringLiteral("ulimit -f 4; exec \"$0\" synth --layers \"$1\" --out \"$2\""),
                                             QStringLiteral(HOLESCOPE_CLI), QString::fromLatin1(layers), capped});
        QVERIFY(limited.waitForFinished());
        QCOMPARE(limited.exitStatus(), QProcess::NormalExit);
        QCOMPARE(limited.exitCode(), 2);
        const QString limitedErr = QString::fromUtf8(limited.readAllStandardError());
        QVERIFY2(limitedErr.contains(capped + ": cannot write: File too large"), qPrintable(limitedErr));
        QFile kept(capped);
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), QByteArray("old\n"));
    }
    QVERIFY(runCli({"synth", "--layers", "5"}).out.size() > 2048);   // "5" passes the limit by little
    // The same on standard output, with its reason and once.
    QProcess limitedOut;
    limitedOut.start(QStringLiteral("sh"), {"-c", QStringLiteral("ulimit -f 4; exec \"$0\" synth --layers 10 > \"$1\""),
                                            QStringLiteral(HOLESCOPE_CLI), m_dir.filePath("capped-out.log")});
    QVERIFY(limitedOut.waitForFinished());
    QCOMPARE(limitedOut.exitCode(), 2);
    const QString limitedOutErr = QString::fromUtf8(limitedOut.readAllStandardError());
    QCOMPARE(limitedOutErr, QStringLiteral("holescope-cli synth: standard output: cannot write: File too large\n"));

    if (!QFileInfo::exists("/dev/full"))
        HOLESCOPE_SKIP("no /dev/full on this system: a full disk was NOT checked");
    QProcess full;
    full.setStandardOutputFile(QStringLiteral("/dev/full"));
    full.start(QStringLiteral(HOLESCOPE_CLI), {"info", QStringLiteral(HOLESCOPE_TEST_DATA "/tiny/alias.log")});
    QVERIFY(full.waitForFinished());
    QCOMPARE(full.exitCode(), 2);
    const QString fullErr = QString::fromUtf8(full.readAllStandardError());
    QVERIFY2(fullErr.contains("holescope-cli info: standard output: cannot write: No space left on device"), qPrintable(fullErr));
    // The top level's own texts too (they were printed outside every command).
    for (const QString& topLevel : {QStringLiteral("--version"), QStringLiteral("--help")}) {
        QProcess shown;
        shown.setStandardOutputFile(QStringLiteral("/dev/full"));
        shown.start(QStringLiteral(HOLESCOPE_CLI), {topLevel});
        QVERIFY(shown.waitForFinished());
        QCOMPARE(shown.exitCode(), 2);
        QCOMPARE(QString::fromUtf8(shown.readAllStandardError()), QStringLiteral("holescope-cli: standard output: cannot write: No space left on device\n"));
    }
}

// An output that is one of the files the command reads (the trace, a shard merged) is refused
// before any work, whatever the path's spelling: the sweep table replaced the trace it came from.
void CliErrorsTest::outputOverAnInput()
{
    const QString trace = m_dir.filePath("input.log");
    QVERIFY(QFile::copy(m_dir.filePath("chain.log"), trace));
    const QByteArray before = [&] {
        QFile f(trace);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }();
    QVERIFY(!before.isEmpty());
    const QString sameFile = m_dir.path() + "/./input.log";
    const QList<QStringList> commands{
        {"sweep", trace, "--from", "0.5", "--to", "1", "--step", "0.1", "--out", sameFile},
        {"explain", trace, "--fail", "200", "--ok", "300", "--out", sameFile},
        {"census", trace, "--csv", sameFile},
        {"figure", "outcome", trace, "--sweep", "0.5:1:0.1", "--csv", sameFile, "--out", m_dir.filePath("f.svg")},
    };
    for (const QStringList& args : commands) {
        const CliRun run = runCli(args);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(sameFile + " is the file this command reads (" + trace + "): writing there would destroy it; give another file"),
                 qPrintable(args.join(' ') + ": " + run.err));
        QFile f(trace);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), before);
    }
    // A census of a folder's traces, its CSV over one of them.
    QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("census-traces")));
    const QString inFolder = m_dir.filePath("census-traces/a.log");
    QVERIFY(QFile::copy(trace, inFolder));
    CliRun census = runCli({"census", "--traces", m_dir.filePath("census-traces"), "--csv", inFolder});
    QCOMPARE(census.exitCode, 2);
    QVERIFY2(census.err.contains(inFolder + " is the file this command reads"), qPrintable(census.err));
    // A shard merged over itself.
    const QString shard = m_dir.filePath("shard.json");
    CliRun run = runCli({"sweep", trace, "--from", "0.5", "--to", "1", "--step", "0.1", "--json", "--out", shard});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    run = runCli({"merge", shard, "--out", shard});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(shard + " is the file this command reads"), qPrintable(run.err));
    // A trace followed by another argument is named, not met with the bare usage line.
    run = runCli({"replay", trace, "extra.log", "--budget", "300"});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("one trace at a time, found 2 arguments: \"" + trace + "\", \"extra.log\"; usage: holescope-cli replay TRACE [options]"),
             qPrintable(run.err));
    // A stray value before the trace is named first.
    run = runCli({"sweep", "--from", "0.5", "0.6", "--step", "0.1", trace});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("one trace at a time, found 2 arguments: \"0.6\", \"" + trace + "\""), qPrintable(run.err));
}

// "-ratio 0.5" is "--ratio 0.5" (Qt read it as the unknown options r, a, t, i, o); a misspelt
// one is still named whole.
void CliErrorsTest::singleDashOptionsReadAsLong()
{
    const CliRun dashed = runCli({"replay", m_dir.filePath("chain.log"), "-ratio", "0.5", "-json"});
    const CliRun doubled = runCli({"replay", m_dir.filePath("chain.log"), "--ratio", "0.5", "--json"});
    QVERIFY2(dashed.exitCode == 0, qPrintable(dashed.err));
    QCOMPARE(dashed.out, doubled.out);
    QVERIFY(dashed.out.contains("\"budget\""));
    const CliRun typo = runCli({"replay", m_dir.filePath("chain.log"), "-rati", "0.5"});
    QCOMPARE(typo.exitCode, 2);
    QVERIFY2(typo.err.contains("Unknown option 'rati'"), qPrintable(typo.err));
}

HOLESCOPE_TEST_MAIN(CliErrorsTest)
#include "tst_cli_errors.moc"
