// SPDX-License-Identifier: GPL-3.0-or-later
// The correctly rounded quotient that decides ties between DTR scores. Expected values are
// Python's int / int (exact quotient, rounded half to even), which is what simrd computes.
#include "policy/DtrScore.h"
#include "policy/ExactQuotient.h"
#include "support/SkipReport.h"

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
    {4914040663944ULL, "3581347957541127417", 0x1.705365b491330p-20, false},    // Denominators between 2^53 and 2^64, the usual size times staleness (one hardware division
    // on x86-64): random hard pairs, then exact halfway cases (a 54-bit odd numerator over a
    // power of two, or both times 3 or 5) that must round half to even, then ordinary pairs.
    {1008351138961023ULL, "5732802517864255778", 0x1.70df056789975p-13, true},
    {4068151880884276044ULL, "13678356773451434075", 0x1.308d9f791d603p-2, true},
    {2033762910805181344ULL, "2432345603816178878", 0x1.ac198afa914dep-1, true},
    {3636874385375107854ULL, "9554911758399785474", 0x1.85c38ce3b0083p-2, true},
    {9152944795384629652ULL, "43219360185752453", 0x1.a78ec0913ae9ap+7, true},
    {1301695996619043613ULL, "11027667769483957276", 0x1.e37cf8129e9acp-4, true},
    {4385006164572603717ULL, "5525525360486392304", 0x1.965188facd3bcp-1, true},
    {859286402734396ULL, "10734928351782269174", 0x1.4fbc921f8c47cp-14, true},
    {935458144756748ULL, "6113679345977495989", 0x1.40e2f9b8ea67ep-13, true},
    {7814384172717365523ULL, "16660987190632250771", 0x1.e0478892e87e5p-2, true},
    {2901313555171390962ULL, "14064100583119440337", 0x1.a67c7fc11262cp-3, true},
    {388497383509911ULL, "1230700775980010172", 0x1.4b0178c7cd51bp-12, true},
    {8209420262185009799ULL, "2467609027053813749", 0x1.a9d6f4138d455p+1, true},
    {1153099388951764914ULL, "345599502164202810", 0x1.ab131001278c4p+1, true},
    {588972224585643ULL, "461964825455726566", 0x1.4e3704aa412b0p-10, true},
    {3198191844800797570ULL, "3222423924863450883", 0x1.fc265c6043abep-1, true},
    {9007199254740995ULL, "1152921504606846976", 0x1.0000000000002p-7, false},
    {27021597764222985ULL, "216172782113783808", 0x1.0000000000002p-3, true},
    {45035996273704975ULL, "1441151880758558720", 0x1.0000000000002p-5, false},
    {9007199254740997ULL, "1152921504606846976", 0x1.0000000000002p-7, false},
    {27021597764222991ULL, "216172782113783808", 0x1.0000000000002p-3, true},
    {45035996273704985ULL, "1441151880758558720", 0x1.0000000000002p-5, false},
    {18014398509481981ULL, "1152921504606846976", 0x1.ffffffffffffep-7, false},
    {54043195528445943ULL, "216172782113783808", 0x1.ffffffffffffep-3, true},
    {90071992547409905ULL, "1441151880758558720", 0x1.ffffffffffffep-5, false},
    {18014398509481983ULL, "1152921504606846976", 0x1.0000000000000p-6, false},
    {54043195528445949ULL, "216172782113783808", 0x1.0000000000000p-2, false},
    {90071992547409915ULL, "1441151880758558720", 0x1.0000000000000p-4, false},
    {2960587823391535641ULL, "5704181148988824171", 0x1.09bd1333141b6p-1, true},
    {2926391214566188144ULL, "9172425343590268939", 0x1.46b302edc91b7p-2, false},
    {97217473786699642ULL, "8912430613645715085", 0x1.656f93a367486p-7, false},
    {1095324350824343815ULL, "1876441849037579957", 0x1.2adde3003f22bp-1, false},
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

HOLESCOPE_TEST_MAIN(ExactQuotientTest)
#include "tst_exact_quotient.moc"
