/* Where the conservative may-def analysis over-approximates: p only ever points to a,
   but a store through a pointer may define any object whose address is taken, so the
   branch is (wrongly, but soundly) kept for the output of b. */
#include <stdio.h>

int main(void)
{
    int x, a = 0, b = 0;
    int *p = &a;
    int *q = &b;
    if (scanf("%d", &x) != 1)
        return 1;
    if (x > 5)
        *p = 1;
    printf("%d %d\n", *q, 7);
    return 0;
}
