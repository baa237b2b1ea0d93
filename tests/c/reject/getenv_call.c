/* Reads the user's home directory from the environment. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    const char *home = getenv("HOME"); // ~UNSUPPORTED unknown libc function getenv
    printf("%s\n", home ? "set" : "unset");
    return 0;
}
