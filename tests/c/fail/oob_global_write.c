/* A histogram in a global array; a negative value indexes before its start. */
#include <stdio.h>
#include <stdlib.h>

static int histogram[10];
static int total;

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        int v = atoi(argv[i]);
        printf("value %d\n", v);
        histogram[v / 10]++; // ~ERROR out-of-bounds
        total++;
    }
    printf("total %d\n", total);
    return 0;
}
