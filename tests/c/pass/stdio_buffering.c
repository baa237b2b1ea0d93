/* stdout's buffering modes as setvbuf, setbuf, setbuffer and setlinebuf set them: which
   bytes leave before a write(1, ...) marker and what an abort() or _Exit() loses. Also
   strsep and isblank, which line-reading test code uses. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char given[300];
static char big[BUFSIZ];

static void mark(const char *m)
{
    write(1, m, strlen(m));
}

/* Writes of many sizes, with and without newlines, each followed by a marker. */
static void exercise(void)
{
    printf("one line\n");
    mark("[a]");
    printf("no newline");
    mark("[b]");
    fputs("two\nlines and a tail", stdout);
    mark("[c]");
    for (int i = 0; i < 70; i++)
        printf("%03d:abcdefgh|", i);
    mark("[d]");
    putchar('x');
    putchar('\n');
    mark("[e]");
    char chunk[5000];
    memset(chunk, 'y', sizeof chunk - 1);
    chunk[sizeof chunk - 1] = 0;
    chunk[4500] = '\n';
    fputs(chunk, stdout);
    mark("[f]");
    printf("last words");
}

static void tokens(void)
{
    char line[] = "alpha,beta,,gamma\tdelta";
    char *p = line, *t;
    int n = 0;
    while ((t = strsep(&p, ",\t")) != NULL)
        printf("token %d: '%s' rest %s\n", n++, t, p ? p : "(null)");
    char *none = NULL;
    printf("strsep on NULL: %p\n", (void *)strsep(&none, ","));
    int blanks = 0;
    for (int c = -1; c < 256; c++)
        blanks += isblank(c) != 0;
    printf("isblank: %d characters, ' ' %d, '\\t' %d, '\\n' %d\n", blanks, isblank(' ') != 0,
           isblank('\t') != 0, isblank('\n') != 0);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "default";
    const char *end = argc > 2 ? argv[2] : "return";
    int r = 0;
    if (strcmp(mode, "none") == 0)
        r = setvbuf(stdout, NULL, _IONBF, 0);
    else if (strcmp(mode, "line") == 0)
        r = setvbuf(stdout, NULL, _IOLBF, 0);
    else if (strcmp(mode, "full") == 0)
        r = setvbuf(stdout, NULL, _IOFBF, 100);
    else if (strcmp(mode, "given") == 0)
        r = setvbuf(stdout, given, _IOFBF, sizeof given);
    else if (strcmp(mode, "small") == 0)
        r = setvbuf(stdout, given, _IOFBF, 130);
    else if (strcmp(mode, "given-line") == 0)
        r = setvbuf(stdout, given, _IOLBF, sizeof given);
    else if (strcmp(mode, "setbuf") == 0)
        setbuf(stdout, big);
    else if (strcmp(mode, "setbuf-null") == 0)
        setbuf(stdout, NULL);
    else if (strcmp(mode, "setbuffer") == 0)
        setbuffer(stdout, given, 200);
    else if (strcmp(mode, "linebuf") == 0)
        setlinebuf(stdout);
    else if (strcmp(mode, "bad") == 0) {
        r = setvbuf(stdout, NULL, 7, 0);
        fprintf(stderr, "bad mode: %d\n", r);
    } else if (strcmp(mode, "late") == 0) {
        printf("before the change");
        setvbuf(stdout, NULL, _IONBF, 0);
        mark("[late]");
    } else if (strcmp(mode, "stderr") == 0) {
        r = setvbuf(stderr, NULL, _IONBF, 0);
        fprintf(stderr, "stderr stays unbuffered\n");
    } else if (strcmp(mode, "tokens") == 0) {
        tokens();
    }
    fprintf(stderr, "setvbuf: %d\n", r);
    exercise();
    if (strcmp(end, "abort") == 0)
        abort();
    if (strcmp(end, "_Exit") == 0)
        _Exit(3);
    if (strcmp(end, "_exit") == 0)
        _exit(4);
    if (strcmp(end, "exit") == 0)
        exit(5);
    return 0;
}
