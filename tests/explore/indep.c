/* Independent branches: each flag adds its own term to the sum printed first; a last
   message depends on another comparison. */
#include <stdio.h>

int main(void) {
    int a, b, c, d, s = 0;
    if (scanf("%d %d %d %d", &a, &b, &c, &d) != 4)
        return 1;
    if (a > 0)
        s += 1;
    if (b > 10)
        s += 2;
    if (c == 3)
        s += 4;
    printf("%d\n", s);
    if (d < a)
        printf("d below a\n");
    return 0;
}
