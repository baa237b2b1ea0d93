/* An expression calculator: tokenizer, recursive-descent parser building an AST, evaluator
   with variables, built-in functions and error reporting. Reads one statement per line.

   Grammar:
     stmt    := IDENT '=' expr | expr
     expr    := cond
     cond    := orexpr ('?' expr ':' cond)?
     orexpr  := andexpr ('||' andexpr)*
     andexpr := cmp ('&&' cmp)*
     cmp     := sum (('<'|'>'|'<='|'>='|'=='|'!=') sum)?
     sum     := term (('+'|'-') term)*
     term    := unary (('*'|'/'|'%') unary)*
     unary   := ('-'|'!'|'+') unary | power
     power   := primary ('^' unary)?
     primary := NUMBER | IDENT | IDENT '(' args ')' | '(' expr ')'
*/
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum tok_kind { TK_NUM, TK_IDENT, TK_OP, TK_END, TK_BAD };

struct token {
    enum tok_kind kind;
    double num;
    char text[32];
};

enum node_kind { N_NUM, N_VAR, N_UNARY, N_BINARY, N_CALL, N_COND };

struct node {
    enum node_kind kind;
    char op[3];
    double num;
    char name[32];
    struct node *kids[3];
    int nkids;
};

struct var {
    char name[32];
    double value;
};

typedef double (*fn1)(double);

struct builtin {
    const char *name;
    int arity;
    fn1 f1;
};

static double my_abs(double x) { return fabs(x); }
static double my_sqrt(double x) { return sqrt(x); }
static double my_floor(double x) { return floor(x); }
static double my_ceil(double x) { return ceil(x); }
static double my_log(double x) { return log(x); }
static double my_sin(double x) { return sin(x); }

static const struct builtin builtins[] = {
    {"abs", 1, my_abs},   {"sqrt", 1, my_sqrt}, {"floor", 1, my_floor}, {"ceil", 1, my_ceil},
    {"log", 1, my_log},   {"sin", 1, my_sin},   {"min", 2, NULL},       {"max", 2, NULL},
    {"hypot", 2, NULL},
};

static struct var vars[64];
static int nvars;
static const char *src;
static struct token cur;
static char error[128];
static int nodes_alive;

static void set_error(const char *msg, const char *detail)
{
    if (!error[0])
        snprintf(error, sizeof error, "%s%s%s", msg, detail[0] ? ": " : "", detail);
}

static void next_token(void)
{
    while (*src == ' ' || *src == '\t')
        src++;
    cur.text[0] = '\0';
    if (*src == '\0' || *src == '\n') {
        cur.kind = TK_END;
        return;
    }
    if (isdigit((unsigned char)*src) || (*src == '.' && isdigit((unsigned char)src[1]))) {
        char *end;
        cur.num = strtod(src, &end);
        size_t n = (size_t)(end - src);
        if (n >= sizeof cur.text)
            n = sizeof cur.text - 1;
        memcpy(cur.text, src, n);
        cur.text[n] = '\0';
        src = end;
        cur.kind = TK_NUM;
        return;
    }
    if (isalpha((unsigned char)*src) || *src == '_') {
        size_t n = 0;
        while (isalnum((unsigned char)*src) || *src == '_') {
            if (n < sizeof cur.text - 1)
                cur.text[n++] = *src;
            src++;
        }
        cur.text[n] = '\0';
        cur.kind = TK_IDENT;
        return;
    }
    static const char *two[] = {"<=", ">=", "==", "!=", "&&", "||"};
    for (size_t i = 0; i < sizeof two / sizeof two[0]; i++) {
        if (strncmp(src, two[i], 2) == 0) {
            strcpy(cur.text, two[i]);
            src += 2;
            cur.kind = TK_OP;
            return;
        }
    }
    if (strchr("+-*/%^()<>!?:,=", *src)) {
        cur.text[0] = *src++;
        cur.text[1] = '\0';
        cur.kind = TK_OP;
        return;
    }
    cur.kind = TK_BAD;
    cur.text[0] = *src++;
    cur.text[1] = '\0';
}

static int is_op(const char *op) { return cur.kind == TK_OP && strcmp(cur.text, op) == 0; }

static struct node *new_node(enum node_kind k)
{
    struct node *n = calloc(1, sizeof *n);
    n->kind = k;
    nodes_alive++;
    return n;
}

