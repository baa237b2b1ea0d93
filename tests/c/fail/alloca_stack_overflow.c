/* alloca blocks held until their function returns, in a loop, outgrow the native
   8 MiB stack: natively a segfault. */
#include <alloca.h>
#include <stdio.h>

static long fill(int blocks)
{
    long sum = 0;
    for (int i = 0; i < blocks; i++) {
        char *p = alloca(1 << 20); // ~ERROR stack-overflow
        p[0] = (char)i;
        sum += p[0];
    }
    return sum;
}

int main(void)
{
    printf("%ld\n", fill(4));
    printf("%ld\n", fill(12));
    return 0;
}
