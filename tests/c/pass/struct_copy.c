/* Structs by value: nested structs, assignment, passing and returning, pointers to structs. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    int x, y;
} Point;

typedef struct {
    Point min, max;
    char tag;
} Rect;

typedef struct {
    double re, im;
} Complex;

typedef struct {
    char c;
    long l;
    short s;
} Mixed;

static Point pt_add(Point a, Point b)
{
    Point r = {a.x + b.x, a.y + b.y};
    return r;
}

static Rect rect_grow(Rect r, int d)
{
    r.min.x -= d;
    r.min.y -= d;
    r.max.x += d;
    r.max.y += d;
    return r;
}

static int rect_area(const Rect *r)
{
    return (r->max.x - r->min.x) * (r->max.y - r->min.y);
}

static Complex cmul(Complex a, Complex b)
{
    return (Complex){a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}

static void move(Point *p, int dx, int dy)
{
    p->x += dx;
    (*p).y += dy;
}

static Mixed mk_mixed(char c, long l, short s)
{
    Mixed m;
    m.c = c;
    m.l = l;
    m.s = s;
    return m;
}

int main(int argc, char **argv)
{
    int d = argc > 1 ? atoi(argv[1]) : 2;
    Point a = {1, 2}, b = {.y = 10, .x = -4};
    Point c = pt_add(a, b);
    printf("c = (%d, %d)\n", c.x, c.y);
    Rect r = {{0, 0}, {3, 4}, 'r'};
    Rect g = rect_grow(r, d);
    printf("r area %d, grown area %d, tag %c, min (%d,%d)\n", rect_area(&r), rect_area(&g), g.tag,
           g.min.x, g.min.y);
    Rect copy;
    copy = g;
    copy.max = pt_add(copy.max, c);
    printf("copy.max=(%d,%d) g.max=(%d,%d)\n", copy.max.x, copy.max.y, g.max.x, g.max.y);
    move(&copy.min, d, -d);
    Point *pm = &copy.min;
    printf("moved min=(%d,%d)\n", pm->x, pm->y);
    Complex z = {0.0, 1.0}, w = {1.0, 1.0};
    Complex p = {1, 0};
    for (int i = 0; i < d + 2; i++)
        p = cmul(p, i % 2 ? z : w);
    printf("product = %.3f%+.3fi\n", p.re, p.im);
    Mixed m = mk_mixed('q', 1L << 40, -7);
    Mixed arr[2] = {m, mk_mixed('z', -1, 300)};
    printf("mixed: %c %ld %d | %c %ld %d | sizeof %zu\n", arr[0].c, arr[0].l, arr[0].s, arr[1].c,
           arr[1].l, arr[1].s, sizeof(Mixed));
    /* struct equality is member-wise by hand */
    Point e1 = pt_add(a, (Point){0, 0});
    printf("equal: %d\n", e1.x == a.x && e1.y == a.y);
    /* chained member access through returned struct */
    printf("chained: %d\n", rect_grow(r, 1).max.x + pt_add(a, a).y);
    /* struct with self-assignment and swap */
    Point t = a;
    a = b;
    b = t;
    printf("swapped a=(%d,%d) b=(%d,%d)\n", a.x, a.y, b.x, b.y);
    return 0;
}
