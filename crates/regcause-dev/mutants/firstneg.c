/* firstneg - for each line of numbers on stdin, the position of its first negative
   number (from 1), or 0 when there is none, and the sum of the numbers before it. */
#include <stdio.h>

int main(void)
{
    int v[32];
    int n, i, at;
    long before;

    while (scanf("%d", &n) == 1 && n > 0 && n <= 32) {
        for (i = 0; i < n; i++)
            if (scanf("%d", &v[i]) != 1)
                return 1;
        at = 0;
        before = 0;
        for (i = 0; i < n; i++) {
            if (v[i] < 0) {
                at = i + 1;
                break;
            }
            before += v[i];
        }
        printf("first negative %d after sum %ld\n", at, before);
    }
    return 0;
}
