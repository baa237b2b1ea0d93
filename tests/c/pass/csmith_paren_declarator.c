/* Reduced from a csmith-generated program that regcause once rejected. */
/* A function whose name is parenthesised in its definition, as csmith's safe_math.h
   writes them: `static int (neg)(int x) { ... }`. gcc accepts it (C11 6.7.6: a declarator
   may be parenthesised); regcause rejects it: the parameter `x` is not in scope. */
#include <stdio.h>

static int (neg)(int x)
{
    return -x;
}

int main(void)
{
    printf("%d\n", (neg)(5));
    return 0;
}
