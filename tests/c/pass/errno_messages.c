/* errno as the library sets it, strerror's glibc messages and perror. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *num = argc > 1 ? argv[1] : "12";
    errno = 0;
    long v = strtol(num, NULL, 10);
    printf("strtol(%s) = %ld, errno %d (%s)\n", num, v, errno, errno == ERANGE ? "ERANGE" : "-");
    errno = 0;
    unsigned long long u = strtoull("99999999999999999999999", NULL, 10);
    printf("strtoull overflow %llu errno %d\n", u, errno);
    errno = 0;
    int a = atoi("123");
    printf("atoi %d errno %d\n", a, errno);
    errno = 0;
    double d = strtod("1e999", NULL);
    printf("strtod %g errno %d\n", d, errno);
    errno = 0;
    d = strtod("1e-999", NULL);
    printf("strtod tiny %g errno %d\n", d, errno);
    errno = 0;
    strtol("10", NULL, 99);
    printf("bad base errno %d\n", errno);

    const char *path = argc > 2 ? argv[2] : "no-such-file.txt";
    errno = 0;
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        int e = errno;
        printf("fopen failed: errno %d %s\n", e, e == ENOENT ? "ENOENT" : "?");
        perror(path);
        perror("");
        perror(NULL);
        errno = e;
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
    } else {
        fclose(f);
    }
    int codes[] = {0, 1, 2, 9, 12, 13, 17, 21, 22, 28, 34, 41, 84, 133, 134, 200, -1};
    for (unsigned i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        printf("%d: %s\n", codes[i], strerror(codes[i]));
    }
    /* The message of a known value is a fixed string: two calls give the same one. */
    printf("same pointer %d\n", strerror(2) == strerror(2));
    errno = EDOM;
    perror("math");
    int *ep = &errno;
    *ep = 0;
    printf("errno through a pointer %d\n", errno);
    return 0;
}
