/* Bit length through __builtin_clz, which is undefined for zero. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    unsigned v = argc > 1 ? (unsigned)atoi(argv[1]) : 0;
    printf("start\n");
    int len = 32 - __builtin_clz(v); // ~ERROR bad-call
    printf("%d\n", len);
    return 0;
}
