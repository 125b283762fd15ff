// SPDX-License-Identifier: GPL-3.0-or-later
// The trace reader must refuse every input on which simrd's parse_file, get_closure or the
// RuntimeV1 baseline would fail, name the line and the JSON field at fault, and turn every
// other trace into exactly the program simrd would run.
#include "support/SkipReport.h"
#include "trace/TraceReader.h"

#include <QByteArray>
#include <QFile>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

using namespace holescope;

namespace {

// Lines 1-6 of most malformed cases: START, the constant x0 and x1 = f(x0), all valid, so
// that the line under test is line 7 and the tensors x0 (id 0) and x1 (id 1) exist.
const char* const kPrefix =
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
    "\n";

const char* const kStart = R"({"ANNOTATION":"START","INSTRUCTION":"ANNOTATE"})";
const char* const kCallG = R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"g","RESULT":["x2"],"TIME":"10"})";
const char* const kMemoryX2 = R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"x2"})";
const char* const kAliasX2 = R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"x2"})";
const char* const kReleaseX1 = R"({"INSTRUCTION":"RELEASE","NAME":"x1"})";
const char* const kConstantC = R"({"INSTRUCTION":"CONSTANT","NAME":"c"})";

QByteArray raw(std::initializer_list<const char*> lines)
{
    QByteArray text;
    for (const char* l : lines)
        text += QByteArray(l) + '\n';
    return text;
}

QByteArray afterPrefix(std::initializer_list<const char*> lines)
{
    return kPrefix + raw(lines);
}

TraceLoad parse(const QByteArray& text)
{
    return parseTrace(std::string_view(text.constData(), static_cast<size_t>(text.size())), "t.log");
}

// "C0 P0 G1 R2": the schedule, one letter per step kind, then the operator or tensor id.
QString scheduleText(const Program& p)
{
    QStringList steps;
    for (const Step& s : p.schedule) {
        const char kind = s.kind == StepKind::Compute ? 'C' : s.kind == StepKind::Get ? 'G' : s.kind == StepKind::Pin ? 'P' : 'R';
        steps << QString(QLatin1Char(kind)) + QString::number(s.index);
    }
    return steps.join(' ');
}

template <typename T>
QString listText(const std::vector<T>& values)
{
    QStringList parts;
    for (const T& v : values)
        parts << QString::number(v);
    return parts.join(',');
}

QString childrenText(const Program& p)
{
    QStringList parts;
    for (const auto& c : p.children)
        parts << "[" + listText(c) + "]";
    return parts.join(' ');
}

} // namespace

class TraceReaderTest : public QObject {
    Q_OBJECT

private slots:
    void rejectsMalformed_data();
    void rejectsMalformed();
    void exactProgram();
    void backwardPhaseAsSimrdMarksIt();
    void numberForms_data();
    void numberForms();
    void acceptsUnusual_data();
    void acceptsUnusual();
    void lineEndings_data();
    void lineEndings();
    void tinyTraces_data();
    void tinyTraces();
    void readFileErrors_data();
    void readFileErrors();
    void readFileAcceptsTrace();
    void unreachableFileIsNotMissing();
    void totalsAreBounded();
};

