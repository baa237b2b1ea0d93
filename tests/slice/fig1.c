/* Figure 1 of the relevant-slice paper: on input -5 2 3 the output depends on the
   second branch only through potential dependence (b is not assigned because
   x + y > 0 is false), and on neither other branch. */
#include <stdio.h>

int main(void)
{
    int x, y, z, a, b = 0, out;
    if (scanf("%d %d %d", &x, &y, &z) != 3)
        return 1;
    if (x > y)
        a = x;
    else
        a = y;
    if (x + y > 0)
        b = a;
    if (z * z > 0)
        z = z - 1;
    out = b;
    printf("%d\n", out);
    return 0;
}
