/* fgets loop on stdin with a small buffer: long lines arrive in pieces; number, strip, reverse. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXL 100

int main(int argc, char **argv)
{
    int bufsize = argc > 1 ? atoi(argv[1]) : 16;
    if (bufsize < 2 || bufsize > 256)
        bufsize = 16;
    char buf[256];
    char *lines[MAXL];
    int nlines = 0, pieces = 0;
    char acc[1024];
    size_t acclen = 0;
    acc[0] = '\0';
    while (fgets(buf, bufsize, stdin) != NULL) {
        pieces++;
        size_t n = strlen(buf);
        if (acclen + n < sizeof acc) {
            memcpy(acc + acclen, buf, n + 1);
            acclen += n;
        }
        if (n > 0 && buf[n - 1] == '\n') {
            acc[--acclen] = '\0';
            if (acclen > 0 && acc[acclen - 1] == '\r')
                acc[--acclen] = '\0';
            if (nlines < MAXL)
                lines[nlines++] = strdup(acc);
            acclen = 0;
            acc[0] = '\0';
        }
    }
    if (acclen > 0 && nlines < MAXL)
        lines[nlines++] = strdup(acc);
    printf("%d lines in %d fgets pieces (buffer %d)\n", nlines, pieces, bufsize);
    for (int i = nlines - 1; i >= 0; i--) {
        printf("%3d|%s|%zu\n", i + 1, lines[i], strlen(lines[i]));
        free(lines[i]);
    }
    printf("feof=%d ferror=%d\n", feof(stdin) != 0, ferror(stdin) != 0);
    /* fgets after EOF returns NULL again */
    printf("again: %s\n", fgets(buf, bufsize, stdin) ? "data" : "NULL");
    return 0;
}
