/* Changes the environment of the run. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    setenv("MODE", "fast", 1);
    printf("%s\n", getenv("MODE"));
    return 0;
}
