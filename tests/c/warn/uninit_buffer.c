/* An array element never written, then a string printed past its one written byte. */
#include <stdio.h>

int main(void)
{
    int totals[4];
    totals[0] = 5;
    totals[1] = 7;
    int sum = 0;
    for (int i = 0; i < 3; i++)
        sum += totals[i]; // ~WARNING uninitialised-read
    printf("sum %d\n", sum);
    char name[6];
    name[0] = 'x';
    printf("[%s]\n", name); // ~WARNING uninitialised-read
    return 0;
}