void TraceReaderTest::rejectsMalformed_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<qint64>("line");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("why");   // a fragment of the message
    auto row = [](const char* tag, const QByteArray& text, qint64 line, const char* field, const char* why) {
        QTest::newRow(tag) << text << line << QString(field) << QString(why);
    };

    // The file as a whole.
    row("empty file", QByteArray(), 0, "", "empty file");
    row("NUL byte", afterPrefix({kReleaseX1}) + QByteArray("{\"INSTR\0", 8), 8, "", "binary data");
    row("NUL byte after lone carriage returns", QByteArray("{}\r{}\r\n{}\r") + QByteArray("x\0", 2), 4, "", "binary data");
    row("no START", raw({kConstantC, R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"c"})"}), 0, "ANNOTATION",
        "no ANNOTATE START");
    row("only BACKWARD", raw({R"({"ANNOTATION":"BACKWARD","INSTRUCTION":"ANNOTATE"})"}), 0, "ANNOTATION",
        "no ANNOTATE START");
    row("nothing after START", raw({kConstantC, R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"c"})", R"({"ANNOTATION":"START","INSTRUCTION":"ANNOTATE"})"}),
        3, "", "no operator after the START annotation: nothing to replay");

    // Lines that are not JSON objects.
    row("not JSON", afterPrefix({"hello"}), 7, "", "not valid JSON");
    row("two objects on a line", afterPrefix({R"({"INSTRUCTION":"RELEASE","NAME":"x1"} {})"}), 7, "", "not valid JSON");
    // Where on the line the JSON breaks (the line is the file's, not the parser's "line 1").
    row("truncated last line", kPrefix + QByteArray(R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"g","RES)"), 7, "",
        "not valid JSON (parse error at column 52: syntax error while parsing object key - invalid string: missing closing quote");
    row("truncated line, then more", afterPrefix({R"({"INSTRUCTION":"RELEASE","NA)", kReleaseX1}), 7, "",
        "not valid JSON");
    row("array", afterPrefix({R"(["INSTRUCTION","RELEASE"])"}), 7, "", "expected a JSON object, found array");
    row("number", afterPrefix({"42"}), 7, "", "expected a JSON object, found number");
    row("string", afterPrefix({R"("RELEASE")"}), 7, "", "expected a JSON object, found string");
    row("null", afterPrefix({"null"}), 7, "", "expected a JSON object, found null");
    row("empty line in the middle", afterPrefix({"", kReleaseX1}), 7, "", "empty line");
    row("blank line in the middle", afterPrefix({" \t", kReleaseX1}), 7, "", "empty line");
    row("empty line at the end", afterPrefix({""}), 7, "", "empty line");
    row("empty first line", raw({"", kStart}), 1, "", "empty line");
    // Python splits lines at a lone carriage return too: this is two broken lines to simrd.
    row("carriage return inside a line", afterPrefix({"{\"INSTRUCTION\":\"RELEASE\",\r\"NAME\":\"x1\"}"}), 7, "",
        "not valid JSON");
    row("CR CR LF", afterPrefix({"{\"INSTRUCTION\":\"RELEASE\",\"NAME\":\"x1\"}\r\r"}), 8, "", "empty line");
    row("invalid UTF-8", afterPrefix({"{\"INSTRUCTION\":\"RELEASE\",\"NAME\":\"x\xff\"}"}), 7, "", "not valid JSON");
    // The JSON library skips a byte order mark at the start of its input, Python's json does not.
    row("byte order mark on line 1", "\xEF\xBB\xBF" + afterPrefix({}), 1, "", "byte order mark");
    row("byte order mark on a later line", afterPrefix({"\xEF\xBB\xBF{\"INSTRUCTION\":\"RELEASE\",\"NAME\":\"x1\"}"}), 7, "",
        "byte order mark");
    // Found by the fuzzer: a number beyond a double threw out of the reader.
    row("number beyond a double", afterPrefix({R"({"INSTRUCTION":"RELEASE","NAME":"x1","X":4444444E443591451})"}), 7, "",
        "not valid JSON (number overflow");
    row("deeply nested array", kPrefix + QByteArray(100000, '[') + QByteArray(100000, ']') + '\n', 7, "",
        "expected a JSON object, found array");
    // Lines before START are skipped, but simrd decodes them all first (JSON, instruction, keys).
    row("garbage before START", raw({"#!trace", kStart}), 1, "", "not valid JSON");
    row("unknown instruction before START", raw({R"({"INSTRUCTION":"HELLO"})", kStart}), 1, "INSTRUCTION",
        "unknown instruction \"HELLO\"");
    row("missing field before START", raw({R"({"INSTRUCTION":"RELEASE"})", kStart}), 1, "NAME", "missing");
    row("bad value, then missing field before START", raw({R"({"ARGS":["x"],"INSTRUCTION":"CALL","NAME":5,"RESULT":["y"]})", kStart}), 1,
        "NAME", "expected a string");

    // INSTRUCTION.
    row("missing INSTRUCTION", afterPrefix({R"({"NAME":"x1"})"}), 7, "INSTRUCTION", "missing");
    row("INSTRUCTION a number", afterPrefix({R"({"INSTRUCTION":3,"NAME":"x1"})"}), 7, "INSTRUCTION", "expected a string");
    row("INSTRUCTION null", afterPrefix({R"({"INSTRUCTION":null,"NAME":"x1"})"}), 7, "INSTRUCTION", "expected a string");
    row("unknown instruction", afterPrefix({R"({"INSTRUCTION":"FREE","NAME":"x1"})"}), 7, "INSTRUCTION",
        "unknown instruction \"FREE\"");
    row("instruction in lower case", afterPrefix({R"({"INSTRUCTION":"release","NAME":"x1"})"}), 7, "INSTRUCTION",
        "unknown instruction");

    // Missing fields.
    row("CALL without TIME", afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"g","RESULT":["x2"]})"}), 7, "TIME",
        "missing");
    row("CALL without ARGS", afterPrefix({R"({"INSTRUCTION":"CALL","NAME":"g","RESULT":["x2"],"TIME":"1"})"}), 7, "ARGS",
        "missing");
    row("CALL without RESULT", afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"g","TIME":"1"})"}), 7, "RESULT",
        "missing");
    row("CALL without NAME", afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"CALL","RESULT":["x2"],"TIME":"1"})"}), 7, "NAME",
        "missing");
    row("MEMORY without MEMORY", afterPrefix({kCallG, R"({"INSTRUCTION":"MEMORY","NAME":"x2"})", kAliasX2}), 8, "MEMORY",
        "missing");
    row("MEMORY without NAME", afterPrefix({kConstantC, R"({"INSTRUCTION":"MEMORY","MEMORY":"1"})"}), 8, "NAME", "missing");
    row("ALIAS without ALIAS", afterPrefix({kCallG, kMemoryX2, R"({"INSTRUCTION":"ALIAS","NAME":"x2"})"}), 9, "ALIAS",
        "missing");
    row("ALIAS null", afterPrefix({kCallG, kMemoryX2, R"({"ALIAS":null,"INSTRUCTION":"ALIAS","NAME":"x2"})"}), 9, "ALIAS",
        "expected an integer or a string of digits, found null");
    row("CONSTANT without NAME", afterPrefix({R"({"INSTRUCTION":"CONSTANT"})"}), 7, "NAME", "missing");
    row("RELEASE without NAME", afterPrefix({R"({"INSTRUCTION":"RELEASE"})"}), 7, "NAME", "missing");
    row("COPY without SRC", afterPrefix({R"({"DST":"y","INSTRUCTION":"COPY"})"}), 7, "SRC", "missing");
    row("COPY_FROM without DST", afterPrefix({R"({"INSTRUCTION":"COPY_FROM","SRC":"x1"})"}), 7, "DST", "missing");
    row("MUTATE without MUTATE", afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"MUTATE","NAME":"relu_","TIME":"1"})"}), 7,
        "MUTATE", "missing");
    row("ANNOTATE without ANNOTATION", afterPrefix({R"({"INSTRUCTION":"ANNOTATE"})"}), 7, "ANNOTATION", "missing");

    // Wrong types.
    row("ARGS not a list", afterPrefix({R"({"ARGS":"x1","INSTRUCTION":"CALL","NAME":"g","RESULT":["x2"],"TIME":"1"})"}), 7,
        "ARGS", "expected a list of tensor names");
    row("ARGS with a number", afterPrefix({R"({"ARGS":[1],"INSTRUCTION":"CALL","NAME":"g","RESULT":["x2"],"TIME":"1"})"}), 7,
        "ARGS", "expected a list of tensor names");
    row("RESULT a string", afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"g","RESULT":"x2","TIME":"1"})"}), 7,
        "RESULT", "expected a list of tensor names");
    row("NAME a number", afterPrefix({R"({"INSTRUCTION":"RELEASE","NAME":1})"}), 7, "NAME", "expected a string");
    row("DST a list", afterPrefix({R"({"DST":["y"],"INSTRUCTION":"COPY","SRC":"x1"})"}), 7, "DST", "expected a string");
    row("TIME abc", afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"g","RESULT":["x2"],"TIME":"abc"})"}), 7,
        "TIME", "expected an integer");
    row("TIME a fraction", afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"g","RESULT":["x2"],"TIME":1.5})"}), 7,
        "TIME", "expected an integer");
    row("TIME a boolean", afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"g","RESULT":["x2"],"TIME":true})"}), 7,
        "TIME", "expected an integer");
    row("MEMORY 12x", afterPrefix({kConstantC, R"({"INSTRUCTION":"MEMORY","MEMORY":"12x","NAME":"c"})"}), 8, "MEMORY",
        "expected an integer");
    row("MEMORY empty string", afterPrefix({kConstantC, R"({"INSTRUCTION":"MEMORY","MEMORY":"","NAME":"c"})"}), 8, "MEMORY",
        "expected an integer");
    row("MEMORY 1.5 as a string", afterPrefix({kConstantC, R"({"INSTRUCTION":"MEMORY","MEMORY":"1.5","NAME":"c"})"}), 8,
        "MEMORY", "expected an integer");
    row("ALIAS a word", afterPrefix({kCallG, kMemoryX2, R"({"ALIAS":"none","INSTRUCTION":"ALIAS","NAME":"x2"})"}), 9, "ALIAS",
        "expected an integer");
    row("MUTATE not a list", afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"MUTATE","MUTATE":0,"NAME":"relu_","TIME":"1"})"}),
        7, "MUTATE", "expected a list of argument indices");
    row("MUTATE with a word", afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"MUTATE","MUTATE":["a"],"NAME":"relu_","TIME":"1"})"}),
        7, "MUTATE", "expected an integer");

    // Out-of-range numbers.
    row("negative MEMORY", afterPrefix({kConstantC, R"({"INSTRUCTION":"MEMORY","MEMORY":"-1","NAME":"c"})"}), 8, "MEMORY",
        "negative size");
    row("negative MEMORY integer", afterPrefix({kCallG, R"({"INSTRUCTION":"MEMORY","MEMORY":-100,"NAME":"x2"})", kAliasX2}), 8,
        "MEMORY", "negative size");
    row("negative TIME", afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"g","RESULT":["x2"],"TIME":"-5"})"}), 7,
        "TIME", "negative time");
    row("MEMORY 9999999999999999999",
        afterPrefix({kConstantC, R"({"INSTRUCTION":"MEMORY","MEMORY":"9999999999999999999","NAME":"c"})"}), 8, "MEMORY",
        "integer out of range (at most 2^62): string \"9999999999999999999\"");
    // 2^64 + 100: a parser that lets the digits wrap around would read 100.
    row("MEMORY 2^64+100", afterPrefix({kConstantC, R"({"INSTRUCTION":"MEMORY","MEMORY":"18446744073709551716","NAME":"c"})"}),
        8, "MEMORY", "out of range");
    row("MEMORY -(2^64+100)",
        afterPrefix({kConstantC, R"({"INSTRUCTION":"MEMORY","MEMORY":"-18446744073709551716","NAME":"c"})"}), 8, "MEMORY",
        "out of range");
    row("MEMORY 2^64-1 integer",
        afterPrefix({kConstantC, R"({"INSTRUCTION":"MEMORY","MEMORY":18446744073709551615,"NAME":"c"})"}), 8, "MEMORY",
        "integer out of range (above 2^63 - 1): 18446744073709551615");
    row("float past 9e15", afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"f","RESULT":["y"],"TIME":1e16})"}), 7, "TIME",
        "integer out of range (written as a float, at most 9e15 either way): 1e+16");
    row("float below -9e15", afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"f","RESULT":["y"],"TIME":-1e16})"}), 7, "TIME",
        "integer out of range (written as a float, at most 9e15 either way): -1e+16");
    row("float below -2^63", afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"f","RESULT":["y"],"TIME":-1e19})"}), 7, "TIME",
        "integer out of range (beyond 64 bits): -1e+19");
    row("MEMORY 1e300", afterPrefix({kConstantC, R"({"INSTRUCTION":"MEMORY","MEMORY":1e300,"NAME":"c"})"}), 8, "MEMORY",
        "integer out of range (beyond 64 bits): 1e+300");
    row("MEMORY 2^50+1", afterPrefix({kConstantC, R"({"INSTRUCTION":"MEMORY","MEMORY":"1125899906842625","NAME":"c"})"}), 8,
        "MEMORY", "absurd size");
    row("TIME 2^50+1",
        afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"g","RESULT":["x2"],"TIME":"1125899906842625"})"}), 7,
        "TIME", "absurd time");
    row("TIME 10^20 integer",
        afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"g","RESULT":["x2"],"TIME":100000000000000000000})"}), 7,
        "TIME", "integer out of range (beyond 64 bits): 1e+20");
    row("MUTATE TIME absurd",
        afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"MUTATE","MUTATE":[0],"NAME":"relu_","TIME":"4611686018427387904"})"}), 7,
        "TIME", "absurd time");

    // CONSTANT and its MEMORY line.
    row("CONSTANT, then another instruction", afterPrefix({kConstantC, kReleaseX1}), 8, "INSTRUCTION",
        "expected the MEMORY line of CONSTANT \"c\"");
    row("CONSTANT at the end", afterPrefix({kConstantC}), 7, "", "the file ends before the MEMORY line");
    row("CONSTANT, MEMORY of another name",
        afterPrefix({kConstantC, R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"d"})"}), 8, "NAME",
        "expected \"c\" (the CONSTANT on line 7), found \"d\"");
    row("CONSTANT of an existing tensor name",
        afterPrefix({R"({"INSTRUCTION":"CONSTANT","NAME":"x1"})", R"({"INSTRUCTION":"MEMORY","MEMORY":"1","NAME":"x1"})"}), 7,
        "NAME", "duplicate result name \"x1\"");

    // CALL and its MEMORY and ALIAS lines.
    row("CALL, MEMORY missing", afterPrefix({kCallG, kReleaseX1}), 8, "INSTRUCTION",
        "expected the MEMORY line of result \"x2\"");
    row("CALL, ALIAS before MEMORY", afterPrefix({kCallG, kAliasX2, kMemoryX2}), 8, "INSTRUCTION",
        "expected the MEMORY line of result \"x2\" of the CALL on line 7, found ALIAS");
    row("CALL, MEMORY of another tensor",
        afterPrefix({kCallG, R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"x3"})", kAliasX2}), 8, "NAME",
        "expected \"x2\" (result of the CALL on line 7), found \"x3\"");
    row("CALL, ALIAS missing", afterPrefix({kCallG, kMemoryX2, kReleaseX1}), 9, "INSTRUCTION",
        "expected the ALIAS line of result \"x2\"");
    row("CALL, MEMORY twice", afterPrefix({kCallG, kMemoryX2, kMemoryX2}), 9, "INSTRUCTION",
        "expected the ALIAS line of result \"x2\" of the CALL on line 7, found MEMORY");
    row("CALL, ALIAS of another tensor",
        afterPrefix({kCallG, kMemoryX2, R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"x3"})"}), 9, "NAME",
        "expected \"x2\" (result of the CALL on line 7), found \"x3\"");
    row("CALL, second result's lines missing",
        afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"split","RESULT":["x2","x3"],"TIME":"1"})", kMemoryX2,
                     kAliasX2, kReleaseX1}),
        10, "INSTRUCTION", "expected the MEMORY line of result \"x3\"");
    row("CALL, results' lines swapped",
        afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"split","RESULT":["x2","x3"],"TIME":"1"})",
                     R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"x3"})"}),
        8, "NAME", "found \"x3\"");
    row("CALL at the end", afterPrefix({kCallG}), 7, "", "the file ends before the MEMORY line");
    row("CALL, MEMORY at the end", afterPrefix({kCallG, kMemoryX2}), 7, "", "the file ends before the ALIAS line");
    row("CALL with no results", afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"g","RESULT":[],"TIME":"1"})"}), 7,
        "RESULT", "at least one result");

    // MEMORY and ALIAS on their own.
    row("standalone MEMORY", afterPrefix({kMemoryX2}), 7, "INSTRUCTION", "unexpected MEMORY line for \"x2\"");
    row("standalone ALIAS", afterPrefix({kAliasX2}), 7, "INSTRUCTION", "unexpected ALIAS line for \"x2\"");
    row("third line after a CALL", afterPrefix({kCallG, kMemoryX2, kAliasX2, kAliasX2}), 10, "INSTRUCTION",
        "unexpected ALIAS line");

    // Unknown and already defined names.
    row("CALL argument unknown",
        afterPrefix({R"({"ARGS":["x1","nosuch"],"INSTRUCTION":"CALL","NAME":"g","RESULT":["x2"],"TIME":"1"})", kMemoryX2,
                     kAliasX2}),
        7, "ARGS", "unknown tensor \"nosuch\"");
    row("MUTATE argument unknown",
        afterPrefix({R"({"ARGS":["nosuch"],"INSTRUCTION":"MUTATE","MUTATE":[0],"NAME":"relu_","TIME":"1"})"}), 7, "ARGS",
        "unknown tensor \"nosuch\"");
    row("COPY from unknown", afterPrefix({R"({"DST":"y","INSTRUCTION":"COPY","SRC":"nosuch"})"}), 7, "SRC",
        "unknown tensor \"nosuch\"");
    row("COPY to a defined name", afterPrefix({R"({"DST":"x0","INSTRUCTION":"COPY","SRC":"x1"})"}), 7, "DST",
        "already defined");
    // simrd never removes a name from its table, so a released name stays defined.
    row("COPY to a released name", afterPrefix({kReleaseX1, R"({"DST":"x1","INSTRUCTION":"COPY","SRC":"x0"})"}), 8, "DST",
        "already defined");
    row("COPY_FROM unknown DST", afterPrefix({R"({"DST":"nosuch","INSTRUCTION":"COPY_FROM","SRC":"x1"})"}), 7, "DST",
        "unknown tensor \"nosuch\"");
    row("COPY_FROM unknown SRC", afterPrefix({R"({"DST":"x1","INSTRUCTION":"COPY_FROM","SRC":"nosuch"})"}), 7, "SRC",
        "unknown tensor \"nosuch\"");
    row("CALL result already defined",
        afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"g","RESULT":["x0"],"TIME":"1"})",
                     R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"x0"})",
                     R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"x0"})"}),
        7, "RESULT", "duplicate result name \"x0\"");
    row("CALL result twice",
        afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"split","RESULT":["x2","x2"],"TIME":"1"})", kMemoryX2,
                     kAliasX2, kMemoryX2, kAliasX2}),
        7, "RESULT", "duplicate result name \"x2\"");
    // MUTATE names its new tensor "x1$"; simrd's graph refuses a second tensor of that name.
    row("CALL result named like a mutated tensor",
        afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"MUTATE","MUTATE":[0],"NAME":"relu_","TIME":"1"})",
                     R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"g","RESULT":["x1$"],"TIME":"1"})",
                     R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"x1$"})",
                     R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"x1$"})"}),
        8, "RESULT", "duplicate result name \"x1$\"");
    row("MUTATE of one name twice",
        afterPrefix({R"({"ARGS":["x1","x1"],"INSTRUCTION":"MUTATE","MUTATE":[0,1],"NAME":"add_","TIME":"1"})"}), 7, "MUTATE",
        "duplicate result name \"x1$\"");

    // Tensors whose storage lost every reference: the baseline runtime has banished them.
    row("double RELEASE", afterPrefix({kReleaseX1, kReleaseX1}), 8, "NAME", "release of tensor id 1");
    row("released tensor as an argument", afterPrefix({kReleaseX1, kCallG, kMemoryX2, kAliasX2}), 8, "ARGS",
        "argument tensor id 1");
    row("released tensor mutated",
        afterPrefix({kReleaseX1, R"({"ARGS":["x1"],"INSTRUCTION":"MUTATE","MUTATE":[0],"NAME":"relu_","TIME":"1"})"}), 8, "ARGS",
        "argument tensor id 1");
    row("COPY of a released tensor", afterPrefix({kReleaseX1, R"({"DST":"y","INSTRUCTION":"COPY","SRC":"x1"})"}), 8, "SRC",
        "copy of tensor id 1");
    row("COPY_FROM a released tensor", afterPrefix({kReleaseX1, R"({"DST":"x0","INSTRUCTION":"COPY_FROM","SRC":"x1"})"}), 8,
        "SRC", "copy of tensor id 1");
    row("COPY_FROM onto a released name", afterPrefix({kReleaseX1, R"({"DST":"x1","INSTRUCTION":"COPY_FROM","SRC":"x0"})"}), 8,
        "DST", "release of tensor id 1");
    // The release of the old tensor drops its storage's last reference before the get.
    row("COPY_FROM onto itself", afterPrefix({R"({"DST":"x1","INSTRUCTION":"COPY_FROM","SRC":"x1"})"}), 7, "SRC",
        "copy of tensor id 1");
    // x1 and its view v share storage 1 (two references). Releasing x1 twice empties the
    // storage while v still holds a reference; simrd's RuntimeV1 asserts there.
    row("double RELEASE while a view holds the storage",
        afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"view","RESULT":["v"],"TIME":"1"})",
                     R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"v"})",
                     R"({"ALIAS":"0","INSTRUCTION":"ALIAS","NAME":"v"})", kReleaseX1, kReleaseX1}),
        11, "NAME", "release of tensor id 1 leaves storage 1 without references, but tensor id 1");
    // The same, found only when the last other reference (c, a copy of v) goes.
    row("over-released view base, storage emptied later",
        afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"view","RESULT":["v"],"TIME":"1"})",
                     R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"v"})",
                     R"({"ALIAS":"0","INSTRUCTION":"ALIAS","NAME":"v"})", R"({"DST":"c","INSTRUCTION":"COPY","SRC":"v"})",
                     kReleaseX1, kReleaseX1, R"({"INSTRUCTION":"RELEASE","NAME":"c"})"}),
        13, "NAME", "release of tensor id 2 leaves storage 1 without references, but tensor id 1");

    // Indices into ARGS.
    row("ALIAS = number of args", afterPrefix({kCallG, kMemoryX2, R"({"ALIAS":"1","INSTRUCTION":"ALIAS","NAME":"x2"})"}), 9,
        "ALIAS", "alias index 1 out of range");
    row("ALIAS -2", afterPrefix({kCallG, kMemoryX2, R"({"ALIAS":-2,"INSTRUCTION":"ALIAS","NAME":"x2"})"}), 9, "ALIAS",
        "alias index -2 out of range");
    row("ALIAS 0 without args",
        afterPrefix({R"({"ARGS":[],"INSTRUCTION":"CALL","NAME":"g","RESULT":["x2"],"TIME":"1"})", kMemoryX2,
                     R"({"ALIAS":"0","INSTRUCTION":"ALIAS","NAME":"x2"})"}),
        9, "ALIAS", "alias index 0 out of range");
    row("MUTATE index = number of args",
        afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"MUTATE","MUTATE":[1],"NAME":"relu_","TIME":"1"})"}), 7, "MUTATE",
        "argument index 1 out of range");
    row("MUTATE index -1", afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"MUTATE","MUTATE":["-1"],"NAME":"relu_","TIME":"1"})"}),
        7, "MUTATE", "argument index -1 out of range");
    row("MUTATE nothing", afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"MUTATE","MUTATE":[],"NAME":"relu_","TIME":"1"})"}), 7,
        "MUTATE", "at least one argument index");
}

