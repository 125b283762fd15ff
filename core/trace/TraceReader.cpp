// SPDX-License-Identifier: GPL-3.0-or-later
#include "trace/TraceReader.h"

#include "text/Numbers.h"
#include "trace/LogLine.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace holescope {
namespace {

// Builds the schedule exactly as simrd's parse_file(start=True, REMATERIALIZE) followed by
// Graph.get_closure() would run it, checking every condition under which simrd stops with an
// exception, so that an accepted trace replays without surprises at any budget.
class ProgramBuilder {
public:
    ProgramBuilder(std::string file, TraceError& error, const TraceLimits& limits)
        : m_file(std::move(file))
        , m_error(error)
        , m_limits(limits)
    {
        m_program.path = m_file;
    }

    bool build(const std::vector<LogLine>& lines, int64_t lineCount);
    Program take() { return std::move(m_program); }

private:
    struct Name {
        std::string name;
        int32_t tensor;
    };

    bool fail(int64_t line, const std::string& field, const std::string& message)
    {
        m_error = TraceError{m_file, line, field, message};
        return false;
    }

    // Looks a name up as simrd's tensor_map[...] does (a KeyError there).
    std::optional<int32_t> lookup(const std::string& name, const LogLine& at, const char* field)
    {
        auto it = m_slot.find(name);
        if (it == m_slot.end()) {
            fail(at.line, field, "unknown tensor \"" + name + "\" (never defined by an earlier CONSTANT, CALL, MUTATE or COPY)");
            return std::nullopt;
        }
        return m_names[static_cast<size_t>(it->second)].tensor;
    }

    void bind(const std::string& name, int32_t tensor)
    {
        auto [it, inserted] = m_slot.try_emplace(name, static_cast<int32_t>(m_names.size()));
        if (inserted)
            m_names.push_back(Name{name, tensor});
        else
            m_names[static_cast<size_t>(it->second)].tensor = tensor;
    }

    bool newTensorName(const std::string& name, const LogLine& at, const char* field)
    {
        if (!m_tensorNames.insert(name).second)
            return fail(at.line, field, "duplicate result name \"" + name + "\": a tensor of that name already exists");
        return true;
    }

    // One instruction of the log, and those whose lines follow it.
    bool instruction(const LogLine& l);
    bool constant(const LogLine& l);
    bool call(const LogLine& l);
    bool callResult(const LogLine& l, const std::string& r, OpDef& op);
    const LogLine* resultLine(const LogLine& l, const std::string& r, LogKind kind);
    bool mutate(const LogLine& l);
    std::optional<OpDef> operatorOf(const LogLine& l);
    // The line after the last one taken, which `owner` needs (a MEMORY or ALIAS line).
    const LogLine* following(const LogLine& owner, const char* wanted);

    int32_t addOp(OpDef op, const std::vector<std::string>& resultNames);
    const std::string& tensorName(int32_t tensor) const { return m_tensorName[static_cast<size_t>(tensor)]; }
    bool useStorage(int32_t tensor, const LogLine& at, const char* field, const char* what);
    bool release(int32_t tensor, const LogLine& at, const char* field);
    bool get(int32_t tensor, const LogLine& at, const char* field);

    // Before an operator is added: its argument edges are built at once, so refuse them first.
    bool edgesFit(const OpDef& op, const LogLine& at)
    {
        if (m_edges + static_cast<int64_t>(op.args.size()) * op.outputs() <= m_limits.maxEdges)
            return true;
        return fail(at.line, "ARGS", "more than " + groupDigits(m_limits.maxEdges)
                                         + " argument edges (arguments times results, summed): too large to replay");
    }

