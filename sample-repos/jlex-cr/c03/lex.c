/*
 * lex - split a small assignment language into tokens.
 *
 * Reads the program text from standard input and prints one token per
 * line as "LINE: KIND TEXT", then a summary.  Identifiers are letters,
 * digits and '_' not starting with a digit; numbers are decimal digits;
 * operators are + - * / = ( ) ;
 *
 * Lines may end in "\n", "\r\n" or a lone "\r".  A '#' starts a comment
 * that runs to the end of the line.
 */
#include <ctype.h>
#include <stdio.h>

#define MAX_TOKEN 64

enum kind { IDENT, NUMBER, OPERATOR };

static const char *kind_names[] = { "ident", "number", "op" };

static int lineno = 1;

static void emit(enum kind k, const char *text)
{
    printf("%d: %s %s\n", lineno, kind_names[k], text);
}

/* Whether c ends a line. */
static int is_newline(int c)
{
    return c == '\n';
}

/* Ends a line that started with c: "\r\n" is one line end. */
static void end_line(int c)
{
    if (c == '\r') {
        int next = getchar();

        if (next != '\n' && next != EOF)
            ungetc(next, stdin);
    }
    lineno++;
}

/* Skips a comment up to, not including, the end of its line. */
static void skip_comment(void)
{
    int c = getchar();

    while (c != EOF && !is_newline(c))
        c = getchar();
    if (c != EOF)
        ungetc(c, stdin);
}

static int is_operator(int c)
{
    switch (c) {
    case '+': case '-': case '*': case '/':
    case '=': case '(': case ')': case ';':
        return 1;
    default:
        return 0;
    }
}

/* Reads characters while they satisfy the class of the token kind. */
static void read_token(int c, enum kind k, char *buf)
{
    int n = 0;

    while (c != EOF && (k == NUMBER ? isdigit(c) : (isalnum(c) || c == '_'))) {
        if (n < MAX_TOKEN - 1)
            buf[n++] = (char)c;
        c = getchar();
    }
    buf[n] = '\0';
    if (c != EOF)
        ungetc(c, stdin);
}

int main(void)
{
    char buf[MAX_TOKEN];
    int c;
    int tokens = 0, errors = 0;

    while ((c = getchar()) != EOF) {
        if (c == ' ' || c == '\t')
            continue;
        if (is_newline(c)) {
            end_line(c);
            continue;
        }
        if (c == '#') {
            skip_comment();
            continue;
        }
        if (isalpha(c) || c == '_') {
            read_token(c, IDENT, buf);
            emit(IDENT, buf);
        } else if (isdigit(c)) {
            read_token(c, NUMBER, buf);
            emit(NUMBER, buf);
        } else if (is_operator(c)) {
            buf[0] = (char)c;
            buf[1] = '\0';
            emit(OPERATOR, buf);
        } else {
            printf("%d: error: unexpected character 0x%02x\n", lineno, c);
            errors++;
            continue;
        }
        tokens++;
    }
    printf("%d token(s), %d error(s)\n", tokens, errors);
    return 0;
}