void TraceReaderTest::rejectsMalformed()
{
    QFETCH(QByteArray, text);
    QFETCH(qint64, line);
    QFETCH(QString, field);
    QFETCH(QString, why);

    const TraceLoad load = parse(text);
    const TraceError* error = std::get_if<TraceError>(&load);
    QVERIFY2(error, "the trace was accepted");
    const QString shown = QString::fromStdString(error->toString());
    const qint64 actualLine = error->line;
    QCOMPARE(actualLine, line);
    QCOMPARE(QString::fromStdString(error->field), field);
    QCOMPARE(QString::fromStdString(error->file), QStringLiteral("t.log"));
    if (line > 0)
        QVERIFY2(shown.startsWith(QStringLiteral("t.log:%1: ").arg(line)), qPrintable(shown));
    else
        QVERIFY2(shown.startsWith(QStringLiteral("t.log: ")), qPrintable(shown));
    if (!field.isEmpty())
        QVERIFY2(shown.contains("field \"" + field + "\": "), qPrintable(shown));
    QVERIFY2(shown.contains(why), qPrintable(shown));
}

// simrd's parse_file starts the backward phase at the first CALL or MUTATE whose name holds
// "backward", or at the BACKWARD annotation, whichever comes first.
void TraceReaderTest::backwardPhaseAsSimrdMarksIt()
{
    const auto program = [](const char* secondName, bool annotated) {
        QByteArray text = raw({kStart, R"({"INSTRUCTION":"CONSTANT","NAME":"x"})", R"({"INSTRUCTION":"MEMORY","MEMORY":"8","NAME":"x"})"});
        text += QByteArray(R"({"ARGS":["x"],"INSTRUCTION":"CALL","NAME":")") + secondName
                + R"(","RESULT":["y"],"TIME":"1"})" "\n" R"({"INSTRUCTION":"MEMORY","MEMORY":"8","NAME":"y"})" "\n"
                  R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"y"})" "\n";
        if (annotated)
            text += R"({"ANNOTATION":"BACKWARD","INSTRUCTION":"ANNOTATE"})" "\n";
        text += R"({"ARGS":["y"],"INSTRUCTION":"CALL","NAME":"loss","RESULT":["z"],"TIME":"1"})" "\n"
                R"({"INSTRUCTION":"MEMORY","MEMORY":"8","NAME":"z"})" "\n" R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"z"})" "\n";
        const TraceLoad load = parse(text);
        return std::get_if<Program>(&load) ? std::get<Program>(load) : Program{};
    };
    const auto phases = [](const Program& p) {
        QString flags;
        for (const OpDef& op : p.ops)
            flags += op.backward ? 'b' : 'f';
        return flags;
    };
    QCOMPARE(phases(program("pool", true)), QStringLiteral("ffb"));
    QCOMPARE(phases(program("pool", false)), QStringLiteral("fff"));
    QCOMPARE(phases(program("pool_backward", true)), QStringLiteral("fbb"));
    QCOMPARE(phases(program("pool_backward", false)), QStringLiteral("fbb"));
    QCOMPARE(program("pool_backward", false).backwardOp, 1);
}

