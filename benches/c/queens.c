/* Benchmark: counts the solutions of the N-queens problem by recursive backtracking over
   int arrays passed down the recursion; recursion- and array-heavy. */
#include <stdio.h>
#include <stdlib.h>

static int safe(const int *cols, int row, int col)
{
    for (int r = 0; r < row; r++) {
        int c = cols[r];
        if (c == col || c - col == r - row || c - col == row - r)
            return 0;
    }
    return 1;
}

static long place(int *cols, int row, int n)
{
    if (row == n)
        return 1;
    long found = 0;
    for (int col = 0; col < n; col++) {
        if (safe(cols, row, col)) {
            cols[row] = col;
            found += place(cols, row + 1, n);
        }
    }
    return found;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 8;
    if (n < 1 || n > 32)
        n = 8;
    int cols[32];
    printf("queens %d: %ld solutions\n", n, place(cols, 0, n));
    return 0;
}
