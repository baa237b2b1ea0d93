/* rle - run-length encode stdin: each run as COUNT then the character. */
#include <stdio.h>

int main(void)
{
    int ch, prev = EOF, run = 0;

    while ((ch = getchar()) != EOF) {
        if (ch == prev) {
            run++;
            continue;
        }
        if (run > 0)
            printf("%d%c", run, prev);
        prev = ch;
        run = 1;
    }
    if (run > 0)
        printf("%d%c", run, prev);
    return 0;
}
