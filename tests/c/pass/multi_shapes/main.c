/* Shapes with per-kind operation tables defined in another translation unit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shape.h"

static int cmp_area(const void *x, const void *y)
{
    const shape *a = x, *b = y;
    double da = a->ops->area(a), db = b->ops->area(b);
    return (da > db) - (da < db);
}

int main(int argc, char **argv)
{
    shape list[16];
    int n = 0, rejected = 0;
    for (int i = 1; i < argc && n < 16; i++) {
        char kind;
        double a = 0, b = 0, c = 0;
        int got = sscanf(argv[i], "%c:%lf,%lf,%lf", &kind, &a, &b, &c);
        shape_kind k = kind == 'c' ? SHAPE_CIRCLE : kind == 'r' ? SHAPE_RECT : SHAPE_TRIANGLE;
        if (got < 2 || !strchr("crt", kind)) {
            rejected++;
            continue;
        }
        shape s = make_shape(k, a, b, c);
        if (!shape_valid(&s)) {
            printf("invalid %s %s\n", s.ops->name, argv[i]);
            rejected++;
            continue;
        }
        list[n++] = s;
    }
    qsort(list, (size_t)n, sizeof list[0], cmp_area);
    double total = 0;
    for (int i = 0; i < n; i++) {
        double ar = list[i].ops->area(&list[i]);
        total += ar;
        printf("%-8s area %10.4f perimeter %9.4f\n", list[i].ops->name, ar,
               list[i].ops->perimeter(&list[i]));
    }
    printf("total area %.4f, made %d, rejected %d, rect ops is %s\n", total, shapes_made, rejected,
           rect_ops.name);
    return rejected;
}
