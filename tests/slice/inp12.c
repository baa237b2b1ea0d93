/* The inp1/inp2 example of the DARWIN section: x depends on the first branch only, so
   the relevant slice condition of output x has no constraint on inp2. */
#include <stdio.h>

int main(void)
{
    int inp1, inp2, x, y;
    if (scanf("%d %d", &inp1, &inp2) != 2)
        return 1;
    if (inp1 > 0)
        x = inp1;
    else
        x = -inp1;
    if (inp2 > 0)
        y = inp2;
    else
        y = -inp2;
    printf("%d\n", x);
    printf("%d\n", y);
    return 0;
}
