/* Runaway recursion: natively a segfault once the 8 MiB stack is exhausted. */
#include <stdio.h>

static int depth(int n)
{
    return n == 0 ? 0 : 1 + depth(n - 1); // ~ERROR stack-overflow
}

int main(void)
{
    printf("%d\n", depth(100000000));
    return 0;
}
