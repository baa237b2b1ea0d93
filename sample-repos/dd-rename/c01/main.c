/* wfreq: counts the words of stdin (letters only, case folded) and prints the most
 * frequent ones.
 * Usage: wfreq [-n TOP] [-m MINLEN]
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "table.h"

/* Reads the next word (letters, lower-cased) into buf; 0 at end of input. */
static int read_word(char *buf, int max)
{
    int c, n = 0;
    while ((c = getchar()) != EOF && !isalpha(c))
        ;
    if (c == EOF)
        return 0;
    do {
        if (n < max - 1)
            buf[n++] = (char)tolower(c);
    } while ((c = getchar()) != EOF && isalpha(c));
    buf[n] = '\0';
    return n;
}

static void usage(void)
{
    fprintf(stderr, "usage: wfreq [-n TOP] [-m MINLEN]\n");
    exit(2);
}

int main(int argc, char **argv)
{
    int top = 5, minlen = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc)
            top = atoi(argv[++i]);
        else if (strcmp(argv[i], "-m") == 0 && i + 1 < argc)
            minlen = atoi(argv[++i]);
        else
            usage();
    }
    struct table words;
    char w[KEY_MAX];
    int len, skipped = 0;
    tab_init(&words);
    while ((len = read_word(w, sizeof w)) > 0) {
        if (len < minlen) {
            skipped++;
            continue;
        }
        tab_add(&words, w);
    }
    tab_sort(&words);
    printf("%d words, %d distinct, %d skipped\n", tab_total(&words), words.n, skipped);
    for (int i = 0; i < top && i < words.n; i++)
        printf("%4d %s\n", words.items[i].hits, words.items[i].key);
    tab_free(&words);
    return 0;
}
