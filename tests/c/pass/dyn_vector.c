/* malloc/calloc/realloc/free: a growable vector, a 2-D calloc'd table, shrinking realloc. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    long *data;
    size_t len, cap;
    int grows;
} vec;

static void vec_push(vec *v, long x)
{
    if (v->len == v->cap) {
        size_t ncap = v->cap ? v->cap * 2 : 1;
        long *nd = realloc(v->data, ncap * sizeof *nd);
        if (!nd) {
            fprintf(stderr, "out of memory\n");
            exit(9);
        }
        v->data = nd;
        v->cap = ncap;
        v->grows++;
    }
    v->data[v->len++] = x;
}

static long vec_pop(vec *v) { return v->data[--v->len]; }

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    vec v = {NULL, 0, 0, 0};
    for (int i = 0; i < n; i++)
        vec_push(&v, (long)i * i - 7);
    printf("len=%zu cap=%zu grows=%d\n", v.len, v.cap, v.grows);
    long s = 0;
    while (v.len > (size_t)n / 2)
        s += vec_pop(&v);
    printf("popped sum=%ld remaining=%zu\n", s, v.len);
    /* shrink to fit keeps the contents */
    if (v.len > 0) {
        v.data = realloc(v.data, v.len * sizeof *v.data);
        v.cap = v.len;
        printf("after shrink: first=%ld last=%ld\n", v.data[0], v.data[v.len - 1]);
    }
    free(v.data);

    /* calloc zeroes memory */
    int rows = 5, cols = n % 7 + 1;
    int *table = calloc((size_t)rows * (size_t)cols, sizeof(int));
    int zeros = 0;
    for (int i = 0; i < rows * cols; i++)
        zeros += table[i] == 0;
    printf("calloc %dx%d all zero: %d\n", rows, cols, zeros == rows * cols);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            table[r * cols + c] = r * 10 + c;
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++)
            printf("%3d", table[r * cols + c]);
        printf("\n");
    }
    free(table);

    /* realloc(NULL, n) acts like malloc; growing a string */
    char *str = realloc(NULL, 1);
    str[0] = '\0';
    size_t len = 0;
    for (int i = 0; i < n && i < 30; i++) {
        char piece[8];
        int k = snprintf(piece, sizeof piece, "%d;", i);
        str = realloc(str, len + (size_t)k + 1);
        memcpy(str + len, piece, (size_t)k + 1);
        len += (size_t)k;
    }
    printf("built string (%zu): %s\n", len, str);
    free(str);

    /* array of malloc'd structs, freed in reverse */
    struct item {
        int key;
        char name[12];
    } **items = malloc(sizeof(struct item *) * 4);
    for (int i = 0; i < 4; i++) {
        items[i] = malloc(sizeof(struct item));
        items[i]->key = n * (i + 1);
        snprintf(items[i]->name, sizeof items[i]->name, "item-%d", i);
    }
    for (int i = 3; i >= 0; i--) {
        printf("%s=%d\n", items[i]->name, items[i]->key);
        free(items[i]);
    }
    free(items);
    free(NULL); /* allowed */
    return 0;
}
