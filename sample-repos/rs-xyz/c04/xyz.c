/*
 * xyz - pick an output value from three integer inputs.
 *
 * Reads triples "x y z" from standard input until end of input.  For each
 * it prints which class the square of z falls in, then the selected value
 * `out`.  The value of out is b, which is either its default or a, the
 * larger of x and y, depending on whether x and y together are large
 * enough.  A final line counts the triples read.
 *
 * Options:
 *   -q   quiet: do not print the class of z
 *   -n   do not print the final count
 */
#include <stdio.h>
#include <string.h>

#define DEFAULT_OUT 2
#define SUM_LIMIT 10

/* The larger of the two inputs; on a tie, y. */
static int larger(int x, int y)
{
    int a;

    if (x - y > 1)
        a = x;
    else
        a = y;
    return a;
}

static int select_out(int x, int y)
{
    int b = DEFAULT_OUT;

    if (x + y > SUM_LIMIT)
        b = larger(x, y);
    return b;
}

static void classify_z(int z)
{
    if (z * z > 3)
        printf("square(z) > 3\n");
    else
        printf("square(z) <= 3\n");
}

int main(int argc, char **argv)
{
    int x, y, z;   /* input variables */
    int quiet = 0;
    int no_count = 0;
    int count = 0;
    int i;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-q") == 0)
            quiet = 1;
        else if (strcmp(argv[i], "-n") == 0)
            no_count = 1;
        else
            printf("ignoring unknown option %s\n", argv[i]);
    }
    while (scanf("%d %d %d", &x, &y, &z) == 3) {
        if (!quiet)
            classify_z(z);
        printf("out = %d\n", select_out(x, y));
        count++;
    }
    if (!no_count)
        printf("%d triple(s)\n", count);
    return 0;
}
