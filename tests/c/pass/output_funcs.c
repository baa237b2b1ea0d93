/* puts, putchar, fputs, fputc, putc to stdout and stderr; return values. */
#include <stdio.h>
#include <stdlib.h>

static void box(int w, int h, char fill)
{
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            int edge = y == 0 || y == h - 1 || x == 0 || x == w - 1;
            putchar(edge ? '#' : fill);
        }
        putchar('\n');
    }
}

int main(int argc, char **argv)
{
    int w = argc > 1 ? atoi(argv[1]) : 6;
    int h = argc > 2 ? atoi(argv[2]) : 4;
    int r = puts("puts adds a newline");
    printf("puts returned nonnegative: %d\n", r >= 0);
    r = fputs("fputs does not", stdout);
    putchar('\n');
    printf("fputs returned nonnegative: %d\n", r >= 0);
    r = putchar('X');
    printf(" <- putchar returned %d\n", r);
    r = fputc('Y', stdout);
    putc('\n', stdout);
    printf("fputc returned %d\n", r);
    r = putchar(256 + 'A'); /* converted to unsigned char */
    printf(" <- putchar(256+'A') returned %d\n", r);
    fputs("to stderr via fputs\n", stderr);
    fputc('!', stderr);
    putc('\n', stderr);
    fprintf(stderr, "fprintf to stderr: w=%d h=%d\n", w, h);
    if (w < 2 || h < 2) {
        fprintf(stderr, "box too small\n");
        return 6;
    }
    box(w, h, argc > 3 ? argv[3][0] : '.');
    puts("");
    for (int i = 0; i < 3; i++)
        fputs(i % 2 ? "odd " : "even ", i % 2 ? stderr : stdout);
    fputc('\n', stdout);
    fputc('\n', stderr);
    fprintf(stdout, "fprintf to stdout %s\n", "works");
    return 0;
}
