/* Pointers to pointers: out-parameters, jagged arrays, in-place list unlinking. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void swap_ptrs(int **a, int **b)
{
    int *t = *a;
    *a = *b;
    *b = t;
}

static int split_words(char *line, char ***out)
{
    int cap = 2, n = 0;
    char **words = malloc(sizeof(char *) * (size_t)cap);
    char *p = line;
    while (*p) {
        while (*p == ' ')
            *p++ = '\0';
        if (!*p)
            break;
        if (n == cap) {
            cap *= 2;
            words = realloc(words, sizeof(char *) * (size_t)cap);
        }
        words[n++] = p;
        while (*p && *p != ' ')
            p++;
    }
    *out = words;
    return n;
}

static int **make_triangle(int rows)
{
    int **t = malloc(sizeof(int *) * (size_t)rows);
    for (int r = 0; r < rows; r++) {
        t[r] = malloc(sizeof(int) * (size_t)(r + 1));
        t[r][0] = t[r][r] = 1;
        for (int c = 1; c < r; c++)
            t[r][c] = t[r - 1][c - 1] + t[r - 1][c];
    }
    return t;
}

int main(int argc, char **argv)
{
    int x = 1, y = 2;
    int *px = &x, *py = &y;
    int **ppx = &px;
    swap_ptrs(&px, &py);
    printf("*px=%d *py=%d **ppx=%d\n", *px, *py, **ppx);
    **ppx = 42;
    printf("x=%d y=%d\n", x, y);

    char buf[128];
    strcpy(buf, argc > 1 ? argv[1] : "  the  quick brown   fox ");
    char **words;
    int n = split_words(buf, &words);
    printf("%d words:", n);
    for (char **w = words; w < words + n; w++)
        printf(" [%s]", *w);
    printf("\n");
    free(words);

    int rows = argc > 2 ? atoi(argv[2]) : 6;
    if (rows < 1 || rows > 30)
        rows = 6;
    int **tri = make_triangle(rows);
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c <= r; c++)
            printf("%d ", tri[r][c]);
        printf("\n");
    }
    for (int r = 0; r < rows; r++)
        free(tri[r]);
    free(tri);

    /* char ** walking with pointer to pointer to char */
    const char *names[] = {"ann", "bob", "cy", NULL};
    const char **pp = names;
    size_t total = 0;
    while (*pp)
        total += strlen(*pp++);
    printf("total name chars %zu, last-first = %td\n", total, pp - names);
    const char ***ppp = &pp;
    (*ppp)--;
    printf("**ppp = %s\n", **ppp);
    return 0;
}
