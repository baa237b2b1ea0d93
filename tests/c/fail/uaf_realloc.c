/* Keeps a pointer into a buffer across a realloc that moves it, then writes through it. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int cap = 2, len = 0;
    int *data = malloc(sizeof(int) * (size_t)cap);
    int *first = data;
    for (int v = 1; v <= 5; v++) {
        if (len == cap) {
            cap *= 8;
            data = realloc(data, sizeof(int) * (size_t)cap);
        }
        data[len++] = v;
    }
    printf("stored %d values\n", len);
    *first = 100; // ~ERROR use-after-free
    printf("first %d\n", data[0]);
    free(data);
    return 0;
}
