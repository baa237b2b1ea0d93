/*
 * tokens.c -- print the tokens of a small Lisp-flavoured language.
 *
 * Reads a program on standard input and prints one token per line:
 * its kind, and for most kinds its text.  The scanner is a table-driven
 * state machine over character classes; keywords, operators, booleans and
 * character names are recognised after the lexeme is complete.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Character classes: the columns of the transition table. */
enum cclass {
    C_LET,   /* letters and '_' */
    C_DIG,   /* decimal digits */
    C_DQ,    /* '"' */
    C_BS,    /* '\\' */
    C_SEMI,  /* ';' starts a comment */
    C_NL,    /* '\n' */
    C_WS,    /* other white space */
    C_HASH,  /* '#' */
    C_DOT,   /* '.' */
    C_EXT,   /* '-', '?', '!': operators that may also continue a name */
    C_SPEC,  /* single-character punctuation: ( ) [ ] ' ` , */
    C_OP,    /* operator characters */
    C_OTHER, /* anything else */
    C_EOF,
    NCLASSES
};

/* Scanner states: the rows of the transition table. */
enum state {
    S_START,
    S_IDENT,
    S_INT,
    S_FRAC0, /* digits and a '.', waiting for the first fraction digit */
    S_FRAC,
    S_BADNUM,
    S_STRING,
    S_STR_ESC,
    S_COMMENT,
    S_HASH,
    S_HASHWORD,
    S_CHAR_START, /* after "#\\" */
    S_CHAR1,
    S_CHARNAME,
    S_OP,
    NSTATES
};

/* Table entries past the states say how a token ends. */
#define ACC 100     /* token ends before this character: push it back */
#define ACC_IN 101  /* token ends with this character */
#define ERR 102     /* malformed token ending before this character */
#define ERR_IN 103  /* malformed token ending with this character */
#define SKIP 104    /* white space between tokens */
#define END 105     /* end of input */

/* Filled once by init_table(): each state has a default entry and a few
 * per-class exceptions, so adding a character class touches few lines. */
static int trans[NSTATES][NCLASSES];

static void fill_row(enum state st, int dflt)
{
    int c;

    for (c = 0; c < NCLASSES; c++)
        trans[st][c] = dflt;
}

static void init_table(void)
{
    fill_row(S_START, ACC_IN);
    trans[S_START][C_LET] = S_IDENT;
    trans[S_START][C_DIG] = S_INT;
    trans[S_START][C_DQ] = S_STRING;
    trans[S_START][C_BS] = ERR_IN;
    trans[S_START][C_SEMI] = S_COMMENT;
    trans[S_START][C_NL] = SKIP;
    trans[S_START][C_WS] = SKIP;
    trans[S_START][C_HASH] = S_HASH;
    trans[S_START][C_EXT] = S_OP;
    trans[S_START][C_OP] = S_OP;
    trans[S_START][C_OTHER] = ERR_IN;
    trans[S_START][C_EOF] = END;

    fill_row(S_IDENT, ACC);
    trans[S_IDENT][C_LET] = S_IDENT;
    trans[S_IDENT][C_DIG] = S_IDENT;
    trans[S_IDENT][C_EXT] = S_IDENT;

    fill_row(S_INT, ACC);
    trans[S_INT][C_LET] = S_BADNUM;
    trans[S_INT][C_DIG] = S_INT;
    trans[S_INT][C_DOT] = S_FRAC0;

    fill_row(S_FRAC0, ERR);
    trans[S_FRAC0][C_LET] = S_BADNUM;
    trans[S_FRAC0][C_DIG] = S_FRAC;
    trans[S_FRAC0][C_DOT] = S_BADNUM;

    fill_row(S_FRAC, ACC);
    trans[S_FRAC][C_LET] = S_BADNUM;
    trans[S_FRAC][C_DIG] = S_FRAC;
    trans[S_FRAC][C_DOT] = S_BADNUM;

    fill_row(S_BADNUM, ERR);
    trans[S_BADNUM][C_LET] = S_BADNUM;
    trans[S_BADNUM][C_DIG] = S_BADNUM;
    trans[S_BADNUM][C_DOT] = S_BADNUM;
    trans[S_BADNUM][C_EXT] = S_BADNUM;

    fill_row(S_STRING, S_STRING);
    trans[S_STRING][C_DQ] = ACC_IN;
    trans[S_STRING][C_BS] = S_STR_ESC;
    trans[S_STRING][C_NL] = ERR;
    trans[S_STRING][C_EOF] = ERR;

    fill_row(S_STR_ESC, S_STRING);
    trans[S_STR_ESC][C_DQ] = ACC_IN;
    trans[S_STR_ESC][C_NL] = ERR;
    trans[S_STR_ESC][C_EOF] = ERR;

    fill_row(S_COMMENT, S_COMMENT);
    trans[S_COMMENT][C_NL] = ACC;
    trans[S_COMMENT][C_EOF] = ACC;

    fill_row(S_HASH, ERR);
    trans[S_HASH][C_LET] = S_HASHWORD;
    trans[S_HASH][C_BS] = S_CHAR_START;

    fill_row(S_HASHWORD, ACC);
    trans[S_HASHWORD][C_LET] = S_HASHWORD;

    fill_row(S_CHAR_START, S_CHAR1);
    trans[S_CHAR_START][C_NL] = ERR;
    trans[S_CHAR_START][C_EOF] = ERR;

    fill_row(S_CHAR1, ACC);
    trans[S_CHAR1][C_LET] = S_CHARNAME;

    fill_row(S_CHARNAME, ACC);
    trans[S_CHARNAME][C_LET] = S_CHARNAME;

    fill_row(S_OP, ACC);
    trans[S_OP][C_EXT] = S_OP;
    trans[S_OP][C_OP] = S_OP;
}

