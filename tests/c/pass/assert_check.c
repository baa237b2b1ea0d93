/* assert: passes on good input, aborts with glibc's message on bad input. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int checked_div(int a, int b)
{
    assert(b != 0 && "divisor must be nonzero");
    return a / b;
}

static void check_sorted(const int *a, int n)
{
    for (int i = 1; i < n; i++)
        assert(a[i - 1] <= a[i]);
}

int main(int argc, char **argv)
{
    int vals[16];
    int n = 0;
    for (int i = 1; i < argc && n < 16; i++)
        vals[n++] = atoi(argv[i]);
    printf("got %d values\n", n);
    assert(n >= 0);
    if (n >= 2)
        printf("first / second = %d\n", checked_div(vals[0], vals[1]));
    fflush(stdout);
    check_sorted(vals, n);
    printf("sorted ok\n");
    assert(strlen("abc") == 3);
    return 0;
}