static void free_node(struct node *n)
{
    if (!n)
        return;
    for (int i = 0; i < n->nkids; i++)
        free_node(n->kids[i]);
    free(n);
    nodes_alive--;
}

static struct node *binary(const char *op, struct node *l, struct node *r)
{
    struct node *n = new_node(N_BINARY);
    strcpy(n->op, op);
    n->kids[0] = l;
    n->kids[1] = r;
    n->nkids = 2;
    return n;
}

static struct node *parse_expr(void);
static struct node *parse_unary(void);

static struct node *parse_primary(void)
{
    if (cur.kind == TK_NUM) {
        struct node *n = new_node(N_NUM);
        n->num = cur.num;
        next_token();
        return n;
    }
    if (cur.kind == TK_IDENT) {
        char name[32];
        strcpy(name, cur.text);
        next_token();
        if (is_op("(")) {
            struct node *n = new_node(N_CALL);
            strcpy(n->name, name);
            next_token();
            if (!is_op(")")) {
                for (;;) {
                    if (n->nkids == 3) {
                        set_error("too many arguments", name);
                        return n;
                    }
                    n->kids[n->nkids++] = parse_expr();
                    if (!is_op(","))
                        break;
                    next_token();
                }
            }
            if (!is_op(")"))
                set_error("expected ')' after arguments of", name);
            else
                next_token();
            return n;
        }
        struct node *n = new_node(N_VAR);
        strcpy(n->name, name);
        return n;
    }
    if (is_op("(")) {
        next_token();
        struct node *n = parse_expr();
        if (!is_op(")"))
            set_error("expected ')'", cur.text);
        else
            next_token();
        return n;
    }
    set_error("unexpected token", cur.kind == TK_END ? "end of line" : cur.text);
    return new_node(N_NUM);
}

static struct node *parse_power(void)
{
    struct node *base = parse_primary();
    if (is_op("^")) {
        next_token();
        return binary("^", base, parse_unary());
    }
    return base;
}

static struct node *parse_unary(void)
{
    if (is_op("-") || is_op("!") || is_op("+")) {
        struct node *n = new_node(N_UNARY);
        strcpy(n->op, cur.text);
        next_token();
        n->kids[0] = parse_unary();
        n->nkids = 1;
        return n;
    }
    return parse_power();
}

static struct node *parse_term(void)
{
    struct node *l = parse_unary();
    while (is_op("*") || is_op("/") || is_op("%")) {
        char op[3];
        strcpy(op, cur.text);
        next_token();
        l = binary(op, l, parse_unary());
    }
    return l;
}

static struct node *parse_sum(void)
{
    struct node *l = parse_term();
    while (is_op("+") || is_op("-")) {
        char op[3];
        strcpy(op, cur.text);
        next_token();
        l = binary(op, l, parse_term());
    }
    return l;
}

static struct node *parse_cmp(void)
{
    struct node *l = parse_sum();
    if (is_op("<") || is_op(">") || is_op("<=") || is_op(">=") || is_op("==") || is_op("!=")) {
        char op[3];
        strcpy(op, cur.text);
        next_token();
        l = binary(op, l, parse_sum());
    }
    return l;
}

static struct node *parse_and(void)
{
    struct node *l = parse_cmp();
    while (is_op("&&")) {
        next_token();
        l = binary("&&", l, parse_cmp());
    }
    return l;
}

static struct node *parse_or(void)
{
    struct node *l = parse_and();
    while (is_op("||")) {
        next_token();
        l = binary("||", l, parse_and());
    }
    return l;
}

static struct node *parse_cond(void)
{
    struct node *c = parse_or();
    if (is_op("?")) {
        next_token();
        struct node *n = new_node(N_COND);
        n->kids[0] = c;
        n->kids[1] = parse_expr();
        if (!is_op(":"))
            set_error("expected ':'", cur.text);
        else
            next_token();
        n->kids[2] = parse_cond();
        n->nkids = 3;
        return n;
    }
    return c;
}

static struct node *parse_expr(void) { return parse_cond(); }

static struct var *find_var(const char *name, int create)
{
    for (int i = 0; i < nvars; i++)
        if (strcmp(vars[i].name, name) == 0)
            return &vars[i];
    if (!create || nvars == 64)
        return NULL;
    strcpy(vars[nvars].name, name);
    vars[nvars].value = 0;
    return &vars[nvars++];
}

