/* wordlen - a histogram of the word lengths of stdin (1 to 9, longer words count as 9). */
#include <stdio.h>

int main(void)
{
    int count[10] = { 0 };
    int ch, len = 0, k;

    while ((ch = getchar()) != EOF) {
        if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')) {
            len++;
        } else if (len > 0) {
            count[len > 9 ? 9 : len]++;
            len = 0;
        }
    }
    if (len > 0)
        count[len > 9 ? 9 : len]++;
    for (k = 1; k <= 9; k++)
        if (count[k] > 0)
            printf("%d: %d\n", k, count[k]);
    return 0;
}
