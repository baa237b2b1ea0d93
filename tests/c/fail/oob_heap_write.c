/* Off-by-one loop bound writes one element past a malloc'd array. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 8;
    int *squares = malloc(sizeof(int) * (size_t)n);
    printf("filling %d squares\n", n);
    for (int i = 0; i <= n; i++)
        squares[i] = i * i; // ~ERROR out-of-bounds
    printf("last %d\n", squares[n - 1]);
    free(squares);
    return 0;
}