// Worked out by hand from simrd's parse_file. Tensor ids: w = 0 (the constant), v = 1 (a view
// of w, so size 0 on storage 0), and the MUTATE's output = 2, sized after v's STORAGE (300),
// not after v (0). The COPY inserts c after v, and the MUTATE then re-points v at tensor 2, so
// the final pins follow first insertion (w, v, c), not binding time (w, c, v) nor ids.
void TraceReaderTest::exactProgram()
{
    const QByteArray text = raw({
        R"({"INSTRUCTION":"CONSTANT","NAME":"skipped"})",   // before START: no MEMORY needed
        R"({"ANNOTATION":"START","INSTRUCTION":"ANNOTATE"})",
        R"({"INSTRUCTION":"CONSTANT","NAME":"w"})",
        R"({"INSTRUCTION":"MEMORY","MEMORY":300,"NAME":"w"})",
        R"({"ARGS":["w"],"INSTRUCTION":"CALL","NAME":"view","RESULT":["v"],"TIME":"1"})",
        R"({"INSTRUCTION":"MEMORY","MEMORY":"300","NAME":"v"})",
        R"({"ALIAS":"0","INSTRUCTION":"ALIAS","NAME":"v"})",
        R"({"DST":"c","INSTRUCTION":"COPY","SRC":"w"})",
        R"({"ARGS":["v","c"],"INSTRUCTION":"MUTATE","MUTATE":["0"],"NAME":"add_","TIME":7})",
        R"({"INSTRUCTION":"RELEASE","NAME":"nosuch"})",
    });
    const TraceLoad load = parse(text);
    if (const auto* error = std::get_if<TraceError>(&load))
        QFAIL(error->toString().c_str());
    const Program& p = std::get<Program>(load);

    QCOMPARE(QString::fromStdString(p.path), QStringLiteral("t.log"));
    QCOMPARE(p.lines, int64_t{10});
    QCOMPARE(p.backwardOp, -1);
    QCOMPARE(p.ops.size(), size_t{3});
    QCOMPARE(p.tensors.size(), size_t{3});
    QCOMPARE(p.storages.size(), size_t{2});
    // The unknown RELEASE adds no step; the old v (tensor 1) is released after the MUTATE.
    QCOMPARE(scheduleText(p), QStringLiteral("C0 P0 C1 G0 C2 R1 P0 P2 P0"));

    const OpDef& w = p.ops[0];
    QCOMPARE(QString::fromStdString(w.name), QStringLiteral("constant"));
    QCOMPARE(w.cost, int64_t{0});
    QCOMPARE(listText(w.sizes), QStringLiteral("300"));
    QCOMPARE(listText(w.alias), QStringLiteral("-1"));
    QCOMPARE(listText(w.args), QString());
    QCOMPARE(w.firstOutput, 0);
    QCOMPARE(w.totalSize, int64_t{300});
    QVERIFY(w.constant);
    QVERIFY(!w.backward);
    QCOMPARE(w.line, 3);

    const OpDef& view = p.ops[1];
    QCOMPARE(QString::fromStdString(view.name), QStringLiteral("view"));
    QCOMPARE(view.cost, int64_t{1});
    QCOMPARE(listText(view.sizes), QStringLiteral("0"));
    QCOMPARE(listText(view.alias), QStringLiteral("0"));
    QCOMPARE(listText(view.args), QStringLiteral("0"));
    QCOMPARE(view.firstOutput, 1);
    QCOMPARE(view.totalSize, int64_t{0});
    QVERIFY(!view.constant);
    QCOMPARE(view.line, 5);

    const OpDef& add = p.ops[2];
    QCOMPARE(QString::fromStdString(add.name), QStringLiteral("add_"));
    QCOMPARE(add.cost, int64_t{7});
    QCOMPARE(listText(add.sizes), QStringLiteral("300"));
    QCOMPARE(listText(add.alias), QStringLiteral("-1"));
    QCOMPARE(listText(add.args), QStringLiteral("1,0"));
    QCOMPARE(add.firstOutput, 2);
    QCOMPARE(add.totalSize, int64_t{300});
    QVERIFY(!add.constant);
    QCOMPARE(add.line, 9);

    const int32_t expected[3][3] = {{0, 0, 0}, {1, 0, 0}, {2, 0, 1}};   // op, index, storage
    for (size_t t = 0; t < 3; ++t) {
        QCOMPARE(p.tensors[t].op, expected[t][0]);
        QCOMPARE(p.tensors[t].index, expected[t][1]);
        QCOMPARE(p.tensors[t].storage, expected[t][2]);
    }
    QCOMPARE(p.storages[0].root, 0);
    QCOMPARE(p.storages[0].size, int64_t{300});
    QCOMPARE(listText(p.storages[0].tensors), QStringLiteral("0,1"));
    QCOMPARE(p.storages[1].root, 2);
    QCOMPARE(p.storages[1].size, int64_t{300});
    QCOMPARE(listText(p.storages[1].tensors), QStringLiteral("2"));
    QCOMPARE(listText(p.storageOfRoot), QStringLiteral("0,-1,1"));
    QCOMPARE(childrenText(p), QStringLiteral("[1,2] [2] []"));
    QCOMPARE(p.tensorSize(1), int64_t{0});
    QCOMPARE(p.storageOf(1), 0);
}

