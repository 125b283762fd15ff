// SPDX-License-Identifier: GPL-3.0-or-later
// sweep, holes, merge and synth as a user runs them: separate processes, files, exit statuses.
#include <QDir>
#include <QFile>
#include <QLocale>
#include <algorithm>
#include <map>
#include <set>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include "text/Numbers.h"

#include "support/CliProcess.h"
#include "support/SkipReport.h"

namespace {

const QString kDemo = QStringLiteral(HOLESCOPE_SOURCE_DIR "/traces/demo-unet.log");

using Run = holescope::test::CliRun;

Run cli(const QStringList& args)
{
    return holescope::test::runCli(args);
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class CliSweep : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString path(const QString& name) const { return m_dir.filePath(name); }

    // A sweep's JSON, changed, written to `name` in the test's folder; empty if it could not be written.
    template <typename Change>
    QString writeChanged(nlohmann::json j, const QString& name, Change&& change) const
    {
        change(j);
        const QString file = path(name);
        QFile out(file);
        if (!out.open(QIODevice::WriteOnly))
            return {};
        out.write(QByteArray::fromStdString(j.dump()));
        return file;
    }

    // Runs a sweep whole and as `shards` processes, merges the parts, and compares the bytes.
    void compareShards(const QStringList& sweepArgs, int shards)
    {
        const Run whole = cli(QStringList{"sweep", kDemo} + sweepArgs + QStringList{"--json", "--jobs", "2"});
        QVERIFY2(whole.exitCode == 0, qPrintable(whole.err));
        QStringList parts;
        for (int k = 1; k <= shards; ++k) {
            const QString out = path(QStringLiteral("part-%1-of-%2.json").arg(k).arg(shards));
            const Run r = cli(QStringList{"sweep", kDemo} + sweepArgs
                              + QStringList{"--json", "--jobs", "1", "--shard", QStringLiteral("%1/%2").arg(k).arg(shards), "--out", out});
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            parts << out;
        }
        std::reverse(parts.begin(), parts.end());   // the order of the parts does not matter
        const Run merged = cli(QStringList{"merge"} + parts);
        QVERIFY2(merged.exitCode == 0, qPrintable(merged.err));
        QCOMPARE(merged.out, whole.out);
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void gridShardsMergeToTheSameBytes() { compareShards({"--from", "0.3", "--to", "0.6", "--step", "0.01", "--refine", "1"}, 4); }
    void certifiedShardsMergeToTheSameBytes() { compareShards({"--from", "0.3", "--to", "0.6", "--exact"}, 3); }

    // A certified interval with no upper end, and a capped run's, which certifies nothing, are
    // null in JSON and empty in CSV (not 2^63 - 1, which a JSON reader's doubles round): merge
    // reads them back. On this grid 0.5 and 0.6 stop at the 110-step cap and 1.0 (10,064 B, the
    // peak) completes with no eviction under pressure, for every budget above.
    void unboundedAndCappedIntervals()
    {
        const QStringList args{"--from", "0.3", "--to", "1.0", "--step", "0.1", "--max-steps", "110"};
        compareShards(args, 2);
        const Run json = cli(QStringList{"sweep", kDemo, "--json"} + args);
        const auto points = nlohmann::json::parse(json.out.toStdString()).at("points");
        QCOMPARE(points.size(), size_t{8});
        QCOMPARE(points[2].at("outcome").get<std::string>(), std::string("unresolved"));
        QVERIFY(points[2].at("certified").is_null());
        QCOMPARE(points[7].at("certified").dump(), std::string("[10064,null]"));
        const Run csv = cli(QStringList{"sweep", kDemo, "--csv"} + args);
        const QStringList rows = QString::fromUtf8(csv.out).split('\n', Qt::SkipEmptyParts);
        const QStringList capped5032 = rows[3].split(','), peak = rows[8].split(',');
        QVERIFY2(capped5032[0] == "5032" && capped5032[2] == "unresolved" && capped5032[9].isEmpty() && capped5032[10].isEmpty(), qPrintable(rows[3]));
        QVERIFY2(peak[0] == "10064" && peak[9] == "10064" && peak[10].isEmpty(), qPrintable(rows[8]));
        // Its reason, as the JSON gives it, in the last column; none for a run that ended.
        QVERIFY2(rows[0].endsWith(",reason") && capped5032.last() == "step cap reached (110 operator computations)" && peak.last().isEmpty(),
                 qPrintable(rows[0] + "\n" + rows[3]));
        const Run replay = cli({"replay", kDemo, "--ratio", "1", "--json"});
        QCOMPARE(nlohmann::json::parse(replay.out.toStdString()).at("certified").dump(), std::string("[10064,null]"));
        const Run capped = cli({"replay", kDemo, "--ratio", "0.4", "--max-steps", "5", "--json"});
        QVERIFY(nlohmann::json::parse(capped.out.toStdString()).at("certified").is_null());
    }

    // A capped run keeps no interval in the file, so merge cannot tell what follows it from a gap:
    // nine of these 355 executions are cut short by the cap, and the shards still merge.
    void certifiedShardsWithCappedRunsMerge() { compareShards({"--from", "0.1", "--to", "1.0", "--exact", "--max-steps", "180"}, 5); }
    // An unresolved point stands at its execution's first byte, before its shard's part: it is no
    // point added to the file.
    void certifiedShardsWithUnresolvedFirstPointsMerge()
    {
        compareShards({"--from", "0.3", "--to", "0.6", "--exact", "--max-steps", "50"}, 3);
        // What the test is for: shards whose first point is unresolved and stands before their part.
        int before = 0;
        for (int k = 2; k <= 3; ++k) {
            const nlohmann::json j = nlohmann::json::parse(readAll(path(QStringLiteral("part-%1-of-3.json").arg(k))).toStdString());
            const int64_t from = j.at("from").get<int64_t>(), length = j.at("to").get<int64_t>() - from + 1;
            const int64_t partFrom = from + length * (k - 1) / 3;
            const nlohmann::json& first = j.at("points").at(0);
            before += first.at("outcome") == "unresolved" && first.at("budget").get<int64_t>() < partFrom ? 1 : 0;
        }
        QCOMPARE(before, 2);
    }

    // A point removed from a shard that ran to its end would pass for bytes never examined (the
    // merged coverage shrinks, as if a cap had stopped it): merge names the file and the budget.
    // A shard that was stopped may have gaps, and merges.
    void mergeFindsARemovedPoint()
    {
        const QString grid = path("grid-2-of-2.json"), exact = path("exact-1-of-1.json");
        QCOMPARE(cli({"sweep", kDemo, "--from", "0.3", "--to", "0.6", "--step", "0.01", "--shard", "2/2", "--json", "--out", grid}).exitCode, 0);
        QCOMPARE(cli({"sweep", kDemo, "--from", "0.3", "--to", "0.6", "--exact", "--json", "--out", exact}).exitCode, 0);
        const auto edited = [&](const QString& from, const char* name, auto&& change) {
            return writeChanged(nlohmann::json::parse(readAll(from).toStdString()), name, change);
        };
        // The grid's shard 2 of 2 holds ratios 0.45 to 0.6; 0.47 of the 10,064-byte peak is int(4,730.08) = 4,730 B, which is 0.469992 of it.
        const QString noGridPoint = edited(grid, "grid-without-047.json", [](nlohmann::json& j) {
            auto& points = j.at("points");
            points.erase(std::find_if(points.begin(), points.end(), [](const nlohmann::json& q) { return q.at("budget") == 4730; }));
        });
        Run r = cli({"merge", noGridPoint});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(noGridPoint + ": shard 2/2 ran to its end but has no point at its grid budget 4,730 B (0.469992 of the peak): a point "
                                              "was removed from the file"),
                 qPrintable(r.err));
        // A point that refinement found between two grid budgets of different outcomes: its
        // neighbours are left unbisected.
        const QString refinedFile = path("refined.json"), plainFile = path("plain.json");
        const QStringList refinedSweep{"sweep", kDemo, "--from", "0.3", "--to", "0.6", "--step", "0.01", "--json"};
        QCOMPARE(cli(refinedSweep + QStringList{"--refine", "1", "--out", refinedFile}).exitCode, 0);
        QCOMPARE(cli(refinedSweep + QStringList{"--out", plainFile}).exitCode, 0);
        std::set<int64_t> gridBudgets;
        const nlohmann::json plainJson = nlohmann::json::parse(readAll(plainFile).toStdString());
        for (const auto& q : plainJson.at("points"))
            gridBudgets.insert(q.at("budget").get<int64_t>());
        const nlohmann::json refinedJson = nlohmann::json::parse(readAll(refinedFile).toStdString());
        size_t bisected = 0;
        while (gridBudgets.count(refinedJson.at("points")[bisected].at("budget").get<int64_t>()) > 0)
            ++bisected;
        const auto& found = refinedJson.at("points");
        const QString noBisection = edited(refinedFile, "refined-without-one.json", [&](nlohmann::json& j) { j.at("points").erase(bisected); });
        r = cli({"merge", noBisection});
        QCOMPARE(r.exitCode, 2);
        // The first refinement point lies between the grid's first change of outcome.
        const int64_t removed = found[bisected].at("budget").get<int64_t>();
        size_t below = bisected - 1;
        while (gridBudgets.count(found[below].at("budget").get<int64_t>()) == 0)
            --below;
        const QString between = QStringLiteral("%1: shard 1/1 ran to its end but has no point between %2 and %3, whose outcomes differ, where refining to 1 B bisects at %4")
                                    .arg(noBisection, QString::fromStdString(holescope::groupDigits(found[below].at("budget").get<int64_t>())),
                                         QString::fromStdString(holescope::groupDigits(*gridBudgets.upper_bound(removed))),
                                         QString::fromStdString(holescope::groupDigits(removed)));
        QVERIFY2(r.err.contains(between), qPrintable(r.err + "\nexpected: " + between));
        // A point added between a refined grid's budgets, where its bisection never replayed: a
        // byte after the first bisected one, with an interval of its own.
        const int64_t added = removed + 1;
        QVERIFY(std::none_of(found.begin(), found.end(), [&](const nlohmann::json& q) { return q.at("budget").get<int64_t>() == added; }));
        const QString extraBisection = edited(refinedFile, "refined-with-one-more.json", [&](nlohmann::json& j) {
            nlohmann::json q = j.at("points")[bisected];
            q["budget"] = added;
            q["certified"] = {added, added};
            j.at("points").insert(j.at("points").begin() + static_cast<std::ptrdiff_t>(bisected) + 1, q);
        });
        r = cli({"merge", extraBisection});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("%1: has a point at %2 B").arg(extraBisection, QString::fromStdString(holescope::groupDigits(added)))
                                + QStringLiteral(" (%1 of the peak), which shard 1/1 of this grid does not replay: a point was added to the file")
                                      .arg(QString::fromStdString(holescope::ratioText(static_cast<double>(added) / 10064.0)))),
                 qPrintable(r.err));

