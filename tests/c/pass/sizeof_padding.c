/* sizeof of types, expressions, arrays and structs with padding; offsets computed by hand. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct a { char c; int i; };
struct b { char c1; char c2; short s; int i; };
struct c { char c; double d; char e; };
struct d { int i; char c; };
struct e { char c[5]; };
struct f { short s; struct e inner; long l; };
struct g { struct d arr[3]; char tail; };
union u { char c; int i; double d; char big[13]; };
struct h { char c; union u un; };
struct empty_like { char only; };
struct ptrs { char c; void *p; int (*fn)(void); };


int main(void)
{
    printf("struct a: %zu offset i %zu\n", sizeof(struct a), offsetof(struct a, i));
    printf("struct b: %zu offsets %zu %zu %zu\n", sizeof(struct b), offsetof(struct b, c2),
           offsetof(struct b, s), offsetof(struct b, i));
    printf("struct c: %zu offsets %zu %zu\n", sizeof(struct c), offsetof(struct c, d),
           offsetof(struct c, e));
    printf("struct d: %zu\n", sizeof(struct d));
    printf("struct e: %zu\n", sizeof(struct e));
    printf("struct f: %zu offsets %zu %zu\n", sizeof(struct f), offsetof(struct f, inner),
           offsetof(struct f, l));
    printf("struct g: %zu offset tail %zu\n", sizeof(struct g), offsetof(struct g, tail));
    printf("union u: %zu\n", sizeof(union u));
    printf("struct h: %zu offset un %zu\n", sizeof(struct h), offsetof(struct h, un));
    printf("struct empty_like: %zu\n", sizeof(struct empty_like));
    printf("struct ptrs: %zu offsets %zu %zu\n", sizeof(struct ptrs), offsetof(struct ptrs, p),
           offsetof(struct ptrs, fn));
    struct c inst;
    struct c arr[4];
    printf("sizeof inst=%zu arr=%zu arr[1]=%zu arr[1].d=%zu\n", sizeof inst, sizeof arr,
           sizeof arr[1], sizeof arr[1].d);
    printf("addr diff arr[3]-arr[0] bytes=%td\n", (char *)&arr[3] - (char *)&arr[0]);
    printf("member addr diff inst.e-inst.c=%td\n", &inst.e - &inst.c);
    int ints[7];
    printf("sizeof ints=%zu count=%zu sizeof ints[0]=%zu sizeof &ints=%zu sizeof *ints=%zu\n",
           sizeof ints, sizeof ints / sizeof ints[0], sizeof ints[0], sizeof &ints,
           sizeof *ints);
    printf("sizeof expr: 'a'=%zu 1.0f=%zu 1.0=%zu (char)1=%zu 1+1L=%zu\n", sizeof 'a',
           sizeof 1.0f, sizeof 1.0, sizeof((char)1), sizeof(1 + 1L));
    int side = 5;
    size_t s = sizeof(side++); /* not evaluated */
    printf("sizeof does not evaluate: side=%d s=%zu\n", side, s);
    printf("sizeof string literal=%zu sizeof pointer=%zu\n", sizeof "twelve chars", sizeof(char *));
    printf("types: float=%zu double=%zu int16=%zu uintptr=%zu fnptr=%zu\n", sizeof(float),
           sizeof(double), sizeof(int16_t), sizeof(uintptr_t), sizeof(int (*)(void)));
    char matrix[3][5];
    printf("matrix=%zu row=%zu\n", sizeof matrix, sizeof matrix[0]);
    return 0;
}
