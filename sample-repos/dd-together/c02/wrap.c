/* wrap: fills the paragraphs of its standard input to a line width.
 * Usage: wrap [-w WIDTH] [-n]
 *   -w WIDTH  line width (default 60, at most 78)
 *   -n        number the output lines (right-aligned, three digits)
 * Paragraphs are separated by blank lines; words longer than the width are
 * put on a line of their own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define LINE_BUF 80
#define WORD_MAX 64

struct line {
    char text[LINE_BUF];
    int len;
    int cap;
};

static int number_lines;
static int lines_out;

/* A line holds at most width characters: size it to the width. */
static void line_init(struct line *l, int width)
{
    l->len = 0;
    l->cap = width + 1;
    l->text[0] = '\0';
}

static void line_emit(struct line *l)
{
    if (l->len == 0)
        return;
    lines_out++;
    if (number_lines)
        printf("%3d  ", lines_out);
    printf("%s\n", l->text);
    l->len = 0;
    l->text[0] = '\0';
}

/* Whether a word of wlen characters still fits on the line: within the width, and
 * within the buffer with room for a newline (kept for fputs) and the NUL. */
static int line_fits(const struct line *l, int wlen, int width)
{
    int need = l->len + (l->len > 0) + wlen;
    if (need > width)
        return 0;
    if (need + 2 > l->cap)
        return 0;
    return 1;
}

static void line_add(struct line *l, const char *word, int wlen)
{
    if (l->len > 0)
        l->text[l->len++] = ' ';
    memcpy(l->text + l->len, word, wlen);
    l->len += wlen;
    l->text[l->len] = '\0';
}

/* Reads one word into buf; returns its length, 0 at a paragraph break, -1 at EOF. */
static int next_word(char *buf, int max)
{
    int c, newlines = 0, n = 0;
    while ((c = getchar()) != EOF && isspace(c)) {
        if (c == '\n')
            newlines++;
    }
    if (c == EOF)
        return -1;
    if (newlines >= 2) {
        ungetc(c, stdin);
        return 0;
    }
    do {
        if (n < max - 1)
            buf[n++] = (char)c;
    } while ((c = getchar()) != EOF && !isspace(c));
    if (c != EOF)
        ungetc(c, stdin);
    buf[n] = '\0';
    return n;
}

int main(int argc, char **argv)
{
    int width = 60;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-w") == 0 && i + 1 < argc) {
            width = atoi(argv[++i]);
        } else if (strcmp(argv[i], "-n") == 0) {
            number_lines = 1;
        } else {
            fprintf(stderr, "usage: wrap [-w WIDTH] [-n] < text\n");
            return 2;
        }
    }
    if (width < 8 || width > 78) {
        fprintf(stderr, "wrap: width must be between 8 and 78\n");
        return 2;
    }
    struct line l;
    char word[WORD_MAX];
    int wlen, paragraphs = 0;
    line_init(&l, width);
    while ((wlen = next_word(word, sizeof word)) >= 0) {
        if (wlen == 0) {
            line_emit(&l);
            putchar('\n');
            paragraphs++;
            continue;
        }
        if (!line_fits(&l, wlen, width))
            line_emit(&l);
        line_add(&l, word, wlen);
    }
    line_emit(&l);
    fprintf(stderr, "wrap: %d lines in %d paragraphs\n", lines_out, paragraphs + 1);
    return 0;
}
