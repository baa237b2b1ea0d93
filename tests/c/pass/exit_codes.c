/* Exit statuses: return from main, exit() from a nested call, EXIT_FAILURE, output flushed
   at exit, negative and large codes truncated to 8 bits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail_deep(int depth, int code)
{
    if (code == 0) {
        printf("code 0: nothing to do\n");
        return;
    }
    if (depth > 0) {
        fail_deep(depth - 1, code);
        printf("not reached\n");
        return;
    }
    printf("exiting with %d from the bottom\n", code);
    fprintf(stderr, "error: giving up (%d)\n", code);
    exit(code);
}

int main(int argc, char **argv)
{
    printf("start with %d args\n", argc - 1);
    if (argc < 2)
        return EXIT_FAILURE;
    const char *mode = argv[1];
    int code = argc > 2 ? atoi(argv[2]) : 0;
    if (strcmp(mode, "return") == 0) {
        printf("returning %d\n", code);
        return code;
    }
    if (strcmp(mode, "exit") == 0)
        fail_deep(5, code);
    if (strcmp(mode, "success") == 0) {
        printf("buffered line without newline");
        exit(EXIT_SUCCESS);
    }
    if (strcmp(mode, "abort") == 0) {
        printf("about to abort\n");
        fflush(stdout);
        abort();
    }
    fprintf(stderr, "unknown mode %s\n", mode);
    return 3;
}
