/* Over-aligns a struct type, which changes its size. */
#include <stdio.h>

struct slot {
    int key;
} __attribute__((aligned(16))); // ~UNSUPPORTED attribute aligned

int main(void)
{
    struct slot s[2];
    printf("%zu\n", sizeof s);
    return 0;
}
