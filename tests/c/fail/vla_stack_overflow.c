/* A variable-length array larger than the native 8 MiB stack: natively a segfault. */
#include <stdio.h>

static long total(int n)
{
    long big[n]; // ~ERROR stack-overflow
    for (int i = 0; i < n; i++)
        big[i] = i;
    return big[n - 1];
}

int main(void)
{
    printf("%ld\n", total(1000));
    printf("%ld\n", total(2000000));
    return 0;
}
