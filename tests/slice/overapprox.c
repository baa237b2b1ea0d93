/* Where the conservative may-def analysis over-approximates: p points to a or to c,
   so the store through it counts as writing any memory, and the branch that guards it
   is kept (soundly, but needlessly) in the relevant slice of b, which it never writes. */
#include <stdio.h>

int main(void)
{
    int x, a = 0, b = 0, c = 0;
    int *q = &b;
    if (scanf("%d", &x) != 1)
        return 1;
    int *p = x > 100 ? &a : &c;
    if (x > 5)
        *p = 1;
    printf("%d\n", *q);
    printf("%d %d\n", a, c);
    return 0;
}
