// SPDX-License-Identifier: GPL-3.0-or-later
// Session files (.holescope) as a user may hand-edit or damage them: every refusal names the
// file and the field, and a good file reads back to the document that wrote it.
#include "session/SessionDocument.h"
#include "support/SkipReport.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QTest>

#include <functional>

namespace {

using holescope::SessionDocument;
using holescope::SweepPoint;
using Change = std::function<void(nlohmann::json&)>;

SweepPoint point(int64_t budget, holescope::Outcome outcome, int64_t lo, int64_t hi)
{
    SweepPoint p{};
    p.budget = budget;
    p.outcome = outcome;
    p.opsDone = 99;
    p.clock = 1000;
    p.evictions = 3;
    p.certifiedLo = lo;
    p.certifiedHi = hi;
    return p;
}

SessionDocument goodDocument()
{
    SessionDocument d;
    d.tracePath = "demo-unet.log";
    d.settings.from = 0.3;
    d.settings.to = 0.6;
    d.settings.step = 0.01;
    d.settings.overheadLimit = 2.0;
    d.settings.maxSeconds = 30.0;
    d.points = {point(3000, holescope::Outcome::Oom, 2990, 3010), point(4200, holescope::Outcome::Complete, 4100, 4300)};
    d.points[1].executionBudget = 4150;   // as monotone keeps it
    d.budgetA = 4200;
    d.budgetB = 3000;
    d.protect = {4};
    // Swept with another policy and no protection: the settings and interventions changed since.
    d.swept = holescope::SweptWith{"lru", 2.0, std::nullopt, {}};
    return d;
}

} // namespace

Q_DECLARE_METATYPE(Change)

class SessionDocumentTest : public QObject {
    Q_OBJECT

private slots:
    void goodFileReadsBack()
    {
        const SessionDocument d = goodDocument();
        std::string error;
        const auto back = holescope::sessionFromJson(holescope::sessionToJson(d), "s.holescope", error);
        QVERIFY2(back.has_value(), error.c_str());
        QVERIFY(*back == d);
    }

    // Files written before sweeps had a time cap have no max_seconds: no cap.
    void olderFileHasNoTimeCap()
    {
        nlohmann::json j = nlohmann::json::parse(holescope::sessionToJson(goodDocument()));
        j["sweep_settings"].erase("max_seconds");
        std::string error;
        const auto back = holescope::sessionFromJson(j.dump(), "s.holescope", error);
        QVERIFY2(back.has_value(), error.c_str());
        QVERIFY(!back->settings.maxSeconds.has_value());
        QCOMPARE(back->settings.overheadLimit, std::optional<double>(2.0));
    }

    // A file written before points kept monotone's execution budget (13 values) reads without it,
    // as the sweep JSON does; a point without one (null) reads the same.
    void olderPointHasNoExecutionBudget()
    {
        nlohmann::json j = nlohmann::json::parse(holescope::sessionToJson(goodDocument()));
        QCOMPARE(j["sweep"]["points"][1][13].get<int64_t>(), int64_t{4150});
        QVERIFY(j["sweep"]["points"][0][13].is_null());
        j["sweep"]["points"][1].erase(size_t{13});
        std::string error;
        const auto back = holescope::sessionFromJson(j.dump(), "s.holescope", error);
        QVERIFY2(back.has_value(), error.c_str());
        QCOMPARE(back->points[1].executionBudget, int64_t{-1});
        QCOMPARE(back->points[0].executionBudget, int64_t{-1});
    }

    // A file written before sweeps kept what they were replayed with: its points are taken as
    // swept with its settings and interventions.
    void olderFileSweptWithItsSettings()
    {
        nlohmann::json j = nlohmann::json::parse(holescope::sessionToJson(goodDocument()));
        j["sweep"].erase("swept_with");
        std::string error;
        const auto back = holescope::sessionFromJson(j.dump(), "s.holescope", error);
        QVERIFY2(back.has_value(), error.c_str());
        QVERIFY(back->swept.has_value());
        QVERIFY(*back->swept == (holescope::SweptWith{"dtr", 2.0, 30.0, {4}}));
    }