enum kind {
    T_KEYWORD,
    T_IDENT,
    T_NUMBER,
    T_STRING,
    T_CHAR,
    T_BOOL,
    T_COMMENT,
    T_LPAREN,
    T_RPAREN,
    T_LBRACK,
    T_RBRACK,
    T_QUOTE,
    T_BACKQUOTE,
    T_COMMA,
    T_DOT,
    T_OPERATOR,
    T_ERROR,
    T_EOF,
    NKINDS
};

static const char *const kind_names[NKINDS] = {
    "keyword", "identifier", "number", "string",    "character", "boolean",
    "comment", "lparen",     "rparen", "lbracket",  "rbracket",  "quote",
    "backquote", "comma",    "dot",    "operator",  "error",     "eof",
};

/* Keywords, kept sorted: find_keyword() searches them by halving. */
static const char *const keywords[] = {
    "and", "begin", "cond",  "define", "else", "if",    "lambda",
    "let", "not",   "or",    "quote",  "set",  "while",
};

#define NKEYWORDS ((int)(sizeof keywords / sizeof keywords[0]))

static const char *const operators[] = {
    "+", "-", "*", "/", "=", "==", "!=", "<", "<=", ">", ">=", "=>", "&&", "||", "!", "->",
};

#define NOPERATORS ((int)(sizeof operators / sizeof operators[0]))

static const char *const char_names[] = {"space", "newline", "tab", "nul"};

#define NCHARNAMES ((int)(sizeof char_names / sizeof char_names[0]))

struct token {
    enum kind kind;
    const char *text; /* NUL-terminated lexeme, owned by the scanner */
    int line;
};

struct scanner {
    char *buf;
    size_t len;
    size_t cap;
    int line;      /* current line, 1-based */
    int tok_line;  /* line where the current token started */
};

static int show_lines;
static int show_comments;
static int show_summary;
static int stop_on_error;
static int counts[NKINDS];

/* ASCII only: the scanner must not depend on the C locale. */
static int is_letter(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c < 'Z') || c == '_';
}

static int is_digit(int c)
{
    return c >= '0' && c <= '9';
}

