/*
 * temps - summarise temperature readings.
 *
 * Usage: temps [-h] [-k] [-f]
 *   -h   print this usage and exit
 *   -k   also print the extremes in kelvin
 *   -f   also count the readings below freezing
 *
 * Input: readings in tenths of a degree Celsius (-35 is -3.5 C),
 * separated by blanks or newlines.  Output: the number of readings, the
 * lowest and the highest.
 */
#include <stdio.h>
#include <string.h>

#define MAX_READINGS 100
#define KELVIN_OFFSET 2732   /* 0 C in tenths of a kelvin, rounded */

/* Smallest element of a[0..n-1], n >= 1. */
static int min_of(const int *a, int n)
{
    int best = a[0];
    int i;

    for (i = 1; i < n; i++)
        if (a[i] < best)
            best = a[i];
    return best;
}

/* Largest element of a[0..n-1], n >= 1. */
static int max_of(const int *a, int n)
{
    int best = 0;
    int i;

    for (i = 0; i < n; i++)
        if (a[i] > best)
            best = a[i];
    return best;
}

/* Prints tenths as a decimal number: -35 as -3.5. */
static void print_tenths(int v)
{
    if (v < 0) {
        putchar('-');
        v = -v;
    }
    printf("%d.%d", v / 10, v % 10);
}

/* Prints one extreme, given in tenths of a degree Celsius. */
static void print_extreme(const char *label, int celsius_tenths, int show_kelvin)
{
    printf("%s: ", label);
    print_tenths(celsius_tenths);
    printf(" C");
    if (show_kelvin) {
        printf(" (");
        print_tenths(celsius_tenths + KELVIN_OFFSET);
        printf(" K)");
    }
    printf("\n");
}

int main(int argc, char **argv)
{
    int readings[MAX_READINGS];   /* tenths of a degree Celsius */
    int n = 0;
    int show_kelvin = 0, show_frost = 0;
    int frost = 0;
    int i;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-k") == 0)
            show_kelvin = 1;
        else if (strcmp(argv[i], "-f") == 0)
            show_frost = 1;
        else {
            printf("usage: temps [-h] [-k] [-f] < readings\n");
            return 0;
        }
    }
    while (n < MAX_READINGS && scanf("%d", &readings[n]) == 1) {
        if (readings[n] < 0)
            frost++;
        n++;
    }
    if (n == 0) {
        printf("no readings\n");
        return 0;
    }
    printf("readings: %d\n", n);
    print_extreme("min", min_of(readings, n), show_kelvin);
    print_extreme("max", max_of(readings, n), show_kelvin);
    if (show_frost)
        printf("below freezing: %d\n", frost);
    return 0;
}
