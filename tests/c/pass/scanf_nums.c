/* scanf on stdin: mixed conversions, return counts, stopping at bad input and EOF. */
#include <stdio.h>

int main(void)
{
    int n, r;
    r = scanf("%d", &n);
    if (r != 1) {
        printf("no count (r=%d)\n", r);
        return r == EOF ? 7 : 8;
    }
    printf("count=%d\n", n);
    long total = 0;
    double dsum = 0;
    for (int i = 0; i < n; i++) {
        long a;
        unsigned u;
        unsigned x;
        double f;
        float g;
        char word[32];
        char c;
        r = scanf("%ld %u %x %lf %f %31s %c", &a, &u, &x, &f, &g, word, &c);
        if (r != 7) {
            printf("record %d: only %d fields\n", i, r);
            if (r == EOF)
                break;
            /* skip the rest of the line */
            int ch;
            while ((ch = getchar()) != '\n' && ch != EOF)
                ;
            continue;
        }
        total += a + (long)u + (long)x;
        dsum += f + g;
        printf("record %d: a=%ld u=%u x=%#x f=%.4f g=%.3f word=%s c=%c\n", i, a, u, x, f, g, word,
               c);
    }
    printf("total=%ld dsum=%.4f\n", total, dsum);
    int a, b;
    r = scanf(" sum %d + %d", &a, &b);
    printf("literal match r=%d", r);
    if (r == 2)
        printf(" -> %d", a + b);
    printf("\n");
    r = scanf("%d", &a);
    printf("final r=%d\n", r);
    return 0;
}
