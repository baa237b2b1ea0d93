/* Changes the environment: the controlled environment is read-only (getenv only). */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    setenv("MODE", "fast", 1); // ~UNSUPPORTED unknown libc function setenv
    printf("%s\n", getenv("MODE"));
    return 0;
}
