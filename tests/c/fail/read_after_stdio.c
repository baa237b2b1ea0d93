/* Mixing getchar and read(0): which bytes read() sees depends on stdio's buffer. */
#include <stdio.h>
#include <unistd.h>

int main(void)
{
    int c = getchar();
    char buf[8];
    long n = read(0, buf, sizeof buf); // ~ERROR unsupported
    printf("%c %ld\n", c, n);
    return 0;
}
