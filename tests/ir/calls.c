/* Direct, recursive and indirect calls; a library call. */
#include <stdio.h>
static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
static int twice(int (*g)(int), int v) { return g(g(v)); }
int main(void) {
    printf("%d\n", twice(fact, 3));
    return 0;
}
