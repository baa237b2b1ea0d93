/* The classic student loop: `c` is compared before any read. */
#include <stdio.h>

int main(void)
{
    char c;
    int n = 0;
    while (c != '\n') { // ~WARNING uninitialised-read
        if (scanf("%c", &c) != 1)
            break;
        n++;
    }
    printf("read %d characters\n", n);
    return 0;
}
