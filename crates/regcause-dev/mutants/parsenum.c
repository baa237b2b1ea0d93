/* parsenum - parse signed decimal numbers from stdin by hand; print each, the sum and the count. */
#include <stdio.h>

int main(void)
{
    int ch, sign = 1, in = 0, count = 0;
    long value = 0, sum = 0;

    while ((ch = getchar()) != EOF) {
        if (ch == '-' && !in) {
            sign = -1;
        } else if (ch >= '0' && ch <= '9') {
            value = value * 10 + (ch - '0');
            in = 1;
        } else {
            if (in) {
                printf("%ld\n", sign * value);
                sum += sign * value;
                count++;
            }
            value = 0;
            sign = 1;
            in = 0;
        }
    }
    printf("sum %ld count %d\n", sum, count);
    return 0;
}