static enum cclass char_class(int c)
{
    if (c == EOF)
        return C_EOF;
    if (is_letter(c))
        return C_LET;
    if (is_digit(c))
        return C_DIG;
    switch (c) {
    case '"':
        return C_DQ;
    case '\\':
        return C_BS;
    case ';':
        return C_SEMI;
    case '\n':
        return C_NL;
    case ' ':
    case '\t':
    case '\r':
    case '\f':
    case '\v':
        return C_WS;
    case '#':
        return C_HASH;
    case '.':
        return C_DOT;
    case '-':
    case '?':
    case '!':
        return C_EXT;
    case '(':
    case ')':
    case '[':
    case ']':
    case '\'':
    case '`':
    case ',':
        return C_SPEC;
    case '+':
    case '*':
    case '/':
    case '=':
    case '<':
    case '>':
    case '&':
    case '|':
        return C_OP;
    default:
        return C_OTHER;
    }
}

static void buf_push(struct scanner *sc, int c)
{
    if (sc->len + 1 >= sc->cap) {
        size_t ncap = sc->cap ? sc->cap * 2 : 16;
        char *nbuf = realloc(sc->buf, ncap);

        if (nbuf == NULL) {
            fprintf(stderr, "tokens: out of memory\n");
            exit(2);
        }
        sc->buf = nbuf;
        sc->cap = ncap;
    }
    sc->buf[sc->len++] = (char)c;
    sc->buf[sc->len] = '\0';
}

static void buf_reset(struct scanner *sc)
{
    sc->len = 0;
    if (sc->buf != NULL)
        sc->buf[0] = '\0';
}

static int next_char(struct scanner *sc)
{
    int c = getchar();

    if (c == '\n')
        sc->line++;
    return c;
}

static void push_back(struct scanner *sc, int c)
{
    if (c == EOF)
        return;
    if (c == '\n')
        sc->line--;
    ungetc(c, stdin);
}

/* Index of s in keywords[], or -1. */
static int find_keyword(const char *s)
{
    int lo = 0;
    int hi = NKEYWORDS - 1;

    while (lo < hi) {
        int mid = (lo + hi) / 2;
        int d = strcmp(s, keywords[mid]);

        if (d == 0)
            return mid;
        if (d < 0)
            hi = mid - 1;
        else
            lo = mid + 1;
    }
    return -1;
}

static int is_keyword(const char *s)
{
    return find_keyword(s) >= 0;
}

static int in_list(const char *s, const char *const *list, int n)
{
    int i;

    for (i = 0; i < n; i++) {
        if (strcmp(s, list[i]) == 0)
            return 1;
    }
    return 0;
}

static enum kind special_kind(int c)
{
    switch (c) {
    case '(':
        return T_LPAREN;
    case ')':
        return T_RPAREN;
    case '[':
        return T_LBRACK;
    case ']':
        return T_RBRACK;
    case '\'':
        return T_QUOTE;
    case '`':
        return T_BACKQUOTE;
    case ',':
        return T_COMMA;
    case '.':
        return T_DOT;
    default:
        return T_ERROR;
    }
}

/* Decide the kind of a complete lexeme from the state it was accepted in. */
static enum kind classify(enum state st, const char *text)
{
    switch (st) {
    case S_START:
        return special_kind((unsigned char)text[0]);
    case S_IDENT:
        return is_keyword(text) ? T_KEYWORD : T_IDENT;
    case S_INT:
    case S_FRAC:
        return T_NUMBER;
    case S_STRING:
        return T_STRING;
    case S_COMMENT:
        return T_COMMENT;
    case S_HASHWORD:
        if (strcmp(text, "#t") == 0 || strcmp(text, "#f") == 0)
            return T_BOOL;
        return T_ERROR;
    case S_CHAR1:
        return T_CHAR;
    case S_CHARNAME:
        return in_list(text + 2, char_names, NCHARNAMES) ? T_CHAR : T_ERROR;
    case S_OP:
        return in_list(text, operators, NOPERATORS) ? T_OPERATOR : T_ERROR;
    default:
        return T_ERROR;
    }
}

