/* A block from alloca ends with the function that asked for it. */
#include <alloca.h>
#include <stdio.h>
#include <string.h>

static char *label(const char *s)
{
    char *p = alloca(strlen(s) + 1);
    strcpy(p, s);
    return p;
}

int main(void)
{
    char *l = label("kept");
    printf("%c\n", l[0]); // ~ERROR use-after-free
    return 0;
}