// simrd applies Python's int() to MEMORY, TIME, ALIAS and MUTATE: JSON integers, integral
// floats and strings of digits (with spaces or a sign) all work.
void TraceReaderTest::numberForms_data()
{
    QTest::addColumn<QByteArray>("memory");
    QTest::addColumn<qint64>("size");
    QTest::newRow("integer") << QByteArray("250") << qint64{250};
    QTest::newRow("string") << QByteArray("\"250\"") << qint64{250};
    QTest::newRow("string with spaces") << QByteArray("\" 250 \"") << qint64{250};
    QTest::newRow("string with plus") << QByteArray("\"+250\"") << qint64{250};
    QTest::newRow("integral float") << QByteArray("250.0") << qint64{250};
    QTest::newRow("zero") << QByteArray("\"0\"") << qint64{0};
    QTest::newRow("2^50, the limit") << QByteArray("\"1125899906842624\"") << (qint64{1} << 50);
}

void TraceReaderTest::numberForms()
{
    QFETCH(QByteArray, memory);
    QFETCH(qint64, size);
    const QByteArray text =
        raw({kStart, kConstantC}) + R"({"INSTRUCTION":"MEMORY","MEMORY":)" + memory + R"(,"NAME":"c"})" + '\n';
    const TraceLoad load = parse(text);
    if (const auto* error = std::get_if<TraceError>(&load))
        QFAIL(error->toString().c_str());
    const qint64 actual = std::get<Program>(load).storages.at(0).size;
    QCOMPARE(actual, size);
}

