/* Potential dependence through a call: the side not taken calls a function that
   writes the global that is printed. */
#include <stdio.h>

static int g;

static void set(void)
{
    g = 1;
}

int main(void)
{
    int x;
    if (scanf("%d", &x) != 1)
        return 1;
    if (x > 5)
        set();
    printf("%d\n", g);
    return 0;
}
