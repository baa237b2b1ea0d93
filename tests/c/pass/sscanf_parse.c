/* sscanf: parsing dates, key=value pairs, hex, mixed, return counts, partial matches. */
#include <stdio.h>
#include <string.h>

static void try_date(const char *s)
{
    int y, m, d;
    int r = sscanf(s, "%d-%d-%d", &y, &m, &d);
    if (r == 3)
        printf("date '%s' -> y=%d m=%d d=%d\n", s, y, m, d);
    else
        printf("date '%s' -> only %d fields\n", s, r);
}

static void try_kv(const char *s)
{
    char key[16], val[16];
    key[0] = '\0';
    val[0] = '\0';
    int r = sscanf(s, "%15s = %15s", key, val);
    printf("kv '%s' -> r=%d key=%s val=%s\n", s, r, key, val);
}

int main(int argc, char **argv)
{
    try_date("2024-02-29");
    try_date("1999-12");
    try_date("  7-8-9 trailing");
    try_date("");
    try_date("x-1-1");
    try_kv("name = value");
    try_kv("lonely");
    unsigned hx;
    int dec, used = 0;
    int r = sscanf("ff 12", "%x %d", &hx, &dec);
    printf("hex r=%d hx=%u dec=%d\n", r, hx, dec);
    r = sscanf("0x1A", "%x", &hx);
    printf("0x prefix r=%d hx=%u\n", r, hx);
    r = sscanf("0x1A", "%i", &dec);
    printf("%%i hex r=%d dec=%d\n", r, dec);
    r = sscanf("017", "%i", &dec);
    printf("%%i octal r=%d dec=%d\n", r, dec);
    double dv;
    float fv;
    r = sscanf("3.5e2 -0.125", "%lf %f", &dv, &fv);
    printf("floats r=%d dv=%g fv=%g\n", r, dv, fv);
    long lv;
    unsigned long ulv;
    long long llv;
    r = sscanf("-9000000000 18000000000000000000 -42", "%ld %lu %lld", &lv, &ulv, &llv);
    printf("longs r=%d %ld %lu %lld\n", r, lv, ulv, llv);
    char w1[8], w2[8];
    char c1, c2;
    r = sscanf("ab  cd", "%s%s", w1, w2);
    printf("words r=%d [%s] [%s]\n", r, w1, w2);
    r = sscanf("a b", "%c%c", &c1, &c2);
    printf("chars r=%d [%c] [%c]\n", r, c1, c2 == ' ' ? '_' : c2);
    r = sscanf("a b", "%c %c", &c1, &c2);
    printf("chars skip r=%d [%c] [%c]\n", r, c1, c2);
    r = sscanf("toolongword", "%4s", w1);
    printf("width r=%d [%s]\n", r, w1);
    r = sscanf("12345", "%2d%3d", &dec, &used);
    printf("widths r=%d %d %d\n", r, dec, used);
    r = sscanf("100%", "%d%%", &dec);
    printf("percent r=%d %d\n", r, dec);
    r = sscanf("abc", "%d", &dec);
    printf("mismatch r=%d\n", r);
    r = sscanf("   ", "%d", &dec);
    printf("blank r=%d\n", r);
    short sh;
    signed char hh;
    r = sscanf("-300 77", "%hd %hhd", &sh, &hh);
    printf("short r=%d %d %d\n", r, sh, hh);
    char rest[8];
    r = sscanf("  42xyz", "%d%7s", &dec, rest);
    printf("number then word r=%d dec=%d rest=%s\n", r, dec, rest);
    for (int i = 1; i < argc; i++) {
        int a, b;
        char op;
        if (sscanf(argv[i], "%d %c %d", &a, &op, &b) == 3) {
            int res = op == '+' ? a + b : op == '-' ? a - b : op == '*' ? a * b : 0;
            printf("%s = %d\n", argv[i], res);
        } else {
            printf("cannot parse '%s'\n", argv[i]);
        }
    }
    return 0;
}
