/* read/write/isatty on the standard streams: write(1) bypasses stdout's buffer, so
   its bytes come out before earlier printf output that is still buffered. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    int chunk = argc > 1 ? argv[1][0] - '0' : 4;
    printf("buffered line 1\n");
    write(STDOUT_FILENO, "direct A\n", 9);
    printf("buffered line 2\n");
    fflush(stdout);
    write(1, "direct B\n", 9);
    write(2, "to stderr\n", 10);
    char buf[16];
    long total = 0;
    unsigned sum = 0;
    ssize_t n;
    while ((n = read(STDIN_FILENO, buf, chunk)) > 0) {
        total += n;
        for (ssize_t i = 0; i < n; i++) {
            sum = sum * 31 + (unsigned char)buf[i];
        }
    }
    printf("read %ld bytes, last %ld, hash %u\n", total, (long)n, sum);
    errno = 0;
    printf("isatty %d %d %d errno %d\n", isatty(0), isatty(1), isatty(2), errno);
    errno = 0;
    printf("bad fd: write %ld errno %d, read %ld errno %d\n", (long)write(7, "x", 1), errno,
           (long)read(9, buf, 1), errno);
    printf("end\n");
    return 0;
}
