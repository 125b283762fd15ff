// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtTest>

// ctest knows a suite only as passed, failed or skipped, and QSKIP alone leaves a suite "passed".
// A suite that left checks out (no shared folder with the DTR traces, say) exits 77 when nothing
// failed, which ctest reports as skipped (SKIP_RETURN_CODE, set for every suite), with the reasons
// in its output; a failure anywhere in the suite still fails it. (A skip recognised by its text,
// SKIP_REGULAR_EXPRESSION, reported a failing suite as skipped when the text was also there.)
namespace holescope::test {

inline bool& checksLeftOut()
{
    static bool leftOut = false;
    return leftOut;
}

} // namespace holescope::test

// Skips the test function and marks the suite as not fully checked.
#define HOLESCOPE_SKIP(message)                          \
    do {                                                 \
        ::holescope::test::checksLeftOut() = true;       \
        QSKIP(message);                                  \
    } while (false)

#define HOLESCOPE_TEST_MAIN_WITH(TestObject, AppClass)                                      \
    int main(int argc, char* argv[])                                                        \
    {                                                                                       \
        AppClass app(argc, argv);                                                           \
        app.setAttribute(Qt::AA_Use96Dpi, true);                                            \
        TestObject tc;                                                                      \
        QTEST_SET_MAIN_SOURCE_PATH                                                          \
        const int failed = QTest::qExec(&tc, argc, argv);                                   \
        return failed == 0 && ::holescope::test::checksLeftOut() ? 77 : failed;             \
    }

#define HOLESCOPE_TEST_MAIN(TestObject) HOLESCOPE_TEST_MAIN_WITH(TestObject, QCoreApplication)
#define HOLESCOPE_GUI_TEST_MAIN(TestObject) HOLESCOPE_TEST_MAIN_WITH(TestObject, QApplication)
