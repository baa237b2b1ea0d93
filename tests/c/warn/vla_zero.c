/* A variable-length array of zero elements is undefined (C11 6.7.6.2p5); gcc allocates
   nothing and the program goes on. By default so does regcause, with a warning. */
#include <stdio.h>

static int count_positive(const int *v, int n)
{
    int kept[n]; // ~WARNING undefined-behaviour
    int k = 0;
    for (int i = 0; i < n; i++)
        if (v[i] > 0)
            kept[k++] = v[i];
    return k + (int)sizeof kept;
}

int main(void)
{
    int v[3] = {4, -1, 2};
    printf("%d\n", count_positive(v, 3));
    printf("%d\n", count_positive(v, 0));
    return 0;
}
