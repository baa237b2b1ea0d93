/* Buckets values by a modulus taken from the command line, which may be zero. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int buckets = argc > 1 ? atoi(argv[1]) : 0;
    int counts[8] = {0};
    for (int v = 1; v <= 5; v++) {
        int b = v % buckets; // ~ERROR division-by-zero
        if (b >= 0 && b < 8)
            counts[b]++;
    }
    printf("bucket 0 has %d\n", counts[0]);
    return 0;
}
