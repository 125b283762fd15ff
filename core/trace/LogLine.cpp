// SPDX-License-Identifier: GPL-3.0-or-later
#include "trace/LogLine.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>
#include <limits>

namespace holescope {
namespace {

using Json = nlohmann::json;

struct Decoder {
    const Json& obj;
    int64_t lineNo;
    const std::string& file;
    TraceError& error;

    bool fail(const std::string& field, const std::string& message)
    {
        error = TraceError{file, lineNo, field, message};
        return false;
    }

    // Arrays and objects by kind only: dumping them recurses, and a hostile line nests deep.
    static std::string found(const Json& v)
    {
        if (v.is_structured())
            return std::string("an ") + v.type_name() + " of " + std::to_string(v.size()) + " elements";
        if (v.is_null())
            return "null";
        std::string s = v.dump();
        if (s.size() > 60)
            s = s.substr(0, 57) + "...";
        return std::string(v.type_name()) + " " + s;
    }

    const Json* field(const char* key)
    {
        auto it = obj.find(key);
        if (it == obj.end()) {
            fail(key, "missing");
            return nullptr;
        }
        return &*it;
    }

    bool string(const char* key, std::string& out)
    {
        const Json* v = field(key);
        if (!v)
            return false;
        if (!v->is_string())
            return fail(key, "expected a string, found " + found(*v));
        out = v->get<std::string>();
        return true;
    }

    // simrd applies Python's int() to these fields: an integer, or a string of one.
    bool integer(const char* key, const Json& v, int64_t& out)
    {
        if (v.is_number_integer()) {
            if (v.is_number_unsigned() && v.get<uint64_t>() > uint64_t(std::numeric_limits<int64_t>::max()))
                return fail(key, "integer out of range (above 2^63 - 1): " + v.dump());
            out = v.get<int64_t>();
            return true;
        }
        if (v.is_number_float()) {
            const double d = v.get<double>();
            if (!std::isfinite(d) || d != std::floor(d))
                return fail(key, "expected an integer, found " + found(v));
            if (d >= 0x1p63 || d < -0x1p63)
                return fail(key, "integer out of range (beyond 64 bits): " + v.dump());
            // Past 9e15 a double no longer holds every integer: the value may not be the one meant.
            if (std::fabs(d) > 9.0e15)
                return fail(key, "integer out of range (written as a float, at most 9e15 either way): " + v.dump());
            out = static_cast<int64_t>(d);
            return true;
        }
        if (!v.is_string())
            return fail(key, "expected an integer or a string of digits, found " + found(v));
        const std::string& s = v.get_ref<const std::string&>();
        size_t i = 0, end = s.size();
        while (i < end && (s[i] == ' ' || s[i] == '\t'))
            ++i;
        while (end > i && (s[end - 1] == ' ' || s[end - 1] == '\t'))
            --end;
        bool negative = false;
        if (i < end && (s[i] == '-' || s[i] == '+'))
            negative = s[i++] == '-';
        if (i == end)
            return fail(key, "expected an integer, found " + found(v));
        // Checked before multiplying: a 20-digit string must not wrap around to a small value.
        constexpr uint64_t kMax = uint64_t(1) << 62;
        uint64_t value = 0;
        for (; i < end; ++i) {
            if (s[i] < '0' || s[i] > '9')
                return fail(key, "expected an integer, found " + found(v));
            const uint64_t digit = uint64_t(s[i] - '0');
            if (value > (kMax - digit) / 10)
                return fail(key, "integer out of range (at most 2^62): " + found(v));
            value = value * 10 + digit;
        }
        out = negative ? -int64_t(value) : int64_t(value);
        return true;
    }

    bool integer(const char* key, int64_t& out)
    {
        const Json* v = field(key);
        return v && integer(key, *v, out);
    }

    bool bounded(const char* key, int64_t& out, int64_t lo, int64_t hi, const char* what)
    {
        if (!integer(key, out))
            return false;
        if (out < lo)
            return fail(key, std::string("negative ") + what + ": " + std::to_string(out));
        if (out > hi)
            return fail(key, std::string("absurd ") + what + " (over " + std::to_string(hi) + "): " + std::to_string(out));
        return true;
    }

    bool stringList(const char* key, std::vector<std::string>& out)
    {
        const Json* v = field(key);
        if (!v)
            return false;
        if (!v->is_array())
            return fail(key, "expected a list of tensor names, found " + found(*v));
        out.reserve(v->size());
        for (const Json& e : *v) {
            if (!e.is_string())
                return fail(key, "expected a list of tensor names, found an element " + found(e));
            out.push_back(e.get<std::string>());
        }
        return true;
    }

