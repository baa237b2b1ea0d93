/* A variable-length array type inside an operand of sizeof that is not itself of
   variable-length array type: gcc evaluates the size, regcause's type-only lowering of
   the operand cannot. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4;
    int squares[n];
    for (int i = 0; i < n; i++)
        squares[i] = i * i;
    printf("%zu\n", sizeof((int (*)[n])squares)); // ~UNSUPPORTED variable-length array
    return 0;
}
