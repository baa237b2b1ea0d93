/* char *argv[] usage: sort the arguments, print flags and positional ones. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int by_strcmp(const void *a, const void *b)
{
    const char *const *x = a;
    const char *const *y = b;
    return strcmp(*x, *y);
}

static int by_len(const void *a, const void *b)
{
    size_t x = strlen(*(char *const *)a), y = strlen(*(char *const *)b);
    return (x > y) - (x < y);
}

int main(int argc, char *argv[])
{
    int verbose = 0, reverse = 0, bylen = 0;
    char *pos[64];
    int npos = 0;
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-' && argv[i][1] != '\0') {
            for (char *f = argv[i] + 1; *f; f++) {
                switch (*f) {
                case 'v': verbose++; break;
                case 'r': reverse = 1; break;
                case 'l': bylen = 1; break;
                default:
                    fprintf(stderr, "unknown flag -%c\n", *f);
                    return 2;
                }
            }
        } else if (npos < 64) {
            pos[npos++] = argv[i];
        }
    }
    printf("argc=%d verbose=%d reverse=%d bylen=%d npos=%d\n", argc, verbose, reverse, bylen,
           npos);
    qsort(pos, (size_t)npos, sizeof pos[0], bylen ? by_len : by_strcmp);
    for (int i = 0; i < npos; i++) {
        int k = reverse ? npos - 1 - i : i;
        if (verbose)
            printf("%d: %s (%zu chars, first '%c')\n", i, pos[k], strlen(pos[k]),
                   pos[k][0] ? pos[k][0] : '-');
        else
            printf("%s\n", pos[k]);
    }
    /* argv is NULL-terminated */
    int count = 0;
    for (char **a = argv + 1; *a; a++)
        count++;
    printf("counted %d, argv[argc]==NULL: %d\n", count, argv[argc] == NULL);
    /* modify an argument string in place */
    if (npos > 0) {
        for (char *c = pos[0]; *c; c++)
            if (*c >= 'a' && *c <= 'z')
                *c = (char)(*c - 32);
        printf("upper first: %s\n", pos[0]);
    }
    return npos == 0 ? 1 : 0;
}
