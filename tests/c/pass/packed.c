/* Packed and over-aligned structs as gcc lays them out: __attribute__((packed)) on a
   struct (after the keyword or the body) and on members, #pragma pack(n) with push and
   pop, __attribute__((aligned(n))); unaligned accesses through them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct __attribute__((packed)) hdr {
    char kind;
    int len;
    short port;
    long long stamp;
};

struct rec {
    char c;
    double d;
    unsigned flags : 3;
    unsigned code : 13;
} __attribute__((__packed__));

struct mixed {
    char a;
    int b __attribute__((packed));
    char c;
    short d;
};

#pragma pack(push)
#pragma pack(2)
struct two {
    char a;
    int b;
    char c;
    long e;
    int x : 20;
    int y : 15;
};
#pragma pack(push, 1)
struct one {
    char a;
    int b;
    char c : 7;
    int d : 30;
};
#pragma pack(pop)
struct two_again {
    char a;
    long b;
};
#pragma pack(pop)
struct natural {
    char a;
    long b;
};

struct slot {
    int key;
} __attribute__((aligned(16)));

struct holder {
    char c;
    struct slot s;
    int tail __attribute__((aligned(8)));
};

typedef struct {
    unsigned char tag;
    unsigned int value;
} __attribute__((packed)) pair;

static struct hdr ghdr = {'h', 0x01020304, -2, 0x1122334455667788LL};
static pair gpairs[3] = {{1, 100}, {2, 200}, {3, 300}};

static void dump(const char *name, const void *p, size_t n)
{
    const unsigned char *b = p;
    printf("%s[%zu]:", name, n);
    for (size_t i = 0; i < n; i++)
        printf(" %02x", b[i]);
    printf("\n");
}

static int sum_lens(struct hdr *h, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += h[i].len;
    return s;
}

int main(int argc, char **argv)
{
    long v = argc > 1 ? strtol(argv[1], NULL, 0) : 5;
    printf("sizes %zu %zu %zu %zu %zu %zu %zu %zu %zu %zu\n", sizeof(struct hdr),
           sizeof(struct rec), sizeof(struct mixed), sizeof(struct two), sizeof(struct one),
           sizeof(struct two_again), sizeof(struct natural), sizeof(struct slot),
           sizeof(struct holder), sizeof(pair));
    printf("aligns %zu %zu %zu %zu %zu %zu %zu %zu %zu\n", _Alignof(struct hdr),
           _Alignof(struct rec), _Alignof(struct mixed), _Alignof(struct two),
           _Alignof(struct one), _Alignof(struct two_again), _Alignof(struct natural),
           _Alignof(struct slot), _Alignof(struct holder));
    printf("offsets %zu %zu %zu %zu %zu %zu %zu\n", __builtin_offsetof(struct hdr, stamp),
           __builtin_offsetof(struct rec, d), __builtin_offsetof(struct mixed, d),
           __builtin_offsetof(struct two, e), __builtin_offsetof(struct one, b),
           __builtin_offsetof(struct holder, s), __builtin_offsetof(struct holder, tail));
    dump("ghdr", &ghdr, sizeof ghdr);
    dump("gpairs", gpairs, sizeof gpairs);

    struct hdr hs[4];
    memset(hs, 0, sizeof hs);
    for (int i = 0; i < 4; i++) {
        hs[i].kind = 'a' + i;
        hs[i].len = v * (i + 1) * 1000;
        hs[i].port = -v * i;
        hs[i].stamp = (long long)v << (i * 8);
    }
    printf("sum %d\n", sum_lens(hs, 4));
    int *pl = &hs[1].len; /* unaligned pointer */
    *pl += 7;
    long long *ps = &hs[2].stamp;
    printf("hs %d %d %lld %d\n", hs[1].len, hs[3].port, *ps, hs[2].kind);
    dump("hs", hs, sizeof hs);

    struct rec r = {'r', v / 3.0, v, v * 100};
    r.flags += 6;
    r.code -= 1;
    printf("rec %c %.4f %u %u\n", r.c, r.d, r.flags, r.code);
    dump("rec", &r, sizeof r);

    /* Initialised member by member after a memset: the padding bits an initialiser
       leaves alone hold whatever was on the stack natively. */
    struct two t;
    struct one o;
    memset(&t, 0, sizeof t);
    memset(&o, 0, sizeof o);
    t.a = 1, t.b = 2, t.c = 3, t.e = 4, t.x = v, t.y = -v;
    o.a = 1, o.b = (int)v * 7, o.c = -3, o.d = (int)v * -1000;
    o.c++;
    struct two ti = {1, 2, 3, 4, v, -v};
    printf("two init %d %d %d %ld %d %d\n", ti.a, ti.b, ti.c, ti.e, ti.x, ti.y);
    printf("two %d %d %d %ld %d %d\n", t.a, t.b, t.c, t.e, t.x, t.y);
    printf("one %d %d %d %d\n", o.a, o.b, o.c, o.d);
    dump("two", &t, sizeof t);
    dump("one", &o, sizeof o);

    struct holder h;
    memset(&h, 0, sizeof h);
    h.s.key = v;
    h.tail = -v;
    printf("holder %d %d %d\n", h.s.key, h.tail, (int)((char *)&h.tail - (char *)&h));

    pair *pp = malloc(5 * sizeof(pair));
    if (!pp)
        return 1;
    for (int i = 0; i < 5; i++) {
        pp[i].tag = i;
        pp[i].value = v * 1000000 + i;
    }
    unsigned total = 0;
    for (int i = 0; i < 5; i++)
        total += pp[i].value + pp[i].tag;
    printf("pairs %u %u\n", total, gpairs[2].value);
    free(pp);
    return 0;
}
