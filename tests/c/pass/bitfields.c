/* Bit-fields as gcc lays them out on x86-64: storage units, straddling, `:0`, unnamed
   fields, signed/unsigned/_Bool/enum fields, unions; reads, read-modify-write stores,
   compound assignment, increments, initialisers, copies and promotions. Values come
   from the command line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum colour { RED, GREEN, BLUE, WHITE };
enum sign { NEG = -2, ZERO, POS };

struct flags {
    unsigned a : 3;
    signed b : 5;
    unsigned : 2;
    unsigned c : 7;
    _Bool ok : 1;
    enum colour col : 2;
    enum sign sg : 2;
    int wide : 31;
    unsigned full : 32;
};

struct straddle {
    char tag;
    int x : 20;
    int y : 15; /* does not fit after x in the int unit: next unit */
    short s : 9;
    char z : 3;
    long long big : 30;
};

struct zero {
    char a;
    int : 0;
    char b;
    unsigned c : 4;
    long : 0;
    unsigned d : 4;
};

struct small {
    unsigned char lo : 4, hi : 4;
};

union u {
    unsigned all;
    struct {
        unsigned lo : 16;
        unsigned hi : 16;
    } h;
    unsigned bit0 : 1;
    signed char c : 6;
};

struct nested {
    int head;
    struct small inner;
    struct {
        unsigned k : 5;
        unsigned m : 27;
    };
};

static struct flags gflags = {5, -3, 100, 1, BLUE, NEG, -1000000, 4000000000u};
static struct straddle gstr = {.y = -7, .tag = 'q', .x = 123456, .big = -5};

static void dump(const char *name, const void *p, size_t n)
{
    const unsigned char *b = p;
    printf("%s[%zu]:", name, n);
    for (size_t i = 0; i < n; i++)
        printf(" %02x", b[i]);
    printf("\n");
}

static void show_flags(const char *name, const struct flags *f)
{
    printf("%s: a=%u b=%d c=%u ok=%d col=%d sg=%d wide=%d full=%u\n", name, f->a, f->b, f->c,
           f->ok, f->col, f->sg, f->wide, f->full);
}

static struct flags make(long v)
{
    struct flags f;
    memset(&f, 0, sizeof f);
    f.a = v;
    f.b = v;
    f.c = v * 3;
    f.ok = v;
    f.col = v;
    f.sg = v;
    f.wide = v * 1000;
    f.full = v * 7;
    return f;
}

int main(int argc, char **argv)
{
    long v = argc > 1 ? strtol(argv[1], NULL, 0) : 9;
    long w = argc > 2 ? strtol(argv[2], NULL, 0) : -3;

    printf("sizes %zu %zu %zu %zu %zu %zu\n", sizeof(struct flags), sizeof(struct straddle),
           sizeof(struct zero), sizeof(struct small), sizeof(union u), sizeof(struct nested));
    printf("aligns %zu %zu %zu %zu %zu\n", _Alignof(struct flags), _Alignof(struct straddle),
           _Alignof(struct zero), _Alignof(struct small), _Alignof(union u));

    show_flags("static", &gflags);
    dump("gflags", &gflags, sizeof gflags);
    printf("gstr %c %d %d %lld\n", gstr.tag, gstr.x, gstr.y, (long long)gstr.big);
    dump("gstr", &gstr, sizeof gstr);

    struct flags f = make(v);
    show_flags("made", &f);
    dump("made", &f, sizeof f);

    /* Assignment expressions have the truncated value. */
    printf("assign %d %d %u\n", f.a = v + 100, f.b = w * 9, f.c = v << 4);
    /* Compound assignment and increments wrap within the width. */
    f.a += w;
    f.b -= v;
    f.c *= 5;
    f.col++;
    ++f.sg;
    f.wide ^= v;
    f.full += w;
    int old = f.a++;
    int pre = --f.b;
    printf("ops old=%d pre=%d\n", old, pre);
    show_flags("ops", &f);
    dump("ops", &f, sizeof f);

    /* Promotions: unsigned narrower than int is an int; full width stays unsigned. */
    printf("promote %d %d %d\n", f.a - 10 < 0, f.full - 1 > 0, f.c - 200 < 0);
    printf("sizeofs %zu %zu\n", sizeof(f.a + 0), sizeof(f.full + 0L));
    printf("shift %d %ld\n", f.b << 2, (long)f.wide * 4);

    struct straddle s;
    memset(&s, 0xa5, sizeof s);
    s.tag = 't';
    s.x = v * 1000;
    s.y = w;
    s.s = v - 300;
    s.z = w;
    s.big = v * 123456789;
    printf("straddle %c %d %d %d %d %lld\n", s.tag, s.x, s.y, s.s, s.z, (long long)s.big);
    dump("straddle", &s, sizeof s);

    struct zero z = {1, 2, 3, 4};
    printf("zero init %d %d %u %u\n", z.a, z.b, z.c, z.d);
    memset(&z, 0, sizeof z);
    z.a = 1, z.b = 2, z.c = 3;
    z.c += v;
    z.d = w;
    printf("zero %d %d %u %u\n", z.a, z.b, z.c, z.d);
    dump("zero", &z, sizeof z);

    struct small sm[3] = {{1, 2}, {.hi = 9}, {v, w}};
    for (int i = 0; i < 3; i++) {
        sm[i].lo ^= sm[i].hi;
        printf("small%d %u %u\n", i, sm[i].lo, sm[i].hi);
    }
    dump("sm", sm, sizeof sm);

    union u un;
    un.all = (unsigned)v * 0x10001u + (unsigned)w;
    printf("union %u %u %u %d\n", un.h.lo, un.h.hi, un.bit0, un.c);
    un.h.hi = w;
    un.c = v;
    printf("union %08x\n", un.all);

    struct nested n = {7, {3, 12}, {v, w}};
    struct nested copy = n;
    copy.inner.hi--;
    copy.k += 31;
    printf("nested %d %u %u %u %u | %u %u %u\n", n.head, n.inner.lo, n.inner.hi, n.k, n.m,
           copy.inner.hi, copy.k, copy.m);

    /* Bit-fields through pointers, as conditions and as array indices. */
    struct flags *pf = &f;
    int table[8] = {10, 11, 12, 13, 14, 15, 16, 17};
    pf->a = v;
    if (pf->ok && pf->b < 0)
        printf("branch neg\n");
    else
        printf("branch other %d\n", table[pf->a]);
    switch (pf->col) {
    case RED:
        printf("red\n");
        break;
    case BLUE:
        printf("blue\n");
        break;
    default:
        printf("colour %d\n", pf->col);
    }
    return f.a;
}
