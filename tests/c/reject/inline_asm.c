/* Uses inline assembly for a no-op barrier. */
#include <stdio.h>

int main(void)
{
    int x = 41;
    __asm__ volatile("" ::: "memory"); // ~UNSUPPORTED inline asm
    x++;
    printf("%d\n", x);
    return 0;
}