static double eval(const struct node *n)
{
    if (error[0])
        return 0;
    switch (n->kind) {
    case N_NUM: return n->num;
    case N_VAR: {
        struct var *v = find_var(n->name, 0);
        if (!v) {
            set_error("undefined variable", n->name);
            return 0;
        }
        return v->value;
    }
    case N_UNARY: {
        double x = eval(n->kids[0]);
        return n->op[0] == '-' ? -x : n->op[0] == '!' ? (double)(x == 0) : x;
    }
    case N_COND: return eval(n->kids[0]) != 0 ? eval(n->kids[1]) : eval(n->kids[2]);
    case N_CALL:
        for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++) {
            if (strcmp(builtins[i].name, n->name) != 0)
                continue;
            if (builtins[i].arity != n->nkids) {
                set_error("wrong number of arguments for", n->name);
                return 0;
            }
            double a = eval(n->kids[0]);
            if (builtins[i].f1)
                return builtins[i].f1(a);
            double b = eval(n->kids[1]);
            if (n->name[1] == 'i')
                return a < b ? a : b;
            if (n->name[1] == 'a')
                return a > b ? a : b;
            return sqrt(a * a + b * b);
        }
        set_error("unknown function", n->name);
        return 0;
    case N_BINARY: break;
    }
    const char *op = n->op;
    if (strcmp(op, "&&") == 0)
        return eval(n->kids[0]) != 0 && eval(n->kids[1]) != 0;
    if (strcmp(op, "||") == 0)
        return eval(n->kids[0]) != 0 || eval(n->kids[1]) != 0;
    double a = eval(n->kids[0]), b = eval(n->kids[1]);
    switch (op[0]) {
    case '+': return a + b;
    case '-': return a - b;
    case '*': return a * b;
    case '/':
        if (b == 0) {
            set_error("division by zero", "");
            return 0;
        }
        return a / b;
    case '%':
        if (b == 0) {
            set_error("modulo by zero", "");
            return 0;
        }
        return fmod(a, b);
    case '^': return pow(a, b);
    case '<': return op[1] == '=' ? a <= b : a < b;
    case '>': return op[1] == '=' ? a >= b : a > b;
    case '=': return a == b;
    case '!': return a != b;
    }
    set_error("bad operator", op);
    return 0;
}

static void print_tree(const struct node *n)
{
    switch (n->kind) {
    case N_NUM: printf("%g", n->num); break;
    case N_VAR: printf("%s", n->name); break;
    case N_UNARY:
        printf("(%s", n->op);
        print_tree(n->kids[0]);
        printf(")");
        break;
    case N_CALL:
        printf("%s[", n->name);
        for (int i = 0; i < n->nkids; i++) {
            if (i)
                printf(" ");
            print_tree(n->kids[i]);
        }
        printf("]");
        break;
    case N_COND:
    case N_BINARY:
        printf("(");
        print_tree(n->kids[0]);
        printf(" %s ", n->kind == N_COND ? "?" : n->op);
        print_tree(n->kids[1]);
        if (n->kind == N_COND) {
            printf(" : ");
            print_tree(n->kids[2]);
        }
        printf(")");
        break;
    }
}

int main(int argc, char **argv)
{
    int show_tree = argc > 1 && strcmp(argv[1], "-t") == 0;
    char line[256];
    int lineno = 0, errors = 0;
    while (fgets(line, sizeof line, stdin)) {
        lineno++;
        src = line;
        error[0] = '\0';
        next_token();
        if (cur.kind == TK_END)
            continue;
        char target[32] = "";
        const char *save = src;
        struct token save_tok = cur;
        if (cur.kind == TK_IDENT) {
            strcpy(target, cur.text);
            next_token();
            if (!is_op("=")) {
                target[0] = '\0';
                src = save;
                cur = save_tok;
            } else {
                next_token();
            }
        }
        struct node *tree = parse_expr();
        if (!error[0] && cur.kind != TK_END)
            set_error("trailing input", cur.text);
        double v = eval(tree);
        if (error[0]) {
            printf("%d: error: %s\n", lineno, error);
            errors++;
        } else {
            if (show_tree) {
                print_tree(tree);
                printf(" => ");
            }
            if (target[0]) {
                find_var(target, 1)->value = v;
                printf("%d: %s = %.10g\n", lineno, target, v);
            } else {
                printf("%d: %.10g\n", lineno, v);
            }
        }
        free_node(tree);
    }
    printf("%d lines, %d errors, %d variables, %d nodes leaked\n", lineno, errors, nvars,
           nodes_alive);
    return errors > 0 ? 1 : 0;
}