/* Scan one token.  The token's text stays valid until the next call. */
static void get_token(struct scanner *sc, struct token *tok)
{
    enum state st = S_START;

    buf_reset(sc);
    for (;;) {
        int c = next_char(sc);
        int next = trans[st][char_class(c)];

        if (st == S_START)
            sc->tok_line = c == '\n' ? sc->line - 1 : sc->line;
        switch (next) {
        case SKIP:
            continue;
        case END:
            tok->kind = T_EOF;
            break;
        case ACC:
            push_back(sc, c);
            tok->kind = classify(st, sc->buf);
            break;
        case ACC_IN:
            buf_push(sc, c);
            /* a closing quote completes the string started in S_STRING */
            tok->kind = classify(st == S_STRING ? S_STRING : S_START, sc->buf);
            break;
        case ERR:
            push_back(sc, c);
            tok->kind = T_ERROR;
            break;
        case ERR_IN:
            buf_push(sc, c);
            tok->kind = T_ERROR;
            break;
        default:
            buf_push(sc, c);
            st = (enum state)next;
            continue;
        }
        break;
    }
    tok->text = sc->buf != NULL ? sc->buf : "";
    tok->line = sc->tok_line;
}

/* Print a lexeme, making control characters visible. */
static void print_text(const char *s)
{
    for (; *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;

        if (c == '\n')
            fputs("\\n", stdout);
        else if (c == '\t')
            fputs("\\t", stdout);
        else if (c < 32 || c == 127)
            printf("\\%03o", c);
        else
            putchar(c);
    }
}

static int has_text(enum kind k)
{
    switch (k) {
    case T_LPAREN:
    case T_RPAREN:
    case T_LBRACK:
    case T_RBRACK:
    case T_QUOTE:
    case T_BACKQUOTE:
    case T_COMMA:
    case T_DOT:
    case T_EOF:
        return 0;
    default:
        return 1;
    }
}

static void print_token(const struct token *tok)
{
    int quoted = tok->kind == T_ERROR;

    if (show_lines)
        printf("%d: ", tok->line);
    fputs(kind_names[tok->kind], stdout);
    if (!has_text(tok->kind)) {
        putchar('\n');
        return;
    }
    putchar(' ');
    if (quoted)
        putchar('"');
    print_text(tok->text);
    if (quoted)
        putchar('"');
    putchar('\n');
}

static void print_keywords(void)
{
    int i;

    for (i = 0; i < NKEYWORDS; i++)
        printf("%s%c", keywords[i], i + 1 < NKEYWORDS ? ' ' : '\n');
}

static void print_summary(void)
{
    int k;
    int total = 0;

    for (k = 0; k < NKINDS; k++) {
        if (k == T_EOF || counts[k] == 0)
            continue;
        printf("%-12s %d\n", kind_names[k], counts[k]);
        total += counts[k];
    }
    printf("%-12s %d\n", "total", total);
}

static void usage(void)
{
    fprintf(stderr, "usage: tokens -k | tokens [-c] [-e] [-l] [-s] < program\n");
    fprintf(stderr, "  -k  list the keywords and exit\n");
    fprintf(stderr, "  -c  print comments as tokens\n");
    fprintf(stderr, "  -e  stop after the first malformed token\n");
    fprintf(stderr, "  -l  prefix each token with its line number\n");
    fprintf(stderr, "  -s  print a count of tokens per kind at the end\n");
}

int main(int argc, char **argv)
{
    struct scanner sc;
    struct token tok;
    int i;
    int errors = 0;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-c") == 0) {
            show_comments = 1;
        } else if (strcmp(argv[i], "-e") == 0) {
            stop_on_error = 1;
        } else if (strcmp(argv[i], "-k") == 0) {
            print_keywords();
            return 0;
        } else if (strcmp(argv[i], "-l") == 0) {
            show_lines = 1;
        } else if (strcmp(argv[i], "-s") == 0) {
            show_summary = 1;
        } else {
            usage();
            return 2;
        }
    }

    init_table();
    memset(&sc, 0, sizeof sc);
    sc.line = 1;
    for (;;) {
        get_token(&sc, &tok);
        if (tok.kind == T_COMMENT && !show_comments)
            continue;
        counts[tok.kind]++;
        print_token(&tok);
        if (tok.kind == T_EOF)
            break;
        if (tok.kind == T_ERROR) {
            errors++;
            if (stop_on_error)
                break;
        }
    }
    if (show_summary)
        print_summary();
    free(sc.buf);
    return errors ? 1 : 0;
}
