/* long double objects in every kind of storage and initialiser, through pointers,
   function pointers, unions and statement expressions; conversions to and from every
   integer and floating type; long double in conditions (&&, ||, !, ?:, loops). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct Rec {
    int id;
    long double v[2];
    char tag;
};

union U {
    long double x;
    unsigned char b[16];
};

static struct Rec recs[2] = { { 1, { 0.5L, -1e-300L }, 'a' }, { 2, { 1 / 3.0L, 7 }, 'b' } };
static const long double neg = -(2.0L - 0.5L) * 4 / 3;
static float from_ld = 1.0L / 3;
static int as_int = (int)-2.99L;
static _Bool flag = (_Bool)0.001L;
static int cmp = 1.5L < 2 && !0.0L && (1e-4950L ? 1 : 0) && 0.1L != 0.1;
static char sized[1.5L >= 2 ? 1 : 3];

static long double scale(long double x, int k) { return x * k; }
static long double apply(long double (*f)(long double, int), long double x)
{
    return f(x, 3);
}

static long double counter(void)
{
    static long double c = 0.25L;
    c *= 2;
    return c;
}

int main(int argc, char **argv)
{
    int k = argc > 1 ? atoi(argv[1]) : 1;
    long double la[] = { 1, 2.5L, k, 'x', 1e10f };
    struct Rec r = { 3, { 1.25L * k }, 'c' };
    printf("%zu %Lg %Lg %Lg %Lg %Lg\n", sizeof la / sizeof la[0], la[0], la[1], la[2], la[3],
           la[4]);
    printf("%d %Lg %Lg %c %zu\n", r.id, r.v[0], r.v[1], r.tag, sizeof r);
    printf("%Lg %Lg %Lg %c\n", recs[0].v[0], recs[0].v[1], recs[1].v[0], recs[1].tag);
    printf("%Lg %.9g %d %d %d %zu\n", neg, from_ld, as_int, flag, cmp, sizeof sized);
    printf("%Lg %Lg %Lg\n", apply(scale, 1.5L * k), counter(), counter());

    long double *p = malloc(3 * sizeof *p);
    p[0] = k;
    p[1] = p[0] / 7;
    p[2] = *p + p[1];
    long double **pp = &p;
    printf("%.20Lg %.20Lg\n", (*pp)[2], *(p + 1));
    free(p);

    union U u;
    memset(&u, 0, sizeof u);
    u.x = -1.0L * k;
    for (int i = 9; i >= 0; i--)
        printf("%02x", u.b[i]);
    printf("\n");

    long double x = ({ long double t = 2.5L * k; t + 1; });
    printf("%Lg\n", x);

    /* Conversions: every integer and floating type, both ways. */
    long double v = -123.75L * k;
    signed char sc = v / 2; // ~WARNING undefined-behaviour
    unsigned char uc = -v / 2; // ~WARNING undefined-behaviour
    short s = v * 100; // ~WARNING undefined-behaviour
    unsigned short us = -v * 100; // ~WARNING undefined-behaviour
    int i = v;
    unsigned ui = -v; // ~WARNING undefined-behaviour
    long l = v * 1e15L;
    unsigned long ul = -v * 1e16L; // ~WARNING undefined-behaviour
    long long ll = v;
    unsigned long long ull = 1e19L;
    float f = v;
    double d = v;
    char c = 65.9L;
    printf("%d %d %d %d %d %u %ld %lu %lld %llu %g %g %c\n", sc, uc, s, us, i, ui, l, ul, ll,
           ull, f, d, c);
    printf("%Lg %Lg %Lg %Lg %Lg %Lg %Lg %Lg %Lg\n", (long double)sc, (long double)uc,
           (long double)s, (long double)us, (long double)ui, (long double)l,
           (long double)ul, (long double)f, (long double)d);

    /* Conditions. */
    long double zero = 0 * k, one = k;
    printf("%d %d %d %d %d %d\n", zero && one, zero || one, !zero, !one, one ? 1 : 2,
           zero ? 1 : 2);
    int n = 0;
    for (long double t = 0; t < 3 * one; t += 0.5L)
        n++;
    while (zero < 2)
        zero += 0.75L;
    printf("%d %Lg %d %d %d\n", n, zero, one == k, one != 1, 2 > one);
    printf("%d %d\n", 0.1L == 0.1, 0.5L == 0.5f);
    return 0;
}
