/* Reads a line into a buffer too small for it. */
#include <stdio.h>

char *gets(char *s);

int main(void)
{
    char name[8];
    if (gets(name) != NULL) { // ~ERROR out-of-bounds
        printf("hello %s\n", name);
    }
    return 0;
}
