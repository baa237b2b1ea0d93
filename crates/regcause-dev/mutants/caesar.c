/* caesar - shift the letters of stdin by K places (argv[1]), keeping case. */
#include <stdio.h>
#include <stdlib.h>

static int shift(int c, int k, int base)
{
    return base + (c - base + k) % 26;
}

int main(int argc, char **argv)
{
    int k, ch;

    if (argc != 2)
        return 2;
    k = atoi(argv[1]) % 26;
    if (k < 0)
        k += 26;
    while ((ch = getchar()) != EOF) {
        if (ch >= 'a' && ch <= 'z')
            ch = shift(ch, k, 'a');
        else if (ch >= 'A' && ch <= 'Z')
            ch = shift(ch, k, 'A');
        putchar(ch);
    }
    return 0;
}
