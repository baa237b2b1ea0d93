/* Allocates a scratch buffer on the stack with alloca. */
#include <alloca.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? strlen(argv[1]) + 1 : 8;
    char *tmp = alloca(n); // ~UNSUPPORTED alloca
    memset(tmp, 'x', n - 1);
    tmp[n - 1] = '\0';
    printf("%s\n", tmp);
    return 0;
}
