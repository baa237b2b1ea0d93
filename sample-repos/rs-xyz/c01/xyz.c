/*
 * xyz - pick an output value from three integer inputs.
 *
 * Reads "x y z" from standard input and prints which class the square
 * of z falls in, then the selected value `out`.  The value of out is b,
 * which is either its default or a, the larger of x and y, depending on
 * whether x and y together are large enough.
 */
#include <stdio.h>

int main(void)
{
    int x, y, z;   /* input variables */
    int out;       /* output variable */
    int a;
    int b = 2;

    if (scanf("%d %d %d", &x, &y, &z) != 3) {
        printf("expected three integers\n");
        return 0;
    }
    if (x > y)
        a = x;
    else
        a = y;
    if (x + y > 10)
        b = a;
    if (z * z > 3)
        printf("square(z) > 3\n");
    else
        printf("square(z) <= 3\n");
    out = b;
    printf("out = %d\n", out);
    return 0;
}
