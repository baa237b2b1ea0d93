/* Integer and character literals: bases, suffixes, escapes and their types. */
#include <stdio.h>

#define TYPE_SIZE(x) ((int)sizeof(x))

int main(void)
{
    printf("dec %d oct %d hex %d HEX %d\n", 100, 0144, 0x64, 0X64);
    printf("oct 0777=%d 0=%d 00=%d 010=%d\n", 0777, 0, 00, 010);
    printf("hex 0xFFFF=%d 0xabcdef=%d\n", 0xFFFF, 0xabcdef);
    printf("sizes: 1=%d 1u=%d 1l=%d 1ul=%d 1ll=%d 1ULL=%d 1LU=%d\n", TYPE_SIZE(1), TYPE_SIZE(1u),
           TYPE_SIZE(1l), TYPE_SIZE(1ul), TYPE_SIZE(1ll), TYPE_SIZE(1ULL), TYPE_SIZE(1LU));
    /* a decimal literal too big for int becomes long; a hex one becomes unsigned int */
    printf("sizes: 2147483648=%d 0x80000000=%d 4294967296=%d 0xffffffff=%d\n",
           TYPE_SIZE(2147483648), TYPE_SIZE(0x80000000), TYPE_SIZE(4294967296),
           TYPE_SIZE(0xffffffff));
    printf("0x80000000 > 0: %d, -0x80000000 = %u\n", 0x80000000 > 0, -0x80000000);
    printf("-2147483648 = %ld\n", -2147483648);
    printf("ull max: %llu %llx\n", 18446744073709551615ull, 0xffffffffffffffffULL);
    /* character literals are int */
    printf("sizeof('a')=%d 'a'=%d '\\n'=%d '\\0'=%d\n", TYPE_SIZE('a'), 'a', '\n', '\0');
    printf("escapes: %d %d %d %d %d %d %d %d %d %d %d\n", '\a', '\b', '\f', '\r', '\t', '\v',
           '\\', '\'', '\"', '\?', '\x41');
    printf("octal escapes: %d %d %d %d\n", '\101', '\0', '\7', '\177');
    printf("high chars: %d %d\n", '\xff', '\200');
    printf("string escapes: [%s]\n", "tab\there \"quoted\" back\\slash \x41\102C");
    char s[] = "a\0b";
    printf("sizeof(\"a\\0b\")=%d strlen-ish: %d\n", TYPE_SIZE(s), s[2]);
    printf("adjacent " "literals " "join: %s\n", "x" "y" "z");
    const char *multi = "line1\n"
                        "line2\n";
    fputs(multi, stdout);
    printf("hex escape stops at non-hex: %s\n", "\x41G");
    printf("long/ll arithmetic: %ld %lld %lu\n", 123456789L * 1000, -123456789LL * 100000,
           0xdeadbeefUL * 16);
    printf("underscore-free big: %lld\n", 9223372036854775807LL);
    return 0;
}
