/* Static data: the printed value is a table entry no statement wrote, so the slice
   names the initialiser line of that entry (and of no other). */
#include <stdio.h>

static const int limits[4] = {
    10,
    20,
    35,
    40,
};
static int calls;

int main(void)
{
    int level;
    if (scanf("%d", &level) != 1 || level < 0 || level > 3)
        return 1;
    printf("%d %d\n", limits[level], calls);
    return 0;
}
