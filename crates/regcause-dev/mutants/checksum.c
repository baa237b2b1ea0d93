/* checksum - a 16-bit checksum of each line of stdin, with the line's length. */
#include <stdio.h>

int main(void)
{
    int ch, len = 0;
    unsigned sum = 7;

    while ((ch = getchar()) != EOF) {
        if (ch == '\n') {
            printf("%04x %d\n", sum, len);
            sum = 7;
            len = 0;
            continue;
        }
        sum = (sum * 31 + (unsigned)ch) % 65521;
        len++;
    }
    return 0;
}
