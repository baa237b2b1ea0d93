/* A loop bounded by an input (at most four rounds); the sum depends on the count, a
   separate flag only changes a message. */
#include <stdio.h>

int main(void) {
    int n, flag, i, sum = 0;
    if (scanf("%d %d", &n, &flag) != 2)
        return 1;
    for (i = 0; i < n && i < 4; i++)
        sum += i + 1;
    if (flag)
        printf("flag set\n");
    printf("sum %d\n", sum);
    return 0;
}
