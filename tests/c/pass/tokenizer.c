/* Character-level tokenizer with getc/ungetc on stdin: numbers, identifiers, operators,
   strings with escapes, and comments. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

enum tok { T_EOF, T_NUM, T_IDENT, T_STR, T_OP, T_ERR };

static char text[128];
static long number;

static int skip_space_and_comments(void)
{
    int c;
    for (;;) {
        c = getc(stdin);
        if (c == '#') {
            while (c != '\n' && c != EOF)
                c = getc(stdin);
        }
        if (c == EOF || !isspace(c))
            return c;
    }
}

static enum tok next(void)
{
    int c = skip_space_and_comments();
    size_t n = 0;
    if (c == EOF)
        return T_EOF;
    if (isdigit(c)) {
        number = 0;
        while (c != EOF && isdigit(c)) {
            number = number * 10 + (c - '0');
            c = getc(stdin);
        }
        ungetc(c, stdin);
        return T_NUM;
    }
    if (isalpha(c) || c == '_') {
        while (c != EOF && (isalnum(c) || c == '_')) {
            if (n < sizeof text - 1)
                text[n++] = (char)c;
            c = getc(stdin);
        }
        text[n] = '\0';
        ungetc(c, stdin);
        return T_IDENT;
    }
    if (c == '"') {
        while ((c = getc(stdin)) != '"') {
            if (c == EOF || c == '\n')
                return T_ERR;
            if (c == '\\') {
                c = getc(stdin);
                switch (c) {
                case 'n': c = '\n'; break;
                case 't': c = '\t'; break;
                case EOF: return T_ERR;
                default: break;
                }
            }
            if (n < sizeof text - 1)
                text[n++] = (char)c;
        }
        text[n] = '\0';
        return T_STR;
    }
    text[0] = (char)c;
    text[1] = '\0';
    int d = getc(stdin);
    if ((strchr("<>=!", c) && d == '=') || (c == '&' && d == '&') || (c == '|' && d == '|') ||
        (c == '-' && d == '>')) {
        text[1] = (char)d;
        text[2] = '\0';
    } else {
        ungetc(d, stdin);
    }
    return T_OP;
}

int main(void)
{
    static const char *names[] = {"EOF", "NUM", "IDENT", "STR", "OP", "ERR"};
    int counts[6] = {0};
    enum tok t;
    int col = 0;
    while ((t = next()) != T_EOF && t != T_ERR) {
        counts[t]++;
        switch (t) {
        case T_NUM: col += printf("%s(%ld) ", names[t], number); break;
        case T_STR: col += printf("%s(\"%s\" len %zu) ", names[t], text, strlen(text)); break;
        default: col += printf("%s(%s) ", names[t], text); break;
        }
        if (col > 60) {
            putchar('\n');
            col = 0;
        }
    }
    if (col)
        putchar('\n');
    if (t == T_ERR) {
        fprintf(stderr, "unterminated string\n");
        return 2;
    }
    for (int i = 1; i < 5; i++)
        printf("%s: %d\n", names[i], counts[i]);
    /* ungetc then getchar returns the pushed-back char even at EOF */
    ungetc('Q', stdin);
    printf("pushed back: %c\n", getchar());
    return 0;
}
