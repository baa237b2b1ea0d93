/* Potential dependence through a pointer store: the side not taken writes v through p. */
#include <stdio.h>

int main(void)
{
    int x, v = 0;
    int *p = &v;
    if (scanf("%d", &x) != 1)
        return 1;
    if (x > 5)
        *p = 1;
    printf("%d\n", v);
    return 0;
}
