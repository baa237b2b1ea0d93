/* A local array larger than the native 8 MiB stack: natively a segfault on entry. */
#include <stdio.h>

int main(void) // ~ERROR stack-overflow
{
    int big[4000000];
    big[0] = 1;
    printf("%d\n", big[0]);
    return 0;
}
