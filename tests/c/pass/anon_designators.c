/* Designators naming members of anonymous structs and unions, and what follows a
   designator: the next members of the innermost aggregate, then of the enclosing ones. */
#include <stdio.h>
#include <stdlib.h>

struct tagged {
    int kind;
    union {
        int i;
        float f;
        char s[8];
    };
    int after;
};

struct point3 {
    struct {
        int x, y;
    };
    int z;
    int w;
};

struct nested {
    struct {
        int a, b;
    } inner;
    int c;
    int d;
};

struct deep {
    int tag;
    struct {
        union {
            struct {
                short lo, hi;
            };
            int word;
        };
        int extra;
    };
    int tail;
};

static struct tagged g_tagged[] = {
    { .kind = 1, .i = 42 },
    { .kind = 2, .f = 2.5f, 9 },
    { .s = "abc", .kind = 3 },
};

static struct point3 g_point = { .y = 5, 6, 7 };
static struct deep g_deep = { .hi = 3, .extra = 4, 5 };

static void show_tagged(const struct tagged *t)
{
    switch (t->kind) {
    case 1:
        printf("int %d after %d\n", t->i, t->after);
        break;
    case 2:
        printf("float %g after %d\n", t->f, t->after);
        break;
    default:
        printf("str %s after %d\n", t->s, t->after);
        break;
    }
}

int main(int argc, char **argv)
{
    int which = argc > 1 ? atoi(argv[1]) : 0;
    if (which == 0) {
        for (int k = 0; k < 3; k++)
            show_tagged(&g_tagged[k]);
        printf("point %d %d %d %d\n", g_point.x, g_point.y, g_point.z, g_point.w);
        printf("deep %d %d %d %d %d\n", g_deep.tag, g_deep.lo, g_deep.hi, g_deep.extra,
               g_deep.tail);
    } else if (which == 1) {
        struct tagged t = { .i = which * 10, .kind = 1 };
        struct tagged u = { .kind = 2, .f = 0.25f * which, which + 1 };
        show_tagged(&t);
        show_tagged(&u);
        struct point3 p = { .x = which, which + 1, which + 2 };
        printf("point %d %d %d %d\n", p.x, p.y, p.z, p.w);
    } else {
        struct nested n = { .inner.a = which, which * 2, which * 3 };
        struct nested m = { .inner.b = 8, 9, 10 };
        struct nested q = { .c = 1, .inner = { 2, 3 }, 4 };
        printf("nested %d %d %d %d\n", n.inner.a, n.inner.b, n.c, n.d);
        printf("nested %d %d %d %d\n", m.inner.a, m.inner.b, m.c, m.d);
        printf("nested %d %d %d %d\n", q.inner.a, q.inner.b, q.c, q.d);
        struct deep d = { which, .word = 0x10002, 7, .tail = -1 };
        printf("deep %d %d %d %d %d\n", d.tag, d.lo, d.hi, d.extra, d.tail);
        int arr[6] = { [2] = 1, 2, [0] = 5 };
        for (int k = 0; k < 6; k++)
            printf("%d ", arr[k]);
        printf("\n");
    }
    return 0;
}
