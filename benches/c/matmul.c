/* Benchmark: N x N integer matrix multiplication (unsigned arithmetic wraps); checksum. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100;
    if (n < 1)
        n = 1;
    size_t nn = (size_t)n * (size_t)n;
    unsigned *a = malloc(sizeof(unsigned) * nn);
    unsigned *b = malloc(sizeof(unsigned) * nn);
    unsigned *c = calloc(nn, sizeof(unsigned));
    for (size_t i = 0; i < nn; i++) {
        a[i] = (unsigned)(i * 7 + 3) % 101;
        b[i] = (unsigned)(i * 13 + 5) % 97;
    }
    for (int i = 0; i < n; i++)
        for (int k = 0; k < n; k++) {
            unsigned aik = a[i * n + k];
            for (int j = 0; j < n; j++)
                c[i * n + j] += aik * b[k * n + j];
        }
    unsigned long long checksum = 0;
    for (size_t i = 0; i < nn; i++)
        checksum = checksum * 31 + c[i];
    printf("matmul %d checksum %llu\n", n, checksum);
    free(a);
    free(b);
    free(c);
    return 0;
}
