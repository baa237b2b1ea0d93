/* Enums with explicit values, enum arithmetic, typedef chains, typedefs of arrays and functions. */
#include <stdio.h>
#include <string.h>

enum color { RED, GREEN = 5, BLUE, ALPHA = -2, GAMMA, LAST = BLUE + 10 };
typedef enum { MON = 1, TUE, WED, THU, FRI, SAT = 10, SUN } day_t;
typedef unsigned int uint;
typedef uint count_t;
typedef count_t counts_t[4];
typedef const char *str_t;
typedef int binop_t(int, int);
typedef binop_t *binop_ptr;
typedef struct pair pair_t;
struct pair {
    str_t key;
    count_t n;
};

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }

static str_t color_name(enum color c)
{
    switch (c) {
    case RED: return "red";
    case GREEN: return "green";
    case BLUE: return "blue";
    case ALPHA: return "alpha";
    case GAMMA: return "gamma";
    case LAST: return "last";
    }
    return "?";
}

static day_t next_day(day_t d)
{
    switch (d) {
    case FRI: return SAT;
    case SUN: return MON;
    default: return (day_t)(d + 1);
    }
}

int main(int argc, char **argv)
{
    printf("RED=%d GREEN=%d BLUE=%d ALPHA=%d GAMMA=%d LAST=%d\n", RED, GREEN, BLUE, ALPHA, GAMMA,
           LAST);
    printf("sizeof(enum color)=%zu sizeof(day_t)=%zu\n", sizeof(enum color), sizeof(day_t));
    for (int c = ALPHA; c <= LAST; c++) {
        str_t n = color_name((enum color)c);
        if (strcmp(n, "?") != 0)
            printf("%d -> %s\n", c, n);
    }
    day_t d = MON;
    for (int i = 0; i < 9; i++) {
        printf("%d ", d);
        d = next_day(d);
    }
    printf("\n");
    counts_t counts = {0};
    for (int i = 1; i < argc; i++)
        counts[strlen(argv[i]) % 4]++;
    for (int i = 0; i < 4; i++)
        printf("len%%4==%d: %u\n", i, counts[i]);
    binop_ptr ops[2] = {add, sub};
    binop_t *direct = sub;
    printf("ops: %d %d %d\n", ops[0](7, 3), ops[1](7, 3), direct(1, 10));
    pair_t p = {"k", (count_t)argc};
    printf("pair %s=%u sizeof=%zu\n", p.key, p.n, sizeof p);
    enum color mixed = GREEN;
    mixed += 1;
    printf("mixed=%d is blue: %d, enum compared with int: %d\n", mixed, mixed == BLUE, mixed > 3);
    uint big = (uint)-1;
    printf("uint max %u\n", big);
    return (int)counts[0];
}
