/* long double (x87 80-bit extended) arithmetic, conversions, comparisons, conditions,
   storage and calls, with results that differ from double. argv[1] scales the inputs so
   that nothing is folded at compile time. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

struct S {
    char c;
    long double x;
    int i;
};

struct P {
    long double re, im;
};

static long double g = 1.0L / 3;
static long double tab[3] = { 0.1L, -2.5L, 1e4000L };
static double gd = 1.0L / 3;
static struct S gs = { 'g', -0x1.8p-3L, 9 };
static long double gz;

static long double half(long double x) { return x / 2; }
static long double add3(int a, long double b, double c) { return a + b + c; }
static struct P mul(struct P a, struct P b)
{
    struct P r = { a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re };
    return r;
}
static int as_int(long double x) { return x; }
static long double from_ul(unsigned long u) { return u; }

int main(int argc, char **argv)
{
    int k = argc > 1 ? atoi(argv[1]) : 1;

    long double third = 1 / (3.0L * k);
    printf("%.20Lf %.20f\n", third, 1 / (3.0 * k));

    long double s = 0;
    double sd = 0;
    for (int i = 1; i <= 20 * k; i++) {
        s += 1.0L / i;
        sd += 1.0 / i;
    }
    printf("%.22Lg %.17g %d\n", s, sd, s == sd);

    unsigned long big = 18446744073709551615UL / k;
    long double b = big;
    printf("%lu %.0Lf %d\n", (unsigned long)b, b, (unsigned long)b == big);
    long l = -9223372036854775807L / k - 1;
    printf("%ld %ld\n", (long)(long double)l, (long)((long double)l / 2));

    long double p1 = 0.1L * k, p2 = 0.2L * k;
    printf("%.21Lg %d %d %d\n", p1 + p2, p1 + p2 == 0.3L * k, 0.1 * k + 0.2 * k == 0.3 * k,
           p1 + p2 > 0.3L * k);

    printf("%zu %zu %zu %zu %zu\n", sizeof(long double), _Alignof(long double),
           sizeof(struct S), offsetof(struct S, x), offsetof(struct S, i));
    printf("%.20Lg %.17g %Lg %Lg %Lg %c %La %d %Lg\n", g, gd, tab[0], tab[1], tab[2], gs.c,
           gs.x, gs.i, gz);

    long double h = half(7 * k);
    printf("%Lg %Lg %d %Lg\n", h, add3(1, 2.5L * k, 0.25), as_int(-h), from_ul(3));
    long double n = -h;
    if (n)
        printf("nonzero %Lg\n", n);
    if (!n)
        printf("zero\n");
    if (n < 0 && !(n > 0) && n <= -3.5L && n >= -3.5L && n != 0)
        printf("comparisons\n");
    n++;
    ++n;
    n--;
    long double m = n--;
    printf("%Lg %Lg %d %d %d\n", n, m, n > 0 ? 1 : 2, (int)(n * 10), !n);
    long double cond = k > 5 ? 1 : n;
    printf("%Lg %Lg\n", cond, k > 0 ? 0.5L : 2);

    struct S st = { 'a', 2.75L * k, 3 };
    struct S st2 = st;
    st2.x *= 2;
    st2.x -= st.x / 4;
    printf("%Lg %Lg %d\n", st.x, st2.x, st2.i);

    long double arr[4];
    for (int i = 0; i < 4; i++)
        arr[i] = i * 0.5L;
    long double *p = &arr[1];
    *p += 10;
    p[1] = -p[0];
    printf("%Lg %Lg %Lg %td\n", arr[1], arr[2], arr[3], &arr[3] - p);

    struct P z = { 1.5L, -2 }, w = mul(z, z);
    printf("%Lg %Lg\n", w.re, w.im);

    int j = 7 * k;
    j *= 1.5L;
    double dd = 2;
    dd /= 3.0L;
    float f = third;
    double d = third;
    long long ll = -1e18L * k;
    unsigned u = 4e9L;
    short sh = -300.9L * k;
    _Bool bo = 0.25L * k;
    printf("%d %.17g %.10g %.17g %lld %u %d %d\n", j, dd, f, d, ll, u, sh, bo);
    printf("%.30Lf\n", 1.0L / 3 + 1.0 / 3);
    printf("%Lg %Lg\n", (long double)(1.0 / 3), (long double)(float)0.1);
    return 0;
}
