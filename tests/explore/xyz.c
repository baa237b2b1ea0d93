/* The x, y, z program of the relevant-slice paper (its Figure 1): eight paths, three
   ways the value `out` is computed. The slicing criterion is the last printf. Both
   messages of the z branch are nine bytes, so `out` always starts at stdout byte 9. */
#include <stdio.h>

int main(void) {
    int x, y, z, a, b = 0, out;
    if (scanf("%d %d %d", &x, &y, &z) != 3)
        return 1;
    if (x > y)
        a = x;
    else
        a = y;
    if (x + y > 0)
        b = a;
    if (z > 0)
        printf("positive\n");
    else
        printf("negative\n");
    out = b;
    printf("%d\n", out);
    return 0;
}
