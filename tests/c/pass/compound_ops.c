/* Compound assignment of every kind on every integer width, comma and conditional operators,
   pre/post increment, and evaluation order guaranteed by sequence points. */
#include <stdio.h>
#include <stdlib.h>

static int trace_n;
static int trace(int v)
{
    printf("t%d(%d) ", trace_n++, v);
    return v;
}

int main(int argc, char **argv)
{
    int seed = argc > 1 ? atoi(argv[1]) : 37;
    int i = seed;
    i += 5;  printf("+= %d\n", i);
    i -= 12; printf("-= %d\n", i);
    i *= 3;  printf("*= %d\n", i);
    i /= 4;  printf("/= %d\n", i);
    i %= 7;  printf("%%= %d\n", i);
    if (i < 0)
        i = -i;
    i <<= 3; printf("<<= %d\n", i);
    i >>= 1; printf(">>= %d\n", i);
    i &= 0x3c; printf("&= %d\n", i);
    i |= 0x101; printf("|= %d\n", i);
    i ^= 0xff; printf("^= %d\n", i);

    unsigned char uc = (unsigned char)seed;
    uc += 250; printf("uc += 250 -> %u\n", uc);
    uc *= 3; printf("uc *= 3 -> %u\n", uc);
    uc <<= 2; printf("uc <<= 2 -> %u\n", uc);
    uc -= 255; printf("uc -= 255 -> %u\n", uc);
    short s = (short)(seed * 100);
    s *= 11; printf("short *= 11 -> %d\n", s);
    s /= -3; printf("short /= -3 -> %d\n", s);
    s >>= 2; printf("short >>= 2 -> %d\n", s);
    unsigned u = (unsigned)seed;
    u -= 100; printf("u -= 100 -> %u\n", u);
    u /= 3; printf("u /= 3 -> %u\n", u);
    u %= 1000; printf("u %%= 1000 -> %u\n", u);
    long long ll = seed;
    ll *= 1000000007LL; ll ^= 0x5555; ll %= 999983; printf("ll -> %lld\n", ll);
    double d = seed;
    d /= 8; d -= 0.125; d *= d; d += 1; printf("double -> %.6f\n", d);
    int fromd = seed;
    fromd *= 2.5; /* computed in double, truncated back */
    printf("int *= 2.5 -> %d\n", fromd);
    fromd -= 0.75;
    printf("int -= 0.75 -> %d\n", fromd);
    char c = 'a';
    c += 2; c -= 1; c *= 1; printf("char -> %c\n", c);
    int *ptr = &i;
    *ptr += 1000; printf("via ptr -> %d\n", i);
    int arr[4] = {1, 2, 3, 4};
    int k = 0;
    arr[k++] += 10; arr[k++] *= 10; arr[++k] -= 10;
    printf("arr %d %d %d %d k=%d\n", arr[0], arr[1], arr[2], arr[3], k);

    /* comma operator */
    int x = (trace(1), trace(2), trace(3));
    printf("\ncomma value %d\n", x);
    int a = 0, b = 0;
    for (a = 0, b = 10; a < b; a += 3, b -= 2)
        ;
    printf("a=%d b=%d\n", a, b);

    /* conditional operator: only one side evaluated, nesting, lvalue-free uses */
    int cond = seed % 3;
    int r = cond == 0 ? trace(10) : cond == 1 ? trace(11) : trace(12);
    printf("\ncond %d -> %d\n", cond, r);
    const char *kind = seed > 50 ? "big" : seed > 20 ? "medium" : "small";
    printf("kind %s\n", kind);
    int mx = a > b ? a : b;
    printf("max %d\n", mx);

    /* short-circuit evaluation */
    trace_n = 0;
    if (trace(0) && trace(1))
        printf("never");
    if (trace(1) || trace(2))
        printf("\nor short-circuits\n");
    int both = trace(seed & 1) && trace(seed & 2);
    printf("\nboth=%d\n", both);

    /* increments */
    int p = 5;
    int q = p++ + 10;
    int t = ++p * 2;
    printf("p=%d q=%d t=%d\n", p, q, t);
    int dec = p--;
    printf("dec=%d p=%d\n", dec, p);
    printf("--p=%d\n", --p);
    return i & 0x3f;
}
