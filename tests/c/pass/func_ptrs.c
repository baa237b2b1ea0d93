/* Function pointers: dispatch tables, callbacks, returning function pointers, struct members. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef double (*unary_fn)(double);
typedef int (*cmd_fn)(int acc, int arg);

static double twice(double x) { return 2 * x; }
static double square(double x) { return x * x; }
static double negate(double x) { return -x; }

static int op_add(int a, int b) { return a + b; }
static int op_mul(int a, int b) { return a * b; }
static int op_max(int a, int b) { return a > b ? a : b; }
static int op_sub(int a, int b) { return a - b; }

struct command {
    const char *name;
    cmd_fn fn;
};

static const struct command table[] = {
    {"add", op_add}, {"mul", op_mul}, {"max", op_max}, {"sub", op_sub},
};

static cmd_fn lookup(const char *name)
{
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i].name, name) == 0)
            return table[i].fn;
    return NULL;
}

static double apply_n(unary_fn f, int n, double x)
{
    while (n-- > 0)
        x = f(x);
    return x;
}

static void for_each(const int *a, int n, void (*visit)(int, void *), void *ctx)
{
    for (int i = 0; i < n; i++)
        visit(a[i], ctx);
}

static void sum_visit(int v, void *ctx) { *(long *)ctx += v; }
static void print_visit(int v, void *ctx)
{
    (void)ctx;
    printf("<%d>", v);
}

static unary_fn pick(int which)
{
    static const unary_fn fns[] = {twice, square, negate};
    return fns[which % 3];
}

static int (*get_op(char c))(int, int)
{
    switch (c) {
    case '+': return op_add;
    case '*': return op_mul;
    default: return op_sub;
    }
}

int main(int argc, char **argv)
{
    int acc = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        cmd_fn f = lookup(argv[i]);
        if (!f) {
            fprintf(stderr, "unknown command %s\n", argv[i]);
            return 4;
        }
        acc = f(acc, atoi(argv[i + 1]));
        printf("%s %s -> %d\n", argv[i], argv[i + 1], acc);
    }
    for (int w = 0; w < 4; w++)
        printf("pick(%d) applied 3 times to 1.5: %g\n", w, apply_n(pick(w), 3, 1.5));
    int data[] = {4, -2, 9, 0, 7};
    long sum = 0;
    for_each(data, 5, print_visit, NULL);
    for_each(data, 5, sum_visit, &sum);
    printf("\nsum=%ld\n", sum);
    printf("get_op: %d %d %d\n", get_op('+')(6, 7), get_op('*')(6, 7), (*get_op('-'))(6, 7));
    unary_fn f = &square;
    printf("(*f)(3)=%g f==square: %d f!=twice: %d\n", (*f)(3), f == square, f != twice);
    return acc < 0 ? 1 : 0;
}