// Odd traces on which simrd does not fail, so neither may the reader.
void TraceReaderTest::acceptsUnusual_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("schedule");
    QTest::newRow("RELEASE of an unknown name") << afterPrefix({R"({"INSTRUCTION":"RELEASE","NAME":"nosuch"})"})
                                                << "C0 P0 C1 P0 P1";
    // Before START simrd only looks the keys up: any values pass (the keys must be there, see
    // rejectsMalformed).
    QTest::newRow("any values before START") << raw({R"({"INSTRUCTION":"MEMORY","MEMORY":"-5","NAME":"q"})",
                                                     R"({"ALIAS":"zz","INSTRUCTION":"ALIAS","NAME":"q"})",
                                                     R"({"ARGS":"x","INSTRUCTION":"CALL","NAME":5,"RESULT":null,"TIME":[1]})"})
                                                    + kPrefix
                                             << "C0 P0 C1 P0 P1";
    // A released constant is not pinned again at the end.
    QTest::newRow("RELEASE of a constant") << afterPrefix({R"({"INSTRUCTION":"RELEASE","NAME":"x0"})"}) << "C0 P0 C1 R0 P1";
    // x1 goes below zero references, but its view and the copy c keep storage 1 alive to the
    // end, so simrd's baseline never checks; x1 gets no final pin, v and c do.
    QTest::newRow("over-released view base, storage kept")
        << afterPrefix({R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"view","RESULT":["v"],"TIME":"1"})",
                        R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"v"})",
                        R"({"ALIAS":"0","INSTRUCTION":"ALIAS","NAME":"v"})", R"({"DST":"c","INSTRUCTION":"COPY","SRC":"v"})",
                        kReleaseX1, kReleaseX1})
        << "C0 P0 C1 C2 G2 R1 R1 P0 P2 P2";
    // A COPY name is no tensor name, so a CONSTANT may take it over (simrd re-points the name).
    QTest::newRow("CONSTANT takes over a COPY name")
        << afterPrefix({R"({"DST":"y","INSTRUCTION":"COPY","SRC":"x1"})", R"({"INSTRUCTION":"CONSTANT","NAME":"y"})",
                        R"({"INSTRUCTION":"MEMORY","MEMORY":"50","NAME":"y"})"})
        << "C0 P0 C1 G1 C2 P2 P0 P1 P2";
    // A second START is an ordinary annotation.
    QTest::newRow("two STARTs") << afterPrefix({kStart}) << "C0 P0 C1 P0 P1";
}

