/* Global and local initialisers: designated, nested, partial, zero-filled, string members. */
#include <stdio.h>

struct point {
    int x, y;
};

struct shape {
    const char *name;
    struct point pts[3];
    int npts;
    double scale;
};

struct config {
    int flags[8];
    struct {
        char label[10];
        int level;
    } sub;
    long tail;
};

static int primes[10] = {2, 3, 5, 7};
static int sparse[12] = {[3] = 7, [9] = 1, [4] = 8, 5};
static const char *names[] = {[2] = "two", [0] = "zero", "one"};
static struct point origin;
static struct point corners[] = {{0, 0}, {.y = 5}, [3] = {.x = 9, .y = 9}};
static struct shape tri = {"tri", {{0, 0}, {4, 0}, {0, 3}}, 3, 1.5};
static struct shape partial = {.name = "line", .pts[1].y = 2, .npts = 2};
static struct config cfg = {.flags = {1, [5] = 6}, .sub = {"abc", 4}, .tail = -1};
static char greeting[] = "hello";
static char padded[10] = "hi";
static int matrix[3][4] = {{1, 2}, [2] = {9, 8, 7, 6}, [1][3] = 5};
static int flat_nested[2][3] = {{1, 2, 3}, {4}};
static double dv[] = {1.5, [4] = 4.5};
static int *gptr = &primes[2];
static const char *const *name_ptr = names;
static unsigned char bytes[] = {255, 256 - 1, 'a', '\n'};

static void dump_ints(const char *label, const int *a, int n)
{
    printf("%s:", label);
    for (int i = 0; i < n; i++)
        printf(" %d", a[i]);
    printf("\n");
}

int main(void)
{
    dump_ints("primes", primes, 10);
    dump_ints("sparse", sparse, 12);
    printf("names: %s %s %s (count %zu)\n", names[0], names[1], names[2],
           sizeof names / sizeof names[0]);
    printf("origin: %d %d\n", origin.x, origin.y);
    printf("corners (%zu):", sizeof corners / sizeof corners[0]);
    for (size_t i = 0; i < sizeof corners / sizeof corners[0]; i++)
        printf(" (%d,%d)", corners[i].x, corners[i].y);
    printf("\n");
    printf("tri: %s npts=%d scale=%.2f p2=(%d,%d)\n", tri.name, tri.npts, tri.scale, tri.pts[2].x,
           tri.pts[2].y);
    printf("partial: %s npts=%d scale=%.2f p1=(%d,%d) p2=(%d,%d)\n", partial.name, partial.npts,
           partial.scale, partial.pts[1].x, partial.pts[1].y, partial.pts[2].x, partial.pts[2].y);
    dump_ints("cfg.flags", cfg.flags, 8);
    printf("cfg.sub: %s %d label[5]=%d tail=%ld\n", cfg.sub.label, cfg.sub.level, cfg.sub.label[5],
           cfg.tail);
    printf("greeting %s sizeof %zu, padded sizeof %zu padded[5]=%d\n", greeting, sizeof greeting,
           sizeof padded, padded[5]);
    for (int r = 0; r < 3; r++)
        dump_ints("matrix row", matrix[r], 4);
    dump_ints("flat_nested", &flat_nested[0][0], 6);
    printf("dv (%zu): %g %g %g\n", sizeof dv / sizeof dv[0], dv[0], dv[1], dv[4]);
    printf("*gptr=%d name_ptr[1]=%s bytes=%u %u %u %u\n", *gptr, name_ptr[1], bytes[0], bytes[1],
           bytes[2], bytes[3]);

    /* locals */
    int local[6] = {1, 2};
    struct point lp = {.y = -3};
    struct shape ls = {.pts = {[2] = {7, 8}}, .name = "local"};
    char word[8] = {'a', 'b'};
    char text[] = {"braced"};
    int n = 3;
    int computed[4] = {n, n * 2, n * n};
    struct point from_fn[2] = {{n, n + 1}, {.x = n * 10}};
    dump_ints("local", local, 6);
    printf("lp=(%d,%d) ls=%s npts=%d p2=(%d,%d) p0=(%d,%d)\n", lp.x, lp.y, ls.name, ls.npts,
           ls.pts[2].x, ls.pts[2].y, ls.pts[0].x, ls.pts[0].y);
    printf("word=%s len-ish word[2]=%d text=%s sizeof text=%zu\n", word, word[2], text,
           sizeof text);
    dump_ints("computed", computed, 4);
    printf("from_fn: (%d,%d) (%d,%d)\n", from_fn[0].x, from_fn[0].y, from_fn[1].x, from_fn[1].y);
    struct point compound = (struct point){.x = 11};
    int *cl = (int[]){5, 6, 7};
    printf("compound=(%d,%d) cl[2]=%d\n", compound.x, compound.y, cl[2]);
    for (int i = 0; i < 3; i++) {
        int fresh[3] = {i};
        struct point zp = {0};
        fresh[1] += i;
        zp.y += i;
        printf("iteration %d: fresh=%d,%d,%d zp.y=%d\n", i, fresh[0], fresh[1], fresh[2], zp.y);
    }
    return 0;
}
