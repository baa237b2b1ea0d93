/* Variable-length array parameters: `int a[n][m]`, pointers to VLAs, `[*]` in
   prototypes, sizes from earlier parameters evaluated at entry, and VLAs handed on. */
#include <stdio.h>
#include <stdlib.h>

void fill(int n, int m, int a[n][m]);
long trace(int n, int a[*][*]);
static void show(int n, int m, int (*a)[m]);

void fill(int n, int m, int a[n][m])
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            a[i][j] = (i + 1) * (j + 2);
    /* `a` is a pointer (to an array of m ints): sizeof gives the pointer's size. */
    printf("fill: sizeof a = %zu, sizeof a[0] = %zu, sizeof *a[0] = %zu\n", sizeof a,
           sizeof a[0], sizeof *a[0]);
}

long trace(int n, int a[n][n])
{
    long t = 0;
    for (int i = 0; i < n; i++)
        t += a[i][i];
    return t;
}

static void show(int n, int m, int (*a)[m])
{
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < m; j++)
            printf("%4d", a[i][j]);
        printf("\n");
    }
}

static void transpose(int n, int m, const double src[n][m], double dst[m][n])
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            dst[j][i] = src[i][j];
}

static int depth_sum(int depth, int width, char tag)
{
    if (depth == 0)
        return 0;
    char level[width + depth];
    for (int i = 0; i < width + depth; i++)
        level[i] = tag;
    return level[width] + depth_sum(depth - 1, width, tag + 1) + (int)sizeof level;
}

/* The size expression of a parameter is evaluated on entry from the parameters before it. */
static size_t row_bytes(int n, int (*rows)[n * 2 + 1])
{
    return sizeof *rows + sizeof rows[0][0];
}

static void three_d(int x, int y, int z, int cube[x][y][z])
{
    int total = 0;
    for (int i = 0; i < x; i++)
        for (int j = 0; j < y; j++)
            for (int k = 0; k < z; k++)
                total += cube[i][j][k];
    printf("cube %zu %zu total %d, cube[1] - cube[0] = %td\n", sizeof cube[0], sizeof cube[0][0],
           total, cube[x - 1] - cube[0]);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 3;
    int m = n + 1;
    int a[n][m];
    fill(n, m, a);
    show(n, m, a);
    int sq[n][n];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            sq[i][j] = i == j ? i + 1 : -1;
    printf("trace %ld\n", trace(n, sq));
    double src[n][m], dst[m][n];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            src[i][j] = i + j / 10.0;
    transpose(n, m, src, dst);
    printf("dst[%d][%d] = %.1f, dst[0][%d] = %.1f\n", m - 1, n - 1, dst[m - 1][n - 1], n - 1,
           dst[0][n - 1]);
    printf("depth %d\n", depth_sum(n, 4, 'a'));
    int rows[2][n * 2 + 1];
    printf("row bytes %zu\n", row_bytes(n, rows));
    int cube[2][n][3];
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < 3; k++)
                cube[i][j][k] = i * 100 + j * 10 + k;
    three_d(2, n, 3, cube);
    int (*heap)[m] = malloc(n * sizeof *heap);
    fill(n, m, heap);
    printf("heap[%d][%d] = %d\n", n - 1, m - 1, heap[n - 1][m - 1]);
    free(heap);
    return 0;
}
