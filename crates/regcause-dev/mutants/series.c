/* series - the arithmetic series START, START+STEP, ... of COUNT terms (argv): each partial sum. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long start, step, sum = 0;
    int count, k;

    if (argc != 4)
        return 2;
    start = atol(argv[1]);
    step = atol(argv[2]);
    count = atoi(argv[3]);
    for (k = 0; k < count; k++) {
        long term = start + k * step;

        sum += term;
        printf("%d %ld %ld\n", k + 1, term, sum);
    }
    printf("mean %ld\n", count > 0 ? sum / count : 0);
    return 0;
}
