/* The program's own definitions of library names win over the library, whether
   regcause models the name (strdup) or not (system). */
#include <stdio.h>
#include <string.h>

int system(const char *command)
{
    printf("own system(%s)\n", command);
    return 7;
}

char *strdup(const char *s)
{
    static char buf[64];
    size_t n = strlen(s);
    if (n >= sizeof buf)
        n = sizeof buf - 1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    buf[0] = 'S';
    return buf;
}

int main(void)
{
    printf("%d\n", system("ls"));
    printf("%s\n", strdup("strdup"));
    return 0;
}
