/* The largest of three numbers by nested comparisons, and whether it is even. */
#include <stdio.h>

int main(void) {
    int x, y, z, m;
    if (scanf("%d %d %d", &x, &y, &z) != 3)
        return 1;
    if (x >= y) {
        if (x >= z)
            m = x;
        else
            m = z;
    } else {
        if (y >= z)
            m = y;
        else
            m = z;
    }
    if (m % 2 == 0)
        printf("max %d (even)\n", m);
    else
        printf("max %d (odd)\n", m);
    return 0;
}
