/* One past the end of a row of a two-dimensional variable-length array, in its last row. */
#include <stdio.h>

int main(int argc, char **argv)
{
    int rows = argc + 1, cols = argc + 2;
    int grid[rows][cols];
    for (int r = 0; r < rows; r++)
        for (int c = 0; c <= cols; c++)
            grid[r][c] = r + c; // ~ERROR out-of-bounds
    printf("%d\n", grid[0][0]);
    return 0;
}
