// SPDX-License-Identifier: GPL-3.0-or-later
// The policy commands as a user runs them: --policy on the replaying commands, policies,
// advise and census, with their figures and their errors.
#include "support/CliProcess.h"
#include "support/SkipReport.h"
#include "text/Numbers.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace holescope::test;
using Json = nlohmann::json;

namespace {

const QString kDemo = QStringLiteral(HOLESCOPE_SOURCE_DIR "/traces/demo-unet.log");
const QString kHole = QStringLiteral(HOLESCOPE_TEST_DATA "/tiny/hole.log");

Json jsonOf(const CliRun& run)
{
    return Json::parse(run.out.toStdString(), nullptr, false);
}

} // namespace

class CliPoliciesTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    // hole.log at 14,200, limit 1.1 (HAND.md §10 and tst_policies): DTR fails, stale2 completes,
    // monotone runs DTR's execution at 14,199.
    void replayTakesAPolicy()
    {
        const CliRun dtr = runCli({"replay", kHole, "--budget", "14200", "--overhead-limit", "1.1", "--json"});
        QCOMPARE(jsonOf(dtr)["outcome"].get<std::string>(), std::string("overhead_exceeded"));
        QCOMPARE(jsonOf(dtr)["policy"].get<std::string>(), std::string("dtr"));
        const CliRun stale2 = runCli({"replay", kHole, "--budget", "14200", "--overhead-limit", "1.1", "--policy", "stale2", "--json"});
        QCOMPARE(jsonOf(stale2)["outcome"].get<std::string>(), std::string("complete"));
        const CliRun mono = runCli({"replay", kHole, "--budget", "14200", "--overhead-limit", "1.1", "--policy", "monotone", "--json"});
        QCOMPARE(jsonOf(mono)["outcome"].get<std::string>(), std::string("complete"));
        QCOMPARE(jsonOf(mono)["execution_budget"].get<int64_t>(), int64_t{14199});
        // The text says whose execution it shows: its max memory is 14,199's, not 14,200's.
        const CliRun monoText = runCli({"replay", kHole, "--budget", "14200", "--overhead-limit", "1.1", "--policy", "monotone"});
        QVERIFY2(monoText.out.contains("\npolicy           monotone\n"), monoText.out.constData());
        QVERIFY2(monoText.out.contains("execution        DTR's at 14,199 bytes (the largest budget up to this one where DTR completes)\n"), monoText.out.constData());
        const CliRun none = runCli({"replay", kHole, "--budget", "100", "--policy", "monotone"});
        QVERIFY2(none.out.contains("execution        DTR's at this budget (it is below the floor, under which nothing completes)\n"), none.out.constData());
        const CliRun noneAbove = runCli({"replay", kHole, "--budget", "13799", "--overhead-limit", "1.1", "--policy", "monotone"});   // floor 12,100
        QVERIFY2(noneAbove.out.contains("execution        DTR's at this budget (DTR completes at no budget from the floor up to it)\n"),
                 noneAbove.out.constData());
        const CliRun capped = runCli({"replay", kHole, "--budget", "14200", "--policy", "monotone", "--max-steps", "3"});
        QVERIFY2(capped.out.contains("execution        DTR's at this budget (a cap cut the search for a completing one short)\n"), capped.out.constData());
    }

    void policiesListsEveryName()
    {
        const CliRun run = runCli({"policies"});
        QCOMPARE(run.exitCode, 0);
        for (const char* name : {"dtr", "dtr-eqclass", "dtr-local", "msps", "lru", "size", "random[:SEED]", "formula:EXPR", "twophase", "size2",
                                 "stale2", "foresight", "monotone", "ablation:COST", "estar_compute", "next_use"})
            QVERIFY2(run.out.contains(name), name);
        // Every feature a formula reads is defined, each on a line of its own.
        for (const char* feature : {"compute", "estar_compute", "eqclass_compute", "size", "staleness", "last_access", "clock", "evictions",
                                    "rebuilds", "next_use", "depth", "pool"})
            QVERIFY2(run.out.contains(QByteArray("\n  ") + QByteArray(feature).leftJustified(17, ' ')), feature);
    }

    // The demo's DTR hole is 3,936..4,143 bytes (traces/README.md). At 4,000 advise says so,
    // offers 3,935 below and a safe budget above that a replay confirms, with no failure
    // within the 10-byte margin of it.
    void adviseFindsTheDemoHole()
    {
        const CliRun run = runCli({"advise", kDemo, "--budget", "4000", "--margin", "10", "--json"});
        QCOMPARE(run.exitCode, 0);
        const Json a = jsonOf(run);
        QCOMPARE(a["verdict"].get<std::string>(), std::string("in_hole"));
        QCOMPARE(a["hole"]["lo_budget"].get<int64_t>(), int64_t{3936});
        QCOMPARE(a["hole"]["hi_budget"].get<int64_t>(), int64_t{4143});
        QVERIFY(a["hole"]["exact"].get<bool>());
        QCOMPARE(a["below"]["budget"].get<int64_t>(), int64_t{3935});
        const int64_t safe = a["safe"]["budget"].get<int64_t>();
        QVERIFY(safe >= 4144);
        for (int64_t b = safe - 10; b <= safe + 10; ++b) {
            const Json r = jsonOf(runCli({"replay", kDemo, "--budget", QString::number(b), "--json"}));
            QVERIFY2(r["outcome"] == "complete", qPrintable(QString::number(b)));
        }
        const Json fine = jsonOf(runCli({"advise", kDemo, "--budget", "4500", "--margin", "10", "--json"}));
        QCOMPARE(fine["verdict"].get<std::string>(), std::string("safe"));
        QCOMPARE(fine["safe"]["budget"].get<int64_t>(), int64_t{4500});
        const Json edge = jsonOf(runCli({"advise", kDemo, "--budget", "4144", "--margin", "10", "--json"}));
        QCOMPARE(edge["verdict"].get<std::string>(), std::string("near_hole"));
        QCOMPARE(edge["nearest_failure"].get<int64_t>(), int64_t{4143});
        // With the monotone policy the same budget is safe: its hole is gone.
        const Json mono = jsonOf(runCli({"advise", kDemo, "--budget", "4000", "--margin", "10", "--policy", "monotone", "--json"}));
        QCOMPARE(mono["verdict"].get<std::string>(), std::string("safe"));
    }

    // The census figure is two columns wide and as tall as its rows need: forty traces made a
    // legend the fixed 3.2 in could not hold, and the run failed after its work, its table unwritten.
    // A formula's score that is not a number stops a replay as unresolved, and sweep and advise
    // say so: they called it a cap, and advised raising --max-steps or --max-seconds.
    void unresolvedByAFormulaIsNoCap()
    {
        const CliRun sweep = runCli({"sweep", kDemo, "--from", "0.5", "--to", "0.52", "--step", "0.01", "--policy", "formula:0/0"});
        QVERIFY2(sweep.out.endsWith("3 budgets unresolved (the formula's score is not a number for storage 2 at operator 25, and 1 other "
                                    "reason, which --json gives)\n"),
                 sweep.out.constData());
        QVERIFY2(sweep.out.contains("\n3 points under policy formula:0/0, 0 distinct executions;"), sweep.out.constData());
        const CliRun capped = runCli({"sweep", kDemo, "--from", "0.5", "--to", "0.52", "--step", "0.01", "--max-steps", "30"});
        QVERIFY2(capped.out.contains("\n3 points, 0 distinct executions;"), capped.out.constData());   // dtr, the default
        QVERIFY2(capped.out.endsWith("3 budgets unresolved (cut short by a cap)\n"), capped.out.constData());
        const CliRun advise = runCli({"advise", kDemo, "--ratio", "0.5", "--policy", "formula:0/0"});
        QVERIFY2(advise.out.contains("not decided: the replay of the budget itself stopped unresolved: the formula's score is not a number "
                                     "for storage 2 at operator 25\n"),
                 advise.out.constData());
        QVERIFY(!advise.out.contains("--max-steps"));
        const CliRun holes = runCli({"holes", kDemo, "--from", "0.3", "--to", "0.6", "--exact", "--policy", "formula:0/0"});
        QVERIFY2(holes.out.contains("\n  (3,020 bytes of the range were left unresolved by replays that stopped (the formula's score is not a "
                                    "number for storage 2 at operator 17); holes may hide there)\n"),
                 holes.out.constData());
    }

    // The sweep CSV names its policy, one cell even with commas in it, and gives monotone's
    // execution budget as the JSON does: on hole.log (limit 1.1) DTR completes from 13,800 to
    // 14,199 and from 14,800, so the points in between run 14,199's execution.
    void sweepCsvNamesPolicyAndExecution()
    {
        const QStringList args{"sweep", kHole, "--from-bytes", "14100", "--to-bytes", "14900", "--exact", "--overhead-limit", "1.1", "--policy", "monotone"};
        const CliRun csv = runCli(args + QStringList{"--csv"});
        const Json json = jsonOf(runCli(args + QStringList{"--json"}));
        QVERIFY2(csv.exitCode == 0, qPrintable(csv.err));
        const QStringList rows = QString::fromUtf8(csv.out).split('\n', Qt::SkipEmptyParts);
        QVERIFY(rows.first().endsWith(",outside_operator,policy,execution_budget,reason"));
        QCOMPARE(rows.size() - 1, static_cast<qsizetype>(json.at("points").size()));
        int fallbacks = 0;
        for (size_t i = 0; i < json.at("points").size(); ++i) {
            const Json& q = json.at("points")[i];
            const QStringList cells = rows[static_cast<qsizetype>(i) + 1].split(',');
            QCOMPARE(cells.at(cells.size() - 3), QStringLiteral("monotone"));
            const QString executionCell = cells.at(cells.size() - 2);
            QCOMPARE(executionCell, q.at("execution_budget").is_null() ? QString() : QString::number(q.at("execution_budget").get<int64_t>()));
            if (q.at("budget").get<int64_t>() > 14199 && q.at("budget").get<int64_t>() < 14800) {
                QCOMPARE(executionCell, QStringLiteral("14199"));
                ++fallbacks;
            }
        }
        QVERIFY(fallbacks > 0);
        const CliRun formula = runCli({"sweep", kHole, "--from-bytes", "14100", "--to-bytes", "14100", "--exact", "--policy",
                                       "formula:min(compute,2)/(size*staleness)", "--csv"});
        QVERIFY2(formula.exitCode == 0, qPrintable(formula.err));
        QVERIFY2(formula.out.split('\n').at(1).endsWith(",\"formula:min(compute,2)/(size*staleness)\",,"), formula.out.constData());
    }

    void censusFigureGrowsWithItsRows()
    {
        QStringList traces;
        for (int i = 1; i <= 40; ++i) {
            const QString copy = m_dir.filePath(QStringLiteral("a-rather-long-trace-name-number-%1.log").arg(i));
            QFile::remove(copy);
            QVERIFY(QFile::copy(QStringLiteral(HOLESCOPE_TEST_DATA "/tiny/chain.log"), copy));
            traces << copy;
        }
        const QString table = m_dir.filePath("many.txt"), figure = m_dir.filePath("many.png");
        const CliRun run = runCli(QStringList{"census"} + traces + QStringList{"--policies", "dtr", "--from", "0.5", "--to", "1.0", "--step", "0.1",
                                                                               "--figure", figure, "--out", table});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QFile t(table);
        QVERIFY(t.open(QIODevice::ReadOnly));
        QCOMPARE(t.readAll().count("a-rather-long-trace-name-number-"), 40);
        // The PNG's size, from its header (IHDR: width and height, big-endian, at bytes 16 and 20).
        QFile png(figure);
        QVERIFY(png.open(QIODevice::ReadOnly));
        const QByteArray head = png.read(24);
        QVERIFY(head.size() == 24 && head.startsWith("\x89PNG"));
        const auto at = [&](int i) { return (uint(uchar(head[i])) << 24) | (uint(uchar(head[i + 1])) << 16) | (uint(uchar(head[i + 2])) << 8) | uint(uchar(head[i + 3])); };
        QCOMPARE(at(16), 2100u);   // 7 in at 300 dpi
        QVERIFY2(at(20) > 960u, qPrintable(QString::number(at(20))));   // taller than the 3.2 in it had
    }

    // On a 0.01 grid the demo's DTR hole holds 0.40 and 0.41 (4,025 and 4,126 bytes): one hole
    // region with two failing points, which monotone completes (without an overhead limit; the
    // census's default limit of 2.0 fails the budgets below the hole too).
    void censusTabulatesPolicies()
    {
        const QString csv = m_dir.filePath("census.csv"), figure = m_dir.filePath("census.svg");
        const CliRun run = runCli({"census", kDemo, "--policies", "dtr,monotone,lru", "--from", "0.3", "--to", "1.0", "--step", "0.01", "--json",
                                   "--no-overhead-limit", "--csv", csv, "--figure", figure});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const Json c = jsonOf(run);
        QCOMPARE(c["rows"].size(), size_t{3});
        const Json& dtr = c["rows"][0];
        const Json& mono = c["rows"][1];
        QCOMPARE(dtr["policy"].get<std::string>(), std::string("dtr"));
        QCOMPARE(dtr["budgets"].get<int64_t>(), int64_t{71});
        QCOMPARE(dtr["holes"].get<int64_t>(), int64_t{1});
        QCOMPARE(mono["holes"].get<int64_t>(), int64_t{0});
        QCOMPARE(mono["failing"].get<int64_t>(), dtr["failing"].get<int64_t>() - 2);
        // The smallest completing grid budget is the same, and replays confirm it: it completes
        // and the grid budget below it does not.
        const int64_t smallest = dtr["smallest_complete"].get<int64_t>();
        QCOMPARE(mono["smallest_complete"].get<int64_t>(), smallest);
        const int64_t below = int64_t(10064 * (std::round(dtr["smallest_complete_ratio"].get<double>() * 100) / 100 - 0.01));
        QCOMPARE(jsonOf(runCli({"replay", kDemo, "--budget", QString::number(smallest), "--json"}))["outcome"].get<std::string>(),
                 std::string("complete"));
        QVERIFY(jsonOf(runCli({"replay", kDemo, "--budget", QString::number(below), "--json"}))["outcome"] != "complete");
        // Where both complete, monotone's execution is DTR's own: the same median overhead.
        QCOMPARE(mono["median_overhead"].get<double>(), mono["dtr_median_overhead"].get<double>());
        // The floor the census gave monotone is told, and the sweep of monotone:FLOOR gives its row.
        QVERIFY(dtr["monotone_floor"].is_null());
        QCOMPARE(mono["monotone_floor"].get<int64_t>(), smallest);
        const Json floored = jsonOf(runCli({"sweep", kDemo, "--from", "0.3", "--to", "1.0", "--step", "0.01", "--policy",
                                            QStringLiteral("monotone:%1").arg(smallest), "--json"}));
        int64_t failing = 0;
        for (const Json& p : floored["points"])
            failing += p["outcome"] != "complete" ? 1 : 0;
        QCOMPARE(failing, mono["failing"].get<int64_t>());
        const CliRun text = runCli({"census", kDemo, "--policies", "dtr,monotone", "--from", "0.3", "--to", "1.0", "--step", "0.01",
                                    "--no-overhead-limit"});
        QVERIFY2(text.out.contains(" monotone* ") && text.out.contains(QStringLiteral("demo-unet.log: floor %1 bytes").arg(QString::fromStdString(holescope::groupDigits(smallest))).toUtf8()),
                 text.out.constData());
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll().count('\n'), 4);
        QFile svg(figure);
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("<svg"));
    }

    // The table names every row whole, however long its trace's path or policy's formula; a
    // trace or policy named twice is run once (its rows would only repeat).
    void censusNamesRowsWhole()
    {
        const QString copy = m_dir.filePath("a/b/demo-unet.log");
        QVERIFY(QDir().mkpath(m_dir.filePath("a/b")));
        QFile::remove(copy);
        QVERIFY(QFile::copy(kDemo, copy));
        const QString formula = "formula:estar_compute/(size*staleness)";
        const CliRun run = runCli({"census", kDemo, copy, kDemo, "--policies", "lru,lru", "--policy", formula, "--from", "0.3", "--to", "0.6",
                                   "--step", "0.05"});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QStringList lines = QString::fromUtf8(run.out).split('\n');
        QVERIFY2(lines.size() > 6, qPrintable(run.out));
        QVERIFY2(lines[2].startsWith("trace "), qPrintable(lines[2]));
        const QStringList rows = lines.mid(3, 4);
        QVERIFY2(rows[0].startsWith(kDemo + " ") && rows[0].contains(" lru "), qPrintable(rows[0]));
        QVERIFY2(rows[1].contains(" " + formula + " "), qPrintable(rows[1]));
        QVERIFY2(rows[2].startsWith(copy + " lru "), qPrintable(rows[2]));   // the longest name: no padding
        QVERIFY2(rows[3].contains(" " + formula + " "), qPrintable(rows[3]));
        QVERIFY2(lines[7].isEmpty(), qPrintable(run.out));   // and no more rows
        QVERIFY2(run.err.contains("census: lru is named twice: it is run once\n"), qPrintable(run.err));
    }

    // A policy spelled as another ("random" is "random:0", "ablation:local-size-stale" is
    // "dtr-local") is run once, under the name the rows use, and the census says so.
    void censusSaysWhichNamesAreOne()
    {
        const CliRun run = runCli({"census", kDemo, "--policies", "random,random:0,ablation:local-size-stale", "--from", "0.5", "--to", "0.5", "--json"});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(run.err.contains("census: random is random:0; its rows are named so\ncensus: random:0 is named twice: it is run once\n"),
                 qPrintable(run.err));
        QVERIFY2(run.err.contains("census: ablation:local-size-stale is dtr-local; its rows are named so\n"), qPrintable(run.err));
        QStringList policies;
        const Json census = jsonOf(run);
        for (const Json& r : census["rows"])
            policies << QString::fromStdString(r["policy"].get<std::string>());
        QCOMPARE(policies, (QStringList{"random:0", "dtr-local"}));
    }

    void badUsage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::addRow("replay policy") << QStringList{"replay", kDemo, "--budget", "4000", "--policy", "belady"} << "--policy: unknown policy \"belady\"";
        QTest::addRow("replay formula") << QStringList{"replay", kDemo, "--budget", "4000", "--policy", "formula:size*"} << "bad formula \"size*\"";
        QTest::addRow("census formula with commas")
            << QStringList{"census", kDemo, "--policies", "dtr,formula:max(size,compute)"}
            << "--policies: bad formula \"max(size\": Missing parenthesis (--policies splits at commas: give a formula with commas in --policy, "
               "once per formula)";
        QTest::addRow("sweep policy") << QStringList{"sweep", kDemo, "--from", "0.3", "--to", "0.5", "--exact", "--policy", "random:x"}
                                      << "random:SEED needs a non-negative integer seed";
        QTest::addRow("advise budget") << QStringList{"advise", kDemo} << "give exactly one of --budget BYTES or --ratio R";
        QTest::addRow("advise window") << QStringList{"advise", kDemo, "--budget", "4000", "--window", "wide"} << "--window";
        QTest::addRow("census traces") << QStringList{"census", "--traces", "/nonexistent/dir"} << "--traces: no folder /nonexistent/dir";
        QTest::addRow("census policy") << QStringList{"census", kDemo, "--policies", "dtr,belady"} << "--policies: unknown policy \"belady\"";
        QTest::addRow("census empty policy") << QStringList{"census", kDemo, "--policies", "dtr,,lru"}
                                             << "--policies: an empty name in \"dtr,,lru\": expected policy names separated by commas";
        QTest::addRow("census figure") << QStringList{"census", kDemo, "--figure", "x.txt"} << "--figure: the format comes from the extension";
        QTest::addRow("census limits") << QStringList{"census", kDemo, "--overhead-limit", "2", "--no-overhead-limit"} << "not both";
        QTest::addRow("census grid") << QStringList{"census", kDemo, "--from", "0.9", "--to", "0.1"} << "expected from <= to";
        QTest::addRow("census trace") << QStringList{"census", "/nonexistent/t.log"} << "/nonexistent/t.log";
    }

    void badUsage()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const CliRun run = runCli(args);
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
    }
};

HOLESCOPE_TEST_MAIN(CliPoliciesTest)
#include "tst_cli_policies.moc"
