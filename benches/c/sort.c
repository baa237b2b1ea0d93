/* Benchmark: insertion sort of N pseudo-random ints from an LCG; prints a checksum. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 5000;
    if (n < 1)
        n = 1;
    int *a = malloc(sizeof(int) * (size_t)n);
    unsigned state = 12345;
    for (int i = 0; i < n; i++) {
        state = state * 1103515245u + 12345u;
        a[i] = (int)((state >> 8) % 1000000);
    }
    for (int i = 1; i < n; i++) {
        int key = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > key) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = key;
    }
    unsigned long long checksum = 0;
    for (int i = 0; i < n; i++)
        checksum = checksum * 1000003u + (unsigned)a[i];
    printf("sorted %d: min %d max %d checksum %llu\n", n, a[0], a[n - 1], checksum);
    free(a);
    return 0;
}
