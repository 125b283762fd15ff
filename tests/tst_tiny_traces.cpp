// SPDX-License-Identifier: GPL-3.0-or-later
// Hand-made traces, one feature each (see data/tiny/README.md), against figures measured with
// simrd and small enough to check by hand.
#include "support/GoldenRuns.h"
#include "trace/TraceReader.h"

#include <QTest>

#include <fstream>
#include <map>

using namespace holescope;

class TinyTraces : public QObject {
    Q_OBJECT

private slots:
    void replay_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<QString>("run");
        std::ifstream in(HOLESCOPE_TEST_DATA "/tiny/expected.jsonl");
        QVERIFY2(in, "cannot open data/tiny/expected.jsonl");
        std::string line;
        int runs = 0;
        std::map<std::string, int> perTrace;
        while (std::getline(in, line)) {
            const auto j = nlohmann::json::parse(line);
            const std::string trace = j.at("trace").get<std::string>();
            const std::string tag = j.contains("baseline") ? trace + " baseline"
                                                           : trace + " budget " + std::to_string(j.at("budget").get<int64_t>()) + " #"
                                                                 + std::to_string(++perTrace[trace]);
            QTest::newRow(tag.c_str()) << QString::fromStdString(trace) << QString::fromStdString(line);
            runs += j.contains("baseline") ? 0 : 1;
        }
        QVERIFY(runs >= 40);
    }

    void replay()
    {
        QFETCH(QString, trace);
        QFETCH(QString, run);
        TraceLoad load = readTraceFile(HOLESCOPE_TEST_DATA "/tiny/" + trace.toStdString());
        if (auto* e = std::get_if<TraceError>(&load))
            QFAIL(e->toString().c_str());
        const PreparedTrace t = prepareTrace(std::move(std::get<Program>(load)));
        const auto expected = nlohmann::json::parse(run.toStdString());
        if (expected.contains("baseline")) {
            const std::string diff = test::baselineDifference(expected.at("baseline"), t.baseline);
            QVERIFY2(diff.empty(), diff.c_str());
            return;
        }
        const std::string diff = test::firstDifference(expected, holescope::replay(t, test::optionsFor(expected)));
        QVERIFY2(diff.empty(), diff.c_str());
    }
};

QTEST_GUILESS_MAIN(TinyTraces)
#include "tst_tiny_traces.moc"
