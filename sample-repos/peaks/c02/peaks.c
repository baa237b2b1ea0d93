/*
 * peaks - read N readings and print every strict local peak, then how many.
 */
#include <stdio.h>

#define N 6

int main(void)
{
    int v[N];
    int i, peaks = 0;

    for (i = 0; i < N; i++)
        if (scanf("%d", &v[i]) != 1)
            return 1;
    for (i = 0; i < N; i++) {
        int next = v[i + 1];

        if (i > 0 && i + 1 < N && v[i] >= v[i - 1] && v[i] > next) {
            printf("peak %d at %d\n", v[i], i);
            peaks++;
        }
    }
    printf("%d peaks\n", peaks);
    return 0;
}
