/* A growable string builder (realloc), word wrapping and escaping of stdin text. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *s;
    size_t len, cap;
} sb;

static void sb_reserve(sb *b, size_t extra)
{
    if (b->len + extra + 1 > b->cap) {
        size_t nc = b->cap ? b->cap : 16;
        while (nc < b->len + extra + 1)
            nc *= 2;
        b->s = realloc(b->s, nc);
        b->cap = nc;
    }
}

static void sb_putc(sb *b, char c)
{
    sb_reserve(b, 1);
    b->s[b->len++] = c;
    b->s[b->len] = '\0';
}

static void sb_puts(sb *b, const char *s)
{
    size_t n = strlen(s);
    sb_reserve(b, n);
    memcpy(b->s + b->len, s, n + 1);
    b->len += n;
}

static void sb_escape(sb *b, const char *s)
{
    char tmp[8];
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        switch (c) {
        case '\n': sb_puts(b, "\\n"); break;
        case '\t': sb_puts(b, "\\t"); break;
        case '"': sb_puts(b, "\\\""); break;
        case '\\': sb_puts(b, "\\\\"); break;
        default:
            if (isprint(c)) {
                sb_putc(b, (char)c);
            } else {
                snprintf(tmp, sizeof tmp, "\\x%02x", c);
                sb_puts(b, tmp);
            }
        }
    }
}

int main(int argc, char **argv)
{
    size_t width = argc > 1 ? (size_t)atoi(argv[1]) : 20;
    if (width < 5)
        width = 5;
    sb all = {NULL, 0, 0};
    int c;
    while ((c = fgetc(stdin)) != EOF)
        sb_putc(&all, (char)c);
    if (all.len == 0) {
        printf("no input\n");
        free(all.s);
        return 0;
    }
    sb esc = {NULL, 0, 0};
    sb_escape(&esc, all.s);
    printf("escaped (%zu -> %zu): \"%s\"\n", all.len, esc.len, esc.s);
    /* greedy word wrap */
    sb out = {NULL, 0, 0};
    size_t col = 0;
    char *copy = strdup(all.s);
    int lines = 1;
    for (char *w = strtok(copy, " \t\n"); w; w = strtok(NULL, " \t\n")) {
        size_t wl = strlen(w);
        if (col > 0 && col + 1 + wl > width) {
            sb_putc(&out, '\n');
            lines++;
            col = 0;
        }
        if (col > 0) {
            sb_putc(&out, ' ');
            col++;
        }
        sb_puts(&out, w);
        col += wl;
    }
    printf("wrapped to %zu in %d lines:\n%s\n", width, lines, out.s ? out.s : "");
    printf("capacities: %zu %zu %zu\n", all.cap, esc.cap, out.cap);
    free(copy);
    free(all.s);
    free(esc.s);
    free(out.s);
    return 0;
}
