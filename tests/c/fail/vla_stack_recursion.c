/* Variable-length arrays count on the native 8 MiB stack: each call of `down` keeps a
   mebibyte until it returns; six nested calls fit (twice), twenty do not (natively a
   segfault). */
#include <stdio.h>

static int down(int depth, int n)
{
    char buf[n]; // ~ERROR stack-overflow
    buf[0] = (char)depth;
    if (depth == 0)
        return buf[0];
    return down(depth - 1, n) + buf[0];
}

int main(void)
{
    printf("%d\n", down(5, 1 << 20));
    printf("%d\n", down(5, 1 << 20));
    printf("%d\n", down(20, 1 << 20));
    return 0;
}
