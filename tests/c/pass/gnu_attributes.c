/* GNU attributes in the positions gcc accepts them (function declarations and
   definitions, variables, types, parameters, struct members)
   when they do not change what the program computes. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static int twice(int x)
{
    return 2 * x;
}

static int add(int a, int b) __attribute__((pure, warn_unused_result));
static int add(int a, int b)
{
    return a + b;
}

extern void die(const char *msg) __attribute__((__noreturn__, cold));
void die(const char *msg)
{
    printf("die: %s\n", msg);
    exit(3);
}

static int log_line(const char *fmt, int v) __attribute__((format(printf, 1, 0)));
static int log_line(const char *fmt, int v)
{
    return printf(fmt, v);
}

struct node {
    int value __attribute__((deprecated));
    struct node *next;
} __attribute__((may_alias));

typedef int counter_t __attribute__((unused));

static int table[4] __attribute__((used)) = {1, 2, 3, 4};

static int __attribute__((always_inline)) inline sq(int x)
{
    return x * x;
}

int main(int argc, char **argv)
{
    int unused_var __attribute__((unused)) = 0;
    counter_t n __attribute__((unused)) = argc > 1 ? atoi(argv[1]) : 2;
    struct node a = {n, NULL};
    int *__attribute__((unused)) p = &table[1];
    log_line("twice %d\n", twice(n));
    printf("add %d sq %d %d %d\n", add(n, 5), sq(n), a.value, *p);
    switch (n) {
    case 1:
        printf("one\n");
        /* fall through */
    case 2:
        printf("two or less\n");
        break;
    default:
        break;
    }
    if (n < 0)
        die("negative");
    return 0;
}
