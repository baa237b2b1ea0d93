/* GNU statement expressions ({ ... }): the value of the last expression statement,
   locals scoped to the braces, side effects in order, struct values, and the
   classic macro idiom. */
#include <stdio.h>
#include <stdlib.h>

#define MAX(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define SQUARE_ONCE(x) ({ int _v = (x); _v * _v; })

struct pair {
    int lo, hi;
};

static int calls;

static int next(void)
{
    return ++calls;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 5;
    int a = ({ int t = n * 3; t + 1; });
    int b = SQUARE_ONCE(next() + n);
    struct pair p = ({ struct pair q = {n, n * n}; q; });
    int c = ({ int acc = 0; for (int i = 0; i <= n; i++) acc += i; acc; });
    ({ printf("void statement expression\n"); });
    int d = ({ int x = n; x = 0; }) + ({ n; });
    printf("%d %d %d %d %d %d calls=%d\n", a, b, p.lo, p.hi, c, d, calls);
    int m = ({ int r; if (n > 3) r = 10; else r = 20; r; });
    printf("m=%d\n", m);
    return 0;
}
