/* Sizes a local array from the command line. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4;
    int squares[n]; // ~UNSUPPORTED variable-length array
    for (int i = 0; i < n; i++)
        squares[i] = i * i;
    printf("%d\n", squares[n - 1]);
    return 0;
}
