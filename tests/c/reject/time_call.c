/* Seeds the generator from the clock. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(void)
{
    srand((unsigned)time(NULL)); // ~UNSUPPORTED unknown libc function time
    printf("%d\n", rand() % 6 + 1 > 0);
    return 0;
}
