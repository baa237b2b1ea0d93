/*
 * rows - read a matrix ("ROWS COLS" then the values) and print each row's sum.
 */
#include <stdio.h>

int main(void)
{
    int rows, cols, r, c, v;
    long sum;

    if (scanf("%d %d", &rows, &cols) != 2)
        return 1;
    for (r = 0; r < rows; r++) {
        sum = 0;
        for (c = 0; c < cols; c++) {
            if (scanf("%d", &v) != 1)
                return 1;
            sum += v;
        }
        printf("%ld\n", sum);
    }
    return 0;
}
