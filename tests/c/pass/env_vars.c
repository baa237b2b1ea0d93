/* The environment of the run: getenv of variables the test sets, setenv with and
   without overwrite, unsetenv, putenv sharing the program's own string, and the
   errors of invalid names. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void show(const char *name)
{
    const char *v = getenv(name);
    printf("%s=%s\n", name, v ? v : "(unset)");
}

int main(int argc, char **argv)
{
    show("HOME");
    show("MODE");
    show("EMPTY");
    show("EQ");
    printf("setenv MODE keep: %d\n", setenv("MODE", "slow", 0));
    show("MODE");
    printf("setenv MODE overwrite: %d\n", setenv("MODE", "fast", 1));
    show("MODE");
    const char *before = getenv("MODE");
    setenv("OTHER", "x", 1);
    printf("same pointer after another setenv: %d\n", before == getenv("MODE"));
    printf("unsetenv MODE: %d\n", unsetenv("MODE"));
    show("MODE");
    printf("unsetenv missing: %d\n", unsetenv("NEVER_SET"));
    errno = 0;
    int r = setenv("A=B", "v", 1);
    printf("setenv with '=': %d errno %d\n", r, errno);
    errno = 0;
    r = setenv("", "v", 1);
    printf("setenv empty name: %d errno %d\n", r, errno);
    errno = 0;
    r = unsetenv("A=B");
    printf("unsetenv with '=': %d errno %d\n", r, errno);

    static char own[32] = "PUT=first";
    printf("putenv: %d\n", putenv(own));
    show("PUT");
    strcpy(own + 4, "second");
    show("PUT");
    static char remove_it[] = "PUT";
    printf("putenv without '=': %d\n", putenv(remove_it));
    show("PUT");
    if (argc > 1) {
        show(argv[1]);
    }
    return 0;
}