        // A file name that looks like a placeholder is named as it is.
        const QString percent = path("shard%2of%3.json");
        QVERIFY(QFile::copy(noGridPoint, percent));
        r = cli({"merge", percent});
        QVERIFY2(r.err.contains(percent + ": shard 2/2 ran to its end but has no point at its grid budget 4,730 B"), qPrintable(r.err));
        const QString percentWhole = path("whole%1.json");
        QVERIFY(QFile::copy(grid, percentWhole));
        r = cli({"merge", percentWhole, percentWhole});
        QVERIFY2(r.err.contains(percentWhole + ": shard 2/2 given twice"), qPrintable(r.err));

        // The certified sweep's third execution starts where the second's interval ends.
        const nlohmann::json whole = nlohmann::json::parse(readAll(exact).toStdString());
        const int64_t third = whole.at("points")[2].at("budget").get<int64_t>();
        QCOMPARE(third, whole.at("points")[1].at("certified")[1].get<int64_t>() + 1);
        const QString noExecution = edited(exact, "exact-without-third.json", [](nlohmann::json& j) { j.at("points").erase(2); });
        r = cli({"merge", noExecution});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("%1: shard 1/1 ran to its end but has no point whose execution covers %2 B")
                                    .arg(noExecution, QString::fromStdString(holescope::groupDigits(third)))),
                 qPrintable(r.err));
        const QString last = edited(exact, "exact-without-last.json", [](nlohmann::json& j) { j.at("points").erase(j.at("points").size() - 1); });
        QVERIFY2(cli({"merge", last}).err.contains("ran to its end but has no point whose execution covers"), "the range's end");
        const QString first = edited(exact, "exact-without-first.json", [](nlohmann::json& j) { j.at("points").erase(0); });
        QVERIFY2(cli({"merge", first}).err.contains("no point whose execution covers 3,019 B"), "the range's start");
        const QString stopped = edited(exact, "exact-stopped.json", [](nlohmann::json& j) {
            j.at("points").erase(2);
            j["coverage"]["stopped"] = true;
        });
        r = cli({"merge", stopped});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto coverage = nlohmann::json::parse(r.out.toStdString()).at("coverage");
        QVERIFY(coverage.at("stopped").get<bool>());
        QCOMPARE(coverage.at("certified_bytes").get<int64_t>(),
                 whole.at("coverage").at("certified_bytes").get<int64_t>()
                     - (whole.at("points")[2].at("certified")[1].get<int64_t>() - third + 1));
    }

    void sameOutputWhateverTheJobs()
    {
        const QStringList args{"sweep", kDemo, "--from", "0.2", "--to", "0.9", "--step", "0.005", "--refine", "1", "--csv"};
        const Run one = cli(args + QStringList{"--jobs", "1"});
        const Run four = cli(args + QStringList{"--jobs", "4"});
        QVERIFY2(one.exitCode == 0, qPrintable(one.err));
        QCOMPARE(four.out, one.out);
        QVERIFY(one.out.startsWith("budget,ratio,outcome,"));
        // The tables too, where a certified sweep's threads replay more budgets than one thread
        // (a chunk's first replay may land inside an execution found already): they count points.
        for (const char* command : {"sweep", "holes"}) {
            const QStringList exact{command, kDemo, "--from", "0.3", "--to", "0.6", "--exact"};
            const Run single = cli(exact + QStringList{"--jobs", "1"});
            const Run several = cli(exact + QStringList{"--jobs", "4"});
            QVERIFY2(single.exitCode == 0, qPrintable(single.err));
            QCOMPARE(several.out, single.out);
            QVERIFY2(single.out.contains("\n182 points"), qPrintable(single.out));
        }
    }

    // The demo's hole, whose edges simrd confirms (tests/data/simrd/demo-unet.jsonl).
    void demoHole()
    {
        for (const QStringList& mode : {QStringList{"--exact"}, QStringList{"--step", "0.01"}}) {
            const Run r = cli(QStringList{"holes", kDemo, "--from", "0.3", "--to", "0.6", "--json"} + mode);
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            const auto j = nlohmann::json::parse(r.out.toStdString());
            QCOMPARE(j.at("format").get<std::string>(), std::string("holescope-holes/1"));
            QCOMPARE(j.at("holes").size(), size_t{1});
            const auto& h = j.at("holes").at(0);
            QCOMPARE(h.at("lo_budget").get<int64_t>(), int64_t{3936});
            QCOMPARE(h.at("hi_budget").get<int64_t>(), int64_t{4143});
            QCOMPARE(h.at("exact").get<bool>(), true);
            QCOMPARE(h.at("edges_within").dump(), std::string("[3936,4143]"));
            QCOMPARE(h.at("outcome").get<std::string>(), std::string("oom"));
            QCOMPARE(h.at("failure_op").get<int64_t>(), int64_t{60});
            QCOMPARE(h.at("lo_ratio").get<double>(), 3936.0 / 10064.0);
        }
        // In text, a count over bytes that were only sampled is a floor, and says so with the
        // bytes (the JSON's range_bytes - certified_bytes); an exact count is not.
        const Run exact = cli({"holes", kDemo, "--from", "0.3", "--to", "0.6", "--exact"});
        QVERIFY2(exact.out.startsWith("demo-unet.log: 1 hole between 3,019 and 6,038 bytes\n"), exact.out.constData());
        const QStringList grid{"holes", kDemo, "--from", "0.3", "--to", "0.6", "--step", "0.01"};
        const auto coverage = nlohmann::json::parse(cli(grid + QStringList{"--json"}).out.toStdString()).at("coverage");
        const int64_t sampled = coverage.at("range_bytes").get<int64_t>() - coverage.at("certified_bytes").get<int64_t>();
        QVERIFY(sampled > 0);
        const Run text = cli(grid);
        QVERIFY2(text.out.startsWith(QStringLiteral("demo-unet.log: at least 1 hole between 3,019 and 6,038 bytes\n  (%1 bytes of the range were only sampled")
                                         .arg(QLocale(QLocale::English).toString(static_cast<qlonglong>(sampled)))
                                         .toUtf8()),
                 text.out.constData());
        // A certified sweep samples nothing: what it leaves unknown, capped replays left.
        const Run capped = cli({"holes", kDemo, "--from", "0.3", "--to", "0.6", "--exact", "--max-steps", "60"});
        QVERIFY2(capped.out.startsWith("demo-unet.log: no hole found between 3,019 and 6,038 bytes\n"
                                       "  (3,020 bytes of the range were left unresolved by replays a cap cut short; holes may hide there)\n"),
                 capped.out.constData());
        // Where every budget fails there is no hole, and it is said why: "no hole found" read as good news.
        const Run allFail = cli({"holes", kDemo, "--from", "0.3", "--to", "0.35", "--step", "0.01"});
        QVERIFY2(allFail.out.startsWith("demo-unet.log: no budget swept between 3,019 and 3,522 bytes completes, so there is no hole "
                                        "(a hole lies between completing budgets)\n"),
                 allFail.out.constData());
        const auto allFailJson = nlohmann::json::parse(cli({"holes", kDemo, "--from", "0.3", "--to", "0.35", "--step", "0.01", "--json"}).out.toStdString());
        QCOMPARE(allFailJson.at("completing_points").get<int>(), 0);
        // As many as the completing points of the same sweep (holes refines to single bytes).
        int completing = 0;
        const auto swept = nlohmann::json::parse(cli({"sweep", kDemo, "--from", "0.3", "--to", "0.6", "--step", "0.01", "--refine", "1", "--json"}).out.toStdString());
        for (const auto& q : swept.at("points"))
            completing += q.at("outcome") == "complete" ? 1 : 0;
        QVERIFY(completing > 0);
        QCOMPARE(nlohmann::json::parse(cli(grid + QStringList{"--json"}).out.toStdString()).at("completing_points").get<int>(), completing);
        // A grid whose replays were all cut short: not only sampled.
        const Run cappedGrid = cli({"holes", kDemo, "--from", "0.3", "--to", "0.6", "--step", "0.05", "--max-steps", "30"});
        QVERIFY2(cappedGrid.out.startsWith("demo-unet.log: no hole found between 3,019 and 6,038 bytes\n"
                                           "  (3,020 bytes of the range were only sampled, or were left unresolved by replays a cap cut short; "
                                           "holes may hide there; --exact examines every byte)\n"),
                 cappedGrid.out.constData());
    }

    // The table's last column is how many bytes give the same execution; a run a cap cut short
    // is no whole execution and has none.
    void humanTableOfCappedRuns()
    {
        const Run r = cli({"sweep", kDemo, "--from", "0.3", "--to", "0.31", "--step", "0.005", "--max-steps", "40"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QStringList lines = QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 5);
        QVERIFY2(lines.at(0).endsWith("same execution"), qPrintable(lines.at(0)));
        for (int i = 1; i <= 3; ++i) {
            QVERIFY2(lines.at(i).contains(" unresolved "), qPrintable(lines.at(i)));
            QVERIFY2(lines.at(i).endsWith(" -"), qPrintable(lines.at(i)));
        }
        QCOMPARE(lines.at(4), QStringLiteral("3 points, 0 distinct executions; 0 of 101 bytes of the range certified; 3 budgets unresolved (cut short by a cap)"));
        const Run holes = cli({"holes", kDemo, "--from", "0.3", "--to", "0.31", "--step", "0.005", "--max-steps", "40"});
        QVERIFY2(holes.out.contains("; 3 budgets unresolved (cut short by a cap)\n"), qPrintable(holes.out));
        const Run whole = cli({"sweep", kDemo, "--from", "0.3", "--to", "0.31", "--step", "0.005"});
        QVERIFY2(whole.out.contains("  3,019  0.299980 oom                      52    1.2928         39             16 B\n"), qPrintable(whole.out));
    }

    // The summary under the table gives the JSON's coverage: the range asked for (0.35 to 0.45 of
    // 10,064 B: 3,522 to 4,528, 1,007 bytes), not only the bytes between the first and last grid
    // budgets; a shard's is of its own part, and says so.
    void summaryAgreesWithJson_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("what");
        const QString range = QStringLiteral("bytes of the range");
        QTest::newRow("grid") << QStringList{"sweep", kDemo, "--from", "0.35", "--to", "0.45", "--step", "0.03"} << range;
        QTest::newRow("grid past its last budget") << QStringList{"holes", kDemo, "--from", "0.3", "--to", "0.605", "--step", "0.01"} << range;
        // Shard 2 of 2 of the 31 grid budgets from 0.30 (3,019 B) starts at the 16th, 0.45: 4,528 B, and ends at the range's end, 0.605: 6,088 B.
        QTest::newRow("shard") << QStringList{"sweep", kDemo, "--from", "0.3", "--to", "0.605", "--step", "0.01", "--shard", "2/2"}
                               << QStringLiteral("bytes of this shard's part (2/2: 4,528 .. 6,088)");
        QTest::newRow("bytes") << QStringList{"sweep", kDemo, "--from-bytes", "3500", "--to", "0.45", "--step", "0.05"} << range;
    }

    void summaryAgreesWithJson()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, what);
        const Run text = cli(args);
        const Run json = cli(args + QStringList{"--json"});
        QVERIFY2(text.exitCode == 0 && json.exitCode == 0, qPrintable(text.err + json.err));
        const auto coverage = nlohmann::json::parse(json.out.toStdString()).at("coverage");
        const auto grouped = [](int64_t n) { return QLocale(QLocale::English).toString(static_cast<qlonglong>(n)); };
        const QString expected = QStringLiteral("%1 of %2 %3 certified")
                                     .arg(grouped(coverage.at("certified_bytes").get<int64_t>()), grouped(coverage.at("range_bytes").get<int64_t>()), what);
        QVERIFY2(text.out.contains(expected.toUtf8()), qPrintable(expected + " not in:\n" + QString::fromUtf8(text.out)));
        if (args.at(4) == "0.45")
            QCOMPARE(coverage.at("range_bytes").get<int64_t>(), int64_t{1007});
        if (args.contains("--shard"))
            QCOMPARE(coverage.at("range_bytes").get<int64_t>(), int64_t{6088 - 4528 + 1});
    }

    // The shards' coverage (bytes, certified bytes, executions, unresolved runs) adds up to the
    // whole sweep's, though a shard's points reach into its neighbours' parts: a progress count
    // over shards would otherwise count their shared executions twice.
    void shardCoverageAddsUp_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("shards");
        QTest::newRow("certified") << QStringList{"--from", "0.3", "--to", "0.6", "--exact"} << 3;
        QTest::newRow("certified, capped") << QStringList{"--from", "0.3", "--to", "0.6", "--exact", "--max-steps", "60"} << 3;
        QTest::newRow("refined grid") << QStringList{"--from", "0.3", "--to", "0.6", "--step", "0.01", "--refine", "1"} << 4;
    }

    void shardCoverageAddsUp()
    {
        QFETCH(QStringList, args);
        QFETCH(int, shards);
        const auto sweepOf = [&](const QStringList& extra) {
            const Run r = cli(QStringList{"sweep", kDemo, "--json"} + args + extra);
            return r.exitCode == 0 ? nlohmann::json::parse(r.out.toStdString()) : nlohmann::json();
        };
        const nlohmann::json single = sweepOf({});
        QVERIFY(single.is_object());
        const nlohmann::json& whole = single.at("coverage");
        std::map<std::string, int64_t> sums;
        int64_t overlapping = 0;   // the shards' points, those reaching into another's part included
        for (int k = 1; k <= shards; ++k) {
            const nlohmann::json part = sweepOf({"--shard", QStringLiteral("%1/%2").arg(k).arg(shards)});
            QVERIFY(part.is_object());
            for (const char* key : {"range_bytes", "certified_bytes", "executions", "unresolved"})
                sums[key] += part.at("coverage").at(key).get<int64_t>();
            overlapping += static_cast<int64_t>(part.at("points").size());
        }
        for (const char* key : {"range_bytes", "certified_bytes", "executions", "unresolved"})
            QCOMPARE(sums[key], whole.at(key).get<int64_t>());
        QVERIFY(whole.at("executions").get<int64_t>() + whole.at("unresolved").get<int64_t>() > 10);
        // A shard with no part of its own (more shards than budgets) says so.
        const Run empty = cli({"sweep", kDemo, "--from-bytes", "4000", "--to-bytes", "4001", "--exact", "--shard", "1/3"});
        QVERIFY2(empty.out.contains("0 of 0 bytes of this shard's part (1/3: the range has too few budgets for every shard to have one) certified"),
                 empty.out.constData());
        // The case the counting is for: shards whose points, counted whole, add up to more.
        QVERIFY(overlapping > static_cast<int64_t>(single.at("points").size()));
    }

    // Each point carries its run's heuristic evaluations, simrd's figure for that budget
    // (tests/data/simrd/demo-unet.jsonl: 430 at 3,935 B, 271 at 3,936, 282 at 4,143, 428 at
    // 4,144), in JSON and CSV; merge keeps them; a point without them (a file written before
    // they were kept) is read and written back without them, not as zero.
    void pointsCarryHeuristicEvaluations()
    {
        const QStringList args{"sweep", kDemo, "--from-bytes", "3935", "--to-bytes", "4144", "--exact"};
        const Run json = cli(args + QStringList{"--json"});
        const Run csv = cli(args + QStringList{"--csv"});
        QVERIFY2(json.exitCode == 0 && csv.exitCode == 0, qPrintable(json.err + csv.err));
        auto doc = nlohmann::json::parse(json.out.toStdString());
        const std::map<int64_t, int64_t> simrd{{3935, 430}, {3936, 271}, {4143, 282}, {4144, 428}};
        const QStringList rows = QString::fromUtf8(csv.out).split('\n', Qt::SkipEmptyParts);
        const qsizetype evalsColumn = rows.first().split(',').indexOf("heuristic_evals");
        QVERIFY(evalsColumn > 0);
        QCOMPARE(rows.size() - 1, static_cast<qsizetype>(doc.at("points").size()));
        int checked = 0;
        for (size_t i = 0; i < doc.at("points").size(); ++i) {
            const auto& q = doc.at("points")[i];
            const auto [lo, hi] = std::pair{q.at("certified")[0].get<int64_t>(), q.at("certified")[1].get<int64_t>()};
            QCOMPARE(rows[static_cast<qsizetype>(i) + 1].split(',').at(evalsColumn).toLongLong(), static_cast<qlonglong>(q.at("heuristic_evals").get<int64_t>()));
            for (const auto& [budget, evals] : simrd)
                if (lo <= budget && budget <= hi) {
                    QCOMPARE(q.at("heuristic_evals").get<int64_t>(), evals);
                    ++checked;
                }
        }
        QCOMPARE(checked, 4);
        // Failures say whether they came outside any operator (the demo's all fail inside 60).
        for (const auto& q : doc.at("points"))
            QVERIFY(q.at("outcome") == "complete" ? !q.contains("outside_operator") : q.at("outside_operator") == false);

        const QString withEvals = path("evals.json");
        const QString without = path("no-evals.json");
        {
            QFile f(withEvals);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(json.out);
        }
        QCOMPARE(cli({"merge", withEvals}).out, json.out);
        for (auto& q : doc.at("points"))
            q.erase("heuristic_evals");
        {
            QFile f(without);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray::fromStdString(doc.dump(2) + "\n"));
        }
        const Run merged = cli({"merge", without});
        QVERIFY2(merged.exitCode == 0, qPrintable(merged.err));
        QVERIFY(!merged.out.contains("heuristic_evals"));
        QVERIFY(nlohmann::json::parse(merged.out.toStdString()).at("points") == doc.at("points"));
        // A count that is not one is refused, naming the point.
        for (const auto& [value, shown] : {std::pair{nlohmann::json("many"), "\"many\""}, std::pair{nlohmann::json(-1), "-1"}}) {
            doc.at("points")[1]["heuristic_evals"] = value;
            QFile f(without);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(QByteArray::fromStdString(doc.dump(2) + "\n"));
            f.close();
            const Run refused = cli({"merge", without});
            QCOMPARE(refused.exitCode, 2);
            QVERIFY2(refused.err.contains(QStringLiteral("field \"points[1].heuristic_evals\": expected an integer of at least 0, found %1").arg(shown)), qPrintable(refused.err));
            QVERIFY(refused.out.isEmpty());
        }
        doc.at("points")[1]["outside_operator"] = "yes";
        {
            QFile f(without);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(QByteArray::fromStdString(doc.dump(2) + "\n"));
        }
        const Run refused = cli({"merge", without});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("field \"points[1].outside_operator\": expected true or false, found \"yes\""), qPrintable(refused.err));
    }

    // Each point's overhead is replay's for its budget, from the header's compute baseline
    // (6,934 ns, simrd's baseline_compute in tests/data/simrd/demo-unet.jsonl).
    void pointsCarryOverheads()
    {
        const QStringList args{"sweep", kDemo, "--from", "0.35", "--to", "0.45", "--step", "0.05"};
        const auto doc = nlohmann::json::parse(cli(args + QStringList{"--json"}).out.toStdString());
        QCOMPARE(doc.at("baseline_compute").get<int64_t>(), int64_t{6934});
        QVERIFY(doc.at("max_steps").is_null() && doc.at("max_seconds").is_null());
        const QStringList rows = QString::fromUtf8(cli(args + QStringList{"--csv"}).out).split('\n', Qt::SkipEmptyParts);
        const qsizetype column = rows.first().split(',').indexOf("overhead");
        QVERIFY(column > 0);
        QCOMPARE(doc.at("points").size(), size_t{3});
        for (size_t i = 0; i < 3; ++i) {
            const auto& q = doc.at("points")[i];
            const auto replay = nlohmann::json::parse(
                cli({"replay", kDemo, "--budget", QString::number(q.at("budget").get<qlonglong>()), "--json"}).out.toStdString());
            QCOMPARE(q.at("overhead").get<double>(), replay.at("overhead").get<double>());
            QCOMPARE(q.at("overhead").get<double>(), (6934.0 + q.at("remat_compute").get<double>()) / 6934.0);
            QVERIFY(qAbs(rows[static_cast<qsizetype>(i) + 1].split(',').at(column).toDouble() - q.at("overhead").get<double>()) < 1e-9);
        }
    }

    // closing.log (data/tiny/HAND.md, measured with simrd): 499 B fails inside operator 3, 500 to
    // 699 B after the last operator, outside any; 700 B completes. Both CSVs, the sweep's and the
    // outcome figure's, end with the failure's place (empty for a completed run) and leave an
    // unbounded certified edge empty (800 B, the peak).
    void csvSaysWhereAFailureWas()
    {
        const QString closing = QStringLiteral(HOLESCOPE_TEST_DATA "/tiny/closing.log");
        const Run sweep = cli({"sweep", closing, "--from-bytes", "499", "--to-bytes", "700", "--exact", "--csv"});
        QVERIFY2(sweep.exitCode == 0, qPrintable(sweep.err));
        QCOMPARE(QString::fromUtf8(sweep.out),
                 QStringLiteral("budget,ratio,outcome,ops_done,clock,remat_compute,max_memory,evictions,max_cascade_depth,"
                                "certified_lo,certified_hi,heuristic_evals,overhead,outside_operator,policy,execution_budget,reason\n"
                                "499,0.623750000,oom,3,11,0,400,0,0,400,499,0,1.000000000,false,dtr,,\n"
                                "500,0.625000000,oom,4,51,20,500,3,1,500,699,2,1.666666667,true,dtr,,\n"
                                "700,0.875000000,complete,4,41,10,700,2,0,700,799,1,1.333333333,,dtr,,\n"));
        const QString csv = m_dir.filePath("closing-outcome.csv");
        const Run figure = cli({"figure", "outcome", closing, "--sweep", "0.6:1.0:0.2", "--out", m_dir.filePath("closing-outcome.svg"), "--csv", csv});
        QVERIFY2(figure.exitCode == 0, qPrintable(figure.err));
        QCOMPARE(QString::fromUtf8(readAll(csv)),
                 QStringLiteral("budget,ratio,outcome,overhead,ops_done,evictions,max_cascade_depth,certified_lo,certified_hi,outside_operator\n"
                                "480,0.600000000,oom,1.000000,3,0,0,400,499,false\n"
                                "640,0.800000000,oom,1.666667,4,3,1,500,699,true\n"
                                "800,1.000000000,complete,1.000000,4,1,0,800,,\n"));
    }

    // From a ratio, the grid is the ratios typed, whether --to is a ratio or bytes: 0.4 + k 0.01
    // of 10,064 B is 4025, 4126, 4226, ... (a byte step of 100 would give 4125, 4225, ...).
    void ratioGridUpToBytes()
    {
        const auto budgets = [](const QStringList& args) {
            QList<qlonglong> out;
            const auto doc = nlohmann::json::parse(cli(QStringList{"sweep", kDemo, "--step", "0.01", "--json"} + args).out.toStdString());
            for (const auto& q : doc.at("points"))
                out << q.at("budget").get<qlonglong>();
            return out;
        };
        const QList<qlonglong> byRatio = budgets({"--from", "0.4", "--to", "0.45"});
        QCOMPARE(byRatio, (QList<qlonglong>{4025, 4126, 4226, 4327, 4428, 4528}));
        QCOMPARE(budgets({"--from", "0.4", "--to-bytes", "4528"}), byRatio);
        QCOMPARE(budgets({"--from", "0.4", "--to-bytes", "4527"}), byRatio.mid(0, 5));
    }

    // A budget ratio starts at 0, as a budget in bytes does: --from 0 was refused while
    // --from-bytes 0 swept the same budgets.
    void rangeFromZero()
    {
        const auto points = [](const QStringList& args) -> nlohmann::json {
            const Run run = cli(QStringList{"sweep", kDemo, "--step", "0.02", "--to", "0.06", "--json"} + args);
            return run.exitCode == 0 ? nlohmann::json::parse(run.out.toStdString()).at("points") : nlohmann::json(run.err.toStdString());
        };
        const nlohmann::json byRatio = points({"--from", "0"});
        QCOMPARE(byRatio.size(), size_t{4});
        QCOMPARE(byRatio[0].at("budget").get<qlonglong>(), 0);
        QCOMPARE(byRatio[0].at("outcome").get<std::string>(), std::string("oom"));
        QCOMPARE(byRatio[0].at("ops_done").get<qlonglong>(), 1);   // simrd counts the constant t1 it could not hold
        QCOMPARE(points({"--from-bytes", "0"}), byRatio);

        const Run replay = cli({"replay", kDemo, "--ratio", "0", "--json"});
        QCOMPARE(replay.exitCode, 0);
        const auto doc = nlohmann::json::parse(replay.out.toStdString());
        QCOMPARE(doc.at("budget").get<qlonglong>(), 0);
        QCOMPARE(doc.at("outcome").get<std::string>(), std::string("oom"));
    }

    // Odd layer counts used to read past the end of the U-Net's way down.
    void synthOddUNet()
    {
        // L layers: L + 1 constants (the input and one weight a layer), L layers and the loss
        // forward, the loss's backward and two backward operators a layer.
        for (const int layers : {1, 5, 7}) {
            const QString log = path(QStringLiteral("u%1.log").arg(layers));
            const Run r = cli({"synth", "--shape", "unet", "--layers", QString::number(layers), "--out", log});
            QCOMPARE(r.exitCode, 0);
            const Run info = cli({"info", log, "--json"});
            QVERIFY2(info.exitCode == 0, qPrintable(info.err));
            const auto j = nlohmann::json::parse(info.out.toStdString());
            QCOMPARE(j.at("constants").get<int>(), layers + 1);
            QCOMPARE(j.at("backward_operators").get<int>(), 2 * layers + 1);
            QCOMPARE(j.at("operators").get<int>(), 4 * layers + 3);
        }
    }

    void synthWritesTheDemo()
    {
        const Run r = cli({"synth", "--shape", "unet", "--layers", "24", "--seed", "1"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, readAll(kDemo));
    }

    // bench --sweeps over a shared folder holding only the demo: its row counts the failing and
    // the capped budgets of the same 0.001 grid as sweep finds them.
    void benchSweepsCountsCappedBudgets()
    {
        const QString shared = path("bench-shared");
        QVERIFY(QDir().mkpath(shared + "/traces/dtr") && QDir().mkpath(shared + "/golden"));
        QVERIFY(QFile::copy(kDemo, shared + "/traces/dtr/demo-unet.log"));
        const Run sweep = cli({"sweep", kDemo, "--from", "0.001", "--to", "1.0", "--step", "0.001", "--max-steps", "200", "--csv"});
        QVERIFY2(sweep.exitCode == 0, qPrintable(sweep.err));
        int budgets = 0, failing = 0, unresolved = 0;
        for (const QByteArray& line : sweep.out.trimmed().split('\n').mid(1)) {
            const QByteArray outcome = line.split(',').value(2);
            budgets += 1;
            failing += outcome == "oom" || outcome == "overhead_exceeded" ? 1 : 0;
            unresolved += outcome == "unresolved" ? 1 : 0;
        }
        QVERIFY(unresolved > 0 && failing > 0);

        const Run bench = cli({"bench", "--shared", shared, "--sweeps", "--max-steps", "200"});
        QVERIFY2(bench.exitCode == 0, qPrintable(bench.err));
        const QList<QByteArray> lines = bench.out.split('\n');
        const auto row = std::find_if(lines.begin(), lines.end(), [](const QByteArray& l) { return l.startsWith("demo-unet.log"); });
        QVERIFY2(row != lines.end(), bench.out.constData());
        const QList<QByteArray> fields = row->simplified().split(' ');
        QCOMPARE(fields.size(), 6);
        QCOMPARE(fields[1].toInt(), budgets);
        QCOMPARE(fields[4].toInt(), failing);
        QCOMPARE(fields[5].toInt(), unresolved);
        QVERIFY(bench.out.contains(QStringLiteral("%1 budgets unresolved under the cap").arg(unresolved).toUtf8()));
    }

    void errors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString demo = kDemo;
        QTest::newRow("step and exact") << QStringList{"sweep", demo, "--from", "0.3", "--to", "0.6", "--step", "0.01", "--exact"}
                                        << "give --step or --exact, not both";
        QTest::newRow("neither step nor exact") << QStringList{"sweep", demo, "--from", "0.3", "--to", "0.6"}
                                                << "give --step S (a grid) or --exact (every byte)";
        QTest::newRow("no from") << QStringList{"sweep", demo, "--to", "0.6", "--exact"} << "give exactly one of --from R or --from-bytes BYTES";
        QTest::newRow("from above to") << QStringList{"sweep", demo, "--from", "0.6", "--to", "0.3", "--exact"} << "the range is empty";
        QTest::newRow("a budget") << QStringList{"sweep", demo, "--from", "0.3", "--to", "0.6", "--exact", "--budget", "5"}
                                  << "--budget and --ratio do not apply here";
        QTest::newRow("refine with exact") << QStringList{"sweep", demo, "--from", "0.3", "--to", "0.6", "--exact", "--refine", "1"}
                                           << "--refine applies to a grid";
        for (const char* shard : {"0/4", "5/4", "x", "1/0"})
            QTest::addRow("shard %s", shard) << QStringList{"sweep", demo, "--from", "0.3", "--to", "0.6", "--exact", "--shard", shard}
                                             << "--shard: expected K/N";
        QTest::newRow("step in bytes") << QStringList{"sweep", demo, "--from-bytes", "3800", "--to-bytes", "4200", "--step", "100"}
                                       << "--step: a ratio of the peak (10,064 bytes), so at most 1, found 100; a step of N bytes is N / 10,064";
        QTest::newRow("jobs 0") << QStringList{"sweep", demo, "--from", "0.3", "--to", "0.6", "--exact", "--jobs", "0"}
                                << "--jobs: expected 1 to 1024";
        QTest::newRow("jobs 2^32+1") << QStringList{"sweep", demo, "--from", "0.3", "--to", "0.6", "--exact", "--jobs", "4294967297"}
                                     << "--jobs: expected 1 to 1024";
        QTest::newRow("grid too fine") << QStringList{"sweep", demo, "--from", "0.1", "--to", "0.9", "--step", "1e-12"}
                                       << "the grid would have";
        QTest::newRow("grid too fine by default") << QStringList{"holes", demo, "--from-bytes", "0", "--to-bytes", "4611686018427387904"}
                                                  << "--step (default 0.001): the grid would have 4.58e+17 budgets";
        QTest::newRow("synth odd unet") << QStringList{"synth", "--shape", "unet", "--layers", "0"} << "--layers: expected 1 to 250000 (more would make a trace larger than the reader takes), found \"0\"";
        QTest::newRow("merge nothing") << QStringList{"merge"} << "usage: holescope-cli merge";
        QTest::newRow("merge a missing file") << QStringList{"merge", "/nonexistent/x.json"} << "/nonexistent/x.json: cannot open";
        QTest::newRow("merge a trace") << QStringList{"merge", demo} << "not JSON";
        QTest::newRow("synth tree") << QStringList{"synth", "--shape", "tree"} << "--shape: expected chain, unet or dag";
        QTest::newRow("synth 0 layers") << QStringList{"synth", "--layers", "0"} << "--layers: expected 1 to 250000 (more would make a trace larger than the reader takes), found \"0\"";
    }

    void errors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = cli(args);
        QVERIFY2(r.exitCode == 2, qPrintable(QStringLiteral("exit %1: %2").arg(r.exitCode).arg(r.err)));
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }

    void mergeChecksItsParts()
    {
        const QString a = path("m1.json"), b = path("m2.json"), other = path("other.json"), bad = path("bad.json");
        for (const auto& [k, out] : {std::pair{1, a}, std::pair{2, b}})
            QCOMPARE(cli({"sweep", kDemo, "--from", "0.3", "--to", "0.6", "--exact", "--shard", QStringLiteral("%1/3").arg(k), "--json", "--out", out})
                         .exitCode,
                     0);
        QCOMPARE(cli({"sweep", kDemo, "--from", "0.3", "--to", "0.5", "--exact", "--shard", "3/3", "--json", "--out", other}).exitCode, 0);
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format":"holescope-run/1"})");
        f.close();

        Run r = cli({"merge", a, b});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("shard 3/3 is missing"), qPrintable(r.err));
        r = cli({"merge", a, a, b});
        QVERIFY2(r.exitCode == 2 && r.err.contains("given twice"), qPrintable(r.err));
        r = cli({"merge", a, b, other});
        // The message names the setting that differs (the range's upper end, 0.5 against 0.6 of the 10,064-byte peak).
        QVERIFY2(r.exitCode == 2 && r.err.contains(other + ": not a shard of the same sweep as " + a + ": its \"to\" is 5032, not 6038"), qPrintable(r.err));
        r = cli({"merge", bad});
        QVERIFY2(r.exitCode == 2 && r.err.contains("field \"format\": expected \"holescope-sweep/1\""), qPrintable(r.err));
        // Shard 3 of the same sweep of another trace (the demo with one cost changed, same name and peak).
        QFile demo(kDemo);
        QVERIFY(demo.open(QIODevice::ReadOnly));
        QByteArray text = demo.readAll();
        const qsizetype time = text.indexOf("\"TIME\":\"");
        QVERIFY(time > 0);
        text.insert(time + 8, "1");
        QVERIFY(QDir(m_dir.path()).mkpath("changed"));
        const QString changed = path("changed/demo-unet.log");
        QFile changedFile(changed);
        QVERIFY(changedFile.open(QIODevice::WriteOnly));
        changedFile.write(text);
        changedFile.close();
        const QString changedShard = path("changed.json");
        QCOMPARE(cli({"sweep", changed, "--from", "0.3", "--to", "0.6", "--exact", "--shard", "3/3", "--json", "--out", changedShard}).exitCode, 0);
        r = cli({"merge", a, b, changedShard});
        QVERIFY2(r.exitCode == 2 && r.err.contains(changedShard + ": a shard of another trace than " + a + " (trace digest "), qPrintable(r.err));

        // A shard edited by hand or cut short: refused with the file and the field, never merged.
        const nlohmann::json good = nlohmann::json::parse(readAll(a).toStdString());
        QVERIFY(good.at("points").size() > 0);
        const auto damaged = [&](const char* what, auto&& change, const QString& message) {
            const QString file = writeChanged(good, QStringLiteral("damaged-%1.json").arg(what), change);
            QVERIFY(!file.isEmpty());
            const Run d = cli({"merge", file});
            QVERIFY2(d.exitCode == 2 && d.err.contains(file + ": " + message), qPrintable(QStringLiteral("%1: %2").arg(what, d.err)));
        };
        // Shard 3 replayed with a step cap: its unresolved points would pass for the whole sweep's.
        const QString capped = path("capped.json");
        QCOMPARE(cli({"sweep", kDemo, "--from", "0.3", "--to", "0.6", "--exact", "--shard", "3/3", "--max-steps", "100", "--json", "--out", capped})
                     .exitCode,
                 0);
        r = cli({"merge", a, b, capped});
        QVERIFY2(r.exitCode == 2 && r.err.contains(capped + ": not a shard of the same sweep as " + a + ": its \"max_steps\" is 100, not null"),
                 qPrintable(r.err));
        // A shard that names no policy (a holescope before policies, or one edited by hand) is not
        // taken for DTR's: it merges only with its like.
        const QString noPolicy = writeChanged(nlohmann::json::parse(readAll(b).toStdString()), "no-policy.json",
                                              [](nlohmann::json& j) { j.erase("policy"); });
        // Either way round, the message names the file that differs from the first and the setting.
        const auto refusedEitherOrder = [&](const QString& lacking, const QString& full, const QString& key, const QString& value) {
            const Run one = cli({"merge", full, lacking});
            QVERIFY2(one.exitCode == 2
                         && one.err.contains(lacking + ": not a shard of the same sweep as " + full + ": its \"" + key + "\" is missing, not " + value),
                     qPrintable(one.err));
            const Run back = cli({"merge", lacking, full});
            QVERIFY2(back.exitCode == 2
                         && back.err.contains(full + ": not a shard of the same sweep as " + lacking + ": its \"" + key + "\" is " + value + ", not missing"),
                     qPrintable(back.err));
        };
        refusedEitherOrder(noPolicy, a, "policy", "\"dtr\"");
        // Likewise a shard without a trace digest; and one of another number of shards says how many.
        const QString noDigest = writeChanged(nlohmann::json::parse(readAll(b).toStdString()), "no-digest.json",
                                              [](nlohmann::json& j) { j.erase("trace_digest"); });
        r = cli({"merge", a, noDigest});
        QVERIFY2(r.exitCode == 2 && r.err.contains(noDigest + ": a shard of another trace than " + a + " (trace digest missing, not "), qPrintable(r.err));
        const QString ofFour = writeChanged(nlohmann::json::parse(readAll(b).toStdString()), "of-four.json",
                                            [](nlohmann::json& j) { j["shard"] = "2/4"; });
        r = cli({"merge", a, ofFour});
        QVERIFY2(r.exitCode == 2 && r.err.contains(ofFour + ": not a shard of the same sweep as " + a + ": it is split into 4 shards, not split into 3 shards"),
                 qPrintable(r.err));
        // A shard cut short in its text: where the JSON breaks.
        const QString cut = path("cut.json");
        {
            const QByteArray whole = readAll(b);
            QFile out(cut);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(whole.left(whole.size() / 2));
        }
        r = cli({"merge", a, cut});
        QVERIFY2(r.exitCode == 2 && r.err.contains(cut + ": not JSON: parse error at line 1, column "), qPrintable(r.err));
        QVERIFY2(r.err.contains("syntax error"), qPrintable(r.err));
        // A number JSON allows but a double does not hold is named as such, not an internal error.
        const QString overflow = path("overflow.json");
        {
            QByteArray shardText = readAll(b);
            const qsizetype at = shardText.indexOf("\"refine\":0");
            QVERIFY(at > 0);
            shardText.replace(at, 10, "\"refine\":1e999");
            QFile out(overflow);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(shardText);
        }
        r = cli({"merge", a, overflow});
        QVERIFY2(r.exitCode == 2 && r.err.contains(overflow + ": not JSON: number overflow parsing '1e999'"), qPrintable(r.err));

        // A shard of an older holescope (no compute baseline, caps or heuristic evaluations) with new ones.
        nlohmann::json old = nlohmann::json::parse(readAll(a).toStdString());
        for (const char* key : {"baseline_compute", "max_steps", "max_seconds"})
            old.erase(key);
        for (auto& q : old.at("points")) {
            q.erase("heuristic_evals");
            q.erase("overhead");
        }
        const QString oldShard = path("old.json");
        {
            QFile out(oldShard);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(QByteArray::fromStdString(old.dump()));
        }
        refusedEitherOrder(oldShard, b, "baseline_compute", "6934");

        damaged("shard", [](nlohmann::json& j) { j["shard"] = "x"; }, "field \"shard\": expected K/N, found \"x\"");
        const auto to = good.at("to").get<int64_t>();
        damaged("range", [](nlohmann::json& j) { j["from"] = j["to"].get<int64_t>() + 1; },
                QStringLiteral("field \"from\": %1, above \"to\" (%2)").arg(to + 1).arg(to));
        damaged("negative from", [](nlohmann::json& j) { j["from"] = -1; }, "field \"from\": expected an integer of at least 0, found -1");
        damaged("to past int64", [](nlohmann::json& j) { j["to"] = 9223372036854775808ULL; },
                "field \"to\": out of range (at most 9223372036854775807), found 9223372036854775808");
        damaged("to past 2^62", [](nlohmann::json& j) { j["to"] = (int64_t{1} << 62) + 1; },
                "field \"to\": out of range (at most 2^62 bytes), found 4611686018427387905");
        damaged("shards", [](nlohmann::json& j) { j["shard"] = "1/100001"; }, "field \"shard\": at most 100000 shards, found \"1/100001\"");
        // Values nlohmann would convert without a word (1e30 to nonsense), and caps no sweep writes.
        damaged("baseline fraction", [](nlohmann::json& j) { j["baseline_memory"] = 10064.5; },
                "field \"baseline_memory\": expected an integer of at least 0, found 10064.5");
        damaged("baseline huge", [](nlohmann::json& j) { j["baseline_compute"] = 1e30; },
                "field \"baseline_compute\": expected an integer of at least 0, found 1e+30");
        damaged("no steps", [](nlohmann::json& j) { j["max_steps"] = 0; }, "field \"max_steps\": expected an integer of at least 1, found 0");
        damaged("negative seconds", [](nlohmann::json& j) { j["max_seconds"] = -1; },
                "field \"max_seconds\": expected null or seconds above 0, found -1");
        damaged("unresolved without a reason", [](nlohmann::json& j) {
            j["points"][0]["outcome"] = "unresolved";
            j["points"][0].erase("reason");
        }, "field \"points[0].reason\": missing (an unresolved run says why it was stopped)");
        damaged("not an object", [](nlohmann::json& j) { j = nlohmann::json::array({1, 2}); }, "expected a sweep (a JSON object), found array");
        damaged("coverage list", [](nlohmann::json& j) { j["coverage"] = nlohmann::json::array({1}); },
                "field \"coverage\": expected an object whose \"stopped\" is true or false, found [1]");
        // A point no shard of the sweep replays (past the range, with an interval of its own).
        damaged("added point", [&](nlohmann::json& j) {
            nlohmann::json q = j["points"].back();
            q["budget"] = to + 1;
            q["certified"] = {to + 1, to + 1};
            j["points"].push_back(q);
        }, QStringLiteral("has a point at %1 B").arg(QString::fromStdString(holescope::groupDigits(to + 1))));
        // A real replay's point inside the part, where the shard's executions already account for
        // every byte: it stands one byte after its execution's first.
        const auto secondBudget = good["points"][1]["budget"].get<int64_t>();
        damaged("point inside an execution", [&](nlohmann::json& j) {
            nlohmann::json q = j["points"][1];
            q["budget"] = secondBudget + 1;
            j["points"].insert(j["points"].begin() + 2, q);
        }, QStringLiteral("has a point at %1 B").arg(QString::fromStdString(holescope::groupDigits(secondBudget + 1))));
        damaged("outcome", [](nlohmann::json& j) { j["points"][0]["outcome"] = "crashed"; }, "field \"points[0].outcome\": unknown outcome \"crashed\"");
        damaged("huge", [](nlohmann::json& j) { j["points"][0]["budget"] = 1e30; }, "field \"points[0].budget\": expected an integer of at least 0, found 1e+30");
        const auto outside = good["points"][0]["certified"][1].get<int64_t>() + 1;
        damaged("interval", [&](nlohmann::json& j) { j["points"][0]["budget"] = outside; },
                QStringLiteral("field \"points[0]\": budget %1 outside its certified interval").arg(outside));
        damaged("no interval", [](nlohmann::json& j) { j["points"][0]["certified"] = nullptr; },
                "field \"points[0].certified\": expected [lo, hi] (null for a run a cap cut short), found null");
        damaged("interval text", [](nlohmann::json& j) { j["points"][0]["certified"] = {1, "x"}; },
                "field \"points[0].certified\": expected [lo, hi] (null for a run a cap cut short), found [1,\"x\"]");
        damaged("missing field", [](nlohmann::json& j) { j["points"][1].erase("outcome"); }, "field \"points[1].outcome\": missing");
        damaged("reason not text", [](nlohmann::json& j) { j["points"][0]["reason"] = 5; }, "field \"points[0].reason\": expected a string, found 5");
        damaged("no coverage", [](nlohmann::json& j) { j.erase("coverage"); }, "field \"coverage\": missing");
        damaged("coverage", [](nlohmann::json& j) { j.erase("coverage"); }, "field \"coverage\": ");
        damaged("evictions", [](nlohmann::json& j) { j["points"][0]["evictions"] = "many"; }, "field \"points[0].evictions\": expected an integer of at least 0, found \"many\"");
        // Values nlohmann would convert without a word, and types it named without the field.
        damaged("depth", [](nlohmann::json& j) { j["points"][0]["max_cascade_depth"] = 1099511627776; },
                "field \"points[0].max_cascade_depth\": out of range (at most 2147483647), found 1099511627776");
        damaged("depth fraction", [](nlohmann::json& j) { j["points"][0]["max_cascade_depth"] = 1.7; },
                "field \"points[0].max_cascade_depth\": expected an integer of at least 0, found 1.7");
        damaged("negative", [](nlohmann::json& j) { j["points"][0]["ops_done"] = -4; }, "field \"points[0].ops_done\": expected an integer of at least 0, found -4");
        damaged("outcome not text", [](nlohmann::json& j) { j["points"][0]["outcome"] = 3; }, "field \"points[0].outcome\": expected a string, found 3");
        damaged("from fraction", [](nlohmann::json& j) { j["from"] = 3019.5; }, "field \"from\": expected an integer of at least 0, found 3019.5");
        damaged("points not a list", [](nlohmann::json& j) { j["points"] = 5; }, "field \"points\": expected a list, found 5");
        damaged("duplicate", [](nlohmann::json& j) { j["points"].push_back(j["points"].back()); },
                QString::fromStdString("field \"points[" + std::to_string(good.at("points").size()) + "].budget\": "
                                       + std::to_string(good["points"].back()["budget"].get<int64_t>()) + ", not above the point before it"));
        damaged("mode", [](nlohmann::json& j) { j["mode"] = "dense"; }, "field \"mode\": expected \"grid\" or \"certified\", found \"dense\"");
        damaged("step of a certified sweep", [](nlohmann::json& j) { j["step"] = 0.01; },
                "field \"step\": expected null for a certified sweep, found 0.01");
        damaged("grid without a step", [](nlohmann::json& j) { j["mode"] = "grid"; }, "field \"step\": expected a ratio above 0 for a grid, found null");
        damaged("grid of a step 0", [](nlohmann::json& j) {
            j["mode"] = "grid";
            j["step"] = 0;
        }, "field \"step\": expected a ratio above 0 for a grid, found 0");
        damaged("grid of no budget", [](nlohmann::json& j) {
            j["mode"] = "grid";
            j["step"] = 0.01;
            j["from_ratio"] = 0.6;
            j["to_ratio"] = 0.5;
        }, "field \"from_ratio\": its grid (0.6 to 0.5, step 0.01) has no budget");
        // An unresolved point keeps no interval, but a sweep places none before its range.
        damaged("unresolved before the range", [&](nlohmann::json& j) {
            nlohmann::json q = j["points"][0];
            q["budget"] = 0;
            q["outcome"] = "unresolved";
            q["reason"] = "step cap reached (100 operator computations)";
            q["certified"] = nullptr;
            j["points"].insert(j["points"].begin(), q);
        }, "has a point at 0 B (0.000000 of the peak), which shard 1/3 of this certified sweep does not replay: a point was added to the file");
        damaged("grid of no budget, to in bytes", [](nlohmann::json& j) {
            j["mode"] = "grid";
            j["step"] = 0.01;
            j["from_ratio"] = 0.7;
            j["to_ratio"] = nullptr;
        }, QStringLiteral("field \"from_ratio\": its grid (0.7 to %1 B, step 0.01) has no budget").arg(to));
        damaged("grid too fine", [](nlohmann::json& j) {
            j["mode"] = "grid";
            j["step"] = 1e-12;
        }, "field \"step\": its grid would have 3e+11 budgets (at most 1e+07)");
        damaged("refine", [](nlohmann::json& j) { j["refine"] = -5; }, "field \"refine\": expected an integer of at least 0, found -5");
        damaged("refine past int64", [](nlohmann::json& j) { j["refine"] = 9223372036854775808ULL; },
                "field \"refine\": out of range (at most 9223372036854775807), found 9223372036854775808");
        const auto firstBudget = good["points"][0]["budget"].get<int64_t>();
        damaged("execution above", [&](nlohmann::json& j) { j["points"][0]["execution_budget"] = firstBudget + 1; },
                QStringLiteral("field \"points[0].execution_budget\": expected null or a budget of at most the point's %1, found %2")
                    .arg(firstBudget).arg(firstBudget + 1));
        damaged("wrapped", [](nlohmann::json& j) { j["points"][0]["evictions"] = 18446744073709551615ULL; },
                "field \"points[0].evictions\": out of range (at most 9223372036854775807), found 18446744073709551615");
        damaged("point not an object", [](nlohmann::json& j) { j["points"][0] = 5; }, "field \"points[0]\": expected an object, found 5");
        // A failure's interval ends where a larger budget passes the comparison it failed.
        std::string failing;
        for (size_t i = 0; i < good.at("points").size() && failing.empty(); ++i)
            if (good["points"][i]["outcome"] == "oom")
                failing = std::to_string(i);
        QVERIFY(!failing.empty());
        // On an unrefined grid, a point between grid budgets (within the first's interval, so that
        // nothing else gives it away) is one no shard replays.
        const QString grid = path("grid-2.json");
        QCOMPARE(cli({"sweep", kDemo, "--from", "0.3", "--to", "0.9", "--step", "0.05", "--shard", "2/3", "--json", "--out", grid}).exitCode, 0);
        const nlohmann::json gridShard = nlohmann::json::parse(readAll(grid).toStdString());
        const nlohmann::json first = gridShard.at("points").at(0);
        const auto between = first.at("certified").at(0).get<int64_t>();
        QVERIFY(between < first.at("budget").get<int64_t>());
        const QString offGrid = writeChanged(gridShard, "off-grid.json", [&](nlohmann::json& j) {
            nlohmann::json q = first;
            q["budget"] = between;
            j["points"].insert(j["points"].begin(), q);
        });
        const Run stray = cli({"merge", offGrid});
        QVERIFY2(stray.exitCode == 2
                     && stray.err.contains(QStringLiteral("%1: has a point at %2 B").arg(offGrid, QString::fromStdString(holescope::groupDigits(between))))
                     && stray.err.contains("which shard 2/3 of this unrefined grid does not replay: a point was added to the file"),
                 qPrintable(stray.err));
        damaged("unbounded failure", [&](nlohmann::json& j) { j["points"][std::stoul(failing)]["certified"][1] = nullptr; },
                QString::fromStdString("field \"points[" + failing + "].certified\": a failing run's interval has an upper end, found ["));
    }
};

HOLESCOPE_TEST_MAIN(CliSweep)
#include "tst_cli_sweep.moc"
