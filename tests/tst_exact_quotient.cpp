// SPDX-License-Identifier: GPL-3.0-or-later
// The correctly rounded quotient that decides ties between DTR scores. Expected values are
// Python's int / int (exact quotient, rounded half to even), which is what simrd computes.
#include "policy/DtrScore.h"
#include "policy/ExactQuotient.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <string>

using namespace holescope;

namespace {

uint128 uint128FromString(const std::string& digits)
{
    uint128 v = 0;
    for (char c : digits)
        v = v * 10 + static_cast<unsigned>(c - '0');
    return v;
}

struct Case {
    unsigned long long num;
    const char* den;
    double expected;
    bool naiveDiffers;   // dividing the two operands as doubles gives another value
};

// Generated once with Python 3 (seeded); the pairs where naive division fails are the point.
const Case kCases[] = {
    {1ULL, "3", 0x1.5555555555555p-2, false},
    {2ULL, "3", 0x1.5555555555555p-1, false},
    {10ULL, "4", 0x1.4000000000000p+1, false},
    {0ULL, "5", 0x0.0p+0, false},
    {1ULL, "18446744073709551617", 0x1.0000000000000p-64, false},
    {9223372036854775807ULL, "9007199254740993", 0x1.fffffffffffffp+9, true},
    {12345678901234567ULL, "98765432109876543210", 0x1.0624dd0706dc7p-13, false},
    {3ULL, "1267650600228229401496703205383", 0x1.8000000000000p-99, false},
    {9007199254740993ULL, "1", 0x1.0000000000000p+53, false},
    {9007199254740993ULL, "3", 0x1.5555555555556p+51, true},
    {16674453894201ULL, "805817853974016371233525047", 0x1.74c3b3aa5b36ap-46, true},
    {658052117965ULL, "517672056860025621162533722", 0x1.6e64354d29c4cp-50, true},
    {3181204978325ULL, "707116782365623742336457698", 0x1.442cf14fe5525p-48, true},
    {1106865087523ULL, "766296750076745426329563331", 0x1.a0546b056b66bp-50, true},
    {5526666114841ULL, "1143165069370467124371369744", 0x1.5c5d57a3846aep-48, true},
    {7419508600707ULL, "827211180728507700204895383", 0x1.43273a6e4418dp-47, true},
    {10455454403196ULL, "986504490353222992538244171", 0x1.7dd9c86bd080ap-47, true},
    {8337690901890ULL, "80466074969035584021027141", 0x1.d2a6ce734af4ap-44, true},
    {6997565222788ULL, "1078768156002498195865552796", 0x1.d3691fb1f034bp-48, true},
    {2211706714561ULL, "638147492001133145125826861", 0x1.f37a538a65b81p-49, true},
    {15388661174455ULL, "692344891955346007022775167", 0x1.90675aa29e28dp-46, true},
    {7002481947044ULL, "128172707469855145869933060", 0x1.ec178642e3b9dp-45, true},
    {11160393159773ULL, "235963169736355133329205382", 0x1.aa03e0d0b78f6p-45, true},
    {5979066614522ULL, "126739794983315245525189385", 0x1.a8ec44ca45f66p-45, true},
    {6399282007622ULL, "87046459520948118625313440", 0x1.4b15d6e617b05p-44, true},
    {5486751291020ULL, "126502128821319305713715614", 0x1.86aadcfea16d4p-45, true},
    {12138207231596ULL, "33476983549547869146798347", 0x1.983b9ff2c5b25p-42, true},
    {1601435786899ULL, "323244968339521749300933575", 0x1.64fdbf6b34b3bp-48, true},
    {6453267376153ULL, "440330517191422741705892308", 0x1.080299d4eba07p-46, true},
    {3920325622039ULL, "964423238927874296968116644", 0x1.24e8f73450872p-48, true},
    {14222557545290ULL, "1223131873488341230564712199", 0x1.a2f1385ade801p-47, true},
    {16799118270160ULL, "99701374933307077391142986", 0x1.7b6a611493bd2p-43, true},
    {13762743964680ULL, "246745470357514520004683633", 0x1.f66535b8b5d6cp-45, true},
    {15640029059730ULL, "976902348627629074596206975", 0x1.2068414998eccp-46, true},
    {17468362152992ULL, "187115489812814412235773492", 0x1.a4703138aec1ap-44, true},
    {8369222980079ULL, "1827031528067453595", 0x1.336923d7c8bddp-18, false},
    {4183029571306ULL, "4184036496169202861", 0x1.0c5ef054da7ffp-20, true},
    {2252917731679ULL, "3683169370225893487", 0x1.4864891cb45c8p-21, false},
    {6814937867100ULL, "1218605435988885683", 0x1.774cd32a65a1cp-18, false},
    {4914040663944ULL, "3581347957541127417", 0x1.705365b491330p-20, false},
};

} // namespace

class ExactQuotientTest : public QObject {
    Q_OBJECT

private slots:
    void matchesPython()
    {
        int naiveWrong = 0;
        for (const Case& c : kCases) {
            const uint128 den = uint128FromString(c.den);
            const double got = exactQuotient(c.num, den);
            QVERIFY2(got == c.expected, qPrintable(QStringLiteral("%1 / %2: got %3, expected %4")
                                                       .arg(c.num)
                                                       .arg(QString::fromLatin1(c.den))
                                                       .arg(got, 0, 'a', 13)
                                                       .arg(c.expected, 0, 'a', 13)));
            naiveWrong += c.naiveDiffers ? 1 : 0;
        }
        QVERIFY(naiveWrong >= 25);   // the table really exercises the hard cases
    }

    void scoreEdgeCases()
    {
        const double inf = std::numeric_limits<double>::infinity();
        QCOMPARE(dtrScore(100, 0, 10, 5), inf);              // zero size
        QCOMPARE(dtrScore(100, 8, 10, 10), inf);             // accessed at this very clock
        QCOMPARE(dtrScore(0, 8, 10, 5), 0.0);                // free to recompute
        QCOMPARE(dtrScore(0, 8, 10, 10), inf);               // 0 / 0 is +inf in simrd, not 0
        QCOMPARE(dtrScore(30, 4, 10, 5), 1.5);               // 30 / (4 * 5)
        QCOMPARE(dtrScore(7, 4, 10, kNeverAccessed), 0.0);   // size * inf: 7 / inf
    }
};

QTEST_GUILESS_MAIN(ExactQuotientTest)
#include "tst_exact_quotient.moc"
