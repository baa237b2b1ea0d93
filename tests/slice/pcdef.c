/* The path-condition definition: an assignment between input and branch shows in
   the condition (the branch tests x after x = x * 2 + y). */
#include <stdio.h>

int main(void)
{
    int x, y;
    if (scanf("%d %d", &x, &y) != 2)
        return 1;
    x = x * 2 + y;
    if (x > 10)
        printf("big\n");
    else
        printf("small\n");
    return 0;
}
