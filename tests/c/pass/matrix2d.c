/* Multi-dimensional arrays: passing rows, pointer to array parameters, 3-D arrays. */
#include <stdio.h>
#include <stdlib.h>

#define N 4

static void fill(int m[N][N], int seed)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            m[i][j] = (i * N + j + seed) % 7 - 3;
}

static void mul(int (*a)[N], int (*b)[N], int (*c)[N])
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            c[i][j] = 0;
            for (int k = 0; k < N; k++)
                c[i][j] += a[i][k] * b[k][j];
        }
}

static void print(const char *name, int m[][N])
{
    printf("%s:\n", name);
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++)
            printf("%5d", m[i][j]);
        printf("\n");
    }
}

static int row_sum(const int *row, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += row[i];
    return s;
}

static long det3(long m[3][3])
{
    return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
           m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
           m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}

int main(int argc, char **argv)
{
    int seed = argc > 1 ? atoi(argv[1]) : 0;
    int a[N][N], b[N][N], c[N][N];
    fill(a, seed);
    fill(b, seed + 3);
    mul(a, b, c);
    print("a", a);
    print("b", b);
    print("a*b", c);
    for (int i = 0; i < N; i++)
        printf("row %d sum %d\n", i, row_sum(c[i], N));
    /* the whole matrix seen as a flat array */
    printf("flat sum %d\n", row_sum(&c[0][0], N * N));
    printf("sizeof a=%zu a[0]=%zu a[0][0]=%zu\n", sizeof a, sizeof a[0], sizeof a[0][0]);
    /* 3-D */
    int cube[2][3][4];
    int v = 0;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 4; k++)
                cube[i][j][k] = v++ * (seed + 1);
    printf("cube[1][2][3]=%d cube[1][0][2]=%d sizeof cube[1]=%zu\n", cube[1][2][3], cube[1][0][2],
           sizeof cube[1]);
    int (*plane)[4] = cube[1];
    printf("plane[1][1]=%d\n", plane[1][1]);
    long m3[3][3] = {{2, -3, 1}, {2, 0, -1}, {1, 4, 5}};
    m3[1][1] = seed;
    printf("det3 = %ld\n", det3(m3));
    /* array of strings as 2-D char array */
    char names[3][8] = {"alpha", "beta", "gamma"};
    names[1][0] = 'B';
    for (int i = 0; i < 3; i++)
        printf("%s|", names[i]);
    printf("\n");
    return 0;
}