void TraceReaderTest::acceptsUnusual()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, schedule);
    const TraceLoad load = parse(text);
    if (const auto* error = std::get_if<TraceError>(&load))
        QFAIL(error->toString().c_str());
    QCOMPARE(scheduleText(std::get<Program>(load)), schedule);
}

void TraceReaderTest::lineEndings_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("LF") << afterPrefix({kReleaseX1});
    QTest::newRow("no final newline") << afterPrefix({kReleaseX1}).chopped(1);
    QByteArray crlf = afterPrefix({kReleaseX1});
    crlf.replace("\n", "\r\n");
    QTest::newRow("CRLF") << crlf;
    QByteArray cr = afterPrefix({kReleaseX1});
    cr.replace("\n", "\r");
    QTest::newRow("CR") << cr;
}

void TraceReaderTest::lineEndings()
{
    QFETCH(QByteArray, text);
    const TraceLoad load = parse(text);
    if (const auto* error = std::get_if<TraceError>(&load))
        QFAIL(error->toString().c_str());
    const Program& p = std::get<Program>(load);
    QCOMPARE(p.lines, int64_t{7});
    QCOMPARE(scheduleText(p), QStringLiteral("C0 P0 C1 R1 P0"));
}

// The hand-made traces of tests/data/tiny, counted by hand (see its README).
void TraceReaderTest::tinyTraces_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("ops");
    QTest::addColumn<int>("tensors");
    QTest::addColumn<int>("storages");
    QTest::addColumn<int>("steps");
    QTest::addColumn<int>("backwardOp");
    QTest::addColumn<qint64>("lines");
    // 9 computes, the constant's pin, 6 releases, x0 and x8 pinned at the end.
    QTest::newRow("chain") << "chain.log" << 9 << 9 << 9 << 19 << 5 << qint64{37};
    // The view x2 shares storage 1: one storage fewer than tensors.
    QTest::newRow("alias") << "alias.log" << 9 << 9 << 8 << 19 << 6 << qint64{35};
    // split makes three tensors in one operator.
    QTest::newRow("multi_output") << "multi_output.log" << 8 << 10 << 10 << 19 << 5 << qint64{37};
}

void TraceReaderTest::tinyTraces()
{
    QFETCH(QString, file);
    QFETCH(int, ops);
    QFETCH(int, tensors);
    QFETCH(int, storages);
    QFETCH(int, steps);
    QFETCH(int, backwardOp);
    QFETCH(qint64, lines);
    const TraceLoad load = readTraceFile(QStringLiteral(HOLESCOPE_TEST_DATA "/tiny/%1").arg(file).toStdString());
    if (const auto* error = std::get_if<TraceError>(&load))
        QFAIL(error->toString().c_str());
    const Program& p = std::get<Program>(load);
    QCOMPARE(static_cast<int>(p.ops.size()), ops);
    QCOMPARE(static_cast<int>(p.tensors.size()), tensors);
    QCOMPARE(static_cast<int>(p.storages.size()), storages);
    QCOMPARE(static_cast<int>(p.schedule.size()), steps);
    QCOMPARE(p.backwardOp, backwardOp);
    const qint64 actualLines = p.lines;
    QCOMPARE(actualLines, lines);
}

void TraceReaderTest::readFileErrors_data()
{
    QTest::addColumn<QString>("name");        // "" for the directory itself
    QTest::addColumn<QByteArray>("content");  // written unless the name is "missing.log"
    QTest::addColumn<qint64>("maxFileBytes");
    QTest::addColumn<qint64>("line");
    QTest::addColumn<QString>("why");
    const qint64 noLimit = TraceLimits{}.maxFileBytes;
    QTest::newRow("missing") << "missing.log" << QByteArray() << noLimit << qint64{0} << "no such file";
    QTest::newRow("directory") << "" << QByteArray() << noLimit << qint64{0} << "is a directory";
    QTest::newRow("too large") << "big.log" << afterPrefix({kReleaseX1}) << qint64{64} << qint64{0} << "file too large";
    QTest::newRow("empty") << "empty.log" << QByteArray() << noLimit << qint64{0} << "empty file";
    // A PNG signature and the start of its IHDR chunk: NUL bytes in the first 16 bytes.
    static const char png[] = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x01\0\0\0\x01\0\x08\x06\0\0\0";
    QTest::newRow("PNG image") << "image.png" << QByteArray(png, sizeof png - 1) << noLimit << qint64{3} << "binary data";
    // Without a NUL the bytes are still not JSON (nor UTF-8): refused at line 1.
    QTest::newRow("PNG signature only") << "sig.png" << QByteArray("\x89PNG\r\n\x1a\n") << noLimit << qint64{1}
                                        << "not valid JSON";
}

