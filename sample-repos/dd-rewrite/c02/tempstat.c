/* tempstat: daily temperature statistics. Reads "day value" pairs from stdin (value
 * in tenths of a degree Celsius) and prints the coldest and warmest day, the mean,
 * the longest warming streak and, with -c, a chart of the days.
 * Usage: tempstat [-c] [-f]   (-f: Fahrenheit)
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DAYS 366

struct reading {
    int day;
    int value;
};

struct summary {
    int n;
    int lo, hi;
    int lo_day, hi_day;
    long total;
    int streak, streak_end;
};

static struct reading days[MAX_DAYS];
static int fahrenheit;

static int read_days(void)
{
    int n = 0, day, value;
    while (n < MAX_DAYS && scanf("%d %d", &day, &value) == 2) {
        days[n].day = day;
        days[n].value = value;
        n++;
    }
    return n;
}

static void summarise(const struct reading *r, int n, struct summary *s)
{
    s->n = n;
    s->lo = INT_MAX, s->lo_day = 0;
    s->hi = 0, s->hi_day = 0;
    s->total = 0, s->streak = 0, s->streak_end = 0;
    int run = 0;
    for (const struct reading *p = r; p < r + n; p++) {
        if (p->value < s->lo)
            s->lo = p->value, s->lo_day = p->day;
        if (p->value > s->hi)
            s->hi = p->value, s->hi_day = p->day;
        s->total += p->value;
        run = (p > r && p->value > p[-1].value) ? run + 1 : 1;
        if (run > s->streak)
            s->streak = run, s->streak_end = p->day;
    }
}

/* Prints tenths of a degree as "-1.5C" (or Fahrenheit with -f). */
static void print_temp(int tenths)
{
    if (fahrenheit)
        tenths = tenths * 9 / 5 + 320;
    int neg = tenths < 0;
    int a = neg ? -tenths : tenths;
    printf("%s%d.%d%c", neg ? "-" : "", a / 10, a % 10, fahrenheit ? 'F' : 'C');
}

static void chart(const struct reading *r, int n, int lo)
{
    for (int i = 0; i < n; i++) {
        printf("day %3d ", r[i].day);
        int bar = (r[i].value - lo) / 10;
        for (int j = 0; j <= bar && j < 40; j++)
            putchar('*');
        putchar(' ');
        print_temp(r[i].value);
        putchar('\n');
    }
}

int main(int argc, char **argv)
{
    int show_chart = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-c") == 0)
            show_chart = 1;
        else if (strcmp(argv[i], "-f") == 0)
            fahrenheit = 1;
        else {
            fprintf(stderr, "usage: tempstat [-c] [-f]\n");
            return 2;
        }
    }
    int n = read_days();
    if (n == 0) {
        fprintf(stderr, "tempstat: no readings\n");
        return 1;
    }
    struct summary s;
    summarise(days, n, &s);
    printf("days: %d\n", s.n);
    printf("coldest: day %d, ", s.lo_day);
    print_temp(s.lo);
    printf("\nwarmest: day %d, ", s.hi_day);
    print_temp(s.hi);
    printf("\nmean: ");
    print_temp((int)(s.total / s.n));
    printf("\nlongest warming streak: %d days, ending on day %d\n", s.streak, s.streak_end);
    if (show_chart)
        chart(days, n, s.lo);
    return 0;
}
