/* Integer division and remainder: truncation toward zero, negatives, div/ldiv, abs. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: int_division A B\n");
        return 1;
    }
    long a = atol(argv[1]);
    long b = atol(argv[2]);
    if (b == 0) {
        fprintf(stderr, "division by zero refused\n");
        exit(3);
    }
    int ia = (int)a, ib = (int)b;
    printf("int: %d / %d = %d, %d %% %d = %d\n", ia, ib, ia / ib, ia, ib, ia % ib);
    printf("long: %ld / %ld = %ld, rem %ld\n", a, b, a / b, a % b);
    div_t d = div(ia, ib);
    ldiv_t ld = ldiv(a, b);
    printf("div: quot=%d rem=%d; ldiv: quot=%ld rem=%ld\n", d.quot, d.rem, ld.quot, ld.rem);
    printf("identity holds: %d\n", (a / b) * b + a % b == a);
    unsigned ua = (unsigned)ia, ub = (unsigned)ib;
    printf("unsigned: %u / %u = %u, rem %u\n", ua, ub, ua / ub, ua % ub);
    printf("abs(%d)=%d labs(%ld)=%ld llabs=%lld\n", ia, abs(ia), b, labs(b), llabs((long long)a * 3));
    /* floor division built from truncating division */
    long q = a / b, r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) {
        q--;
        r += b;
    }
    printf("floor: q=%ld r=%ld\n", q, r);
    printf("INT_MIN / 2 = %d, INT_MIN %% 3 = %d, INT_MAX / -1 = %d\n", INT_MIN / 2, INT_MIN % 3,
           INT_MAX / -1);
    printf("LLONG_MIN / 10 = %lld, LLONG_MIN %% 10 = %lld\n", LLONG_MIN / 10, LLONG_MIN % 10);
    printf("short/char: %d %d\n", (short)-7 / (short)2, (signed char)-7 % (signed char)2);
    return a < 0 ? 4 : 0;
}
