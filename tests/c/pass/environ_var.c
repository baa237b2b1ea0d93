/* `extern char **environ` holds exactly the run's environment, in order, and follows
   setenv/unsetenv. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern char **environ;

static void dump(const char *when)
{
    int n = 0;
    printf("%s:\n", when);
    for (char **e = environ; *e; e++, n++)
        printf("  [%s]\n", *e);
    printf("  %d entries\n", n);
}

int main(int argc, char **argv, char **envp)
{
    (void)argc;
    (void)argv;
    int same = 1;
    for (int i = 0; envp[i] || environ[i]; i++)
        if (!envp[i] || !environ[i] || strcmp(envp[i], environ[i]) != 0)
            same = 0;
    printf("environ matches envp: %d\n", same);
    dump("start");
    setenv("ADDED", "yes", 1);
    unsetenv("B");
    dump("after setenv/unsetenv");
    return 0;
}
