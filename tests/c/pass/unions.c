/* Unions: type punning between same-size integers, tagged unions, union size and layout. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

union word {
    uint32_t u;
    int32_t i;
    uint16_t half[2];
    uint8_t bytes[4];
};

union wide {
    uint64_t u;
    int64_t i;
    uint32_t w[2];
    unsigned char c[8];
};

enum kind { K_INT, K_DBL, K_STR };

struct value {
    enum kind kind;
    union {
        long i;
        double d;
        const char *s;
    } as;
};

static void show(struct value v)
{
    switch (v.kind) {
    case K_INT: printf("int %ld\n", v.as.i); break;
    case K_DBL: printf("double %.4f\n", v.as.d); break;
    case K_STR: printf("string \"%s\"\n", v.as.s); break;
    }
}

static struct value parse(const char *s)
{
    struct value v;
    char *end;
    long l = strtol(s, &end, 10);
    if (*s && !*end) {
        v.kind = K_INT;
        v.as.i = l;
        return v;
    }
    double d = strtod(s, &end);
    if (*s && !*end) {
        v.kind = K_DBL;
        v.as.d = d;
        return v;
    }
    v.kind = K_STR;
    v.as.s = s;
    return v;
}

int main(int argc, char **argv)
{
    union word w;
    w.u = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 0) : 0xdeadbeefu;
    printf("u=%u i=%d halves=%04x %04x bytes=%02x %02x %02x %02x\n", w.u, w.i, w.half[0],
           w.half[1], w.bytes[0], w.bytes[1], w.bytes[2], w.bytes[3]);
    w.bytes[3] = 0x80;
    printf("after byte write: u=%08x i=%d\n", w.u, w.i);
    w.i = -2;
    printf("after i=-2: u=%u\n", w.u);

    union wide x;
    x.i = -1;
    x.w[1] = 0x12345678;
    printf("wide: u=%016llx i=%lld c0=%u c7=%u\n", (unsigned long long)x.u, (long long)x.i, x.c[0],
           x.c[7]);
    printf("sizeof word=%zu wide=%zu value=%zu\n", sizeof(union word), sizeof(union wide),
           sizeof(struct value));

    union word init = {.bytes = {1, 2, 3, 4}};
    printf("designated union init: %08x\n", init.u);
    union word first = {0x01020304u};
    printf("first-member init: byte0=%u\n", first.bytes[0]);

    for (int i = 2; i < argc; i++)
        show(parse(argv[i]));
    return 0;
}