    // After each operator: refuses a trace whose totals leave the limits, naming the MEMORY line
    // that crossed the bytes' (m_memoryLines: the operator's, with their bytes; a MUTATE has none).
    bool withinTotals(const LogLine& at)
    {
        if (m_totalBytes > m_limits.maxTotalBytes) {
            int64_t line = at.line, total = m_totalBytes;
            for (const auto& [memoryLine, bytes] : m_memoryLines)
                total -= bytes;
            for (const auto& [memoryLine, bytes] : m_memoryLines) {
                total += bytes;
                if (total > m_limits.maxTotalBytes) {
                    line = memoryLine;
                    break;
                }
            }
            return fail(line, m_memoryLines.empty() ? "MUTATE" : "MEMORY", "the trace allocates more than " + groupDigits(m_limits.maxTotalBytes) + " bytes in all");
        }
        if (m_totalTime > m_limits.maxTotalTime)
            return fail(at.line, "TIME", "the operators take more than " + groupDigits(m_limits.maxTotalTime) + " ns in all");
        return true;
    }

    std::string m_file;
    const std::vector<LogLine>* m_lines = nullptr;
    size_t m_next = 0;        // the next line to take
    bool m_backward = false;  // the backward pass has begun
    TraceError& m_error;
    const TraceLimits& m_limits;
    int64_t m_totalBytes = 0, m_totalTime = 0, m_edges = 0;
    std::vector<std::pair<int64_t, int64_t>> m_memoryLines;   // the operator being read: (line, bytes) per MEMORY line
    Program m_program;
    std::unordered_map<std::string, int32_t> m_slot;   // name -> index in m_names
    std::vector<Name> m_names;                          // in first-insertion order
    std::unordered_set<std::string> m_tensorNames;      // simrd's Graph.tensors keys
    std::vector<int64_t> m_tensorRefs;                  // parse-level '_ref' per tensor
    std::vector<int64_t> m_storageRefs;                 // runtime ref_ext per storage
    std::vector<std::string> m_tensorName;              // simrd's GTensor name per tensor id
};

int32_t ProgramBuilder::addOp(OpDef op, const std::vector<std::string>& resultNames)
{
    m_tensorName.insert(m_tensorName.end(), resultNames.begin(), resultNames.end());
    Program& p = m_program;
    const int32_t opIndex = static_cast<int32_t>(p.ops.size());
    op.firstOutput = static_cast<int32_t>(p.tensors.size());
    op.totalSize = 0;
    for (int64_t s : op.sizes)
        op.totalSize += s;
    m_totalBytes += op.totalSize;
    m_totalTime += op.cost;
    m_edges += static_cast<int64_t>(op.args.size()) * op.outputs();
    const auto dash = op.name.find('/');
    op.constant = op.name.substr(0, dash) == "constant";
    if (op.backward && p.backwardOp < 0)
        p.backwardOp = opIndex;
    for (int32_t k = 0; k < op.outputs(); ++k) {
        const int32_t id = op.firstOutput + k;
        int32_t storage;
        if (op.alias[static_cast<size_t>(k)] >= 0) {
            storage = p.storageOf(op.args[static_cast<size_t>(op.alias[static_cast<size_t>(k)])]);
        } else {
            storage = static_cast<int32_t>(p.storages.size());
            p.storages.push_back(StorageDef{id, op.sizes[static_cast<size_t>(k)], {}});
            m_storageRefs.push_back(0);
        }
        p.storages[static_cast<size_t>(storage)].tensors.push_back(id);
        p.tensors.push_back(TensorDef{opIndex, k, storage});
        p.storageOfRoot.push_back(p.storages[static_cast<size_t>(storage)].root == id ? storage : -1);
        p.children.emplace_back();
        m_tensorRefs.push_back(1);
        m_storageRefs[static_cast<size_t>(storage)] += 1;
    }
    for (int32_t arg : op.args)
        for (int32_t k = 0; k < op.outputs(); ++k)
            p.children[static_cast<size_t>(arg)].push_back(op.firstOutput + k);
    p.ops.push_back(std::move(op));
    p.schedule.push_back(Step{StepKind::Compute, opIndex});
    return opIndex;
}

// Under simrd's baseline runtime a storage whose references all went away is banished for
// good; touching it again fails there, so such a trace cannot be replayed faithfully.
bool ProgramBuilder::useStorage(int32_t tensor, const LogLine& at, const char* field, const char* what)
{
    if (m_storageRefs[static_cast<size_t>(m_program.storageOf(tensor))] > 0)
        return true;
    return fail(at.line, field, std::string(what) + " tensor id " + std::to_string(tensor)
                    + " whose storage was already released by every name (simrd fails here)");
}

bool ProgramBuilder::release(int32_t tensor, const LogLine& at, const char* field)
{
    if (!useStorage(tensor, at, field, "release of"))
        return false;
    const size_t storage = static_cast<size_t>(m_program.storageOf(tensor));
    m_tensorRefs[static_cast<size_t>(tensor)] -= 1;
    m_storageRefs[storage] -= 1;
    // A storage's references are the sum of its tensors'. When it loses the last one, simrd's
    // baseline runtime banishes it and asserts that none of its tensors still holds a
    // reference, which fails when one tensor on it (a view's base, say) was released more
    // often than it was referenced while another tensor kept the storage alive.
    if (m_storageRefs[storage] == 0) {
        for (int32_t t : m_program.storages[storage].tensors) {
            if (m_tensorRefs[static_cast<size_t>(t)] < 0)
                return fail(at.line, field, "release of tensor id " + std::to_string(tensor) + " leaves storage "
                                + std::to_string(m_program.storages[storage].root) + " without references, but tensor id "
                                + std::to_string(t) + " on it was released more often than it was referenced (simrd fails here)");
        }
    }
    m_program.schedule.push_back(Step{StepKind::Release, tensor});
    return true;
}

bool ProgramBuilder::get(int32_t tensor, const LogLine& at, const char* field)
{
    if (!useStorage(tensor, at, field, "copy of"))
        return false;
    m_tensorRefs[static_cast<size_t>(tensor)] += 1;
    m_storageRefs[static_cast<size_t>(m_program.storageOf(tensor))] += 1;
    m_program.schedule.push_back(Step{StepKind::Get, tensor});
    return true;
}

bool ProgramBuilder::build(const std::vector<LogLine>& lines, int64_t lineCount)
{
    m_program.lines = lineCount;
    m_lines = &lines;
    m_next = 0;
    while (m_next < lines.size() && !(lines[m_next].kind == LogKind::Annotate && lines[m_next].annotation == "START"))
        ++m_next;
    if (m_next == lines.size())
        return fail(0, "ANNOTATION", "no ANNOTATE START line: not a DTR trace, or the start of the step was cut off");
    ++m_next;

    while (m_next < lines.size()) {
        const LogLine& l = lines[m_next++];
        if (!instruction(l))
            return false;
    }
    for (const Name& n : m_names)
        if (m_tensorRefs[static_cast<size_t>(n.tensor)] > 0)
            m_program.schedule.push_back(Step{StepKind::Pin, n.tensor});
    return true;
}

bool ProgramBuilder::instruction(const LogLine& l)
{
    switch (l.kind) {
    case LogKind::Constant:
        return constant(l);
    case LogKind::Copy: {
        if (m_slot.count(l.dst))
            return fail(l.line, "DST", "COPY to \"" + l.dst + "\", a name that is already defined");
        auto src = lookup(l.src, l, "SRC");
        if (!src || !get(*src, l, "SRC"))
            return false;
        bind(l.dst, *src);
        return true;
    }
    case LogKind::Release: {
        auto it = m_slot.find(l.name);
        // simrd ignores the release of a name it never saw
        return it == m_slot.end() || release(m_names[static_cast<size_t>(it->second)].tensor, l, "NAME");
    }
    case LogKind::Call:
        return call(l);
    case LogKind::Mutate:
        return mutate(l);
    case LogKind::Annotate:
        if (l.annotation == "BACKWARD")
            m_backward = true;
        return true;
    case LogKind::CopyFrom: {
        auto old = lookup(l.dst, l, "DST");
        if (!old)
            return false;
        auto src = lookup(l.src, l, "SRC");
        if (!src)
            return false;
        bind(l.dst, *src);
        return release(*old, l, "DST") && get(*src, l, "SRC");
    }
    case LogKind::Memory:
    case LogKind::Alias:
        break;
    }
    return fail(l.line, "INSTRUCTION", std::string("unexpected ") + logKindName(l.kind) + " line for \"" + l.name
                    + "\": it must directly follow its CONSTANT or CALL");
}

const LogLine* ProgramBuilder::following(const LogLine& owner, const char* wanted)
{
    if (m_next < m_lines->size())
        return &(*m_lines)[m_next++];
    fail(owner.line, "", std::string("the file ends before the ") + wanted + " line that must follow this " + logKindName(owner.kind));
    return nullptr;
}

bool ProgramBuilder::constant(const LogLine& l)
{
    const LogLine* m = following(l, "MEMORY");
    if (!m)
        return false;
    if (m->kind != LogKind::Memory)
        return fail(m->line, "INSTRUCTION", std::string("expected the MEMORY line of CONSTANT \"") + l.name + "\" (line "
                        + std::to_string(l.line) + "), found " + logKindName(m->kind));
    if (m->name != l.name)
        return fail(m->line, "NAME", "expected \"" + l.name + "\" (the CONSTANT on line " + std::to_string(l.line) + "), found \""
                        + m->name + "\"");
    if (!newTensorName(l.name, l, "NAME"))
        return false;
    OpDef op;
    op.name = "constant";
    op.sizes = {m->memory};
    m_memoryLines = {{m->line, m->memory}};
    op.alias = {-1};
    op.backward = m_backward;
    op.line = static_cast<int32_t>(l.line);
    const int32_t opIndex = addOp(std::move(op), {l.name});
    if (!withinTotals(l))
        return false;
    const int32_t t = m_program.ops[static_cast<size_t>(opIndex)].firstOutput;
    m_program.schedule.push_back(Step{StepKind::Pin, t});
    bind(l.name, t);
    m_tensorRefs[static_cast<size_t>(t)] = 1;
    return true;
}

// What CALL and MUTATE share: the phase, the cost and the arguments, each a live tensor.
std::optional<OpDef> ProgramBuilder::operatorOf(const LogLine& l)
{
    // simrd's parse_file marks the phase so ("TODO: use backward annotation"), as well as at the
    // annotation: InceptionV4's forward pass calls max_pool2d_backward, which starts it there.
    m_backward = m_backward || l.name.find("backward") != std::string::npos;
    OpDef op;
    op.name = l.name;
    op.cost = l.time;
    op.backward = m_backward;
    op.line = static_cast<int32_t>(l.line);
    for (const std::string& a : l.args) {
        auto t = lookup(a, l, "ARGS");
        if (!t || !useStorage(*t, l, "ARGS", "argument"))
            return std::nullopt;
        op.args.push_back(*t);
    }
    return op;
}

// The line of `kind` (MEMORY or ALIAS) that must follow the CALL `l` for its result r.
const LogLine* ProgramBuilder::resultLine(const LogLine& l, const std::string& r, LogKind kind)
{
    const char* wanted = logKindName(kind);
    const LogLine* m = following(l, wanted);
    if (!m)
        return nullptr;
    if (m->kind != kind) {
        fail(m->line, "INSTRUCTION", std::string("expected the ") + wanted + " line of result \"" + r + "\" of the CALL on line "
                 + std::to_string(l.line) + ", found " + logKindName(m->kind));
        return nullptr;
    }
    if (m->name != r) {
        fail(m->line, "NAME", "expected \"" + r + "\" (result of the CALL on line " + std::to_string(l.line) + "), found \"" + m->name + "\"");
        return nullptr;
    }
    return m;
}

// The MEMORY and ALIAS lines that follow a CALL for its result r.
bool ProgramBuilder::callResult(const LogLine& l, const std::string& r, OpDef& op)
{
    const LogLine* m = resultLine(l, r, LogKind::Memory);
    if (!m)
        return false;
    const LogLine* a = resultLine(l, r, LogKind::Alias);
    if (!a)
        return false;
    if (a->alias < -1 || a->alias >= static_cast<int64_t>(l.args.size()))
        return fail(a->line, "ALIAS", "alias index " + std::to_string(a->alias) + " out of range: the CALL on line "
                        + std::to_string(l.line) + " has " + std::to_string(l.args.size()) + " arguments (use -1 for no alias)");
    op.alias.push_back(static_cast<int32_t>(a->alias));
    op.sizes.push_back(a->alias == -1 ? m->memory : 0);
    m_memoryLines.emplace_back(m->line, op.sizes.back());
    return true;
}

bool ProgramBuilder::call(const LogLine& l)
{
    if (l.results.empty())
        return fail(l.line, "RESULT", "a CALL must have at least one result");
    std::optional<OpDef> op = operatorOf(l);
    if (!op)
        return false;
    m_memoryLines.clear();
    for (const std::string& r : l.results)
        if (!callResult(l, r, *op))
            return false;
    for (const std::string& r : l.results) {
        if (m_slot.count(r))
            return fail(l.line, "RESULT", "duplicate result name \"" + r + "\": that name is already defined");
        if (!newTensorName(r, l, "RESULT"))
            return false;
    }
    if (!edgesFit(*op, l))
        return false;
    const int32_t opIndex = addOp(std::move(*op), l.results);
    if (!withinTotals(l))
        return false;
    const int32_t first = m_program.ops[static_cast<size_t>(opIndex)].firstOutput;
    for (size_t k = 0; k < l.results.size(); ++k)
        bind(l.results[k], first + static_cast<int32_t>(k));
    return true;
}

bool ProgramBuilder::mutate(const LogLine& l)
{
    std::optional<OpDef> op = operatorOf(l);
    if (!op)
        return false;
    m_memoryLines.clear();   // its outputs take their arguments' storage sizes
    if (l.mutate.empty())
        return fail(l.line, "MUTATE", "a MUTATE must name at least one argument index");
    std::vector<std::string> resultNames;
    for (int64_t m : l.mutate) {
        if (m < 0 || m >= static_cast<int64_t>(l.args.size()))
            return fail(l.line, "MUTATE", "argument index " + std::to_string(m) + " out of range: " + std::to_string(l.args.size())
                            + " arguments");
        const int32_t t = op->args[static_cast<size_t>(m)];
        op->sizes.push_back(m_program.storages[static_cast<size_t>(m_program.storageOf(t))].size);
        op->alias.push_back(-1);
        // simrd names the new tensor after the old one with a '$'; two of the same clash.
        resultNames.push_back(tensorName(t) + "$");
    }
    for (const std::string& r : resultNames)
        if (!newTensorName(r, l, "MUTATE"))
            return false;
    if (!edgesFit(*op, l))
        return false;
    const int32_t opIndex = addOp(std::move(*op), resultNames);
    if (!withinTotals(l))
        return false;
    const int32_t first = m_program.ops[static_cast<size_t>(opIndex)].firstOutput;
    for (size_t k = 0; k < l.mutate.size(); ++k) {
        const std::string& argName = l.args[static_cast<size_t>(l.mutate[k])];
        const int32_t old = m_names[static_cast<size_t>(m_slot.at(argName))].tensor;
        const int32_t fresh = first + static_cast<int32_t>(k);
        bind(argName, fresh);
        m_tensorRefs[static_cast<size_t>(fresh)] = 1;
        if (!release(old, l, "ARGS"))
            return false;
    }
    return true;
}

// Where the line from `pos` ends and the next begins: lines end as Python's text files end
// them, at "\n", "\r\n" or a lone "\r".
struct LineBreak {
    size_t end, next;
};

LineBreak lineBreakAfter(std::string_view text, size_t pos)
{
    size_t end = text.find_first_of("\r\n", pos);
    if (end == std::string_view::npos)
        end = text.size();
    return {end, end + (text.compare(end, 2, "\r\n") == 0 ? 2 : 1)};
}

} // namespace

