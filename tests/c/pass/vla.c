/* Variable-length arrays: sizes evaluated once at the declaration, sizeof at run time,
   multi-dimensional indexing, typedefs, pointers to VLAs, and storage that ends when a
   loop, break or goto goes back through the declaration (memory stays bounded). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int calls;

static int counted(int v)
{
    calls++;
    printf("[size %d]", v);
    return v;
}

static long sum_squares(int n)
{
    long squares[n];
    for (int i = 0; i < n; i++)
        squares[i] = (long)i * i;
    long s = 0;
    for (int i = 0; i < n; i++)
        s += squares[i];
    printf("sizeof squares = %zu, ", sizeof squares);
    return s;
}

struct cell {
    short tag;
    double weight;
};

static void matrix(int rows, int cols)
{
    int m[rows][cols];
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            m[r][c] = r * 100 + c;
    printf("matrix %dx%d: sizeof %zu row %zu elem %zu\n", rows, cols, sizeof m, sizeof m[0],
           sizeof m[0][0]);
    printf("  corner %d last %d\n", m[0][0], m[rows - 1][cols - 1]);
    int (*row)[cols] = m;
    row += rows - 1;
    printf("  last row via pointer: %d %d, rows apart %td\n", (*row)[0], row[0][cols - 1],
           row - m);
    int *flat = &m[0][0];
    printf("  flat[rows * cols - 1] = %d\n", flat[rows * cols - 1]);
    struct cell cells[rows][2][cols];
    memset(cells, 0, sizeof cells);
    cells[rows - 1][1][cols - 1].tag = 7;
    cells[rows - 1][1][cols - 1].weight = 2.5;
    printf("  cells %zu %zu %zu: %d %.1f\n", sizeof cells, sizeof cells[0], sizeof cells[0][0],
           cells[rows - 1][1][cols - 1].tag, cells[rows - 1][1][cols - 1].weight);
}

static void evaluated_once(int n)
{
    calls = 0;
    int k = n;
    typedef int row_t[counted(k)];
    k += 10;
    row_t a, b;
    printf(" typedef sizes %zu %zu (k now %d, %d call)\n", sizeof a, sizeof(row_t), k, calls);
    char grid[counted(2)][counted(n)];
    printf(" grid %zu\n", sizeof grid);
    int i = 0;
    size_t s = sizeof(int[++i + n]);
    printf(" sizeof(int[++i + n]) = %zu, i = %d\n", s, i);
    char (*pg)[n] = grid;
    size_t t = sizeof(pg[i++]);
    printf(" sizeof(pg[i++]) = %zu, i = %d\n", t, i);
    a[0] = b[0] = 1;
}

/* Each pass through the declaration gets a fresh array of that pass's size. */
static long loops(int n, int passes)
{
    long total = 0;
    for (int p = 0; p < passes; p++) {
        int len = n + p % 7;
        char buf[len];
        memset(buf, 'a' + p % 26, sizeof buf);
        total += sizeof buf + buf[len - 1];
        if (p == passes - 1)
            break;
    }
    int round = 0;
again:;
    double tmp[n + round];
    tmp[n + round - 1] = round;
    total += (long)tmp[n + round - 1] + (long)sizeof tmp;
    if (++round < passes)
        goto again;
    int w = 0;
    while (1) {
        int v[n];
        v[n - 1] = w;
        if (w++ == passes)
            break;
        if (v[n - 1] % 2)
            continue;
    }
    return total + w;
}

/* A mebibyte per pass or call, thousands of them: more than the 8 MiB stack unless each
   one's storage ends (natively the stack pointer comes back). */
static long one_page(int p)
{
    char page[(1 << 20) + p % 3];
    page[sizeof page - 1] = (char)p;
    return page[sizeof page - 1] & 1;
}

static long big_loop(int passes)
{
    long sum = 0;
    for (int p = 0; p < passes; p++) {
        char page[(1 << 20) + p % 3];
        page[sizeof page - 1] = (char)p;
        sum += page[sizeof page - 1] & 1;
    }
    for (int p = 0; p < passes; p++)
        sum += one_page(p);
    return sum;
}

static void strings(int n)
{
    char word[n + 1];
    for (int i = 0; i < n; i++)
        word[i] = 'z' - i;
    word[n] = '\0';
    char copy[strlen(word) + 1];
    strcpy(copy, word);
    printf("word %s copy %s (%zu)\n", word, copy, sizeof copy);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 5;
    printf("sum %ld\n", sum_squares(n));
    matrix(n, n + 2);
    matrix(1, n);
    evaluated_once(n);
    printf("loops %ld\n", loops(n, 300));
    printf("big loop %ld\n", big_loop(3000));
    strings(n);
    return 0;
}
