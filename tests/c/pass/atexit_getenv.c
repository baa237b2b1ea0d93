/* atexit handlers run in reverse order at exit() and at return from main, before
   stdout is flushed; getenv of a variable the test does not set is NULL. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int counter;

static void first(void)
{
    printf("first handler, counter %d\n", counter);
}

static void second(void)
{
    counter++;
    printf("second handler, counter %d\n", counter);
    fprintf(stderr, "second handler on stderr\n");
}

static void nested_exit(void)
{
    printf("handler calling exit(9)\n");
    exit(9);
}

int main(int argc, char **argv)
{
    const char *v = getenv("REGCAUSE_TEST_SURELY_UNSET_VARIABLE");
    printf("getenv: %s\n", v ? v : "(null)");
    printf("atexit %d\n", atexit(first));
    printf("atexit %d\n", atexit(second));
    atexit(second);
    const char *how = argc > 1 ? argv[1] : "return";
    if (strcmp(how, "nested") == 0) {
        atexit(nested_exit);
    }
    printf("main done, leaving by %s", how);
    if (strcmp(how, "exit") == 0 || strcmp(how, "nested") == 0) {
        exit(3);
    }
    if (strcmp(how, "abort") == 0) {
        abort();
    }
    return 4;
}
