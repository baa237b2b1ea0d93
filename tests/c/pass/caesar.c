/* Character arithmetic: a Caesar/ROT cipher over stdin, with counts per class. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

static char shift_char(char c, int k)
{
    if (c >= 'a' && c <= 'z')
        return (char)('a' + (c - 'a' + k) % 26);
    if (c >= 'A' && c <= 'Z')
        return (char)('A' + (c - 'A' + k) % 26);
    if (c >= '0' && c <= '9')
        return (char)('0' + (c - '0' + k) % 10);
    return c;
}

int main(int argc, char **argv)
{
    int k = argc > 1 ? atoi(argv[1]) : 13;
    int decode = argc > 2 && argv[2][0] == 'd';
    k %= 26;
    if (k < 0)
        k += 26;
    if (decode)
        k = (26 - k) % 26;
    int ch;
    long letters = 0, digits = 0, others = 0;
    unsigned checksum = 0;
    while ((ch = getchar()) != EOF) {
        char c = (char)ch;
        char out = shift_char(c, c >= '0' && c <= '9' ? k % 10 : k);
        if (isalpha((unsigned char)c))
            letters++;
        else if (isdigit((unsigned char)c))
            digits++;
        else
            others++;
        checksum = checksum * 31 + (unsigned char)out;
        putchar(out);
    }
    printf("\nletters=%ld digits=%ld others=%ld checksum=%u\n", letters, digits, others,
           checksum);
    return 0;
}
