/*
 * wf - count the words of standard input.
 *
 * usage: wf [-i] [-c] [-d] [-n N]
 *   -i    fold case
 *   -c    sort by count (default: alphabetical)
 *   -d    digits are part of words
 *   -n N  print only the first N words
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "wf.h"

static struct table words;

static void usage(void)
{
    fprintf(stderr, "usage: wf [-i] [-c] [-d] [-n N]\n");
    exit(2);
}

int main(int argc, char **argv)
{
    char line[LINE_MAX_];
    char word[WORD_MAX];
    int flags = 0;
    int limit = 0;
    int opt;

    while ((opt = getopt(argc, argv, "icdn:")) != -1) {
        switch (opt) {
        case 'i':
            flags |= WF_FOLD;
            break;
        case 'c':
            flags |= WF_COUNT;
            break;
        case 'd':
            flags |= WF_DIGITS;
            break;
        case 'n':
            limit = atoi(optarg);
            break;
        default:
            usage();
        }
    }
    table_init(&words);
    while (fgets(line, sizeof line, stdin) != NULL) {
        size_t pos = 0;
        while (next_word(line, &pos, word, flags))
            table_add(&words, word);
    }
    table_sort(&words, flags);
    print_table(&words, flags, limit);
    return 0;
}