    bool integerList(const char* key, std::vector<int64_t>& out)
    {
        const Json* v = field(key);
        if (!v)
            return false;
        if (!v->is_array())
            return fail(key, "expected a list of argument indices, found " + found(*v));
        for (const Json& e : *v) {
            int64_t x = 0;
            if (!integer(key, e, x))
                return false;
            out.push_back(x);
        }
        return true;
    }
};

} // namespace

const char* logKindName(LogKind kind)
{
    switch (kind) {
    case LogKind::Constant: return "CONSTANT";
    case LogKind::Memory: return "MEMORY";
    case LogKind::Copy: return "COPY";
    case LogKind::Release: return "RELEASE";
    case LogKind::Call: return "CALL";
    case LogKind::Mutate: return "MUTATE";
    case LogKind::Annotate: return "ANNOTATE";
    case LogKind::CopyFrom: return "COPY_FROM";
    case LogKind::Alias: return "ALIAS";
    }
    return "?";
}

bool readableBeforeStart(std::string_view text)
{
    const Json obj = Json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
    if (!obj.is_object() || !obj.contains("INSTRUCTION") || !obj.at("INSTRUCTION").is_string())
        return false;
    struct Keys {
        std::string_view instruction;
        std::array<const char*, 4> keys;   // null-padded
    };
    constexpr std::array<Keys, 9> kKeys{{
        {"CONSTANT", {"NAME"}},
        {"MEMORY", {"NAME", "MEMORY"}},
        {"COPY", {"DST", "SRC"}},
        {"COPY_FROM", {"DST", "SRC"}},
        {"RELEASE", {"NAME"}},
        {"CALL", {"RESULT", "NAME", "ARGS", "TIME"}},
        {"MUTATE", {"NAME", "ARGS", "MUTATE", "TIME"}},
        {"ANNOTATE", {"ANNOTATION"}},
        {"ALIAS", {"NAME", "ALIAS"}},
    }};
    const std::string instruction = obj.at("INSTRUCTION").get<std::string>();
    const auto it = std::find_if(kKeys.begin(), kKeys.end(), [&](const Keys& k) { return k.instruction == instruction; });
    return it != kKeys.end() && std::all_of(it->keys.begin(), it->keys.end(), [&](const char* k) { return k == nullptr || obj.contains(k); });
}

std::optional<LogLine> decodeLogLine(std::string_view text, int64_t lineNo, const std::string& file,
                                     const TraceLimits& limits, TraceError& error)
{
    Json obj = Json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
    if (obj.is_discarded()) {
        // Say where the JSON breaks: a truncated last line reads very differently from garbage.
        try {
            const Json again = Json::parse(text.begin(), text.end());
            (void)again;
        } catch (const Json::parse_error& e) {
            std::string what = e.what();
            const auto pos = what.find("parse error");
            what = pos == std::string::npos ? what : what.substr(pos);
            // The library parsed this one line: its "line 1" would contradict the file's line number.
            if (const auto at = what.find(" at line 1, column "); at != std::string::npos)
                what.replace(at, std::string(" at line 1, column ").size(), " at column ");
            error = TraceError{file, lineNo, "", "not valid JSON (" + what + ")"};
            return std::nullopt;
        } catch (const Json::exception& e) {
            // A number beyond a double (Python would read it as infinity; no trace has one).
            std::string what = e.what();
            const auto pos = what.find("number overflow");
            error = TraceError{file, lineNo, "", "not valid JSON (" + (pos == std::string::npos ? what : what.substr(pos)) + ")"};
            return std::nullopt;
        }
        error = TraceError{file, lineNo, "", "not valid JSON"};
        return std::nullopt;
    }
    if (!obj.is_object()) {
        error = TraceError{file, lineNo, "", std::string("expected a JSON object, found ") + obj.type_name()};
        return std::nullopt;
    }
    Decoder d{obj, lineNo, file, error};
    std::string instruction;
    if (!d.string("INSTRUCTION", instruction))
        return std::nullopt;

    LogLine l;
    l.line = lineNo;
    bool ok = true;
    if (instruction == "CONSTANT") {
        l.kind = LogKind::Constant;
        ok = d.string("NAME", l.name);
    } else if (instruction == "MEMORY") {
        l.kind = LogKind::Memory;
        ok = d.string("NAME", l.name) && d.bounded("MEMORY", l.memory, 0, limits.maxTensorBytes, "size");
    } else if (instruction == "COPY" || instruction == "COPY_FROM") {
        l.kind = instruction == "COPY" ? LogKind::Copy : LogKind::CopyFrom;
        ok = d.string("DST", l.dst) && d.string("SRC", l.src);
    } else if (instruction == "RELEASE") {
        l.kind = LogKind::Release;
        ok = d.string("NAME", l.name);
    } else if (instruction == "CALL") {
        l.kind = LogKind::Call;
        ok = d.string("NAME", l.name) && d.stringList("ARGS", l.args) && d.stringList("RESULT", l.results)
            && d.bounded("TIME", l.time, 0, limits.maxOpTime, "time");
    } else if (instruction == "MUTATE") {
        l.kind = LogKind::Mutate;
        ok = d.string("NAME", l.name) && d.stringList("ARGS", l.args) && d.integerList("MUTATE", l.mutate)
            && d.bounded("TIME", l.time, 0, limits.maxOpTime, "time");
    } else if (instruction == "ANNOTATE") {
        l.kind = LogKind::Annotate;
        ok = d.string("ANNOTATION", l.annotation);
    } else if (instruction == "ALIAS") {
        l.kind = LogKind::Alias;
        ok = d.string("NAME", l.name) && d.integer("ALIAS", l.alias);
    } else {
        d.fail("INSTRUCTION", "unknown instruction \"" + instruction
                   + "\" (expected CONSTANT, MEMORY, CALL, ALIAS, MUTATE, COPY, COPY_FROM, RELEASE or ANNOTATE)");
        return std::nullopt;
    }
    if (!ok)
        return std::nullopt;
    return l;
}

} // namespace holescope
