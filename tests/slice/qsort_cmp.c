/* Dependence through a library model's callback: qsort's comparator decides the
   order, so the first element printed depends on the comparator's comparisons. */
#include <stdio.h>
#include <stdlib.h>

static int by_value(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    if (x < y)
        return -1;
    return x > y;
}

int main(void)
{
    int v[3];
    if (scanf("%d %d %d", &v[0], &v[1], &v[2]) != 3)
        return 1;
    qsort(v, 3, sizeof v[0], by_value);
    printf("%d\n", v[0]);
    return 0;
}