TraceLoad parseTrace(std::string_view text, const std::string& displayName, const TraceLimits& limits)
{
    TraceError error;
    if (text.empty())
        return TraceError{displayName, 0, "", "empty file: not a DTR trace"};
    if (const void* nul = std::memchr(text.data(), '\0', text.size())) {
        const auto at = static_cast<size_t>(static_cast<const char*>(nul) - text.data());
        int64_t line = 1;
        for (size_t pos = lineBreakAfter(text, 0).next; pos <= at; pos = lineBreakAfter(text, pos).next)
            ++line;
        return TraceError{displayName, line, "", "binary data (a NUL byte): not a DTR trace, which is JSON text"};
    }

    std::vector<LogLine> lines;
    int64_t lineNo = 0;
    bool started = false;   // the ANNOTATE START line was read
    size_t pos = 0;
    while (pos < text.size()) {
        const LineBreak lineBreak = lineBreakAfter(text, pos);
        const std::string_view line = text.substr(pos, lineBreak.end - pos);
        pos = lineBreak.next;
        ++lineNo;
        if (line.find_first_not_of(" \t") == std::string_view::npos)
            return TraceError{displayName, lineNo, "", "empty line: every line of a trace is one JSON object"};
        // The JSON library would skip it; Python's json refuses it.
        if (line.substr(0, 3) == "\xEF\xBB\xBF")
            return TraceError{displayName, lineNo, "", "a UTF-8 byte order mark: simrd's JSON decoder refuses it"};
        auto decoded = decodeLogLine(line, lineNo, displayName, limits, error);
        if (!decoded && !started && readableBeforeStart(line)) {
            decoded.emplace();   // skipped, as simrd skips it
            decoded->kind = LogKind::Release;
            decoded->line = lineNo;
        }
        if (!decoded)
            return error;
        started = started || (decoded->kind == LogKind::Annotate && decoded->annotation == "START");
        lines.push_back(std::move(*decoded));
    }

    ProgramBuilder builder(displayName, error, limits);
    if (!builder.build(lines, lineNo))
        return error;
    Program program = builder.take();
    // Every budget would "complete" with nothing done: a sweep of it reports no hole and means nothing.
    if (program.ops.empty())
        return TraceError{displayName, lineNo, "", "no operator after the START annotation: nothing to replay"};
    return program;
}

