#include <stdio.h>
#include "levels.h"

/* Reads fill levels in percent, one per line, and draws each as a bar of up
 * to ten marks; levels outside 0..LEVEL_MAX are clamped. */
int main(void)
{
    int v;
    int n = 0;

    while (scanf("%d", &v) == 1) {
        int p = CLAMP(v, 0, LEVEL_MAX);
        printf("%3d%% %.*s\n", p, p / 10, "##########");
        n++;
    }
    printf("%d level(s)\n", n);
    return 0;
}
