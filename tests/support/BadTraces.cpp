// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/BadTraces.h"

namespace holescope::test {

std::vector<BadTrace> badTraces(const std::string& f)
{
    // Lines 1-6: START, the constant x0 and x1 = f(x0); the line under test is line 7.
    const std::string prefix = R"({"ANNOTATION":"START","INSTRUCTION":"ANNOTATE"})" "\n"
                               R"({"INSTRUCTION":"CONSTANT","NAME":"x0"})" "\n"
                               R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"x0"})" "\n"
                               R"({"ARGS":["x0"],"INSTRUCTION":"CALL","NAME":"f","RESULT":["x1"],"TIME":"10"})" "\n"
                               R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"x1"})" "\n"
                               R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"x1"})" "\n";
    const std::string callG = R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"g","RESULT":["x2"],"TIME":"10"})" "\n";
    const std::string memoryX2 = R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"x2"})" "\n";
    const std::string aliasX2 = R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"x2"})" "\n";
    return {
        {"not JSON", prefix + "hello\n", f + ":7: not valid JSON"},
        {"truncated line", prefix + R"({"INSTRUCTION":"RELEASE","NA)", f + ":7: not valid JSON"},
        {"missing field", prefix + R"({"INSTRUCTION":"RELEASE"})" "\n", f + ":7: field \"NAME\": missing"},
        {"wrong type", prefix + R"({"INSTRUCTION":3,"NAME":"x1"})" "\n", f + ":7: field \"INSTRUCTION\": expected a string"},
        {"unknown instruction", prefix + R"({"INSTRUCTION":"FREE","NAME":"x1"})" "\n",
         f + ":7: field \"INSTRUCTION\": unknown instruction \"FREE\""},
        {"CONSTANT without MEMORY", prefix + R"({"INSTRUCTION":"CONSTANT","NAME":"c"})" "\n" + callG, f + ":8"},
        {"CALL without MEMORY", prefix + callG + aliasX2, f + ":8"},
        {"MEMORY of another tensor", prefix + callG + R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"x1"})" "\n",
         f + ":8: field \"NAME\""},
        {"unknown argument",
         prefix + R"({"ARGS":["nosuch"],"INSTRUCTION":"CALL","NAME":"g","RESULT":["x2"],"TIME":"10"})" "\n" + memoryX2 + aliasX2,
         f + ":7: field \"ARGS\""},
        {"alias out of range", prefix + callG + memoryX2 + R"({"ALIAS":"3","INSTRUCTION":"ALIAS","NAME":"x2"})" "\n",
         f + ":9: field \"ALIAS\""},
        {"negative size", prefix + callG + R"({"INSTRUCTION":"MEMORY","MEMORY":"-5","NAME":"x2"})" "\n", f + ":8: field \"MEMORY\""},
        {"absurd time",
         prefix + R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"g","RESULT":["x2"],"TIME":"99999999999999999999"})" "\n",
         f + ":7: field \"TIME\""},
        {"duplicate results",
         prefix + R"({"ARGS":["x1"],"INSTRUCTION":"CALL","NAME":"split","RESULT":["x2","x2"],"TIME":"1"})" "\n" + memoryX2 + aliasX2
             + memoryX2 + aliasX2,
         f + ":7: field \"RESULT\": duplicate result name \"x2\""},
        {"no START", R"({"INSTRUCTION":"CONSTANT","NAME":"c"})" "\n", f + ": field \"ANNOTATION\": no ANNOTATE START"},
        {"empty file", "", f + ": empty file"},
        {"binary data", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16), f + ":3: binary data"},
    };
}

} // namespace holescope::test