void TraceReaderTest::readFileErrors()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, content);
    QFETCH(qint64, maxFileBytes);
    QFETCH(qint64, line);
    QFETCH(QString, why);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = name.isEmpty() ? dir.path() : dir.filePath(name);
    if (!name.isEmpty() && name != QLatin1String("missing.log")) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(content), content.size());
    }
    TraceLimits limits;
    limits.maxFileBytes = maxFileBytes;
    const TraceLoad load = readTraceFile(path.toStdString(), limits);
    const TraceError* error = std::get_if<TraceError>(&load);
    QVERIFY2(error, "the file was accepted");
    const qint64 actualLine = error->line;
    QCOMPARE(actualLine, line);
    QCOMPARE(QString::fromStdString(error->file), path);
    QCOMPARE(QString::fromStdString(error->field), QString());
    const QString shown = QString::fromStdString(error->toString());
    QVERIFY2(shown.startsWith(path + (line > 0 ? QStringLiteral(":%1: ").arg(line) : QStringLiteral(": "))), qPrintable(shown));
    QVERIFY2(shown.contains(why), qPrintable(shown));
}

void TraceReaderTest::readFileAcceptsTrace()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QByteArray text = afterPrefix({kReleaseX1});
    QFile f(dir.filePath("ok.log"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(text), text.size());
    f.close();
    TraceLimits limits;
    limits.maxFileBytes = text.size();   // the limit itself is allowed
    const TraceLoad load = readTraceFile(f.fileName().toStdString(), limits);
    if (const auto* error = std::get_if<TraceError>(&load))
        QFAIL(error->toString().c_str());
    QCOMPARE(QString::fromStdString(std::get<Program>(load).path), f.fileName());
}

// A path the system cannot follow (a loop of links here; a folder that may not be searched, for
// a user who is not root) is named with the system's reason, not as a missing file.
void TraceReaderTest::unreachableFileIsNotMissing()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString loop = dir.filePath("loop.log");
    QVERIFY(QFile::link(loop, loop));
    const TraceLoad load = readTraceFile(loop.toStdString());
    const auto* e = std::get_if<TraceError>(&load);
    QVERIFY(e);
    QCOMPARE(QString::fromStdString(e->message), QStringLiteral("cannot open: Too many levels of symbolic links"));
}

// Totals a trace may not pass, so that replays never overflow or swallow the machine's memory.
void TraceReaderTest::totalsAreBounded()
{
    const std::string text = R"({"ANNOTATION":"START","INSTRUCTION":"ANNOTATE"})" "\n"
                             R"({"INSTRUCTION":"CONSTANT","NAME":"a"})" "\n"
                             R"({"INSTRUCTION":"MEMORY","MEMORY":"1000","NAME":"a"})" "\n"
                             R"({"ARGS":["a","a"],"INSTRUCTION":"CALL","NAME":"f","RESULT":["b","c"],"TIME":"7000"})" "\n"
                             R"({"INSTRUCTION":"MEMORY","MEMORY":"1000","NAME":"b"})" "\n"
                             R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"b"})" "\n"
                             R"({"INSTRUCTION":"MEMORY","MEMORY":"1000","NAME":"c"})" "\n"
                             R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"c"})" "\n";
    struct Case {
        holescope::TraceLimits limits;
        int64_t line;
        const char* field;
        const char* why;
    };
    holescope::TraceLimits bytes, bytesAtB, bytesAtConstant, time, edges;
    bytes.maxTotalBytes = 2999;   // 1,000 + 2,000
    bytesAtB.maxTotalBytes = 1999;
    bytesAtConstant.maxTotalBytes = 999;
    time.maxTotalTime = 6999;
    edges.maxEdges = 3;          // 2 arguments times 2 results
    // The MEMORY line that passes the bytes' total; the CALL for the others.
    for (const Case& c : {Case{bytes, 7, "MEMORY", "the trace allocates more than 2,999 bytes in all"},
                          Case{bytesAtB, 5, "MEMORY", "the trace allocates more than 1,999 bytes in all"},
                          Case{bytesAtConstant, 3, "MEMORY", "the trace allocates more than 999 bytes in all"},
                          Case{time, 4, "TIME", "the operators take more than 6,999 ns in all"}, Case{edges, 4, "ARGS", nullptr}}) {
        const holescope::TraceLoad load = holescope::parseTrace(text, "t.log", c.limits);
        const auto* e = std::get_if<holescope::TraceError>(&load);
        QVERIFY2(e, c.field);
        QCOMPARE(e->line, c.line);
        QCOMPARE(e->field, std::string(c.field));
        if (c.why)
            QCOMPARE(e->message, std::string(c.why));
    }
    QVERIFY(std::holds_alternative<holescope::Program>(holescope::parseTrace(text, "t.log")));
    // A MUTATE allocates its arguments' bytes anew, on its own line.
    const std::string mutated = text + R"({"ARGS":["b"],"INSTRUCTION":"MUTATE","MUTATE":[0],"NAME":"relu_","TIME":"1"})" "\n";
    holescope::TraceLimits bytesAtMutate;
    bytesAtMutate.maxTotalBytes = 3999;   // 3,000, then b's 1,000 again
    const holescope::TraceLoad load = holescope::parseTrace(mutated, "t.log", bytesAtMutate);
    const auto* e = std::get_if<holescope::TraceError>(&load);
    QVERIFY(e);
    QCOMPARE(e->line, int64_t{9});
    QCOMPARE(e->field, std::string("MUTATE"));
    QCOMPARE(e->message, std::string("the trace allocates more than 3,999 bytes in all"));
    bytesAtMutate.maxTotalBytes = 4000;
    QVERIFY(std::holds_alternative<holescope::Program>(holescope::parseTrace(mutated, "t.log", bytesAtMutate)));
}

HOLESCOPE_TEST_MAIN(TraceReaderTest)
#include "tst_trace_reader.moc"
