/* long double: values in 16-byte memory slots, `ld` statements on their addresses
   (arithmetic, conversions from and to scalars, comparisons, negation). */
long double twice(long double x) { return x + x; }

int main(void) {
    long double a = 1.5L;
    int n = 3;
    long double b = a * n;
    b = -twice(b);
    if (b < a)
        n = (int)b;
    return n + 10;
}
