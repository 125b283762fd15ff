// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/SessionDocument.h"

#include "export/OutputFile.h"
#include "report/JsonProblem.h"

#include <QFile>
#include <QString>

#include <nlohmann/json.hpp>

#include <cmath>

namespace holescope {
namespace {

using Json = nlohmann::ordered_json;

constexpr const char* kFormat = "holescope-session/1";

Json optional(const std::optional<int64_t>& v)
{
    return v ? Json(*v) : Json();
}

Json pointToJson(const SweepPoint& p)
{
    return Json::array({p.budget, outcomeName(p.outcome), p.opsDone, p.clock, p.rematCompute, p.maxMemory, p.evictions, p.maxDepth,
                        p.certifiedLo, p.certifiedHi, p.reason, p.heuristicEvals, p.outsideOperator,
                        p.executionBudget >= 0 ? Json(p.executionBudget) : Json()});
}

// Thrown inside the parser only, with the field's name; turned into the returned error.
struct FieldError {
    std::string field, what;
};

template <typename T>
T get(const nlohmann::json& j, const char* key, const std::string& path)
{
    if (!j.contains(key))
        throw FieldError{path + key, "missing"};
    try {
        return j.at(key).get<T>();
    } catch (const nlohmann::json::exception&) {
        throw FieldError{path + key, "has the wrong type"};
    }
}

Outcome outcomeFrom(const std::string& name, const std::string& field)
{
    for (Outcome o : {Outcome::Complete, Outcome::Oom, Outcome::OverheadExceeded, Outcome::Unresolved})
        if (name == outcomeName(o))
            return o;
    throw FieldError{field, "is not an outcome: \"" + name + "\""};
}

SweepPoint pointFrom(const nlohmann::json& row, const std::string& field)
{
    // Sessions written before sweeps kept heuristic evaluations have 11 values, before they kept
    // failures outside any operator 12, before they kept monotone's execution budget 13.
    if (!row.is_array() || row.size() < 11 || row.size() > 14)
        throw FieldError{field, "must be a list of 14 values"};
    try {
        SweepPoint p;
        p.budget = row[0].get<int64_t>();
        p.outcome = outcomeFrom(row[1].get<std::string>(), field);
        p.opsDone = row[2].get<int64_t>();
        p.clock = row[3].get<int64_t>();
        p.rematCompute = row[4].get<int64_t>();
        p.maxMemory = row[5].get<int64_t>();
        p.evictions = row[6].get<int64_t>();
        p.maxDepth = row[7].get<int32_t>();
        p.certifiedLo = row[8].get<int64_t>();
        p.certifiedHi = row[9].get<int64_t>();
        p.reason = row[10].get<std::string>();
        p.heuristicEvals = row.size() >= 12 ? row[11].get<int64_t>() : -1;
        p.outsideOperator = row.size() >= 13 && row[12].get<bool>();
        p.executionBudget = row.size() == 14 && !row[13].is_null() ? row[13].get<int64_t>() : -1;
        if (p.executionBudget < -1 || p.executionBudget > p.budget)
            throw FieldError{field, "has an execution budget that is negative or above its budget"};
        if (p.heuristicEvals < -1)
            throw FieldError{field, "has a negative count of heuristic evaluations"};
        if (p.certifiedLo > p.budget || p.budget > p.certifiedHi)
            throw FieldError{field, "has a budget outside its certified interval"};
        return p;
    } catch (const nlohmann::json::exception&) {
        throw FieldError{field, "has a value of the wrong type"};
    }
}

std::optional<int64_t> optionalBudget(const nlohmann::json& j, const char* key, const std::string& path)
{
    if (!j.contains(key) || j.at(key).is_null())
        return std::nullopt;
    const auto v = get<int64_t>(j, key, path);
    if (v < 0)
        throw FieldError{path + key, "must not be negative"};
    return v;
}

} // namespace

bool operator==(const SweepPoint& a, const SweepPoint& b)
{
    return a.budget == b.budget && a.outcome == b.outcome && a.opsDone == b.opsDone && a.clock == b.clock
           && a.rematCompute == b.rematCompute && a.maxMemory == b.maxMemory && a.evictions == b.evictions && a.maxDepth == b.maxDepth
           && a.certifiedLo == b.certifiedLo && a.certifiedHi == b.certifiedHi && a.reason == b.reason && a.outsideOperator == b.outsideOperator
           && a.heuristicEvals == b.heuristicEvals && a.executionBudget == b.executionBudget;
}

bool operator==(const SessionDocument& a, const SessionDocument& b)
{
    return a.tracePath == b.tracePath && a.traceDigest == b.traceDigest && a.swept == b.swept && a.settings == b.settings && a.points == b.points && a.sweepStopped == b.sweepStopped
           && a.budgetA == b.budgetA && a.budgetB == b.budgetB && a.protect == b.protect;
}

SweptWith sweptWith(const SweepSettings& settings, const std::vector<int32_t>& protect)
{
    return SweptWith{settings.policy, settings.overheadLimit, settings.maxSeconds, protect};
}

std::string sessionToJson(const SessionDocument& doc)
{
    Json j;
    j["format"] = kFormat;
    j["trace"] = doc.tracePath;
    if (!doc.traceDigest.empty())
        j["trace_digest"] = doc.traceDigest;
    const SweepSettings& s = doc.settings;
    j["sweep_settings"] = {{"from", s.from},
                           {"to", s.to},
                           {"step", s.step},
                           {"exact", s.exact},
                           {"refine", s.refine},
                           {"overhead_limit", s.overheadLimit ? Json(*s.overheadLimit) : Json()},
                           {"max_seconds", s.maxSeconds ? Json(*s.maxSeconds) : Json()},
                           {"policy", s.policy}};
    Json points = Json::array();
    for (const SweepPoint& p : doc.points)
        points.push_back(pointToJson(p));
    j["sweep"] = {{"stopped", doc.sweepStopped},
                  {"columns", {"budget", "outcome", "ops_done", "clock", "remat_compute", "max_memory", "evictions", "max_depth",
                               "certified_lo", "certified_hi", "reason", "heuristic_evals", "outside_operator"}},
                  {"points", std::move(points)}};
    if (doc.swept)
        j["sweep"]["swept_with"] = {{"policy", doc.swept->policy},
                                    {"overhead_limit", doc.swept->overheadLimit ? Json(*doc.swept->overheadLimit) : Json()},
                                    {"max_seconds", doc.swept->maxSeconds ? Json(*doc.swept->maxSeconds) : Json()},
                                    {"protect", doc.swept->protect}};
    j["selection"] = {{"a", optional(doc.budgetA)}, {"b", optional(doc.budgetB)}};
    j["interventions"] = {{"protect", doc.protect}};
    return j.dump(1) + "\n";
}

std::optional<SessionDocument> sessionFromJson(const std::string& text, const std::string& where, std::string& error)
{
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {   // a parse error, or a number beyond a double (1e999)
        error = where + ": not JSON: " + jsonProblem(e);
        return std::nullopt;
    }
    try {
        if (!j.is_object())
            throw FieldError{"(top level)", "must be an object"};
        const auto format = get<std::string>(j, "format", "");
        if (format != kFormat)
            throw FieldError{"format", "is \"" + format + "\", expected \"" + kFormat + "\" (a newer holescope may have written it)"};
        SessionDocument doc;
        doc.tracePath = get<std::string>(j, "trace", "");
        if (j.contains("trace_digest"))   // absent from files written before it existed
            doc.traceDigest = get<std::string>(j, "trace_digest", "");
        const auto s = get<nlohmann::json>(j, "sweep_settings", "");
        doc.settings.from = get<double>(s, "from", "sweep_settings.");
        doc.settings.to = get<double>(s, "to", "sweep_settings.");
        doc.settings.step = get<double>(s, "step", "sweep_settings.");
        doc.settings.exact = get<bool>(s, "exact", "sweep_settings.");
        doc.settings.refine = get<int64_t>(s, "refine", "sweep_settings.");
        if (s.contains("overhead_limit") && !s.at("overhead_limit").is_null())
            doc.settings.overheadLimit = get<double>(s, "overhead_limit", "sweep_settings.");
        if (s.contains("max_seconds") && !s.at("max_seconds").is_null())   // absent from files written before it existed
            doc.settings.maxSeconds = get<double>(s, "max_seconds", "sweep_settings.");
        doc.settings.policy = get<std::string>(s, "policy", "sweep_settings.");
        if (doc.settings.policy == "DTR")
            doc.settings.policy = "dtr";
        const SweepSettings& st = doc.settings;
        if (!(st.from > 0) || !(st.to >= st.from) || !std::isfinite(st.to))
            throw FieldError{"sweep_settings.from", "and to must satisfy 0 < from <= to"};
        if (!(st.step > 0) || !std::isfinite(st.step))
            throw FieldError{"sweep_settings.step", "must be positive"};
        if (st.refine < 0)
            throw FieldError{"sweep_settings.refine", "must not be negative"};
        if (st.overheadLimit && !(*st.overheadLimit >= 1.0))
            throw FieldError{"sweep_settings.overhead_limit", "must be at least 1"};
        if (st.maxSeconds && !(*st.maxSeconds > 0 && std::isfinite(*st.maxSeconds)))
            throw FieldError{"sweep_settings.max_seconds", "must be a positive number of seconds"};
        if (const auto policy = parsePolicy(st.policy); std::holds_alternative<std::string>(policy))
            throw FieldError{"sweep_settings.policy", std::get<std::string>(policy)};
        const auto sweep = get<nlohmann::json>(j, "sweep", "");
        doc.sweepStopped = get<bool>(sweep, "stopped", "sweep.");
        const auto points = get<nlohmann::json>(sweep, "points", "sweep.");
        if (!points.is_array())
            throw FieldError{"sweep.points", "must be a list"};
        for (size_t i = 0; i < points.size(); ++i) {
            doc.points.push_back(pointFrom(points[i], "sweep.points[" + std::to_string(i) + "]"));
            if (i > 0 && doc.points[i].budget <= doc.points[i - 1].budget)
                throw FieldError{"sweep.points[" + std::to_string(i) + "]", "is not above the point before it"};
        }
        const auto selection = get<nlohmann::json>(j, "selection", "");
        doc.budgetA = optionalBudget(selection, "a", "selection.");
        doc.budgetB = optionalBudget(selection, "b", "selection.");
        const auto interventions = get<nlohmann::json>(j, "interventions", "");
        doc.protect = get<std::vector<int32_t>>(interventions, "protect", "interventions.");
        if (sweep.contains("swept_with") && !doc.points.empty()) {
            const auto w = get<nlohmann::json>(sweep, "swept_with", "sweep.");
            SweptWith with;
            with.policy = get<std::string>(w, "policy", "sweep.swept_with.");
            if (const auto policy = parsePolicy(with.policy); std::holds_alternative<std::string>(policy))
                throw FieldError{"sweep.swept_with.policy", std::get<std::string>(policy)};
            if (w.contains("overhead_limit") && !w.at("overhead_limit").is_null())
                with.overheadLimit = get<double>(w, "overhead_limit", "sweep.swept_with.");
            if (w.contains("max_seconds") && !w.at("max_seconds").is_null())
                with.maxSeconds = get<double>(w, "max_seconds", "sweep.swept_with.");
            with.protect = get<std::vector<int32_t>>(w, "protect", "sweep.swept_with.");
            doc.swept = with;
        } else if (!doc.points.empty()) {
            doc.swept = sweptWith(doc.settings, doc.protect);
        }
        return doc;
    } catch (const FieldError& e) {
        error = where + ": field " + e.field + " " + e.what;
        return std::nullopt;
    }
}

std::optional<SessionDocument> readSessionFile(const std::string& path, std::string& error)
{
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly)) {
        error = path + ": cannot open (" + f.errorString().toStdString() + ")";
        return std::nullopt;
    }
    const QByteArray bytes = f.readAll();
    return sessionFromJson(bytes.toStdString(), path, error);
}

bool writeSessionFile(const std::string& path, const SessionDocument& doc, std::string& error)
{
    OutputFile f(QString::fromStdString(path));
    const std::string text = sessionToJson(doc);
    if (!f.open() || !f.write(text.data(), static_cast<qint64>(text.size())) || !f.commit()) {
        error = path + ": cannot write (" + f.errorString().toStdString() + ")";
        return false;
    }
    return true;
}

} // namespace holescope