    void damagedFilesAreRefused_data()
    {
        QTest::addColumn<Change>("change");
        QTest::addColumn<QString>("message");
        QTest::newRow("top level") << Change([](nlohmann::json& j) { j = nlohmann::json::array(); })
                                   << "field (top level) must be an object";
        QTest::newRow("trace a number") << Change([](nlohmann::json& j) { j["trace"] = 5; }) << "field trace has the wrong type";
        QTest::newRow("swept with belady") << Change([](nlohmann::json& j) { j["sweep"]["swept_with"]["policy"] = "belady"; })
                                           << "field sweep.swept_with.policy unknown policy \"belady\": expected dtr, dtr-eqclass, dtr-local, "
                                              "msps, lru, size, random[:SEED], formula:EXPR, twophase, size2, stale2, foresight, "
                                              "monotone[:FLOOR] or ablation:COST[-size][-stale]";
        QTest::newRow("swept with no protect") << Change([](nlohmann::json& j) { j["sweep"]["swept_with"].erase("protect"); })
                                               << "field sweep.swept_with.protect missing";
        QTest::newRow("step 0") << Change([](nlohmann::json& j) { j["sweep_settings"]["step"] = 0; })
                                << "field sweep_settings.step must be positive";
        QTest::newRow("refine -1") << Change([](nlohmann::json& j) { j["sweep_settings"]["refine"] = -1; })
                                   << "field sweep_settings.refine must not be negative";
        QTest::newRow("overhead limit 0.5") << Change([](nlohmann::json& j) { j["sweep_settings"]["overhead_limit"] = 0.5; })
                                            << "field sweep_settings.overhead_limit must be at least 1";
        QTest::newRow("max seconds 0") << Change([](nlohmann::json& j) { j["sweep_settings"]["max_seconds"] = 0; })
                                       << "field sweep_settings.max_seconds must be a positive number of seconds";
        QTest::newRow("max seconds text") << Change([](nlohmann::json& j) { j["sweep_settings"]["max_seconds"] = "10"; })
                                          << "field sweep_settings.max_seconds has the wrong type";
        QTest::newRow("points not a list") << Change([](nlohmann::json& j) { j["sweep"]["points"] = 7; })
                                           << "field sweep.points must be a list";
        QTest::newRow("point of 10 values") << Change([](nlohmann::json& j) {
            for (const size_t i : {size_t{13}, size_t{12}, size_t{11}, size_t{10}})
                j["sweep"]["points"][1].erase(i);
        }) << "field sweep.points[1] must be a list of 14 values";
        QTest::newRow("execution budget above the point's") << Change([](nlohmann::json& j) { j["sweep"]["points"][1][13] = 4201; })
                                                            << "field sweep.points[1] has an execution budget that is negative or above its budget";
        QTest::newRow("execution budget as text") << Change([](nlohmann::json& j) { j["sweep"]["points"][1][13] = "4150"; })
                                                  << "field sweep.points[1] has a value of the wrong type";
        QTest::newRow("point outside an operator, as text") << Change([](nlohmann::json& j) { j["sweep"]["points"][1][12] = "yes"; })
                                                            << "field sweep.points[1] has a value of the wrong type";
        QTest::newRow("point outside its interval") << Change([](nlohmann::json& j) { j["sweep"]["points"][0][0] = 3011; })
                                                    << "field sweep.points[0] has a budget outside its certified interval";
        QTest::newRow("point value of the wrong type") << Change([](nlohmann::json& j) { j["sweep"]["points"][0][2] = "many"; })
                                                       << "field sweep.points[0] has a value of the wrong type";
        QTest::newRow("points not ascending") << Change([](nlohmann::json& j) { std::swap(j["sweep"]["points"][0], j["sweep"]["points"][1]); })
                                              << "field sweep.points[1] is not above the point before it";
        QTest::newRow("negative selection") << Change([](nlohmann::json& j) { j["selection"]["b"] = -3; })
                                            << "field selection.b must not be negative";
        QTest::newRow("protect not ids") << Change([](nlohmann::json& j) { j["interventions"]["protect"] = "4"; })
                                         << "field interventions.protect has the wrong type";
        QTest::newRow("no interventions") << Change([](nlohmann::json& j) { j.erase("interventions"); })
                                          << "field interventions missing";
    }

    void damagedFilesAreRefused()
    {
        QFETCH(Change, change);
        QFETCH(QString, message);
        nlohmann::json j = nlohmann::json::parse(holescope::sessionToJson(goodDocument()));
        change(j);
        std::string error;
        const auto doc = holescope::sessionFromJson(j.dump(), "s.holescope", error);
        QVERIFY(!doc.has_value());
        QCOMPARE(QString::fromStdString(error), "s.holescope: " + message);
    }

    void unreadableAndUnwritableFiles()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        std::string error;
        const std::string missing = dir.filePath("gone.holescope").toStdString();
        QVERIFY(!holescope::readSessionFile(missing, error).has_value());
        QVERIFY2(error.rfind(missing + ": cannot open (", 0) == 0, error.c_str());
        const std::string nowhere = dir.filePath("no/such/folder/s.holescope").toStdString();
        QVERIFY(!holescope::writeSessionFile(nowhere, goodDocument(), error));
        QVERIFY2(error.rfind(nowhere + ": cannot write (", 0) == 0, error.c_str());
        // A failed save leaves nothing behind, and a good one reads back whole.
        QVERIFY(!QFile::exists(QString::fromStdString(nowhere)));
        const std::string good = dir.filePath("s.holescope").toStdString();
        QVERIFY2(holescope::writeSessionFile(good, goodDocument(), error), error.c_str());
        const auto back = holescope::readSessionFile(good, error);
        QVERIFY2(back.has_value(), error.c_str());
        QVERIFY(*back == goodDocument());
    }
};

HOLESCOPE_TEST_MAIN(SessionDocumentTest)
#include "tst_session_document.moc"