TraceLoad readTraceFile(const std::string& path, const TraceLimits& limits)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    // A folder on the way that may not be searched is no missing file.
    if (ec && ec != std::errc::no_such_file_or_directory && ec != std::errc::not_a_directory)
        return TraceError{path, 0, "", "cannot open: " + ec.message()};
    if (ec || !fs::exists(st))
        return TraceError{path, 0, "", "no such file"};
    if (fs::is_directory(st))
        return TraceError{path, 0, "", "is a directory, not a trace file"};
    if (!fs::is_regular_file(st))
        return TraceError{path, 0, "", "not a regular file"};
    const auto size = fs::file_size(path, ec);
    if (ec)
        return TraceError{path, 0, "", "cannot read the file size: " + ec.message()};
    if (static_cast<int64_t>(size) > limits.maxFileBytes)
        return TraceError{path, 0, "", "file too large: " + groupDigits(static_cast<int64_t>(size)) + " bytes, the limit is "
                              + groupDigits(limits.maxFileBytes) + " bytes"};
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return TraceError{path, 0, "", std::string("cannot open: ") + std::strerror(errno)};
    std::string text(size, '\0');
    in.read(text.data(), static_cast<std::streamsize>(size));
    if (static_cast<size_t>(in.gcount()) != size)
        return TraceError{path, 0, "", "read error: the file changed or could not be read whole"};
    return parseTrace(text, path, limits);
}

} // namespace holescope
