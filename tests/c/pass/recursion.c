/* Recursion: mutual recursion, deep recursion (~10000 frames), Ackermann, Hanoi, permutations. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_even(unsigned n);
static int is_odd(unsigned n)
{
    return n == 0 ? 0 : is_even(n - 1);
}
static int is_even(unsigned n)
{
    return n == 0 ? 1 : is_odd(n - 1);
}

static long deep_sum(int n)
{
    int pad[4] = {n, n + 1, n + 2, n + 3}; /* make frames a bit bigger */
    if (n == 0)
        return pad[0];
    return pad[3] - 3 + deep_sum(n - 1);
}

static unsigned long ackermann(unsigned long m, unsigned long n)
{
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ackermann(m - 1, 1);
    return ackermann(m - 1, ackermann(m, n - 1));
}

static int moves;
static void hanoi(int n, char from, char to, char via, int print)
{
    if (n == 0)
        return;
    hanoi(n - 1, from, via, to, print);
    moves++;
    if (print)
        printf("move %d: %c -> %c\n", n, from, to);
    hanoi(n - 1, via, to, from, print);
}

static void permute(char *s, int k, int n, int *count)
{
    if (k == n) {
        (*count)++;
        if (*count <= 8)
            printf("%s\n", s);
        return;
    }
    for (int i = k; i < n; i++) {
        char t = s[k];
        s[k] = s[i];
        s[i] = t;
        permute(s, k + 1, n, count);
        t = s[k];
        s[k] = s[i];
        s[i] = t;
    }
}

static int expr_depth(const char **p)
{
    /* parse nested parentheses recursively, return max depth */
    int best = 0;
    while (**p == '(') {
        (*p)++;
        int d = 1 + expr_depth(p);
        if (**p == ')')
            (*p)++;
        if (d > best)
            best = d;
    }
    return best;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10000;
    printf("is_even(%d)=%d is_odd(%d)=%d\n", n, is_even((unsigned)n), n, is_odd((unsigned)n));
    printf("deep_sum(%d)=%ld\n", n, deep_sum(n));
    for (unsigned long m = 0; m <= 2; m++)
        printf("ack(%lu, 3)=%lu\n", m, ackermann(m, 3));
    printf("ack(3, 3)=%lu\n", ackermann(3, 3));
    hanoi(3, 'A', 'C', 'B', 1);
    moves = 0;
    hanoi(12, 'A', 'C', 'B', 0);
    printf("hanoi(12) moves=%d\n", moves);
    char word[] = "abcd";
    int count = 0;
    permute(word, 0, (int)strlen(word), &count);
    printf("%d permutations\n", count);
    const char *paren = argc > 2 ? argv[2] : "(()(()))()";
    const char *cursor = paren;
    int depth = expr_depth(&cursor);
    printf("depth of %s = %d, stopped at offset %td\n", paren, depth, cursor - paren);
    return 0;
}
