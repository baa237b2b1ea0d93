/* isort - sort the integers of stdin by insertion and print them in order. */
#include <stdio.h>

int main(void)
{
    int a[64];
    int n = 0, i, j, v;

    while (n < 64 && scanf("%d", &v) == 1) {
        a[n] = v;
        n++;
    }
    for (i = 1; i < n; i++) {
        v = a[i];
        j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
    for (i = 0; i < n; i++)
        printf("%d\n", a[i]);
    return 0;
}
