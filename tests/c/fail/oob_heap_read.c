/* Sums a heap buffer using a length that counts the terminator it never copied. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long checksum(const char *buf, size_t len)
{
    long sum = 0;
    for (size_t i = 0; i < len; i++)
        sum += buf[i]; // ~ERROR out-of-bounds
    return sum;
}

int main(int argc, char **argv)
{
    const char *word = argc > 1 ? argv[1] : "overrun";
    size_t len = strlen(word);
    char *copy = malloc(len);
    memcpy(copy, word, len);
    printf("copied %zu bytes\n", len);
    printf("checksum %ld\n", checksum(copy, len + 1));
    free(copy);
    return 0;
}
